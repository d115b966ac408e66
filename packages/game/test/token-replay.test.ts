/**
 * The fast lane replays with the WebAssembly kernel where it can and with the
 * TypeScript ExportSanReplay elsewhere: the two must agree on every game of
 * the real corpora — how many moves are played, the final position and the
 * outcome — in English letters and in Polish, and on damaged games too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeFen } from '@zapis/core';
import { scanExportGame } from '@zapis/notation';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { ENGLISH_LETTERS, type PieceLetterTable } from '../src/export-san.js';
import { lettersOfLanguage } from '../src/foreign-letters.js';
import { KernelTokenReplay, ScriptTokenReplay, tokenReplay, type TokenReplay } from '../src/token-replay.js';

const skip = skipWithoutShared();

interface Disagreement {
  readonly game: number;
  readonly kernel: string;
  readonly script: string;
}

/** Every game the export scan reads, replayed both ways; the disagreements, and how many games were compared and played through. */
function compareReplays(text: string, letters: PieceLetterTable, limit = Infinity): { compared: number; clean: number; disagreements: Disagreement[] } {
  const kernel: TokenReplay = new KernelTokenReplay();
  const script: TokenReplay = new ScriptTokenReplay();
  const disagreements: Disagreement[] = [];
  let offsets = new Int32Array(1024);
  let compared = 0;
  let clean = 0;
  let at = 0;
  while (at < text.length && compared < limit) {
    let count = 0;
    const scan = scanExportGame(text, at, text.length, {
      tag: () => true,
      move(_source, from, to) {
        if (2 * count + 2 > offsets.length) {
          const grown = new Int32Array(2 * offsets.length);
          grown.set(offsets);
          offsets = grown;
        }
        offsets[2 * count] = from;
        offsets[2 * count + 1] = to;
        count++;
        return true;
      },
    });
    if (scan === undefined) {
      const next = text.indexOf('\n[', at + 1);
      at = next < 0 ? text.length : next + 1;
      continue;
    }
    at = scan.end;
    compared++;
    const played = [kernel, script].map((replay) => replay.replay(text, offsets, count, letters));
    const views = [kernel, script].map((replay, index) =>
      played[index] === count ? `${played[index]} ${makeFen(replay.position())} ${JSON.stringify(replay.outcome())}` : `${played[index]}`);
    if (played[1] === count) clean++;
    if (views[0] !== views[1]) disagreements.push({ game: compared, kernel: views[0], script: views[1] });
  }
  return { compared, clean, disagreements };
}

/** One character of each game's move text changed, by a seeded choice. */
function damaged(text: string, count: number): string {
  const alphabet = 'abcdefgh12345678KQRBNx+#=-O';
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

describe.skipIf(skip)('the kernel and the TypeScript replay on real games', () => {
  let english = '';
  let polish = '';
  beforeAll(async () => {
    english = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    polish = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz'));
  }, 600_000);

  it('agree on all 100,000 English games', () => {
    const { compared, clean, disagreements } = compareReplays(english, ENGLISH_LETTERS);
    expect(disagreements.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(99_000);
    expect(clean).toBeGreaterThan(99_000);
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
    const { compared, clean, disagreements } = compareReplays(damaged(english, 5_000), ENGLISH_LETTERS);
    expect(disagreements.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(2_500); // the rest no longer scan as export format
    expect(clean).toBeLessThan(compared * 0.8); // the changes did break games
  });
});
