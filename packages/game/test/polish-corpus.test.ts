/**
 * The 100,000 games of the gnu-book corpus written with Polish letters by an
 * independent program (pgn-extract) must read back, move by move, as the SAN of
 * the English file beside them — with the language given and detected. Under
 * `pnpm test` each language reads every 5th game, each its own fifth (every
 * game is still found in both files, in the same order); `pnpm test:corpus`
 * reads every game in both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSample, readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { LineIndex, parseSection, splitSections, type ParsedGame } from '@zapis/notation';
import { analyseGame } from '../src/index.js';

const skip = skipWithoutShared();
const sample = corpusSample(5);
const stripMarks = (san: string): string => san.replace(/[+#]$/, '');

/** The games of the file, each parsed only when `wanted` says so at its 0-based index (undefined otherwise). */
function* gamesOf(text: string, wanted: (index: number) => boolean): Generator<ParsedGame | undefined> {
  const lines = new LineIndex(text);
  let index = -1;
  for (const section of splitSections(text)) {
    if (!wanted(++index)) {
      yield undefined;
      continue;
    }
    const games = parseSection(text, section.start, section.end, lines, index + 1);
    if (games.length !== 1) throw new Error(`the section of game ${index + 1} holds ${games.length} games`);
    yield games[0];
  }
}

describe.skipIf(skip)('the Polish twin of the gnu-book corpus', () => {
  let englishText = '';
  let polishText = '';
  beforeAll(async () => {
    englishText = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    polishText = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz'));
  }, 600_000);

  // The fifths each language reads hold 5 and 3 of the 12 games the archive records with a result their board contradicts.
  // One test a language: whole, each parses 200,000 games and analyses 100,000, about 5 minutes on a slow day with
  // another suite running beside it (both languages in one test went over its 10-minute guard on December 1).
  it.each([['pl', 2], ['auto', 3]] as const)(`reads ${sample.describe('the 100,000 games')} with --lang %s exactly as the English SAN`, async (language, slice) => {
    const wanted = (index: number): boolean => sample.includes(index, slice);
    const english = gamesOf(englishText, wanted);
    const polish = gamesOf(polishText, wanted);
    let games = 0;
    let analysed = 0;
    let plies = 0;
    let wrongResults = 0;
    const mismatches: string[] = [];
    for (const polishGame of polish) {
      const englishGame = english.next();
      if (englishGame.done) throw new Error('the English file ends first');
      games++;
      if (!polishGame || !englishGame.value) continue;
      analysed++;
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
    expect(analysed).toBe(sample.size(100_000));
    expect(wrongResults).toBeGreaterThan(0);
    expect(wrongResults).toBeLessThan(200 / sample.stride);
    expect(plies).toBeGreaterThan(70 * analysed);
  }, 600_000);
});
