/** Which language codes exist, and which languages write moves in the same piece letters. */
import { describe, expect, it } from 'vitest';
import { isLanguageCode, LANGUAGE_CODES, writesMovesAlike } from '../src/index.js';

describe('languages that write moves alike', () => {
  it('knows every code of the table and no other', () => {
    for (const code of LANGUAGE_CODES) expect(isLanguageCode(code), code).toBe(true);
    for (const code of ['', 'xx', 'EN', 'pl-PL']) expect(isLanguageCode(code), code).toBe(false);
  });

  it('pairs languages with the same five piece letters, and only those', () => {
    // Croatian, Bosnian, Serbian and Slovenian all write K D T L S; so do Danish and Norwegian.
    for (const [a, b] of [['hr', 'bs'], ['hr', 'sr'], ['sr', 'sl'], ['da', 'no'], ['cs', 'sk'], ['en', 'en']] as const) expect(writesMovesAlike(a, b), `${a} ${b}`).toBe(true);
    // Czech and Polish both use K and S, but S is another piece in each; Portuguese differs from Spanish by its bishop alone.
    for (const [a, b] of [['cs', 'pl'], ['en', 'pl'], ['es', 'pt'], ['de', 'nl'], ['ru', 'uk']] as const) expect(writesMovesAlike(a, b), `${a} ${b}`).toBe(false);
  });
});
