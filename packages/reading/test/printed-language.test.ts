/** The language a game's sheets were printed in: the QR code's, else what the printed words say, on every page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtcReader, type PrintedWordsLanguage, type SheetRead } from '@zapis/ocr';
import { loadNodeRecognizer } from '@zapis/ocr/node';
import type { GameGroup } from '../src/group-games.js';
import { printedLanguage } from '../src/printed-language.js';
import { locationProblems } from '../src/sheet-problems.js';
import { readFixture } from './support/read-fixture.js';

describe('the language a game\u2019s sheets were printed in', () => {
  let reader: CtcReader;
  let read: SheetRead;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
    read = (await readFixture('jpeg150.jpg', reader)).read;
  });
  afterAll(async () => {
    await reader.dispose();
  });

  /** The fixture's page as read with no QR code, the layout named by its ruling, and the printed words given. */
  const withoutQr = (words?: PrintedWordsLanguage): SheetRead => {
    const { qr: _qr, ...located } = read.located;
    return { ...read, located: { ...located, layoutFromRuling: { score: 0.95, runnerUp: 0.8, runnerUpLayoutId: undefined, margin: 0.5 }, ...(words ? { printedWords: words } : {}) } };
  };
  const group = (...reads: SheetRead[]): GameGroup => ({
    players: reads.map((page, index) => ({ name: `player ${index + 1}`, pages: [{ file: `sheet-${index + 1}.jpg`, page: 1, read: page }] })),
  });

  it('is the QR code\u2019s language when the code was read', () => {
    expect(read.located.qr?.lang).toBe('pl');
    expect(printedLanguage(group(read))).toBe('pl');
  });

  it('is the printed words\u2019 language without the code, and none when they say nothing', () => {
    expect(printedLanguage(group(withoutQr({ languages: ['de'], lead: 40 })))).toBe('de');
    expect(printedLanguage(group(withoutQr()))).toBeUndefined();
  });

  it('takes languages named together as one only when they write moves in the same letters', () => {
    // Croatian, Bosnian, Serbian and Slovenian sheets print alike words, and all write K D T L S.
    expect(['hr', 'bs', 'sr', 'sl']).toContain(printedLanguage(group(withoutQr({ languages: ['hr', 'bs', 'sr', 'sl'], lead: 20 }))));
    // Czech and Polish letters differ: the words settle nothing.
    expect(printedLanguage(group(withoutQr({ languages: ['cs', 'pl'], lead: 20 })))).toBeUndefined();
  });

  it('must be allowed by every page of the game', () => {
    expect(printedLanguage(group(read, withoutQr({ languages: ['de'], lead: 40 })))).toBeUndefined();
    expect(printedLanguage(group(read, withoutQr({ languages: ['en', 'pl'], lead: 40 })))).toBe('pl');
  });

  it('is said in the warning for a layout recognised by its ruling', () => {
    const said = (words?: PrintedWordsLanguage) => locationProblems(group(withoutQr(words)).players[0].pages).find((problem) => problem.code === 'read-layout-from-ruling')?.message;
    expect(said({ languages: ['de'], lead: 40 })).toMatch(/its printed title and headings are in German \(de\), the language its moves are looked for in first$/);
    expect(said()).toMatch(/its printed words do not say its language clearly: the moves' letters alone tell it$/);
  });
});
