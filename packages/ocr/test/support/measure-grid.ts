/**
 * Measures template grid finding over random warps of the drawn federation
 * sheet: success rate, cell-centre error in pixels, time per page.
 *   pnpm --filter @zapis/ocr exec tsx test/support/measure-grid.ts [count] [seed] [--no-template]
 * With --no-template the grid is derived by findTwoBlockGrid instead of read from the example template.
 */
import { readFileSync } from 'node:fs';
import { findRulingLines } from '../../src/find-grid.js';
import { findTwoBlockGrid } from '../../src/find-two-block-grid.js';
import { locateByTemplate } from '../../src/locate-by-template.js';
import { parseTemplate } from '../../src/template.js';
import { cellCentreMm, damage, type Damage, drawFederationSheet, random } from './federation-sheet.js';

const count = Number(process.argv[2] ?? 30);
const seed = Number(process.argv[3] ?? 1);
const parsed = parseTemplate(readFileSync(new URL('../../fixtures/templates/federation-2x30.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const template = parsed.value;
const derive = process.argv.includes('--no-template');

const kinds: Array<{ name: string; dpi: number; damage: (rand: () => number) => Damage }> = [
  { name: '200 dpi scan', dpi: 200, damage: (rand) => ({ rotation: (rand() * 2 - 1) * 1, perspective: 0.002, blur: 0, noise: 6 }) },
  { name: '150 dpi JPEG', dpi: 150, damage: (rand) => ({ rotation: (rand() * 2 - 1) * 4, perspective: 0.004, blur: 1, noise: 15, jpegQuality: 60 }) },
  { name: 'photo-like', dpi: 150, damage: (rand) => ({ rotation: (rand() * 2 - 1) * 5, perspective: 0.03, blur: 2, noise: 20, jpegQuality: 50 }) },
  { name: 'upside down', dpi: 150, damage: (rand) => ({ rotation: (rand() * 2 - 1) * 3, perspective: 0.01, blur: 1, noise: 10, upsideDown: true }) },
];

const flats = new Map<number, ReturnType<typeof drawFederationSheet>>();
for (const kind of kinds) {
  const rand = random(seed * 1000 + kind.dpi);
  let found = 0, worst = 0, sum = 0, cells = 0, time = 0, upsideDown = 0;
  for (let i = 0; i < count; i += 1) {
    if (!flats.has(kind.dpi)) flats.set(kind.dpi, drawFederationSheet(kind.dpi));
    const flat = flats.get(kind.dpi)!;
    const { image, truth } = damage(flat, kind.damage(rand), rand);
    const start = performance.now();
    const ruling = findRulingLines(image);
    const derived = derive ? findTwoBlockGrid(image, ruling) : undefined;
    if (derived && !derived.ok) {
      time += performance.now() - start;
      console.log(`  ${kind.name} #${i}: no grid derived — ${derived.error.reason}`);
      continue;
    }
    const located = locateByTemplate(image, 1, derived?.ok ? derived.value : template, ruling);
    time += performance.now() - start;
    if (!located.ok) {
      console.log(`  ${kind.name} #${i}: ${located.error.message} — ${located.error.detail}`);
      continue;
    }
    let pageWorst = 0;
    for (const cell of located.value.cells) {
      const [mx, my] = cellCentreMm(cell.moveNumber, cell.side);
      const [tx, ty] = truth.toImage((mx * kind.dpi) / 25.4, (my * kind.dpi) / 25.4);
      const [x, y] = located.value.map.toImage(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2);
      const error = Math.hypot(x - tx, y - ty);
      pageWorst = Math.max(pageWorst, error);
      sum += error;
      cells += 1;
    }
    if (located.value.upsideDown) upsideDown += 1;
    if (pageWorst < 5) found += 1;
    else console.log(`  ${kind.name} #${i}: worst cell ${pageWorst.toFixed(1)} px, residual ${located.value.residual.toFixed(2)}`);
    worst = Math.max(worst, pageWorst);
  }
  console.log(`${kind.name}: ${found}/${count} found within 5 px; mean cell error ${(sum / Math.max(1, cells)).toFixed(2)} px, worst ${worst.toFixed(1)} px; ${(time / count).toFixed(0)} ms/page${upsideDown ? `; ${upsideDown} seen upside down` : ''}`);
}
