/**
 * The two-players fixture: White's and Black's copies of one report-set game (games 90,001+), printed with the
 * same header (so their QR codes pair them), each written by its own writer in a held-out handwriting font and
 * scanned at 200 dpi and saved as a JPEG, as an office scanner does. For the web app's both-sheets view and `zapis read` pairing by QR.
 *   pnpm --filter @zapis/ocr exec tsx evaluation/make-pair-fixture.ts [--seed 23]
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { chooseGames } from './corpus-games.js';
import { scan200 } from './degrade.js';
import { HELD_OUT_FONTS } from './fonts.js';
import { pgnOf, writeGameByHand } from './generate.js';
import { REPOSITORY_ROOT } from './print-sheet.js';
import { Random } from './random.js';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '23' } } });
const seed = Number(values.seed);
const out = join(REPOSITORY_ROOT, 'fixtures', 'scans');
const MAX_BYTES = 400_000;

// The QR pairs the copies by their board (with the event and round): a game whose tags give an event and a round,
// printed as board 1.
const candidates = await chooseGames('report', 20, Random.derive(seed, 'pair-fixture'), { minPlies: 40, maxMoves: 40 });
const game = candidates.find((candidate) => (candidate.tags.Event ?? '?') !== '?' && (candidate.tags.Round ?? '?') !== '?');
if (!game) throw new Error('no game with an event and a round among the candidates');
// Both copies are the same printed sheet: one language, one layout.
const sheetLanguage = Random.derive(seed, 'pair-fixture', 'language').chance(0.5) ? 'pl' : 'en';
const truths = [];
for (const copy of ['white', 'black'] as const) {
  const page = await writeGameByHand(game, Random.derive(seed, 'pair-fixture', copy), HELD_OUT_FONTS, { copy, printHeader: true, sheetLanguage, board: '1' });
  const image = await scan200(page.canvas, Random.derive(seed, 'pair-fixture', copy, 'scan'));
  // Re-encoded smaller, as the other fixtures are.
  const decoded = await loadImage(image.bytes);
  const scale = Math.min(1, 1754 / Math.max(decoded.width, decoded.height));
  const canvas = createCanvas(Math.round(decoded.width * scale), Math.round(decoded.height * scale));
  canvas.getContext('2d').drawImage(decoded, 0, 0, canvas.width, canvas.height);
  const bytes = await canvas.encode('jpeg', 60);
  if (bytes.length > MAX_BYTES) throw new Error(`pair-${copy}.jpg is ${bytes.length} bytes, over ${MAX_BYTES}`);
  const file = `pair-${copy}.jpg`;
  await writeFile(join(out, file), bytes);
  truths.push({
    file, copy, game: game.number, san: game.san, written: page.written, font: page.hand.font, habits: page.habits,
    sheetLanguage: page.sheetLanguage, printedHeader: page.printedHeader,
    image: { width: canvas.width, height: canvas.height, rotation: image.rotation, corners: image.corners.map(([x, y]) => [x * scale, y * scale]) },
  });
  console.log(`${file}: ${bytes.length} bytes, game ${game.number}, ${game.san.length} plies, ${page.hand.font}, ${page.sheetLanguage} sheet`);
}
await writeFile(join(out, 'pair.json'), `${JSON.stringify({ game: game.number, sheets: truths }, null, 2)}\n`);
await writeFile(join(out, 'pair.pgn'), pgnOf(game));
