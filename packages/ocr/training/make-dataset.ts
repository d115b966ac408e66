/**
 * Training data for the notation reader, cut exactly as the reader sees it:
 * tune-set games (1–2000 only) written by hand in the tuning fonts only,
 * degraded into the three image kinds, located and cut by the real pipeline
 * (locateSheet → cutCell → lineStrip), labelled with the text written in
 * each cell. Games the tune measurement uses (seed 23) are left out.
 *
 *   pnpm --filter @zapis/ocr exec tsx training/make-dataset.ts --games 300 --out .train [--seed 7] [--minutes 30]
 *     [--mixed-letters 0.6]   share of pages whose letters each take a random tuning font (an experiment; see README)
 *     [--small-hands 0.4]     share of pages in a small, condensed hand (evaluation/hand-style.ts, smallHand)
 *     [--fonts a,b,…]         tuning and training-only fonts (evaluation/fonts.ts; default: the tuning fonts)
 *     [--other-letters 0.4]   share of games written in another Latin letter set than Polish or English
 *     [--wide-jpeg]           JPEG scans blurred and compressed more than the evaluation sets' (degrade.ts, WIDE_JPEG_RANGES)
 *     [--pen-hands 0.5]       share of pages whose letters are pen strokes over the font's centre lines (evaluation/pen-strokes.ts)
 *
 * Writes shards `cells-NNN.bin`: per cell, u16 width, u8 kind, u8 label length, the label (ASCII), then
 * width × STRIP_HEIGHT grey bytes, row by row.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Canvas } from '@napi-rs/canvas';
import { chooseGames } from '../evaluation/corpus-games.js';
import { jpeg150, phonePhoto, scan200, WIDE_JPEG_RANGES, type DegradedImage } from '../evaluation/degrade.js';
import { TUNING_FONTS, tuningSubset } from '../evaluation/fonts.js';
import { writeGameByHand } from '../evaluation/generate.js';
import { Random } from '../evaluation/random.js';
import { OTHER_LATIN_LETTERS } from '../evaluation/writer-habits.js';
import { cutCell } from '../src/cell-image.js';
import { lineStrip, STRIP_HEIGHT } from '../src/line-strip.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';

/** The tune measurement's sample (generate-evaluation --set tune --seed 23): never trained on. */
const MEASURE_SEED = 23;
const MEASURE_GAMES = 40;

type Kind = 'scan200' | 'jpeg150' | 'phone';
const DEGRADERS: Readonly<Record<Kind, (clean: Canvas, random: Random) => Promise<DegradedImage>>> = {
  scan200, jpeg150: (clean, random) => jpeg150(clean, random, values['wide-jpeg'] ? WIDE_JPEG_RANGES : undefined), phone: phonePhoto,
};
const KIND_CODE: Readonly<Record<Kind, number>> = { scan200: 0, jpeg150: 1, phone: 2 };
/** The blurred kinds are where the reader falls short: each handwritten page is degraded into them more often. */
const DEGRADATIONS: readonly Kind[] = ['scan200', 'jpeg150', 'jpeg150', 'phone', 'phone'];

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '300' }, out: { type: 'string', default: '.train' }, seed: { type: 'string', default: '7' },
    minutes: { type: 'string', default: '30' }, shard: { type: 'string', default: '10' },
    'mixed-letters': { type: 'string', default: '0' }, 'first-game': { type: 'string', default: '0' },
    fonts: { type: 'string', default: TUNING_FONTS.join(',') }, 'small-hands': { type: 'string', default: '0' },
    'other-letters': { type: 'string', default: '0' }, 'pen-hands': { type: 'string', default: '0' },
    'wide-jpeg': { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed), wanted = Number(values.games), deadline = Date.now() + Number(values.minutes) * 60_000;
const out = resolve(values.out);
await mkdir(out, { recursive: true });

const measured = new Set((await chooseGames('tune', MEASURE_GAMES, Random.derive(MEASURE_SEED, 'tune', 'games'))).map((game) => game.number));
const firstGame = Number(values['first-game']), mixedShare = Number(values['mixed-letters']), smallShare = Number(values['small-hands']);
const otherLettersShare = Number(values['other-letters']), penShare = Number(values['pen-hands']);
// A subset of the tuning fonts (experiments that leave some out to stand for unseen hands); never a held-out font.
const fonts = tuningSubset(values.fonts.split(',').map((font) => font.trim()).filter((font) => font !== ''));
const games = (await chooseGames('tune', firstGame + wanted + MEASURE_GAMES, Random.derive(seed, 'train', 'games')))
  .filter((game) => !measured.has(game.number)).slice(firstGame, firstGame + wanted);

