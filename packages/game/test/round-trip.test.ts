/**
 * English → every language profile and writing style → English reproduces the
 * first 10,000 games of the gnu-book corpus exactly, move by move.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { LANGUAGE_CODES, parseGames, writePgnDatabase, type LanguageCode, type MoveStyle } from '@zapis/notation';
import { analyseGame, toWritableGame, type GameReport } from '../src/index.js';

const skip = skipWithoutShared();
const GAMES = 10_000;

let originals: GameReport[] = [];

beforeAll(async () => {
  if (skip) return;
  const texts: string[] = [];
  for await (const raw of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES)) texts.push(raw.text);
  originals = [...parseGames(texts.join('\n\n'))].map((game) => analyseGame(game, { language: 'en', variations: false, repair: false }));
}, 600_000);

function roundTrip(style: MoveStyle, language: LanguageCode | 'auto'): string[] {
  const written = writePgnDatabase(originals.map((report) => toWritableGame(report)), { moveStyle: style });
  const mismatches: string[] = [];
  let index = 0;
  for (const game of parseGames(written)) {
    const original = originals[index++];
    const report = analyseGame(game, { language, variations: false, repair: false });
    if (report.status !== 'ok' || report.san.join(' ') !== original.san.join(' ')) {
      const first = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      mismatches.push(`game ${index}: ${first ? `${first.code} '${first.text}' at ply ${first.ply}` : 'different moves'}`);
      if (mismatches.length >= 5) break;
    }
  }
  if (mismatches.length === 0 && index !== originals.length) mismatches.push(`read back ${index} games of ${originals.length}`);
  return mismatches;
}

describe.skipIf(skip)(`round trip of the first ${GAMES} games`, () => {
  it('reads the originals cleanly', () => {
    expect(originals.length).toBe(GAMES);
    expect(originals.every((report) => report.status === 'ok')).toBe(true);
  });

  for (const language of LANGUAGE_CODES) {
    it(`English → ${language} → English`, () => {
      expect(roundTrip({ language }, language)).toEqual([]);
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
    it(name, () => {
      expect(roundTrip(style, language)).toEqual([]);
    });
  }
});
