/**
 * The kernel's summary of a game's moves against the rule it implements, on
 * real games: FNV-1a and a multiply-mix over each token four characters to a
 * word, then a separator, and how many tokens have each language key. The
 * replay sums the tokens up as it plays them; the same summary must come out
 * of tokens the host added, and a summary must never outlive its tokens.
 */
import { describe, expect, it } from 'vitest';
import { hasShared, readGames, sharedPath, SHARED_MISSING_MESSAGE } from '@zapis/testkit';
import { ReplayKernel, type MoveSummary } from '../src/index.js';

const ENGLISH = new Uint8Array(128);
for (const [letter, role] of [['N', 2], ['B', 3], ['R', 4], ['Q', 5], ['K', 6]] as const) ENGLISH[letter.charCodeAt(0)] = role;

interface Expected {
  readonly fnv: number;
  readonly mix: number;
  readonly keyCounts: number[];
  readonly keysPresent: number;
}

const PIECES = 'NBRQK';

/** The language key of a token: its piece (0 pawn, 1–5 N B R Q K) times 5 plus its promotion (0, 1–4 N B R Q); castling 30. */
function languageKey(token: string): number {
  if (token.startsWith('O')) return 30;
  const piece = PIECES.indexOf(token[0]) + 1;
  let promotion = 0;
  for (let at = 2; at < token.length - 1; at++) {
    if (token[at] === '=') promotion = 'NBRQ'.indexOf(token[at + 1]) + 1;
  }
  return piece * 5 + promotion;
}

/** The summary written out plainly, token by token and character by character. */
function expectedSummary(tokens: readonly string[]): Expected {
  let fnv = 0x811c9dc5;
  let mix = 0x9747b28c;
  const add = (word: number): void => {
    fnv = Math.imul(fnv ^ word ^ (word >>> 16), 0x01000193) >>> 0;
    let mixed = (mix ^ Math.imul((word + 0x9e37) >>> 0, 0x5bd1e995)) >>> 0;
    mixed = Math.imul(mixed ^ (mixed >>> 15), 0x5bd1e995) >>> 0;
    mix = (mixed ^ (mixed >>> 13)) >>> 0;
  };
  const keyCounts = new Array<number>(31).fill(0);
  let keysPresent = 0;
  for (const token of tokens) {
    for (let at = 0; at < token.length; at += 4) {
      let word = 0;
      for (const character of token.slice(at, at + 4)) word = ((word << 8) | character.charCodeAt(0)) >>> 0;
      add(word);
    }
    add(0x1f);
    const key = languageKey(token);
    keyCounts[key]++;
    keysPresent |= 1 << key;
  }
  return { fnv, mix, keyCounts, keysPresent };
}

function plain(summary: MoveSummary): Expected {
  return { fnv: summary.fnv, mix: summary.mix, keyCounts: [...summary.keyCounts], keysPresent: summary.keysPresent };
}

function load(kernel: ReplayKernel, tokens: readonly string[]): void {
  kernel.clear();
  for (const token of tokens) kernel.add(token, 0, token.length);
}

/** Real games' move text and tokens, as the kernel reads them. */
async function corpusGames(limit: number): Promise<{ text: string; tokens: string[] }[]> {
  const kernel = new ReplayKernel();
  const games: { text: string; tokens: string[] }[] = [];
  for await (const game of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), limit)) {
    const text = game.text.slice(game.text.indexOf('\n\n') + 2);
    const count = kernel.scanMoves(text, 0, text.length, false);
    if (count <= 0) continue;
    const tokens = Array.from({ length: count }, (_, index) => text.slice(kernel.offsets[2 * index], kernel.offsets[2 * index + 1]));
    games.push({ text, tokens });
  }
  return games;
}

describe.skipIf(!hasShared())('the summary of a game\'s moves', () => {
  if (!hasShared()) console.warn(SHARED_MISSING_MESSAGE);
  const kernel = new ReplayKernel();

  it('is the rule\'s, for every real game the replay plays whole, read by the kernel or added by the host', async () => {
    const games = await corpusGames(400);
    let whole = 0;
    let promotions = 0;
    for (const { text, tokens } of games) {
      const expected = expectedSummary(tokens);
      kernel.scanMoves(text, 0, text.length, false);
      if (kernel.replay(ENGLISH) !== tokens.length) continue;
      whole++;
      if (tokens.some((token) => token.includes('='))) promotions++;
      expect(plain(kernel.summarise())).toEqual(expected);
      load(kernel, tokens);
      expect(kernel.replay(ENGLISH)).toBe(tokens.length);
      expect(plain(kernel.summarise())).toEqual(expected);
    }
    expect(whole).toBeGreaterThan(games.length * 0.9);
    expect(promotions).toBeGreaterThan(0);
  });

  it('is of the tokens there now, not of those the last replay played', async () => {
    const [first, second] = await corpusGames(2);
    kernel.scanMoves(first.text, 0, first.text.length, false);
    expect(kernel.replay(ENGLISH)).toBe(first.tokens.length);
    // Other tokens, as many, added without a replay.
    const reversed = [...first.tokens].reverse();
    load(kernel, reversed);
    expect(plain(kernel.summarise())).toEqual(expectedSummary(reversed));
    // Another game read without a replay.
    kernel.scanMoves(second.text, 0, second.text.length, false);
    expect(plain(kernel.summarise())).toEqual(expectedSummary(second.tokens));
  });

  it('holds the tokens played when the replay stops early', async () => {
    const [game] = await corpusGames(1);
    const broken = [...game.tokens];
    broken[10] = 'Ke9';
    load(kernel, broken);
    expect(kernel.replay(ENGLISH)).toBe(10);
    kernel.clear();
    for (const token of broken.slice(0, 10)) kernel.add(token, 0, token.length);
    expect(plain(kernel.summarise())).toEqual(expectedSummary(broken.slice(0, 10)));
  });
});
