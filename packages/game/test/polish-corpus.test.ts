/**
 * The 100,000 games of the gnu-book corpus written with Polish letters by an
 * independent program (pgn-extract) must read back, move by move, as the SAN of
 * the English file beside them — with the language given and detected.
 */
import { describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { parseGames } from '@zapis/notation';
import { analyseGame } from '../src/index.js';

const skip = skipWithoutShared();
const stripMarks = (san: string): string => san.replace(/[+#]$/, '');

describe.skipIf(skip)('the Polish twin of the gnu-book corpus', () => {
  for (const language of ['pl', 'auto'] as const) {
    it(`reads all 100,000 games with --lang ${language} exactly as the English SAN`, async () => {
      const english = parseGames(await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz')));
      const polish = parseGames(await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz')));
      let games = 0;
      let plies = 0;
      const mismatches: string[] = [];
      for (const polishGame of polish) {
        const englishGame = english.next();
        if (englishGame.done) throw new Error('the English file ends first');
        games++;
        const report = analyseGame(polishGame, { language, variations: false, repair: false });
        const expected = englishGame.value.moves.map((node) => stripMarks(node.text));
        const actual = report.san.map(stripMarks);
        plies += actual.length;
        if (report.status !== 'ok' || actual.join(' ') !== expected.join(' ')) {
          if (mismatches.length < 10) {
            const first = report.diagnostics.find((d) => d.severity === 'error');
            mismatches.push(`game ${games} (line ${report.line}): ${first ? `${first.code} ${first.text} at ply ${first.ply}` : 'moves differ'}`);
          } else break;
        }
        if (language === 'auto' && report.language !== 'pl' && report.languages.indexOf('pl') < 0 && report.plies > 0) {
          if (mismatches.length < 10) mismatches.push(`game ${games}: detected ${report.language}`);
        }
      }
      expect(english.next().done).toBe(true);
      expect(mismatches).toEqual([]);
      expect(games).toBe(100_000);
      expect(plies).toBeGreaterThan(7_000_000);
    });
  }
});
