/**
 * Whether a transcription's game is a chess game at all, decided before any decoding. The decoder
 * explains any text as the likeliest legal game, so prose would come out as a game of a few
 * "corrected" moves; a game's words must instead mostly read as moves in some language (OCR noise
 * leaves most of a sheet's moves readable; prose leaves almost none). Used by `zapis decode` and the
 * desk alike.
 */
import { readMove } from '@zapis/notation';
import type { Transcription } from './transcription.js';

/** At least this share of a game's cells must read as a move in some language. */
export const MOVE_LIKE_SHARE = 0.5;

export interface NotAGameReason {
  /** 'no-moves': tags (or a result) and no move text; 'not-a-game': words that mostly are not moves. */
  readonly code: 'no-moves' | 'not-a-game';
  readonly message: string;
}

/** Why `record` is not a game to decode, or undefined when it is one. */
export function whyNotAGame(record: Transcription): NotAGameReason | undefined {
  const texts = record.sheet.cells.map((cell) => cell.readings[0]?.text ?? '');
  if (texts.length === 0) return { code: 'no-moves', message: `game ${record.index} (line ${record.line}) has no moves` };
  const moveLike = texts.filter((text) => readMove(text.replace(/[+#!?]+$/, '')).length > 0).length;
  if (moveLike >= MOVE_LIKE_SHARE * texts.length) return undefined;
  return {
    code: 'not-a-game',
    message: `not a chess game: only ${moveLike} of ${texts.length} words from line ${record.line} read as moves (${quoted(texts)})`,
  };
}

/** The first few words, to show what the text held. */
function quoted(texts: readonly string[]): string {
  const shown = texts.slice(0, 6).join(' ');
  return `'${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}${texts.length > 6 ? ' ...' : ''}'`;
}
