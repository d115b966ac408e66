/**
 * An upper bound on log P(reading | move) over every move there could be, in
 * one forward pass per reading: where moves differ (piece, origin, capture or
 * not, destination, promotion, check) the forward vectors take the elementwise
 * maximum of the choices; where a writer's spellings of one move differ (`x`,
 * `:` or nothing; SAN or long form) they are summed as the channel sums them.
 * Every step is monotone, so no move explains the reading better. The search
 * uses it as what a cell will cost at best, fixed before the search starts, so
 * hypotheses at different cells compare like with like.
 */
import { FILE_NAMES, RANK_NAMES } from '@zapis/core';
import { languageProfile, letterOf, type LanguageCode } from '@zapis/notation';
import type { SpellingPriors } from './channel-parameters.js';
import type { NoisyChannel } from './channel.js';

/** Texts of the grammar, encoded once per channel and language. */
interface BoundTexts {
  readonly pieces: readonly Int32Array[];
  /** Per promotion piece: `=Q`, `Q`, `(Q)`, `/Q` (in the language's letters). */
  readonly promotions: readonly (readonly Int32Array[])[];
  readonly files: readonly Int32Array[];
  readonly ranks: readonly Int32Array[];
  readonly marks: Readonly<Record<'x' | '-' | ':' | '+' | '#' | '++' | 'X' | 'e.p.' | 'ep' | 'O-O' | '0-0' | 'O-O-O' | '0-0-0', Int32Array>>;
  readonly empty: Int32Array;
}

function textsOf(channel: NoisyChannel, language: LanguageCode): BoundTexts {
  const profile = languageProfile(language) ?? languageProfile('en');
  const roles = ['king', 'queen', 'rook', 'bishop', 'knight'] as const;
  const letters = roles.map((role) => (profile ? letterOf(profile, role) : ''));
  const text = (value: string): Int32Array => channel.encode(value);
  return {
    pieces: letters.map(text),
    promotions: letters.slice(1).map((letter) => [`=${letter}`, letter, `(${letter})`, `/${letter}`].map(text)),
    files: [...FILE_NAMES].map(text),
    ranks: [...RANK_NAMES].map(text),
    marks: {
      'x': text('x'), '-': text('-'), ':': text(':'), '+': text('+'), '#': text('#'), '++': text('++'), 'X': text('X'), 'e.p.': text('e.p.'), 'ep': text('ep'),
      'O-O': text('O-O'), '0-0': text('0-0'), 'O-O-O': text('O-O-O'), '0-0-0': text('0-0-0'),
    },
    empty: new Int32Array(0),
  };
}

/** Forward vectors over one reading, with the two operations the bound needs. */
class BoundPass {
  private readonly scratch: Float64Array;
  constructor(private readonly channel: NoisyChannel, private readonly read: Int32Array) {
    this.scratch = new Float64Array(read.length + 1);
  }

  start(): Float64Array {
    return this.channel.startVector(this.read);
  }

  /** The elementwise maximum over texts of `before` followed by the text. */
  maxOver(before: Float64Array, texts: readonly Int32Array[]): Float64Array {
    const out = new Float64Array(before.length);
    for (const codes of texts) {
      this.channel.appendText(before, codes, this.read, this.scratch);
      for (let j = 0; j < out.length; j++) if (this.scratch[j] > out[j]) out[j] = this.scratch[j];
    }
    return out;
  }

  /**
   * At least the elementwise maximum over squares of `before` followed by the square: the best file,
   * then the best rank (every file and rank make a square, and writing a character is monotone).
   */
  maxSquare(before: Float64Array, files: readonly Int32Array[], ranks: readonly Int32Array[]): Float64Array {
    return this.maxOver(this.maxOver(before, files), ranks);
  }

  /** Σ weight · (`before` followed by the text): a spelling slot. */
  sum(before: Float64Array, variants: readonly (readonly [Int32Array, number])[]): Float64Array {
    const out = new Float64Array(before.length);
    for (const [codes, weight] of variants) {
      if (weight <= 0) continue;
      this.channel.appendText(before, codes, this.read, this.scratch);
      for (let j = 0; j < out.length; j++) out[j] += weight * this.scratch[j];
    }
    return out;
  }
}

