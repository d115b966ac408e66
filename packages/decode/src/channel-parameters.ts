/**
 * Every number of the noisy channel P(reading | true move) in one place, as
 * plain data: how characters are misread (OCR of print and handwriting), how
 * often they are lost or appear from nowhere, and how players spell a move.
 * `fitChannel` returns the character part in the same shape, re-estimated
 * from (written, read) pairs.
 */

/** Per written character: how it is read (relative weights given that it is misread). */
export type ConfusionTable = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface CharacterRates {
  /** Probability the character is read as itself. */
  readonly keep: number;
  /** Probability it is lost. The rest (1 - keep - deletion) is a substitution. */
  readonly deletion: number;
}

export interface ChannelParameters {
  /** Default rates for every written character. */
  readonly rates: CharacterRates;
  /** Rates for particular written characters (fitted ones land here). */
  readonly characterRates: Readonly<Record<string, CharacterRates>>;
  /** Probability of one more stray character at any gap (geometric: k strays cost insertion^k). */
  readonly insertion: number;
  /** Relative weights of stray characters; characters not listed weigh `insertedOther`. */
  readonly inserted: Readonly<Record<string, number>>;
  readonly insertedOther: number;
  /** Relative weights of what a misread character becomes; unlisted characters weigh `substitutedOther`. */
  readonly confusions: ConfusionTable;
  readonly substitutedOther: number;
}

/** How one writer may write a move, as probabilities of each variant (each group sums to 1). */
export interface SpellingPriors {
  /** SAN (`Sf3`) or long form (`Sg1-f3`, `Sg1f3`). */
  readonly longForm: number;
  /** In long form, a non-capture written with `-` (else nothing) between the squares. */
  readonly longDash: number;
  readonly capture: { readonly x: number; readonly colon: number; readonly none: number };
  /** A pawn capture written by files only (`ed`, `e:d`; FIDE Appendix C allows it). */
  readonly pawnCaptureFilesOnly: number;
  readonly check: { readonly plus: number; readonly none: number };
  readonly mate: { readonly hash: number; readonly plus: number; readonly doublePlus: number; readonly cross: number; readonly none: number };
  /** `0-0` (zeros) against `O-O`. */
  readonly castlingZeros: number;
  readonly promotion: { readonly equals: number; readonly plain: number; readonly parentheses: number; readonly slash: number };
  readonly enPassant: { readonly none: number; readonly dotted: number; readonly plain: number };
}

/** What a cell or a game looks like apart from the moves themselves. */
export interface LayoutPriors {
  /** A half-move nobody wrote (time trouble, FIDE Art. 8.4). */
  readonly unwritten: number;
  /** A cell that holds no move (a stray mark, a number misread as a move). */
  readonly noiseCell: number;
  /** Two neighbouring cells hold one move (a move split by a space). */
  readonly splitMove: number;
  /** Two neighbouring half-moves written in each other's cells. */
  readonly swappedCells: number;
  /** A cell explains a half-move other than the one its line number and column suggest (a misread number, a shifted column). */
  readonly misplacedCell: number;
  /** The readings stop making sense: the rest of the sheet is explained by nothing. */
  readonly abandon: number;
  /** A character of a noise cell: 1 / (size of the alphabet of stray marks). */
  readonly noiseCharacter: number;
  /** The same for digits and punctuation (a misread move number is the commonest noise cell). */
  readonly numberLikeNoiseCharacter: number;
}

