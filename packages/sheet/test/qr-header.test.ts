/**
 * The QR code carries the header values zapis printed (site, date, names), exactly, within a size that still scans;
 * codes printed before it (no such keys) read as they did.
 */
import { describe, expect, it } from 'vitest';
import { QR_PAYLOAD_MAX_BYTES, buildSheetLayout, encodeQrPayload, parseQrPayload, pgnDateOf, type HeaderValues, type SheetLayout } from '../src/index.js';

const layoutOf = (header: HeaderValues): SheetLayout => {
  const built = buildSheetLayout({ language: 'pl', header });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
};
const bytes = (text: string): number => new TextEncoder().encode(text).length;

describe('the printed header in the QR code', () => {
  it('carries the printed site, date (in PGN form) and names, diacritics and spaces as printed', () => {
    const layout = layoutOf({ event: 'Open', site: 'Łódź', date: '2025', round: 3, white: { name: 'Żółkiewski, Grzegorz' }, black: { name: 'Wójcik, Anna' } });
    expect(layout.qr.payload).toMatchObject({
      event: 'Open', site: 'Łódź', date: '2025.??.??', round: '3', white: 'Żółkiewski, Grzegorz', black: 'Wójcik, Anna',
    });
    expect(parseQrPayload(layout.qr.text)).toEqual({ ok: true, value: layout.qr.payload });
  });

  it('keeps a date still to come (sheets are printed before the round) and leaves out one that is no date', () => {
    expect(layoutOf({ date: '2999.01.31' }).qr.payload.date).toBe('2999.01.31');
    expect(layoutOf({ date: 'next Sunday' }).qr.payload.date).toBeUndefined();
  });

  it('leaves out whole values that would grow the code past its budget, names first, never cutting one', () => {
    const layout = layoutOf({
      event: 'Mistrzostwa Śląska', site: 'Łódź', date: '2025.05.17', round: 12, board: 104,
      white: { name: 'Żółkiewski, Grzegorz' }, black: { name: 'Wójcik, Małgorzata' },
    });
    expect(bytes(layout.qr.text)).toBeLessThanOrEqual(QR_PAYLOAD_MAX_BYTES);
    const { white, black, site, date } = layout.qr.payload;
    expect([white, black, site, date]).toEqual(['Żółkiewski, Grzegorz', 'Wójcik, Małgorzata', 'Łódź', undefined]);
    // A name too long for what is left is left out whole; a shorter value after it still goes in.
    const long = layoutOf({ event: 'Mistrzostwa Śląska', date: '2025.05.17', white: { name: 'Ż'.repeat(60) }, black: { name: 'Wójcik, Anna' } });
    expect([long.qr.payload.white, long.qr.payload.black, long.qr.payload.date]).toEqual([undefined, 'Wójcik, Anna', '2025.05.17']);
  });

  it('reads a code printed before the header was carried', () => {
    const old = '{"layout":"zapis/classic/a4/m60/b2","v":2,"lang":"pl","event":"Club","round":"3","sheet":1,"of":1}';
    expect(parseQrPayload(old)).toEqual({ ok: true, value: { layout: 'zapis/classic/a4/m60/b2', v: 2, lang: 'pl', event: 'Club', round: '3', sheet: 1, of: 1 } });
    expect(encodeQrPayload({ layout: 'zapis/classic/a4/m60/b2', v: 2, lang: 'pl', event: 'Club', round: '3', sheet: 1, of: 1 })).toBe(old);
  });
});

describe('pgnDateOf', () => {
  const now = Date.UTC(2026, 11, 6);
  it.each([
    // What formatPgnDate prints, back to the tag.
    ['2024.05.17', '2024.05.17'], ['2024.05', '2024.05.??'], ['2024', '2024.??.??'], ['    .05.17', '????.05.17'], ['2024.  .17', '2024.??.17'],
    // Hands and readers.
    ['1983...', '1983.??.??'], ['1983. . ', '1983.??.??'], ['2024-05-17', '2024.05.17'], ['2024/5/7', '2024.05.07'],
    ['17.05.2024', '2024.05.17'], ['17/05/2024', '2024.05.17'], ['2O24 . 05 . l7', '2024.05.17'], ['2024.??.??', '2024.??.??'],
  ])('%j → %j', (written, tag) => {
    expect(pgnDateOf(written, now)).toBe(tag);
  });

  it.each(['', '?', '????.??.??', '17 May 2024', '2024.13.01', '2023.02.29', '2024.04.31', '1200.01.01', '2027.01.01', '24.05.17', '2024.05.17.3', 'Moscow'])(
    '%j is no date', (written) => {
      expect(pgnDateOf(written, now)).toBeUndefined();
    },
  );
});
