/**
 * The foreign-sheet fixture: a federation-style sheet (no markers, no QR; two
 * blocks of 30 moves) filled with a report-set game in a held-out handwriting
 * font, scanned at 200 dpi a little crooked. Read with
 * `--template packages/ocr/fixtures/templates/federation-2x30.json`.
 *   pnpm --filter @zapis/ocr exec tsx evaluation/make-foreign-fixture.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { readCorpusGames } from './corpus-games.js';
import { registerFont } from './fonts.js';
import { damage, drawFederationSheet, random } from '../test/support/federation-sheet.js';

const GAME = 95_012;
const FONT = 'schoolbell';
const out = fileURLToPath(new URL('../../../fixtures/scans-foreign/', import.meta.url));
const game = (await readCorpusGames([GAME])).get(GAME);
if (!game) throw new Error(`game ${GAME} not in the corpus`);
const moves = game.san.slice(0, 120).map((san) => san.replace(/[+#]$/, ''));
const family = await registerFont(FONT);
const flat = drawFederationSheet(200, moves.length, { moves, family });
const { image } = damage(flat, { rotation: 1.2, perspective: 0.004, blur: 1, noise: 6 }, random(7));
// A JPEG keeps the fixture small (a grey PNG of the page is 2 MB).
const rgba = new Uint8Array(image.width * image.height * 4);
image.data.forEach((value, index) => rgba.set([value, value, value, 255], index * 4));
writeFileSync(join(out, 'federation.jpg'), jpeg.encode({ width: image.width, height: image.height, data: rgba }, 70).data);
writeFileSync(join(out, 'federation.json'), `${JSON.stringify({ game: GAME, font: FONT, template: 'packages/ocr/fixtures/templates/federation-2x30.json', san: game.san.slice(0, 120), written: moves }, null, 2)}\n`);
console.log(`wrote ${join(out, 'federation.jpg')}: game ${GAME}, ${moves.length} plies, ${FONT}`);
