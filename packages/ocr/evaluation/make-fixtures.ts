/**
 * The small committed fixture scans in fixtures/scans (for CI): one sheet per
 * kind from the report set (held-out fonts), shrunk to stay small but real,
 * a two-page PDF of two scanned sheets, and a photo with no sheet on it.
 * `pnpm --filter @zapis/ocr exec tsx evaluation/make-fixtures.ts [--seed 16]`
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encode as encodePng } from 'fast-png';
import { PDFDocument } from 'pdf-lib';
import { chooseGames } from './corpus-games.js';
import { addNoise } from './degrade.js';
import { HELD_OUT_FONTS } from './fonts.js';
import { generateGame, pgnOf, type GenerateOptions } from './generate.js';
import { REPOSITORY_ROOT } from './print-sheet.js';
import { Random } from './random.js';
import type { ImageKind, SheetTruth } from './truth.js';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '16' }, out: { type: 'string' } } });
const seed = Number(values.seed);
const out = values.out ?? join(REPOSITORY_ROOT, 'fixtures', 'scans');
const MAX_BYTES = 400_000;

/** Grey 8-bit PNG: what most office scanners save, and a third of the colour file. */
/** The most grey levels (of 16, 12, 8, 6) that keep the PNG under the size limit. */
async function fittingGreyPng(bytes: Buffer): Promise<Buffer> {
  for (const levels of [16, 12, 8, 6]) {
    const png = await toGreyPng(bytes, levels);
    if (png.length <= MAX_BYTES) return png;
  }
  throw new Error('no grey level count makes the PNG small enough');
}

async function toGreyPng(bytes: Buffer, levels?: number): Promise<Buffer> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const grey = new Uint8Array(image.width * image.height);
  for (let i = 0; i < grey.length; i += 1) {
    const value = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
    // Fewer grey levels keep the file small; paper grain survives as dither-like noise.
    grey[i] = levels ? Math.round(Math.round((value / 255) * (levels - 1)) * (255 / (levels - 1))) : Math.round(value);
  }
  return Buffer.from(encodePng({ width: image.width, height: image.height, data: grey, channels: 1, depth: 8 }, { zlib: { level: 9 } }));
}

/** JPEG again at a lower size or quality until it fits; the truth's geometry follows the scale. */
async function shrinkJpeg(bytes: Buffer, truth: SheetTruth, longSide: number, quality: number): Promise<{ bytes: Buffer; truth: SheetTruth }> {
  const image = await loadImage(bytes);
  const scale = Math.min(1, longSide / Math.max(image.width, image.height));
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  const shrunk = await canvas.encode('jpeg', quality);
  return {
    bytes: shrunk,
    truth: {
      ...truth,
      image: {
        ...truth.image, width: canvas.width, height: canvas.height,
        corners: truth.image.corners.map(([x, y]) => [x * scale, y * scale] as const),
        notes: { ...truth.image.notes, fixtureScale: scale, fixtureQuality: quality },
      },
    },
  };
}

async function save(name: string, bytes: Buffer, truth: SheetTruth, pgn: string): Promise<void> {
  if (bytes.length > MAX_BYTES) throw new Error(`${name} is ${bytes.length} bytes, over ${MAX_BYTES}`);
  await writeFile(join(out, name), bytes);
  await writeFile(join(out, name.replace(/\.\w+$/u, '.json')), `${JSON.stringify({ ...truth, file: name }, null, 2)}\n`);
  await writeFile(join(out, name.replace(/\.\w+$/u, '.pgn')), pgn);
  console.log(`${name}: ${bytes.length} bytes, game ${truth.game}, ${truth.san.length} plies, ${truth.font}`);
}

