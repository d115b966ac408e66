/**
 * The fast lane replays with the WebAssembly kernel where it can and with the
 * TypeScript ExportSanReplay elsewhere: the two must agree on every game of
 * the real corpora — how many moves are played, the final position and the
 * outcome — in English letters and in Polish, and on damaged games too. The
 * kernel reads the move text itself, so its reading is compared as well: the
 * scan's result and end, and every token's place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeFen } from '@zapis/core';
import { scanExportTags, type ExportScan } from '@zapis/notation';
import { readGnuBook, skipWithoutShared } from '@zapis/testkit';
import { ENGLISH_LETTERS, type PieceLetterTable } from '../src/export-san.js';
import { lettersOfLanguage } from '../src/foreign-letters.js';
import { KernelTokenReplay, ScriptTokenReplay, tokenReplay, type TokenReplay } from '../src/token-replay.js';

const skip = skipWithoutShared();

interface Disagreement {
  readonly game: number;
  readonly kernel: string;
  readonly script: string;
}

/** One reading of a game's move text and its replay, as text to compare. */
function readAndReplay(reader: TokenReplay, text: string, first: number, moves: number, letters: PieceLetterTable): { scan: ExportScan | undefined; view: string; clean: boolean } {
  const scan = reader.scan(text, first, moves, text.length);
  if (scan === undefined) return { scan, view: 'outside the subset', clean: false };
  const offsets = Array.from(reader.offsets().subarray(0, 2 * reader.count)).join(',');
  const played = reader.replay(text, letters);
  const end = played === reader.count ? ` ${makeFen(reader.position())} ${JSON.stringify(reader.outcome())}` : '';
  return { scan, view: `${JSON.stringify(scan)} ${offsets} ${played}${end}`, clean: played === reader.count };
}

/** Every game of `text` read and replayed both ways; the disagreements, and how many games the subset took and were played through. */
function compareReplays(text: string, letters: PieceLetterTable, limit = Infinity): { compared: number; scanned: number; clean: number; disagreements: Disagreement[] } {
  const kernel: TokenReplay = new KernelTokenReplay();
  const script: TokenReplay = new ScriptTokenReplay();
  const disagreements: Disagreement[] = [];
  let compared = 0;
  let scanned = 0;
  let clean = 0;
  let at = 0;
  while (at < text.length && compared < limit) {
    const tags = scanExportTags(text, at, text.length, { tag: () => true });
    const next = text.indexOf('\n[', at + 1);
    const following = next < 0 ? text.length : next + 1;
    if (tags === undefined) {
      at = following;
      continue;
    }
    compared++;
    const [byKernel, byScript] = [kernel, script].map((reader) => readAndReplay(reader, text, tags.first, tags.moves, letters));
    if (byKernel.view !== byScript.view) disagreements.push({ game: compared, kernel: byKernel.view, script: byScript.view });
    if (byScript.scan !== undefined) scanned++;
    if (byScript.clean) clean++;
    at = byScript.scan?.end ?? following;
    if (at <= tags.first) at = following;
  }
  return { compared, scanned, clean, disagreements };
}

/** One character of each game's move text changed, by a seeded choice. */
function damaged(text: string, count: number): string {
  // Move letters, and what the move text's grammar turns on: numbers, results, comments, NAGs, glyphs, brackets, spaces.
  const alphabet = 'abcdefgh12345678KQRBNx+#=-O0{}$*/.[]!? \n\té';
  let seed = 5;
  const random = (below: number): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed % below;
  };
  const games = text.split('\n\n[').slice(0, count);
  return games.map((game) => {
    const moves = game.indexOf('\n\n') + 2;
    const where = moves + random(Math.max(1, game.length - moves - 8));
    return game.slice(0, where) + alphabet[random(alphabet.length)] + game.slice(where + 1);
  }).join('\n\n[');
}

it('uses the kernel where WebAssembly runs (Node)', () => {
  expect(tokenReplay()).toBeInstanceOf(KernelTokenReplay);
});

it('reads move text longer than the window it searches for the next game, before another game and at the end', () => {
  // A comment longer than the window: no `[` is found within it, and the game is read by scanExportMoves.
  const long = `[Event "long"]\n\n1. e4 {${'x'.repeat(20_000)}} e5 2. Nf3 Nc6 1-0\n\n`;
  const next = '[Event "next"]\n\n1. d4 d5 *\n';
  for (const text of [long, long + next]) {
    const readings = [new KernelTokenReplay(), new ScriptTokenReplay()].map((reader) => readAndReplay(reader, text, 0, long.indexOf('1.'), ENGLISH_LETTERS));
    expect(readings[0].view).toBe(readings[1].view);
    expect(readings[0].clean).toBe(true);
    expect(readings[0].scan?.end).toBe(long.length);
  }
  // Games without tags one after another are outside the subset (a result must be followed by a `[` or the end).
  const tagless = '1. e4 e5 2. Nf3 Nc6 1-0\n\n'.repeat(3);
  expect(readAndReplay(new KernelTokenReplay(), tagless, 0, 0, ENGLISH_LETTERS).view).toBe('outside the subset');
});

describe.skipIf(skip)('the kernel and the TypeScript replay on real games', () => {
  let english = '';
  let polish = '';
  beforeAll(async () => {
    [english, polish] = await Promise.all([readGnuBook('en'), readGnuBook('pl')]);
  }, 600_000);

  it('agree on all 100,000 English games', () => {
    const { compared, scanned, clean, disagreements } = compareReplays(english, ENGLISH_LETTERS);
    expect(disagreements.slice(0, 3)).toEqual([]);
    expect(compared).toBe(100_000);
    expect(scanned).toBeGreaterThan(99_900);
    expect(clean).toBeGreaterThan(99_900);
  });

  it('agree on 30,000 games in Polish letters, read with Polish letters and (failing) with English ones', () => {
    const pl = compareReplays(polish, lettersOfLanguage('pl')!, 30_000);
    expect(pl.disagreements.slice(0, 3)).toEqual([]);
    expect(pl.clean).toBeGreaterThan(29_000);
    const en = compareReplays(polish, ENGLISH_LETTERS, 30_000);
    expect(en.disagreements.slice(0, 3)).toEqual([]);
    expect(en.clean).toBeLessThan(1_000); // almost every game has a piece move in Polish letters
  });

  it('agree on 5,000 games with one character changed in each', () => {
    const { compared, scanned, clean, disagreements } = compareReplays(damaged(english, 5_000), ENGLISH_LETTERS);
    expect(disagreements.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(4_900);
    expect(scanned).toBeLessThan(compared * 0.9); // some changes took games out of the subset …
    expect(clean).toBeLessThan(scanned * 0.8); // … and others broke moves
  });
});