/** Mutually confusable characters (both directions), with a relative weight. */
const CONFUSABLE: readonly (readonly [string, string, number])[] = [
  // letters of squares
  ['e', 'c', 10], ['e', 'o', 3], ['c', 'o', 3], ['a', 'o', 4], ['a', 'e', 3], ['a', 'd', 2], ['a', 'q', 2], ['a', 'u', 1],
  ['b', 'h', 5], ['b', '6', 8], ['b', 'G', 3], ['b', 'd', 2], ['h', 'k', 3], ['h', 'n', 4], ['h', 'b', 2], ['h', '4', 2],
  ['d', '4', 6], ['d', 'A', 2], ['d', 'a', 2], ['f', 't', 5], ['f', 'F', 6], ['f', '1', 2], ['f', 'r', 2],
  ['g', '9', 10], ['g', 'q', 8], ['g', 'y', 2], ['g', '8', 2], ['g', 'G', 3],
  // digits of squares
  ['1', 'l', 12], ['1', 'I', 12], ['1', '|', 8], ['1', '7', 6], ['1', 'i', 3], ['1', 't', 2], ['1', '!', 2], ['1', ']', 1],
  ['l', 'I', 10], ['l', '|', 8], ['I', '|', 8], ['l', 'i', 3], ['7', 'T', 2], ['7', '?', 1], ['7', '/', 1],
  ['2', 'Z', 8], ['2', 'z', 5], ['Z', 'z', 5], ['2', '7', 3], ['2', '3', 2], ['2', 'a', 1],
  ['3', '8', 4], ['3', '5', 3], ['3', 'B', 3], ['3', '9', 2], ['3', 'E', 1],
  ['4', 'A', 6], ['4', 'a', 2], ['4', '9', 2], ['4', 'H', 1],
  ['5', 'S', 12], ['5', 's', 5], ['5', '6', 3], ['5', '$', 2], ['5', '3', 2],
  ['6', 'G', 8], ['6', '8', 3], ['6', '0', 2], ['6', 'b', 2], ['6', 'C', 1],
  ['8', 'B', 10], ['8', '&', 2], ['8', '9', 2], ['8', '0', 2], ['8', 'S', 2], ['8', 's', 1],
  ['9', 'q', 6], ['9', 'g', 2], ['9', '0', 1],
  // castling, piece letters
  ['0', 'O', 15], ['0', 'o', 10], ['O', 'o', 10], ['0', 'Q', 2], ['O', 'Q', 4], ['0', 'D', 2], ['O', 'D', 3], ['0', 'C', 1],
  ['S', 's', 8], ['S', '$', 2], ['S', '§', 2], ['G', 'C', 4], ['G', '6', 2], ['W', 'w', 6], ['W', 'V', 4], ['W', 'M', 3], ['W', 'H', 1],
  ['H', 'N', 2], ['H', 'K', 2], ['H', 'M', 2], ['H', 'h', 4], ['H', 'I', 1], ['K', 'k', 5], ['K', 'X', 2], ['K', 'R', 1],
  ['N', 'M', 3], ['N', 'n', 4], ['N', 'H', 1], ['R', 'B', 3], ['R', 'P', 2], ['R', 'K', 1], ['B', 'E', 2], ['Q', 'D', 2],
  ['D', 'O', 2], ['T', 't', 3], ['L', 'l', 2], ['C', 'c', 6], ['A', 'a', 3], ['F', 'E', 2], ['P', 'p', 4], ['P', 'F', 2],
  // marks
  ['x', 'X', 12], ['x', '+', 6], ['X', '+', 4], ['x', '*', 5], ['X', '*', 3], ['x', 'y', 2], ['x', 'K', 1], ['x', 'k', 1], ['x', '×', 3],
  [':', ';', 10], [':', '.', 8], [';', '.', 3], [':', '!', 2], [':', 'i', 2], [':', ',', 3], ['.', ',', 10], ['.', "'", 3],
  ['-', '–', 10], ['-', '—', 8], ['-', '_', 5], ['-', '~', 3], ['-', '.', 2], ['-', '=', 3], ['+', 't', 2], ['+', '#', 3],
  ['#', 'H', 2], ['#', '*', 2], ['=', ':', 1], ['(', 'C', 1], [')', 'J', 1],
  // Polish diacritics an OCR engine trained on Polish text likes to add
  ['e', 'ę', 4], ['c', 'ć', 3], ['a', 'ą', 3], ['o', 'ó', 4], ['n', 'ń', 3], ['l', 'ł', 4], ['t', 'ł', 2], ['s', 'ś', 2], ['z', 'ż', 2],
];

function symmetricTable(pairs: readonly (readonly [string, string, number])[]): ConfusionTable {
  const table: Record<string, Record<string, number>> = {};
  for (const [a, b, weight] of pairs) {
    if (weight <= 0 || a.length !== 1 || b.length !== 1) continue;
    (table[a] ??= {})[b] = Math.max(table[a][b] ?? 0, weight);
    (table[b] ??= {})[a] = Math.max(table[b][a] ?? 0, weight);
  }
  return table;
}

export const DEFAULT_CHANNEL_PARAMETERS: ChannelParameters = {
  rates: { keep: 0.94, deletion: 0.015 },
  characterRates: {},
  insertion: 0.015,
  inserted: { '.': 10, ',': 8, "'": 5, '`': 3, '-': 3, ':': 3, '|': 4, '1': 2, 'l': 2, 'i': 2, '"': 2, '*': 1, '+': 1, ';': 2 },
  insertedOther: 0.3,
  confusions: symmetricTable(CONFUSABLE),
  substitutedOther: 0.08,
};

/** Spelling habits by language; languages not listed use `DEFAULT_SPELLING`. */
export const DEFAULT_SPELLING: SpellingPriors = {
  longForm: 0.1,
  longDash: 0.6,
  capture: { x: 0.75, colon: 0.1, none: 0.15 },
  pawnCaptureFilesOnly: 0.02,
  check: { plus: 0.65, none: 0.35 },
  mate: { hash: 0.45, plus: 0.25, doublePlus: 0.08, cross: 0.07, none: 0.15 },
  castlingZeros: 0.4,
  promotion: { equals: 0.45, plain: 0.4, parentheses: 0.1, slash: 0.05 },
  enPassant: { none: 0.75, dotted: 0.2, plain: 0.05 },
};

export const SPELLING_BY_LANGUAGE: Readonly<Record<string, SpellingPriors>> = {
  pl: {
    ...DEFAULT_SPELLING,
    capture: { x: 0.2, colon: 0.5, none: 0.3 },
    mate: { hash: 0.2, plus: 0.25, doublePlus: 0.1, cross: 0.3, none: 0.15 },
    castlingZeros: 0.75,
    promotion: { equals: 0.25, plain: 0.6, parentheses: 0.1, slash: 0.05 },
  },
  ru: { ...DEFAULT_SPELLING, capture: { x: 0.4, colon: 0.4, none: 0.2 }, castlingZeros: 0.8 },
};

export const DEFAULT_LAYOUT: LayoutPriors = {
  unwritten: 0.004,
  noiseCell: 0.004,
  splitMove: 0.01,
  swappedCells: 0.0005,
  misplacedCell: 0.03,
  abandon: 1e-9,
  noiseCharacter: 1 / 60,
  numberLikeNoiseCharacter: 1 / 12,
};

/**
 * A reading below this confidence (0..1) of its half-move goes on the review list. A move left
 * unflagged at confidence c is wrong with probability 1 - c; the threshold is chosen (at 5% noise per
 * character, with the fitted move prior) for few wrong moves among those left unflagged with a small
 * share of the moves to review. (A move read otherwise than it is written goes on the list whatever its
 * confidence: corrections.ts.)
 */
export const DEFAULT_REVIEW_THRESHOLD = 0.99;
