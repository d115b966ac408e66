/**
 * How well a sheet's layout is recognised by its ruling alone: every sheet of the evaluation folders given (a truth
 * file with a `layoutId` beside each image) is located by its corner markers, its QR code left out, and its
 * ruling is asked for the layout (`layoutByMarkersAndRuling`, as `locateSheet` does when the code is not read).
 * Each sheet is right, wrong (another layout: the dangerous answer) or refused (no clear winner, which the reader
 * reports).
 *
 * Run: pnpm --filter @zapis/ocr exec tsx evaluation/ruling-check.ts DIR...
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findMarkers } from '../src/find-markers.js';
import { loadImage } from '../src/load-image.js';
import { layoutByMarkersAndRuling } from '../src/locate-sheet.js';

interface Truth {
  readonly file?: string;
  readonly kind?: string;
  readonly layoutId?: string;
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: tsx evaluation/ruling-check.ts DIR...');
  process.exit(2);
}
const tally = { right: 0, wrong: 0, refused: 0, 'too few markers': 0 };
for (const folder of folders) {
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.json')).sort()) {
    const truth = JSON.parse(readFileSync(join(folder, name), 'utf8')) as Truth;
    // Pre-filled sheets carry the same ruling as the written ones beside them.
    if (!truth.layoutId || !truth.file || truth.kind === 'prefilled') continue;
    const image = loadImage(new Uint8Array(readFileSync(join(folder, truth.file))));
    if (!image.ok) {
      console.log(`${truth.file}: ${image.error.message}`);
      continue;
    }
    const markers = findMarkers(image.value);
    if (markers.length < 3) {
      tally['too few markers'] += 1;
      console.log(`${truth.file}: too few markers (${markers.length})`);
      continue;
    }
    const match = layoutByMarkersAndRuling(image.value, markers);
    const verdict = !match ? 'refused' : match.layout.layoutId === truth.layoutId ? 'right' : 'wrong';
    tally[verdict] += 1;
    const found = match ? `${match.layout.layoutId} (margin ${match.margin.toFixed(2)})` : '-';
    console.log(`${truth.file}: ${verdict}; printed ${truth.layoutId}, found ${found}`);
  }
}
console.log(Object.entries(tally).map(([verdict, count]) => `${verdict} ${count}`).join(', '));
