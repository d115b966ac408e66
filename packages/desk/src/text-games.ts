/**
 * A text's games, as `zapis decode` finds them (parseTranscription: an OCR'd
 * transcription or a PGN, any language). Text that holds no game is a failure
 * saying so, decided before any decoding: a game's words must mostly read as
 * moves in some language (OCR noise leaves most of a sheet's moves readable;
 * prose leaves almost none).
 */
import { parseTranscription, type Transcription } from '@zapis/decode';
import { readMove } from '@zapis/notation';
import type { DeskFailure } from './desk-input.js';
import type { DeskTextSource } from './game-source.js';

/** At least this share of a game's cells must read as a move in some language. */
export const MOVE_LIKE_SHARE = 0.5;

type TextInput = { readonly id: string; readonly name: string; readonly text: string };

export function textGames(input: TextInput, pair: boolean): { games: DeskTextSource[]; failures: DeskFailure[] } {
  const failure = (code: string, message: string, line?: number): DeskFailure => ({
    inputId: input.id, name: input.name, ...(line !== undefined ? { line } : {}), code, message,
  });
  if (input.text.trim() === '') return { games: [], failures: [failure('empty', 'the text is empty')] };
  const failures: DeskFailure[] = [];
  const records: Transcription[] = [];
  for (const record of parseTranscription(input.text)) {
    const texts = record.sheet.cells.map((cell) => cell.readings[0]?.text ?? '');
    const moveLike = texts.filter((text) => readMove(text.replace(/[+#!?]+$/, '')).length > 0).length;
    if (texts.length === 0) {
      failures.push(failure('no-moves', `game ${record.index} (line ${record.line}) has no moves`, record.line));
    } else if (moveLike < MOVE_LIKE_SHARE * texts.length) {
      failures.push(failure('not-a-game', `not a chess game: only ${moveLike} of ${texts.length} words from line ${record.line} read as moves (${quoted(texts)})`, record.line));
    } else {
      records.push(record);
    }
  }
  if (records.length === 0 && failures.length === 0) failures.push(failure('not-a-game', 'not a chess game: no moves in the text'));
  const step = pair ? 2 : 1;
  const of = Math.ceil(records.length / step);
  const games: DeskTextSource[] = [];
  for (let start = 0; start < records.length; start += step) {
    const group = records.slice(start, start + step);
    const first = group[0];
    games.push({
      id: `${input.id}#${first.index}`, kind: 'text', inputId: input.id, name: input.name, index: start / step + 1, of, line: first.line,
      tags: { ...group.slice(1).reduce((tags, record) => ({ ...record.tags, ...tags }), first.tags) },
      ...(first.result ?? group[1]?.result ? { result: first.result ?? group[1]?.result } : {}),
      sheets: group.map((record) => ({
        ...(record.sheet.name !== undefined ? { name: record.sheet.name } : {}),
        cells: record.sheet.cells.map(({ score: _score, ...cell }) => cell),
      })),
    });
  }
  return { games, failures };
}

/** The first few words, to show what the text held. */
function quoted(texts: readonly string[]): string {
  const shown = texts.slice(0, 6).join(' ');
  return `'${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}${texts.length > 6 ? ' ...' : ''}'`;
}
