/**
 * Moves a person confirmed (an arbiter looking at the sheet): per 1-based ply,
 * the move as standard English SAN. The search keeps only that move at its
 * ply, so the rest of the game is decoded around it. Check and mate marks are
 * optional (the person may not know the move gives check); castling may be
 * written with zeros.
 */

/** What two SANs of the same move have in common: no check or mate mark, castling with letters. */
export function sanKey(san: string): string {
  const bare = san.trim().replace(/[+#!?]+$/, '');
  return bare === '0-0' ? 'O-O' : bare === '0-0-0' ? 'O-O-O' : bare;
}

/** Per 0-based search ply (ply - 1), the confirmed move's key; holes where nothing is confirmed. */
export function confirmedByIndex(confirmed: ReadonlyMap<number, string> | undefined): (string | undefined)[] {
  const byIndex: (string | undefined)[] = [];
  for (const [ply, san] of confirmed ?? []) byIndex[ply - 1] = sanKey(san);
  return byIndex;
}

/** A bad confirmation (not a positive whole ply), if any: the options are checked before any search. */
export function badConfirmation(confirmed: ReadonlyMap<number, string> | undefined): string | undefined {
  for (const [ply, san] of confirmed ?? []) {
    if (!Number.isInteger(ply) || ply < 1) return `a confirmed move must be at a ply of 1 or more (got ${ply})`;
    if (sanKey(san) === '') return `the confirmed move at ply ${ply} is empty`;
  }
  return undefined;
}

/** The first confirmed move the search could not play: beyond `reached`, the deepest ply any hypothesis got to. */
export function unplayedConfirmation(confirmed: ReadonlyMap<number, string> | undefined, reached: number): { ply: number; san: string } | undefined {
  let first: { ply: number; san: string } | undefined;
  for (const [ply, san] of confirmed ?? []) if (ply > reached && (!first || ply < first.ply)) first = { ply, san };
  return first;
}
