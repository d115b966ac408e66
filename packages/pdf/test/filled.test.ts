import { describe, expect, it } from 'vitest';
import { buildSheetSeries, pairPlies, type SheetStyle, type WrittenMove } from '@zapis/sheet';
import { gameSheetPages, renderGameSheets, renderSheetsPdf } from '../src/index.js';
import { hasPoppler, pdfText, renderPages, writePdf } from './support/poppler.js';
import { inkCoverage, readPng } from './support/image.js';

// A real game's opening in Polish notation (Ruy Lopez), then shuffling moves to pass move 60.
const OPENING = 'e4 e5 Sf3 Sc6 Gb5 a6 Ga4 Sf6 0-0 Ge7 We1 b5 Gb3 d6 c3 0-0 h3 Sb8 d4 Sbd7 c4 c6 c:b5 a:b5 Sc3 Gb7 Gg5 b4 G:f6 G:f6 Sa4 c5'.split(' ');
const SHUFFLE = ['Kh2', 'Kh7', 'Kg1', 'Kg8'];
const pliesOf = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => OPENING[index] ?? SHUFFLE[(index - OPENING.length) % 4]);

/** True when `needles` appear in `tokens` in this order (other words may come between). */
function inOrder(tokens: readonly string[], needles: readonly string[]): { ok: boolean; missing?: string; at?: number; positions: number[] } {
  let cursor = 0;
  const positions: number[] = [];
  for (const [index, needle] of needles.entries()) {
    const found = tokens.indexOf(needle, cursor);
    if (found < 0) return { ok: false, missing: needle, at: index, positions };
    positions.push(found);
    cursor = found + 1;
  }
  return { ok: true, positions };
}

async function gamePdf(style: SheetStyle, moves: readonly WrittenMove[], clockCells = false): Promise<Uint8Array> {
  const result = await renderGameSheets(
    { style, language: 'pl', clockCells, header: { event: 'Turniej klubowy', white: { name: 'Łęcki' }, black: { name: 'Ślusarz' } } },
    { moves, result: '1/2-1/2' },
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('game sheets', () => {
  it('spread a long game over continuation sheets, the result on the last', () => {
    const pages = gameSheetPages({}, { moves: pairPlies(pliesOf(150)), result: '0-1' });
    expect(pages.ok).toBe(true);
    if (!pages.ok) return;
    expect(pages.value.map((page) => [page.layout.moveGrid.firstMove, page.layout.sheet.of])).toEqual([[1, 2], [61, 2]]);
    expect(pages.value.map((page) => page.fill?.result)).toEqual([undefined, '0-1']);
  });

  it('one line from written half-moves to a PDF', async () => {
    const result = await renderGameSheets({ language: 'en' }, { moves: pairPlies(['e4', 'e5']) });
    expect(result.ok && result.value.length).toBeGreaterThan(1000);
  });
});

describe.skipIf(!hasPoppler)('filled sheets extract every move in order', () => {
  for (const style of ['classic', 'boxed'] as const) {
    it(`${style}: 75 moves over two sheets, with a draw offer and clock times`, async () => {
      const plies = pliesOf(150);
      const moves = pairPlies(plies).map((move, index) => (index === 20 ? { ...move, blackDrawOffer: true, whiteClock: '1:02' } : move));
      const file = writePdf(await gamePdf(style, moves, true));
      const tokens = pdfText(file).split(/\s+/);
      const order = inOrder(tokens, plies);
      expect(order.ok, `move ${order.missing} (ply ${(order.at ?? 0) + 1}) not found in order`).toBe(true);
      expect(tokens).toContain('1:02');
      // The draw offer mark comes right after Black's 21st move (ply 42), before White's 22nd.
      const [blackMove21, whiteMove22] = [order.positions[41], order.positions[42]];
      expect(tokens.slice(blackMove21 + 1, whiteMove22)).toContain('=');
      expect(renderPages(file, 30)).toHaveLength(2);
    });
  }

  it('puts ink in written cells and leaves the others blank', async () => {
    const moves = pairPlies(pliesOf(10));
    const file = writePdf(await gamePdf('boxed', moves));
    const [page] = renderPages(file, 100, { gray: true });
    const image = readPng(page);
    const layout = buildSheetSeries({ style: 'boxed', language: 'pl' }, 5);
    if (!layout.ok) throw new Error(layout.error.message);
    const rows = layout.value[0].moveGrid.rows;
    // Inside the first character box of 1. e4 there is a glyph; inside move 6's there is none.
    const inner = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 });
    expect(inkCoverage(image, inner(rows[0].white.characterBoxes[0]), 100)).toBeGreaterThan(0.05);
    expect(inkCoverage(image, inner(rows[5].white.characterBoxes[0]), 100)).toBeLessThan(0.01);
  });

  it('keeps pages with and without fills in one document', async () => {
    const series = buildSheetSeries({ language: 'fr' }, 0);
    if (!series.ok) throw new Error(series.error.message);
    const file = writePdf(await renderSheetsPdf([{ layout: series.value[0] }, { layout: series.value[0], fill: { moves: [{ white: 'Cf3' }] } }]));
    const text = pdfText(file);
    expect(text).toContain('FEUILLE DE NOTATION');
    expect(text).toContain('Cf3');
  });
});
