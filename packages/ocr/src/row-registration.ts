/**
 * Whether a foreign sheet's rows were checked by what is printed in them: the move numbers of the number column
 * (and, when those say too little, the heading words above move 1). A grid found by its ruling can be a row or two
 * off (a heading or header row taken for a move row); reading that sheet as found would decode the heading's
 * words as move 1 and every move one number late.
 */

/**
 * `confirmed`: the printed numbers say which row holds which move (the grid's rows moved to agree, if needed);
 * `unconfirmed`: they are there but do not say it clearly (illegible, or they contradict each other), or the row
 * taken as move 1 reads as heading words; `unchecked`: nothing printed to check by (no number column, or blank).
 */
export type RegistrationStatus = 'confirmed' | 'unconfirmed' | 'unchecked';

/** A number cell looked at: its row (0: the first move row as the grid was found) and the number read there. */
export interface NumberRead {
  readonly row: number;
  /** The printed number, when one is clearly legible; null for a blank cell or no clear number. */
  readonly number: number | null;
}

export interface BlockRegistration {
  readonly status: RegistrationStatus;
  /** Rows the block's moves were moved down (negative: up) from where the grid was found to put them. */
  readonly shift: number;
  /** The block's first move and move rows once registered (they differ from the grid's only for a grid found without a template). */
  readonly firstMove: number;
  readonly rows: number;
  readonly numbersRead: readonly NumberRead[];
}

export interface RowRegistration {
  readonly status: RegistrationStatus;
  /** Left to right, as the grid's blocks. */
  readonly blocks: readonly BlockRegistration[];
  /** Heading words read in rows the grid (as found) takes for move rows, e.g. `WHITE`, `BLACK`. */
  readonly headingWords: readonly string[];
  /** Why the rows are unconfirmed, in words (unconfirmed only). */
  readonly reason?: string;
}
