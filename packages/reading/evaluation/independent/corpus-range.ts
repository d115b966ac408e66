/**
 * Real games to write: the gnu-book corpus's games 50,001–90,000 (the first generator takes 1–2,000 and
 * 90,001–100,000), parsed to English export SAN, picked by seed under a length condition.
 */
import { readGames, sharedPath } from '@zapis/testkit';
import type { Random } from './random.js';

export const FIRST_GAME = 50_001;
export const LAST_GAME = 90_000;

export interface CorpusGame {
  /** 1-based place in the corpus file. */
  readonly number: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly san: readonly string[];
  readonly result: string;
}

export const corpusFile = (): string => sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz');

const EXPORT_SAN = /^(?:O-O-O|O-O|[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](?:=[NBRQ])?)[+#]?$/;
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

let cached: Promise<string[]> | undefined;

/** The raw texts of the range's games (read once per process). */
export function corpusRange(): Promise<string[]> {
  cached ??= (async () => {
    const texts: string[] = [];
    let number = 0;
    for await (const game of readGames(corpusFile(), LAST_GAME)) {
      number += 1;
      if (number >= FIRST_GAME) texts.push(game.text);
    }
    return texts;
  })();
  return cached;
}

/** The game's tags and moves, or undefined when it starts from a set-up position or holds anything but export SAN. */
export function parseCorpusGame(text: string, number: number): CorpusGame | undefined {
  const tags: Record<string, string> = {};
  const moveLines: string[] = [];
  for (const line of text.split('\n')) {
    const tag = /^\[(\w+)\s+"(.*)"\]\s*$/.exec(line);
    if (tag) tags[tag[1]] = tag[2];
    else moveLines.push(line);
  }
  if (tags.FEN !== undefined || tags.SetUp === '1') return undefined;
  const body = moveLines.join(' ').replace(/\{[^}]*\}/g, ' ').replace(/\$\d+/g, ' ').replace(/\d+\.(\.\.)?/g, ' ');
  if (body.includes('(')) return undefined;
  const tokens = body.split(/\s+/).filter((token) => token !== '');
  const last = tokens[tokens.length - 1];
  const result = last !== undefined && RESULTS.has(last) ? last : '*';
  if (last !== undefined && RESULTS.has(last)) tokens.pop();
  if (tokens.length === 0 || !tokens.every((token) => EXPORT_SAN.test(token))) return undefined;
  return { number, tags, san: tokens, result };
}

/** A game of the range whose ply count `fits`, not in `used`, searched from a random place. */
export function pickCorpusGame(texts: readonly string[], random: Random, fits: (plies: number) => boolean, used: Set<number>): CorpusGame {
  const start = random.int(0, texts.length - 1);
  for (let step = 0; step < texts.length; step += 1) {
    const index = (start + step) % texts.length;
    const number = FIRST_GAME + index;
    if (used.has(number)) continue;
    // Cheap count first: most games fail the length condition.
    const game = parseCorpusGame(texts[index], number);
    if (game && fits(game.san.length)) {
      used.add(number);
      return game;
    }
  }
  throw new Error('no game in the corpus range fits the sheet');
}
