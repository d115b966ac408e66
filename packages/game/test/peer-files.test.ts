/**
 * Every PGN file other libraries test with, replayed: no throw, every parsed game
 * reported, every diagnostic located inside its file; pgn-extract's German and
 * coordinate outputs read back clean.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sharedPath, skipWithoutShared } from '@zapis/testkit';
import { parseGames } from '@zapis/notation';
import { analyseGame } from '../src/index.js';

const skip = skipWithoutShared();

function pgnFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...pgnFiles(path));
    else if (name.endsWith('.pgn')) found.push(path);
  }
  return found.sort();
}

describe.skipIf(skip)('peer test files', () => {
  it('replays every game of every peer PGN file and accounts for each', () => {
    const files = pgnFiles(sharedPath('peer-tests'));
    expect(files.length).toBeGreaterThan(300);
    let games = 0;
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'latin1').includes('\uFFFD') ? readFileSync(file, 'latin1') : readFileSync(file, 'utf8');
      const lines = text.split(/\r\n|\r|\n/).length;
      let index = 0;
      for (const game of parseGames(text)) {
        index++;
        const report = analyseGame(game, { file });
        games++;
        if (report.index !== index) problems.push(`${file}: game ${index} reported as ${report.index}`);
        if (report.status === 'error' && report.diagnostics.every((d) => d.severity !== 'error')) problems.push(`${file}: error without a diagnostic`);
        for (const diagnostic of report.diagnostics) {
          if (diagnostic.line < 1 || diagnostic.line > lines || diagnostic.column < 1) {
            problems.push(`${file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.code} outside the file`);
          }
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(games).toBeGreaterThan(1000);
  });

  const outputs = sharedPath('peer-tests', 'pgn-extract', 'test', 'outfiles');
  it.each([
    ['test-Wdeutsch-out.pgn', 'de'],
    ['test-WWdeutsch-out.pgn', 'de'],
    ['test-Wlalg-out.pgn', 'auto'],
    ['test-Whalg-out.pgn', 'auto'],
    ['test-WWxlalg-out.pgn', 'auto'],
    ['test-Welalg-out.pgn', 'auto'],
    ['test-WWuci-out.pgn', 'auto'],
  ] as const)('pgn-extract output %s reads back clean (--lang %s)', (name, language) => {
    const reports = [...parseGames(readFileSync(join(outputs, name), 'utf8'))].map((game) => analyseGame(game, { language }));
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(report.plies).toBe(72);
      expect(report.san.slice(0, 4)).toEqual(['b3', 'e5', 'Bb2', 'd6']);
    }
  });
});
