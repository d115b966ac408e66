/**
 * The 100,000 games of the gnu-book corpus written with Polish letters by an
 * independent program (pgn-extract) must read back, move by move, as the SAN of
 * the English file beside them — with the language given and detected.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { parseGames } from '@zapis/notation';
import { analyseGame } from '../src/index.js';

const skip = skipWithoutShared();
const stripMarks = (san: string): string => san.replace(/[+#]$/, '');

describe.skipIf(skip)('the Polish twin of the gnu-book corpus', () => {
  let englishText = '';
  let polishText = '';
  beforeAll(async () => {
    englishText = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    polishText = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz'));
  }, 600_000);

  // One test a language: each reads 200,000 games and analyses 100,000, about 5 minutes on a slow day with another
  // suite running beside it (both languages in one test went over its 10-minute guard on December 1).
  it.each(['pl', 'auto'] as const)('reads all 100,000 games with --lang %s exactly as the English SAN', async (language) => {
    const english = parseGames(englishText);
    const polish = parseGames(polishText);
    let games = 0;
    let plies = 0;
    let wrongResults = 0;
    const mismatches: string[] = [];
    for (const polishGame of polish) {
      const englishGame = english.next();
      if (englishGame.done) throw new Error('the English file ends first');
      games++;
      const report = analyseGame(polishGame, { language, variations: false, repair: false });
      const expected = englishGame.value.moves.map((node) => stripMarks(node.text));
      const actual = report.san.map(stripMarks);
      plies += actual.length;
      // The archive itself records some mates with the wrong result: a finding, not a misreading.
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      if (errors.some((d) => d.code === 'result-contradicts-board')) wrongResults++;
      const misread = errors.some((d) => d.code !== 'result-contradicts-board');
      if (misread || actual.join(' ') !== expected.join(' ')) {
        if (mismatches.length < 10) {
          const first = errors.find((d) => d.code !== 'result-contradicts-board');
          mismatches.push(`game ${games} (line ${report.line}): ${first ? `${first.code} ${first.text} at ply ${first.ply}` : 'moves differ'}`);
        } else break;
      }
      if (language === 'auto' && report.language !== 'pl' && report.languages.indexOf('pl') < 0 && report.plies > 0) {
        if (mismatches.length < 10) mismatches.push(`game ${games}: detected ${report.language}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(english.next().done).toBe(true);
    expect(games).toBe(100_000);
    expect(wrongResults).toBeGreaterThan(0);
    expect(wrongResults).toBeLessThan(200);
    expect(plies).toBeGreaterThan(7_000_000);
  }, 600_000);
});