const work = await mkdtemp(join(tmpdir(), 'zapis-fixtures-'));
try {
  const games = await chooseGames('report', 6, Random.derive(seed, 'fixtures'), { minPlies: 20, maxMoves: 40 });
  const options = (kinds: ImageKind[]): GenerateOptions => ({ set: 'report', kinds, games: 1, out: work, seed, fonts: 'held-out' });
  const one = async (index: number, kind: ImageKind): Promise<{ truth: SheetTruth; bytes: Buffer }> => {
    const [truth] = await generateGame(games[index], options([kind]), HELD_OUT_FONTS);
    return { truth, bytes: await readFile(join(work, truth.file)) };
  };

  const scan = await one(0, 'scan200');
  await save('scan200-heldout.png', await fittingGreyPng(scan.bytes), scan.truth, pgnOf(games[0]));
  const jpeg = await one(1, 'jpeg150');
  const smallJpeg = await shrinkJpeg(jpeg.bytes, jpeg.truth, 1754, 60);
  await save('jpeg150.jpg', smallJpeg.bytes, smallJpeg.truth, pgnOf(games[1]));
  const phone = await one(2, 'phone');
  const smallPhone = await shrinkJpeg(phone.bytes, phone.truth, 2000, 62);
  await save('phone.jpg', smallPhone.bytes, smallPhone.truth, pgnOf(games[2]));
  const prefilled = await one(3, 'prefilled');
  await save('prefilled.png', await fittingGreyPng(prefilled.bytes), prefilled.truth, pgnOf(games[3]));

  // An office scanner's multi-page PDF: two sheets, each page a 200-dpi grey JPEG on an A4 page.
  const pdf = await PDFDocument.create();
  // Fixed dates: the same seed gives the same bytes.
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setProducer('zapis make-fixtures (pdf-lib)');
  const pages: SheetTruth[] = [];
  for (const index of [4, 5]) {
    const page = await one(index, 'scan200');
    const jpegPage = await shrinkJpeg(page.bytes, page.truth, 1754, 55);
    const embedded = await pdf.embedJpg(jpegPage.bytes);
    pdf.addPage([595.28, 841.89]).drawImage(embedded, { x: 0, y: 0, width: 595.28, height: 841.89 });
    pages.push(jpegPage.truth);
  }
  const pdfBytes = Buffer.from(await pdf.save());
  if (pdfBytes.length > MAX_BYTES) throw new Error(`two-sheets.pdf is ${pdfBytes.length} bytes`);
  await writeFile(join(out, 'two-sheets.pdf'), pdfBytes);
  await writeFile(join(out, 'two-sheets.json'), `${JSON.stringify({ file: 'two-sheets.pdf', pages: pages.map((truth, index) => ({ page: index + 1, ...truth })) }, null, 2)}\n`);
  await writeFile(join(out, 'two-sheets.pgn'), `${pgnOf(games[4])}\n${pgnOf(games[5])}`);
  console.log(`two-sheets.pdf: ${pdfBytes.length} bytes, games ${games[4].number} and ${games[5].number}`);

  // No sheet at all: a desk-like photo texture, for "no scoresheet found".
  const random = Random.derive(seed, 'not-a-sheet');
  const noise = createCanvas(1200, 900);
  const context = noise.getContext('2d');
  context.fillStyle = 'rgb(128,110,90)';
  context.fillRect(0, 0, 1200, 900);
  for (let blob = 0; blob < 60; blob += 1) {
    context.fillStyle = `rgba(${random.integer(40, 220)},${random.integer(40, 200)},${random.integer(40, 180)},0.25)`;
    context.beginPath();
    context.ellipse(random.between(0, 1200), random.between(0, 900), random.between(20, 300), random.between(20, 200), random.between(0, Math.PI), 0, 2 * Math.PI);
    context.fill();
  }
  addNoise(context, 1200, 900, 18, random);
  const notSheet = await noise.encode('jpeg', 70);
  await writeFile(join(out, 'not-a-sheet.jpg'), notSheet);
  console.log(`not-a-sheet.jpg: ${notSheet.length} bytes`);
} finally {
  await rm(work, { recursive: true, force: true });
}
