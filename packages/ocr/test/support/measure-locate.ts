/**
 * Measures locateSheet on random degraded pages (not a test: a report).
 *   cd packages/ocr && node_modules/.bin/tsx test/support/measure-locate.ts [count per kind] [seed]
 * Prints, per kind: pages located, QR read, time per page, and the error in
 * pixels of every move cell's centre as mapped, against the ground truth.
 */
import { rectCentre } from '@zapis/sheet';
import { locateSheet } from '../../src/locate-sheet.js';
import { makeVariant, renderSheet, type VariantKind } from './variants.js';
import { seededRandom } from './warp.js';

const count = Number(process.argv[2] ?? 50);
const seed = Number(process.argv[3] ?? 16);
const header = { event: 'Measure Open', round: '4', board: '12' };
const clean200 = await renderSheet({ language: 'pl', header }, 200);
const clean150 = await renderSheet({ language: 'en', header, movesPerSheet: 80, blocks: 2 }, 150);

const kinds: Array<[VariantKind, boolean]> = [['scan', false], ['rotated-jpeg', false], ['phone', false], ['phone', true], ['scan', true]];
for (const [kind, hideCorner] of kinds) {
  const random = seededRandom(seed * 1000 + kinds.findIndex(([k, h]) => k === kind && h === hideCorner));
  const clean = kind === 'rotated-jpeg' ? clean150 : clean200;
  let located = 0, qrRead = 0, time = 0;
  const errors: number[] = [];
  const failures: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const variant = makeVariant(kind, clean, random, { hideCorner });
    const start = performance.now();
    const result = locateSheet(variant.image, 1);
    time += performance.now() - start;
    if (!result.ok) { failures.push(`${variant.description}: ${result.error.code} (${result.error.markersSeen} markers)`); continue; }
    located += 1;
    if (result.value.layout?.layoutId === clean.layout.layoutId) qrRead += 1;
    let worst = 0;
    for (const cell of result.value.cells) {
      const { x, y } = rectCentre(cell.rect);
      const [ax, ay] = result.value.map.toImage(x, y);
      const [tx, ty] = variant.truth(x, y);
      const error = Math.hypot(ax - tx, ay - ty);
      errors.push(error);
      worst = Math.max(worst, error);
    }
    if (worst > 3) failures.push(`${variant.description}: worst cell centre ${worst.toFixed(1)} px off`);
  }
  errors.sort((a, b) => a - b);
  const pick = (q: number) => (errors.length ? errors[Math.min(errors.length - 1, Math.floor(q * errors.length))].toFixed(2) : '-');
  console.log(`${kind}${hideCorner ? ' (one corner hidden)' : ''}: located ${located}/${count}, layout from QR ${qrRead}/${count}, `
    + `${(time / count).toFixed(0)} ms/page; cell centre error px median ${pick(0.5)} p95 ${pick(0.95)} max ${pick(1 - 1e-9)}`);
  for (const failure of failures.slice(0, 8)) console.log(`  ${failure}`);
}
