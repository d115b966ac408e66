/** A whole round: two sheets per board, White's copy then Black's, in one PDF. */
import { buildSheetLayout, type HeaderValues, type SheetOptions, type SheetOptionsError } from '@zapis/sheet';
import { ok, type Result } from '@zapis/core';
import { renderSheetsPdf, type SheetPage } from './document.js';
import type { Pairing } from './pairings.js';
import type { FontBytes } from './fonts.js';

/** Options for every sheet of the round; `header` holds what all boards share (event, site, date, round…). */
export type RoundOptions = Omit<SheetOptions, 'copy' | 'sheet' | 'of'> & { readonly fonts?: FontBytes };

export function roundSheetPages(pairings: readonly Pairing[], options: RoundOptions = {}): Result<SheetPage[], SheetOptionsError> {
  const shared: HeaderValues = options.header ?? {};
  const pages: SheetPage[] = [];
  for (const pairing of pairings) {
    const header: HeaderValues = {
      ...shared,
      round: pairing.round ?? shared.round,
      board: pairing.board,
      section: pairing.section ?? shared.section,
      white: pairing.white,
      black: pairing.black,
    };
    for (const copy of ['white', 'black'] as const) {
      const layout = buildSheetLayout({ ...options, header, copy });
      if (!layout.ok) return layout;
      pages.push({ layout: layout.value });
    }
  }
  return ok(pages);
}

export async function renderRoundPdf(pairings: readonly Pairing[], options: RoundOptions = {}): Promise<Result<Uint8Array, SheetOptionsError>> {
  const pages = roundSheetPages(pairings, options);
  if (!pages.ok) return pages;
  const round = options.header?.round ?? pairings[0]?.round;
  return ok(await renderSheetsPdf(pages.value, { title: round === undefined ? 'Scoresheets' : `Scoresheets, round ${round}`, ...(options.fonts ? { fonts: options.fonts } : {}) }));
}
