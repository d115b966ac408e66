/**
 * A game's tags from its sheets' QR codes and header readings: what zapis printed comes from the code, exactly; a
 * reading is filed only in PGN's form and when sure, and every field left unknown says what was read.
 */
import { describe, expect, it } from 'vitest';
import { Homography } from '@zapis/ocr/internal';
import type { HeaderFieldKey, QrPayload, SheetLanguage } from '@zapis/sheet';
import type { PageRead } from '../src/group-games.js';
import { HEADER_TAG_CONFIDENCE, headerTags } from '../src/header-tags.js';

const map = Homography.fit([[0, 0], [1, 0], [1, 1], [0, 1]].map(([x, y]) => ({ sheet: [x, y] as const, image: [x, y] as const })))!;
const NOW = Date.UTC(2026, 11, 6);

type Reading = readonly [tag: string, text: string, confidence: number];

function page(header: readonly Reading[], qr?: Partial<QrPayload>, lang: SheetLanguage = 'en'): PageRead {
  const payload = qr ? { layout: 'zapis/classic/a4/m60/b2', v: 2, lang, sheet: 1, of: 1, ...qr } : undefined;
  return {
    file: 'sheet.png', page: 1,
    read: {
      located: { page: 1, map, foundBy: 'markers', markersSeen: 4, ...(payload ? { qr: payload } : {}), cells: [], resultTicks: [], imageWidth: 1, imageHeight: 1 },
      cells: [], resultsTicked: [],
      header: header.map(([tag, text, confidence]) => ({ key: 'event' as HeaderFieldKey, tag, text, confidence })),
    },
  };
}

describe('headerTags', () => {
  it('takes every printed value from the QR code, diacritics included, and never a reading of it', () => {
    const qr = { event: 'Mistrzostwa Śląska', site: 'Łódź', date: '2025.??.??', round: '3', white: 'Żółkiewski, Grzegorz', black: 'Wójcik, Małgorzata' };
    const { tags, headerNotes } = headerTags([page([['Site', 'ód', 0.9], ['White', 'Zotkiewski, Grzegorz', 0.95]], qr, 'pl')], '1-0', NOW);
    expect(tags).toEqual({
      Event: 'Mistrzostwa Śląska', Site: 'Łódź', Date: '2025.??.??', Round: '3', White: 'Żółkiewski, Grzegorz', Black: 'Wójcik, Małgorzata', Result: '1-0',
    });
    expect(headerNotes).toEqual([]);
  });

  it('files dates in PGN form, however the sheet shows them, and leaves a reading that is no date unknown', () => {
    expect(headerTags([page([['Date', '2025', 0.99]])], undefined, NOW).tags.Date).toBe('2025.??.??');
    expect(headerTags([page([['Date', '1983...', 0.9]])], undefined, NOW).tags.Date).toBe('1983.??.??');
    expect(headerTags([page([['Date', '17.05.2024', 0.9]])], undefined, NOW).tags.Date).toBe('2024.05.17');
    // A printed "1983.??.??" as the reader gives it: its question marks as sevens.
    expect(headerTags([page([['Date', '1983.77.?', 0.9]])], undefined, NOW).tags.Date).toBe('1983.??.??');
    const wrong = headerTags([page([['Date', '2024.13.45', 0.9]])], undefined, NOW);
    expect(wrong.tags.Date).toBeUndefined();
    expect(wrong.headerNotes).toEqual(['Date "?": read "2024.13.45" (confidence 0.9), not a date']);
  });

  it('leaves a doubtful reading unknown and says what was read', () => {
    const { tags, headerNotes, headerRead } = headerTags([page([
      ['Site', 'Mascow', 0.038], ['White', 'Psakhis,', 0.355], ['Black', 'Skembris, S', HEADER_TAG_CONFIDENCE], ['Round', 'III', 0.9],
    ])], undefined, NOW);
    expect(tags).toEqual({ Black: 'Skembris, S' });
    expect(headerNotes).toEqual([
      'Site "?": read "Mascow" (confidence 0.038), too unsure to file',
      'Round "?": read "III" (confidence 0.9), not a round number',
      'White "?": read "Psakhis," (confidence 0.355), cut short after the comma',
    ]);
    expect(headerRead.White).toEqual({ text: 'Psakhis,', confidence: 0.355 });
  });

  it('files a sure reading with a space after its comma and a round without its period', () => {
    const { tags, headerConfidence } = headerTags([page([['White', 'Kowalski,Jan', 0.65], ['Round', '3.', 0.9]])], undefined, NOW);
    expect(tags).toEqual({ White: 'Kowalski, Jan', Round: '3' });
    expect(headerConfidence).toEqual({ White: 0.65, Round: 0.9 });
  });

  it('names a filed reading that may have lost letters of the sheet\'s language the reader cannot write', () => {
    const polish = headerTags([page([['White', 'Zotkiewski, Grzegorz', 0.43], ['Round', '3', 0.9]], {}, 'pl')], undefined, NOW);
    expect(polish.tags.White).toBe('Zotkiewski, Grzegorz');
    expect(polish.headerNotes).toEqual(['White "Zotkiewski, Grzegorz" was read by a reader without ą ć ę ł ń ś ź ż: check its letters']);
    const two = headerTags([page([['Black', 'Wojcik, Anna', 0.6], ['Site', 'Lodz', 0.5]], {}, 'pl')], undefined, NOW);
    expect(two.headerNotes).toEqual(['Site "Lodz" and Black "Wojcik, Anna" were read by a reader without ą ć ę ł ń ś ź ż: check their letters']);
    // The same reading on an English sheet, or a round number on the Polish one, has nothing to check.
    expect(headerTags([page([['White', 'Zotkiewski, Grzegorz', 0.43]], {}, 'en')], undefined, NOW).headerNotes).toEqual([]);
  });

  it('files a printed name exactly as printed', () => {
    expect(headerTags([page([], { white: 'Kowalski,Jan', black: 'Nowak,' })], undefined, NOW).tags).toEqual({ White: 'Kowalski,Jan', Black: 'Nowak,' });
  });

  it('says a printed round that is no PGN round instead of filing it', () => {
    const { tags, headerNotes } = headerTags([page([], { round: 'A' })], undefined, NOW);
    expect(tags.Round).toBeUndefined();
    expect(headerNotes).toEqual(['Round "?": the sheet has "A", not a round number']);
  });
});
