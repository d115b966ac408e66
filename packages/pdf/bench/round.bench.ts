/**
 * A 200-board round (400 sheets: White's and Black's copy per board) in one
 * PDF. Target: under 5 s on the project's 2-core machine. Run: pnpm bench
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRoundPdf, type Pairing } from '../src/index.js';

const BOARDS = 200;
const TARGET_MS = 5000;

const surnames = ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dvořák', 'Müller', 'Lefèvre', 'Łukaszewicz'];
const givenNames = ['Jan', 'Łucja', 'Zofia', 'Jiří', 'Hélène', 'Jürgen', 'Małgorzata', 'Piotr', 'Anna', 'Świętosław'];
const player = (index: number) => ({
  name: `${surnames[index % surnames.length]}, ${givenNames[(index * 7) % givenNames.length]}`,
  rating: String(2400 - index * 3),
  fideId: String(1100000 + index * 37),
  federation: ['POL', 'CZE', 'GER', 'FRA'][index % 4],
});

const pairings: Pairing[] = Array.from({ length: BOARDS }, (_, board) => ({
  round: '5',
  board: String(board + 1),
  white: player(2 * board),
  black: player(2 * board + 1),
}));

const started = performance.now();
const result = await renderRoundPdf(pairings, {
  language: 'pl',
  style: 'classic',
  paper: 'a4',
  header: { event: 'Otwarte Mistrzostwa Łodzi 2025', site: 'Łódź', date: '2025-07-18', round: '5', timeControl: '90′ + 30″' },
});
const elapsed = performance.now() - started;
if (!result.ok) throw new Error(result.error.message);

const outputDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'reports');
mkdirSync(outputDirectory, { recursive: true });
const output = join(outputDirectory, 'round-200-boards.pdf');
writeFileSync(output, result.value);

const seconds = (elapsed / 1000).toFixed(2);
const megabytes = (result.value.length / 1024 / 1024).toFixed(2);
console.log(`round of ${BOARDS} boards: ${BOARDS * 2} sheets in ${seconds} s, ${megabytes} MiB (${result.value.length} bytes) -> ${output}`);
console.log(elapsed < TARGET_MS ? `within the ${TARGET_MS / 1000} s target` : `SLOWER than the ${TARGET_MS / 1000} s target`);
