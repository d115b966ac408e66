/**
 * One probability story on every fixture scan, read as `zapis read` reads it (the auto reader, the cross-check,
 * review by risk; with the deep search and without it, as the desk's first answer): a move's confidence, its
 * alternatives' probabilities and its remainder are one distribution that sums to 1, no alternative is likelier
 * than the move, and the PGN's review comments say as much in the numbers they print.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, reviewCommentBreaks } from '@zapis/testkit';
import { CtcReader, ensembleNetworks, readScanFile, type PageOutcome } from '@zapis/ocr';
import { loadNodeNotationModel, loadNodeRecognizer } from '@zapis/ocr/node';
import { gamesOfPages } from '../src/games-of-pages.js';
import type { ReadGame } from '../src/read-game.js';
import { readGameJson, readGamePgn } from '../src/read-report.js';

const SCANS = join(REPOSITORY_ROOT, 'fixtures', 'scans');
/** Every fixture scan; the pair's two copies are also read together, as `--pair` does. */
const FILES = readdirSync(SCANS).filter((name) => /\.(png|jpe?g|pdf)$/u.test(name)).sort();

/** Numbers round to 4 places in JSON: parts of one distribution may miss 1 by that much each. */
const JSON_ROUNDING = 5e-4;

async function pagesOf(reader: CtcReader, names: readonly string[]): Promise<PageOutcome[]> {
  const pages: PageOutcome[] = [];
  for (const name of names) for await (const page of readScanFile(name, new Uint8Array(readFileSync(join(SCANS, name))), { reader })) pages.push(page);
  return pages;
}

async function gamesOf(pages: readonly PageOutcome[], files: readonly string[], deepSearch: boolean, pair: boolean): Promise<ReadGame[]> {
  async function* given(): AsyncGenerator<PageOutcome> {
    yield* pages;
  }
  const games: ReadGame[] = [];
  const events = gamesOfPages(given(), { files, pair, decode: { crossCheck: true, review: 'risk', deepSearch } });
  for await (const event of events) if (event.kind === 'game') games.push(event.game);
  return games;
}

/** What a review comment says of the probability that is on no move it names. */

/** Every way one game breaks the story, one line each (empty: it holds). */
function storyBreaks(game: ReadGame, where: string): string[] {
  const json = readGameJson(game, 1, 'auto');
  const breaks: string[] = [];
  for (const move of json.moves) {
    const name = `${where} ${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.san}`;
    const rest = move.remainder ? move.remainder.gameEnds + move.remainder.otherMoves + move.remainder.outsideSearch : 0;
    const total = move.confidence + move.alternativeProbabilities.reduce((sum, probability) => sum + probability, 0) + rest;
    const parts = 2 + move.alternativeProbabilities.length + 3;
    if (Math.abs(total - 1) > parts * JSON_ROUNDING) breaks.push(`${name}: confidence, alternatives and remainder make ${total.toFixed(4)}`);
    move.alternatives.forEach((san, index) => {
      if (move.alternativeProbabilities[index] > move.confidence) breaks.push(`${name}: confidence ${move.confidence} but ${san} ${move.alternativeProbabilities[index]}`);
    });
  }
  breaks.push(...reviewCommentBreaks(readGamePgn(game), where));
  return breaks;
}

describe('one probability story on every fixture scan', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    // The reader `zapis read` uses by default (`--reader auto`).
    reader = new CtcReader(ensembleNetworks(await loadNodeRecognizer(), await loadNodeNotationModel()), {}, 'auto');
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('holds for every move of every game, with the deep search and without it', async () => {
    const runs: { files: string[]; pair: boolean }[] = [
      ...FILES.map((file) => ({ files: [file], pair: false })),
      { files: FILES.filter((file) => file.startsWith('pair-')), pair: true },
    ];
    const breaks: string[] = [];
    let moves = 0;
    for (const run of runs) {
      const pages = await pagesOf(reader, run.files);
      for (const deep of [true, false]) {
        for (const game of await gamesOf(pages, run.files, deep, run.pair)) {
          moves += game.decoded.ok ? game.decoded.value.moves.length : 0;
          breaks.push(...storyBreaks(game, `${run.files.join('+')}${deep ? '' : ' --no-deep'}`));
        }
      }
    }
    // The fixtures hold games: the story is checked on hundreds of moves, not on none.
    expect(moves).toBeGreaterThan(500);
    expect(breaks).toEqual([]);
  });
});
