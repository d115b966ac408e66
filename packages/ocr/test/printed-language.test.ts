/** A zapis sheet's language read from its printed title and headings, when its QR code cannot be read. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { buildSheetLayout, SHEET_LANGUAGES, type SheetLanguage } from '@zapis/sheet';
import { CtcReader } from '../src/ctc-reader.js';
import { Homography } from '../src/homography.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import type { LocatedSheet } from '../src/located-sheet.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import { MIN_PRINTED_LANGUAGE_LEAD, readPrintedWordsLanguage } from '../src/printed-language.js';
import type { GrayImage } from '../src/raster.js';
import { locateScanPage } from '../src/read-scan-file.js';
import { registerRows } from '../src/register-rows.js';
import { drawForeignGrid, type ForeignGrid } from './support/foreign-grid.js';
import { renderSheet, type Rendered } from './support/variants.js';
import { coverWithBlob, seededRandom } from './support/warp.js';

/** The sheet located with its QR code painted over, so only the ruling names its layout. */
function locatedWithoutQr(image: GrayImage): LocatedSheet {
  const toImage = qrMapOf(image);
  const [cx, cy] = toImage(0.5, 0.5);
  const [ex] = toImage(1, 0.5);
  const located = locateSheet(coverWithBlob(image, cx, cy, Math.abs(ex - cx) * 1.3, 255), 1);
  if (!located.ok) throw new Error(located.error.message);
  expect(located.value.qr).toBeUndefined();
  expect(located.value.layoutFromRuling).toBeDefined();
  return located.value;
}

/** Where a point of the QR code (0–1 across and down it) lies on a scan, as the sheet located with its code says. */
function qrMapOf(image: GrayImage): (across: number, down: number) => readonly [number, number] {
  const withQr = locateSheet(image, 1);
  if (!withQr.ok) throw new Error(withQr.error.message);
  const qr = withQr.value.layout!.qr.rect;
  return (across, down) => withQr.value.map.toImage(qr.x + across * qr.width, qr.y + down * qr.height);
}

/**
 * A rendered sheet as reading finds it when only the ruling names the layout: mapped exactly (the render's scale),
 * with the layout rebuilt in another language, as the ruling rebuilds it (the same rectangles in every language).
 */
function locatedAsByRuling({ layout, image, dpi }: Rendered): LocatedSheet {
  const scale = dpi / 72;
  const { width, height } = layout.paper;
  const pairs = ([[0, 0], [width, 0], [width, height], [0, height]] as const).map(([x, y]) => ({ sheet: [x, y] as const, image: [x * scale, y * scale] as const }));
  const map = Homography.fit(pairs);
  const rebuilt = buildSheetLayout({ language: layout.language === 'pl' ? 'en' : 'pl' });
  if (!map || !rebuilt.ok) throw new Error('no map or layout');
  return { page: 1, image, map, foundBy: 'markers', markersSeen: 4, layout: rebuilt.value, cells: [], resultTicks: [] };
}

/**
 * Languages whose title and headings differ by a diacritic or a letter or two (ZAPISNIK PARTIJE; Bijeli or Beli, Crni
 * or Črni): the words may name them together, and they write moves in the same letters.
 */
const PRINTED_ALIKE: readonly (readonly SheetLanguage[])[] = [['hr', 'bs', 'sr', 'sl']];

/** Languages whose words are printed in Cyrillic, which the printed-text network has no letters for. */
const CYRILLIC: readonly SheetLanguage[] = ['ru', 'uk', 'bg'];

