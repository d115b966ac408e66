/**
 * English → every language profile and writing style → English reproduces the
 * first 10,000 games of the gnu-book corpus exactly, move by move. Under
 * `pnpm test` each profile round-trips every 5th of them, each profile its own
 * fifth (so every game goes through six or seven profiles); `pnpm test:corpus` sends
 * every game through every profile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSample, readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { LANGUAGE_CODES, parseGames, writePgnDatabase, type LanguageCode, type MoveStyle } from '@zapis/notation';
import { analyseGame, toWritableGame, type GameReport } from '../src/index.js';

const skip = skipWithoutShared();
const GAMES = 10_000;
const sample = corpusSample(5);

let originals: GameReport[] = [];

beforeAll(async () => {
  if (skip) return;
  const texts: string[] = [];
  for await (const raw of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES)) texts.push(raw.text);
  originals = [...parseGames(texts.join('\n\n'))].map((game) => analyseGame(game, { language: 'en', variations: false, repair: false }));
}, 600_000);

/** The originals a profile round-trips: its own slice of the sample, numbered as in the corpus (1-based). */
function sliceOf(slice: number): { readonly number: number; readonly report: GameReport }[] {
  return originals.flatMap((report, index) => (sample.includes(index, slice) ? [{ number: index + 1, report }] : []));
}

function roundTrip(style: MoveStyle, language: LanguageCode | 'auto', slice: number): string[] {
  const chosen = sliceOf(slice);
  const written = writePgnDatabase(chosen.map(({ report }) => toWritableGame(report)), { moveStyle: style });
  const mismatches: string[] = [];
  let index = 0;
  for (const game of parseGames(written)) {
    const original = chosen[index++];
    const report = analyseGame(game, { language, variations: false, repair: false });
    if (report.status !== 'ok' || report.san.join(' ') !== original.report.san.join(' ')) {
      const first = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      mismatches.push(`game ${original.number}: ${first ? `${first.code} '${first.text}' at ply ${first.ply}` : 'different moves'}`);
      if (mismatches.length >= 5) break;
    }
  }
  if (mismatches.length === 0 && index !== chosen.length) mismatches.push(`read back ${index} games of ${chosen.length}`);
  if (chosen.length < sample.size(GAMES) - 1) mismatches.push(`only ${chosen.length} games in the slice`);
  return mismatches;
}

describe.skipIf(skip)(`round trip, each profile on ${sample.describe('the first 10,000 games')}`, () => {
  let slice = 0;
  it('reads the originals cleanly', () => {
    expect(originals.length).toBe(GAMES);
    expect(originals.every((report) => report.status === 'ok')).toBe(true);
  });

  for (const language of LANGUAGE_CODES) {
    const own = slice++;
    it(`English → ${language} → English`, () => {
      expect(roundTrip({ language }, language, own)).toEqual([]);
    });
  }

  const styles: [string, MoveStyle, LanguageCode | 'auto'][] = [
    ['Polish with : captures, 0-0 and X (detected)', { language: 'pl', capture: ':', castling: '0-0', mate: 'X' }, 'auto'],
    ['Polish with omitted captures and promotion d8H', { language: 'pl', capture: 'none', promotion: 'plain' }, 'pl'],
    ['English without check marks', { language: 'en', check: 'none' }, 'en'],
    ['German long form', { language: 'de', form: 'long' }, 'de'],
    ['English long form without separators', { language: 'en', form: 'long', longSeparator: '' }, 'en'],
    ['figurine (detected)', { figurine: 'white' }, 'auto'],
    ['figurine in black glyphs', { figurine: 'black' }, 'en'],
    ['UCI', { form: 'uci' }, 'auto'],
  ];
  for (const [name, style, language] of styles) {
    const own = slice++;
    it(name, () => {
      expect(roundTrip(style, language, own)).toEqual([]);
    });
  }
});
