/**
 * Measures row registration by the printed move numbers over random warps of the drawn federation and club sheets:
 * how often the rows come out confirmed, unconfirmed or moved, and the time it adds per sheet.
 *   pnpm --filter @zapis/ocr exec tsx test/support/measure-registration.ts [count] [seed]
 */
import { readFileSync } from 'node:fs';
import { loadReader } from '../../src/read-pool.js';
import { locateScanPage } from '../../src/read-scan-file.js';
import type { GrayImage } from '../../src/raster.js';
import { registerRows } from '../../src/register-rows.js';
import { parseTemplate, type SheetTemplate } from '../../src/template.js';
import { useFont } from './cell-drawing.js';
import { clubTemplate, drawClubSheet } from './club-sheet.js';
import { damage, drawFederationSheet, random } from './federation-sheet.js';

const count = Number(process.argv[2] ?? 10);
const seed = Number(process.argv[3] ?? 1);
const parsed = parseTemplate(readFileSync(new URL('../../fixtures/templates/federation-2x30.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const font = await useFont('caveat');
const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6', 'c3', 'O-O'];

interface Kind { readonly name: string; readonly sheet: GrayImage; readonly template?: SheetTemplate; readonly expectedShift: number; readonly upsideDown?: boolean }
const club = drawClubSheet({ dpi: 200, moves, font });
const clubFaint = drawClubSheet({ dpi: 200, moves, font, faintLastRule: true });
const federation = drawFederationSheet(150);
const kinds: Kind[] = [
  { name: 'federation, template', sheet: federation, template: parsed.value, expectedShift: 0 },
  { name: 'federation, no template', sheet: federation, expectedShift: 0 },
  { name: 'club, template', sheet: club, template: clubTemplate('registered'), expectedShift: 0 },
  { name: 'club, no template', sheet: club, expectedShift: 0 },
  { name: 'club, template, upside down', sheet: club, template: clubTemplate('registered'), expectedShift: 0, upsideDown: true },
  { name: 'club, last rule faint, no template', sheet: clubFaint, expectedShift: 1 },
  { name: 'club, last rule faint, template a row off', sheet: clubFaint, template: clubTemplate('rowOff'), expectedShift: 1 },
];

const reader = await loadReader('auto');
for (const kind of kinds) {
  const rand = random(seed * 1000 + kind.name.length);
  const tally = new Map<string, number>();
  let time = 0, timed = 0;
  for (let i = 0; i < count; i += 1) {
    const { image } = damage(kind.sheet, { rotation: (rand() * 2 - 1) * 3, perspective: 0.01 * rand(), blur: rand() < 0.5 ? 1 : 2, noise: 5 + 15 * rand(), jpegQuality: 50 + Math.round(40 * rand()), upsideDown: kind.upsideDown === true }, rand);
    const located = locateScanPage(image, 1, kind.template);
    if (!located.ok) {
      tally.set('not located', (tally.get('not located') ?? 0) + 1);
      continue;
    }
    const start = performance.now();
    const registered = await registerRows(located.sheet, reader);
    if (i > 0) [time, timed] = [time + performance.now() - start, timed + 1];
    const registration = registered.registration;
    const shifts = registration?.blocks.map((block) => block.shift) ?? [];
    const outcome = registration?.status !== 'confirmed' ? registration?.status ?? 'none'
      : shifts.every((shift) => shift === kind.expectedShift) ? 'confirmed, right rows' : `confirmed, WRONG rows (${shifts.join(', ')})`;
    if (outcome !== 'confirmed, right rows') console.log(`  ${kind.name} #${i}: ${outcome} ${registration?.reason ?? ''}`);
    tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
  }
  console.log(`${kind.name}: ${[...tally].map(([outcome, n]) => `${n} ${outcome}`).join(', ')}; ${(time / Math.max(1, timed)).toFixed(0)} ms a sheet`);
}
await reader.dispose();