const max = (...vectors: Float64Array[]): Float64Array => {
  const out = new Float64Array(vectors[0].length);
  for (const vector of vectors) for (let j = 0; j < out.length; j++) if (vector[j] > out[j]) out[j] = vector[j];
  return out;
};

const mix = (a: Float64Array, weightA: number, b: Float64Array, weightB: number): Float64Array => {
  const out = new Float64Array(a.length);
  for (let j = 0; j < out.length; j++) out[j] = weightA * a[j] + weightB * b[j];
  return out;
};

/** Bounds for every reading of one channel, language and spelling habit. */
export class EmissionBound {
  private readonly texts: BoundTexts;

  constructor(private readonly channel: NoisyChannel, language: LanguageCode, private readonly spelling: SpellingPriors) {
    this.texts = textsOf(channel, language);
  }

  /** max over moves of P(read | move), as a probability. */
  bound(read: Int32Array): number {
    const { texts: t, spelling: p } = this;
    const m = t.marks;
    const pass = new BoundPass(this.channel, read);
    const start = pass.start();
    const longForm = p.longForm;
    const sanShare = 1 - longForm;
    const capture = (before: Float64Array): Float64Array =>
      pass.sum(before, [[m.x, p.capture.x], [m[':'], p.capture.colon], [t.empty, p.capture.none]]);
    const square = (before: Float64Array): Float64Array => pass.maxSquare(before, t.files, t.ranks);
    const longOrigin = (before: Float64Array): Float64Array => {
      const from = square(before);
      return pass.sum(from, [[m['-'], p.longDash], [t.empty, 1 - p.longDash]]);
    };
    const marked = (before: Float64Array): Float64Array => max(
      before,
      pass.sum(before, [[m['+'], p.check.plus], [t.empty, p.check.none]]),
      pass.sum(before, [[m['#'], p.mate.hash], [m['+'], p.mate.plus], [m['++'], p.mate.doublePlus], [m.X, p.mate.cross], [t.empty, p.mate.none]]),
    );

    // Pieces: letter, then SAN origin (none, file, rank or square) or long form, then destination.
    const lettered = pass.maxOver(start, t.pieces);
    const sanOrigins = max(lettered, pass.maxOver(lettered, t.files), pass.maxOver(lettered, t.ranks), square(lettered));
    const pieceQuiet = mix(sanOrigins, sanShare, longOrigin(lettered), longForm);
    const pieceCapture = capture(mix(sanOrigins, sanShare, square(lettered), longForm));
    const pieceMoves = square(max(pieceQuiet, pieceCapture));

    // Pawns: no letter; a capture names the file it comes from, and may be written by files only.
    const pawnQuietTo = square(mix(start, sanShare, longOrigin(start), longForm));
    const pawnCaptureFrom = capture(mix(pass.maxOver(start, t.files), sanShare, square(start), longForm));
    const pawnCaptureTo = square(pawnCaptureFrom);
    const pawnCapture = max(pawnCaptureTo, pass.maxOver(pawnCaptureFrom, t.files));
    const reachedLastRank = max(pawnQuietTo, pawnCaptureTo);
    let promotions: Float64Array = new Float64Array(start.length);
    for (const [equals, plain, parentheses, slash] of t.promotions) {
      promotions = max(promotions, pass.sum(reachedLastRank, [[equals, p.promotion.equals], [plain, p.promotion.plain],
        [parentheses, p.promotion.parentheses], [slash, p.promotion.slash]]));
    }
    const enPassant = pass.sum(marked(pawnCapture), [[t.empty, p.enPassant.none], [m['e.p.'], p.enPassant.dotted], [m.ep, p.enPassant.plain]]);

    // Castling, either side, zeros or letters.
    const castling = max(
      pass.sum(start, [[m['O-O'], 1 - p.castlingZeros], [m['0-0'], p.castlingZeros]]),
      pass.sum(start, [[m['O-O-O'], 1 - p.castlingZeros], [m['0-0-0'], p.castlingZeros]]),
    );

    // Check or mate marks follow any move; en passant's `e.p.` comes after them.
    const all = max(marked(max(pieceMoves, pawnQuietTo, pawnCapture, promotions, castling)), enPassant);
    return all[read.length];
  }
}
