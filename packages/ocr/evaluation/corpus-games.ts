/**
 * Real games for the evaluation sets, numbered by their place in the gnu-book
 * corpus of ../shared (game 1 = its first game). The tune set draws from games
 * 1–2000, the report set from 90,001 on, so tuning never sees a reported game.
 */
import { parsePgn } from '@zapis/notation';
import { readGames, sharedPath } from '@zapis/testkit';
import type { Random } from './random.js';

export type EvaluationSet = 'tune' | 'report';

export const SET_RANGES: Readonly<Record<EvaluationSet, { readonly first: number; readonly last: number }>> = {
  tune: { first: 1, last: 2000 },
  report: { first: 90_001, last: 100_000 },
};

export const CORPUS_FILE = sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz');

export interface CorpusGame {
  /** 1-based place in the corpus. */
  readonly number: number;
  readonly tags: Readonly<Record<string, string>>;
  /** Main-line moves in SAN, as the corpus has them. */
  readonly san: readonly string[];
  readonly result: string;
}

/** Limits on games that fit the evaluation (a game longer than one sheet is left for later). */
export interface GameFilter {
  readonly minPlies: number;
  readonly maxMoves: number;
}

export const DEFAULT_FILTER: GameFilter = { minPlies: 10, maxMoves: 60 };

export function toCorpusGame(number: number, text: string): CorpusGame | undefined {
  const [parsed] = parsePgn(text);
  if (!parsed || parsed.problems.length > 0) return undefined;
  const san: string[] = [];
  for (const move of parsed.moves) {
    if (move.kind !== 'move') return undefined;
    san.push(move.text);
  }
  const tags: Record<string, string> = {};
  for (const tag of parsed.tags) tags[tag.name] = tag.value;
  return { number, tags, san, result: parsed.result?.text ?? tags.Result ?? '*' };
}

/** Games by number, streamed once through the corpus. */
export async function readCorpusGames(numbers: readonly number[], file = CORPUS_FILE): Promise<Map<number, CorpusGame>> {
  const wanted = new Set(numbers);
  const last = Math.max(...numbers);
  const games = new Map<number, CorpusGame>();
  let number = 0;
  for await (const raw of readGames(file, last)) {
    number += 1;
    if (!wanted.has(number)) continue;
    const game = toCorpusGame(number, raw.text);
    if (game) games.set(number, game);
  }
  return games;
}

/** `count` games of the set, chosen by the seed, that pass the filter; in the order chosen. */
export async function chooseGames(
  set: EvaluationSet, count: number, random: Random, filter: GameFilter = DEFAULT_FILTER,
): Promise<CorpusGame[]> {
  const { first, last } = SET_RANGES[set];
  const order = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  const chosen: CorpusGame[] = [];
  // Most games pass the filter; read a few spare candidates at a time.
  for (let start = 0; chosen.length < count && start < order.length; ) {
    const batch = order.slice(start, start + Math.max(8, (count - chosen.length) * 2));
    start += batch.length;
    const games = await readCorpusGames(batch);
    for (const number of batch) {
      const game = games.get(number);
      if (!game || game.san.length < filter.minPlies || Math.ceil(game.san.length / 2) > filter.maxMoves) continue;
      chosen.push(game);
      if (chosen.length === count) break;
    }
  }
  return chosen;
}
