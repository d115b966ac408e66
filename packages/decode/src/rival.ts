/**
 * A move on the review list names its strongest rival: the likeliest other
 * move at its ply, or the game ending before it, whichever the decoded
 * posterior favours (the game's end only when at least 0.005 likely). Where
 * the search kept nothing else there (a correction no other move comes
 * near), the rival is the legal move that best explains what was read,
 * however unlikely.
 */
import type { Position } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import type { EncodedSlots, NoisyChannel } from './channel.js';
import type { SearchCache } from './search-cache.js';
import type { MovePriorWeights } from './move-prior.js';
import { MoveTable, type PositionMoves } from './move-table.js';
import { moveSpellings } from './spellings.js';

/** What else a doubtful move could have been. */
export type Rival =
  /** Another move at this ply (probability below 0.001: nothing the search kept; the best other legal move). */
  | { readonly kind: 'move'; readonly san: string; readonly probability: number }
  /** The game ends before this move (the sheet's last cells explained otherwise). */
  | { readonly kind: 'game-ends'; readonly probability: number };

/** Below this posterior a rival is not listed among the alternatives (decode.ts). */
export const LISTED_PROBABILITY = 0.001;

/**
 * The game ending before a move is its rival only when at least this likely (it prints as 0.01 or more). Below it,
 * on a sheet read badly, it is what the beam kept of lost paths, and in the middle of a game `or the game ends
 * before it (0.00)` told a person nothing: the best other move is named instead.
 */
export const GAME_END_RIVAL_PROBABILITY = 0.005;

/** What the sheets read for one half-move (each cell account's text, spaces left out): what its rival must explain. */
export function readTexts(cells: readonly { readonly text?: string }[]): string[] {
  return cells.flatMap((account) => (account.text !== undefined ? [account.text.replace(/\s+/g, '')] : []));
}

/**
 * The legal move other than `chosenSan` that best explains `texts` (what the sheets read for this half-move;
 * none when nobody wrote it), by prior times reading likelihood; undefined when the move was the only legal one.
 */
export function bestOtherMove(position: Position, lastCaptureSquare: number, chosenSan: string, texts: readonly string[],
  language: LanguageCode, channel: NoisyChannel, movePrior?: MovePriorWeights, reuse?: SearchCache): string | undefined {
  // With a decode's reuse, the position's moves are the search's (it met the position) and their spellings are kept:
  // on a sheet whose every move is flagged this ran for most moves of both readings, at every decode.
  const table = reuse?.table ?? new MoveTable();
  const generate = (): PositionMoves => table.positionMoves(position, lastCaptureSquare, movePrior);
  const moves = reuse ? reuse.positionMoves(position, lastCaptureSquare, generate, movePrior) : generate();
  const readings = texts.map((text) => channel.encode(text));
  // Kept only with a reuse: a table made for this call goes with it.
  const slotsById = reuse && readings.length > 0 ? encodedSlotsOf(table, channel, language) : [];
  let best: { san: string; score: number } | undefined;
  for (let k = 0; k < moves.count; k++) {
    const known = table.moves[moves.ids[k]];
    if (known.san === chosenSan) continue;
    let score = moves.logPrior[k];
    if (readings.length > 0) {
      const slots = (slotsById[known.id] ??= channel.encodeSlots(moveSpellings(known.description, language)));
      for (const reading of readings) score += Math.log(channel.spellingLikelihood(slots, reading));
    }
    if (!best || score > best.score) best = { san: known.san, score };
  }
  return best?.san;
}

/** Per move table, channel and language: each known move's spellings encoded (by the move's id), made once. */
const encodedSlots = new WeakMap<MoveTable, WeakMap<NoisyChannel, Map<LanguageCode, (EncodedSlots | undefined)[]>>>();

function encodedSlotsOf(table: MoveTable, channel: NoisyChannel, language: LanguageCode): (EncodedSlots | undefined)[] {
  let byChannel = encodedSlots.get(table);
  if (!byChannel) encodedSlots.set(table, (byChannel = new WeakMap()));
  let byLanguage = byChannel.get(channel);
  if (!byLanguage) byChannel.set(channel, (byLanguage = new Map()));
  let slots = byLanguage.get(language);
  if (!slots) byLanguage.set(language, (slots = []));
  return slots;
}
