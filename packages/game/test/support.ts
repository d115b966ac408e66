/** Parse-and-analyse helpers for the tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePgn } from '@zapis/notation';
import { analyseGame, type AnalyseOptions, type GameReport } from '../src/index.js';

export function analyse(text: string, options: AnalyseOptions = {}): GameReport[] {
  return parsePgn(text).map((game) => analyseGame(game, options));
}

export function analyseOne(text: string, options: AnalyseOptions = {}): GameReport {
  const reports = analyse(text, options);
  if (reports.length !== 1) throw new Error(`expected one game, parsed ${reports.length}`);
  return reports[0];
}

export const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../fixtures/seed-samples/${name}`, import.meta.url)), 'utf8');

export const codes = (report: GameReport): string[] => report.diagnostics.map((d) => `${d.severity}:${d.code}`);