let records: Buffer[] = [], shard = 0, cells = 0, sheets = 0, failed = 0;
/** Per shard, each sheet's font, kind and cell count in record order (`cells-NNN.json`): cells grouped by writer. */
let shardSheets: { game: number; font: string; small: boolean; penned: boolean; kind: Kind; cells: number }[] = [];
const started = Date.now();
async function flush(): Promise<void> {
  if (records.length === 0) return;
  await writeFile(join(out, `cells-${String(shard).padStart(3, '0')}.bin`), Buffer.concat(records));
  await writeFile(join(out, `cells-${String(shard).padStart(3, '0')}.json`), JSON.stringify(shardSheets));
  records = [];
  shardSheets = [];
  shard += 1;
}

for (const [index, game] of games.entries()) {
  if (Date.now() > deadline) break;
  // Pages that mix the tuning fonts letter by letter: hands no single font has (README: it did not help on unseen hands).
  const mixed = Random.derive(seed, 'train', game.number, 'mixed').chance(mixedShare);
  // Pages in a small, condensed hand (hand-style.ts, smallHand): the tuning fonts are all round, legible hands.
  const small = Random.derive(seed, 'train', game.number, 'small').chance(smallShare);
  // Sheets are printed and written in every letter set zapis reads, not only Polish and English.
  const letterDraw = Random.derive(seed, 'train', game.number, 'letters');
  const letters = letterDraw.chance(otherLettersShare) ? letterDraw.pick(OTHER_LATIN_LETTERS) : undefined;
  // Pages written with a pen's strokes: fonts fill their letters evenly, a hand's pressure and pen vary along each stroke.
  const penned = Random.derive(seed, 'train', game.number, 'pen').chance(penShare);
  const page = await writeGameByHand(game, Random.derive(seed, 'train', game.number, 'hand'), fonts, {
    ...(mixed ? { letterFonts: fonts } : {}), ...(small ? { smallHand: Random.derive(seed, 'train', game.number, 'small-hand') } : {}),
    ...(letters ? { letters } : {}), ...(penned ? { pen: Random.derive(seed, 'train', game.number, 'pen-hand') } : {}),
  });
  for (const [copy, kind] of DEGRADATIONS.entries()) {
    const image = await DEGRADERS[kind](page.canvas, Random.derive(seed, 'train', game.number, kind, copy));
    const loaded = loadImage(new Uint8Array(image.bytes));
    const located = loaded.ok ? locateSheet(loaded.value, 1) : undefined;
    if (!located?.ok) {
      failed += 1;
      continue;
    }
    sheets += 1;
    const places = [...located.value.cells].sort((a, b) => a.ply - b.ply);
    const before = cells;
    page.written.forEach((text, ply) => {
      const place = places[ply];
      if (!place || !/^[\x20-\x7e]+$/.test(text)) return;
      const strip = lineStrip(cutCell(located.value.image, located.value.map, place.rect).line);
      const head = Buffer.alloc(4);
      head.writeUInt16LE(strip.width, 0);
      head.writeUInt8(KIND_CODE[kind], 2);
      head.writeUInt8(text.length, 3);
      records.push(head, Buffer.from(text, 'ascii'), Buffer.from(strip.data));
      cells += 1;
    });
    shardSheets.push({ game: game.number, font: mixed ? 'mixed' : page.hand.font, small, penned, kind, cells: cells - before });
  }
  if ((index + 1) % Number(values.shard) === 0) await flush();
  const seconds = (Date.now() - started) / 1000;
  console.log(`game ${index + 1}/${games.length} (#${game.number} ${mixed ? 'mixed letters' : page.hand.font}${small ? ', small hand' : ''}${penned ? ', pen strokes' : ''}, ${page.habits.letters}): ${cells} cells, ${sheets} sheets, ${failed} not located, ${(cells / seconds).toFixed(1)} cells/s`);
}
await flush();
console.log(`done: ${cells} cells from ${sheets} sheets (${failed} not located) in ${((Date.now() - started) / 60000).toFixed(1)} min, STRIP_HEIGHT ${STRIP_HEIGHT}`);