describe('the language a sheet\u2019s printed words say', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('names the language of a blank sheet printed in each Latin-letter language, and none for Cyrillic words', async () => {
    for (const language of SHEET_LANGUAGES) {
      const sheet = await renderSheet({ language }, 100);
      const words = await readPrintedWordsLanguage(locatedAsByRuling(sheet), reader);
      if (CYRILLIC.includes(language)) {
        // Nothing it can spell: no language is guessed.
        expect(words, language).toBeUndefined();
        continue;
      }
      expect(words?.languages, language).toContain(language);
      expect(words!.lead, language).toBeGreaterThanOrEqual(MIN_PRINTED_LANGUAGE_LEAD);
      // Only languages printing alike words are named with it.
      const alike = PRINTED_ALIKE.find((group) => group.includes(language)) ?? [language];
      expect(words!.languages.every((code) => alike.includes(code)), `${language}: ${words!.languages.join(', ')}`).toBe(true);
    }
  });

  it('names the printed language of filled fixture scans and photos whose QR code is covered', async () => {
    for (const name of ['phone.jpg', 'jpeg150.jpg', 'boxed-pl.png', 'prefilled.png']) {
      const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
      if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`);
      const printed = locateSheet(loaded.value, 1);
      if (!printed.ok) throw new Error(printed.error.message);
      const words = await readPrintedWordsLanguage(locatedWithoutQr(loaded.value), reader);
      expect(words?.languages, name).toEqual([printed.value.qr!.lang]);
    }
  });

  it('names the language of a foreign grid\u2019s heading words, with the move or the player\u2019s word, and none without a heading', async () => {
    const grid = (words?: readonly [string, string]): ForeignGrid => ({
      dpi: 200, blocks: 2, rows: 30, rowHeight: 7, columns: [0.14, 0.43, 0.43], ruling: { grey: 110, width: 2 }, top: 60,
      ...(words ? { heading: { height: 1, words } } : { headerLines: 3 }),
    });
    const said = async (words?: readonly [string, string]) => {
      const located = locateScanPage(drawForeignGrid(grid(words)), 1);
      if (!located.ok) throw new Error(located.message);
      expect(located.sheet.gridWithoutTemplate).toBe(true);
      return (await readPrintedWordsLanguage(await registerRows(located.sheet, reader), reader))?.languages;
    };
    expect(await said(['WHITE', 'BLACK'])).toEqual(['en']);
    expect(await said(['Białe', 'Czarne'])).toEqual(['pl']);
    expect(await said(['Weiß', 'Schwarz'])).toEqual(['de']);
    expect(await said(['Blancas', 'Negras'])).toEqual(['es']);
    expect(await said(['Biały', 'Czarny'])).toEqual(['pl']);
    // Header lines above the grid, where a heading would be: no language.
    expect(await said()).toBeUndefined();
  });

  it('says nothing for a sheet whose title and headings are blotted out', async () => {
    const sheet = await renderSheet({ language: 'de' }, 150);
    const located = locatedAsByRuling(sheet);
    const scale = 150 / 72;
    let image = located.image;
    const layout = located.layout!;
    for (const rect of [layout.title.rect, ...layout.moveGrid.blocks.map((block) => block.headingRect)]) {
      image = coverWithBlob(image, (rect.x + rect.width / 2) * scale, (rect.y + rect.height / 2) * scale, (rect.width / 2) * scale, 255);
    }
    expect(await readPrintedWordsLanguage({ ...located, image }, reader)).toBeUndefined();
  });

  it('says nothing for a sheet whose title and headings places hold grey noise', async () => {
    const sheet = await renderSheet({ language: 'fr' }, 150);
    const located = locatedAsByRuling(sheet);
    const layout = located.layout!;
    const data = Uint8Array.from(sheet.image.data);
    const random = seededRandom(7);
    const scale = 150 / 72;
    for (const rect of [layout.title.rect, ...layout.moveGrid.blocks.map((block) => block.headingRect)]) {
      for (let y = Math.floor(rect.y * scale); y < (rect.y + rect.height) * scale; y += 1) {
        for (let x = Math.floor(rect.x * scale); x < (rect.x + rect.width) * scale; x += 1) data[y * sheet.image.width + x] = Math.floor(random() * 256);
      }
    }
    expect(await readPrintedWordsLanguage({ ...located, image: { ...sheet.image, data } }, reader)).toBeUndefined();
  });
});
