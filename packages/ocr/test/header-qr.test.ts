/**
 * A code carrying a whole printed header (names, site: version 10 or so, modules of two or three pixels) still reads
 * on a blurred, noisy scan below 150 dpi, so the header comes back exactly as printed.
 */
import { describe, expect, it } from 'vitest';
import { locateSheet } from '../src/locate-sheet.js';
import { renderSheet } from './support/variants.js';
import { blur, noise, seededRandom } from './support/warp.js';

describe('the QR code of a pre-filled sheet', () => {
  it('reads on a blurred, noisy 140-dpi scan, with the printed header', async () => {
    const header = {
      event: 'Mistrzostwa Śląska', site: 'Łódź', date: '2025', round: 3, white: { name: 'Żółkiewski, Grzegorz' }, black: { name: 'Wójcik, Małgorzata' },
    };
    const rendered = await renderSheet({ language: 'pl', header }, 140);
    const located = locateSheet(noise(blur(rendered.image, 1), 6, seededRandom(1)), 1);
    if (!located.ok) throw new Error(located.error.message);
    expect(located.value.qr).toMatchObject({ event: 'Mistrzostwa Śląska', site: 'Łódź', white: 'Żółkiewski, Grzegorz', black: 'Wójcik, Małgorzata' });
  }, 120_000);
});
