/**
 * A writer is consistent: one who writes long form, `:` for captures or
 * `0-0` does so all game. Before decoding, the readings themselves tell which
 * habits this sheet shows, and the spelling priors lean that way (smoothed, so
 * one odd cell does not decide it).
 */
import type { SpellingPriors } from './channel-parameters.js';
import type { Sheet } from './readings.js';

const LONG_FORM = /^[A-Z]?[a-h][1-8][-:x]?[a-h][1-8]/;
const LONG_DASH = /^[A-Z]?[a-h][1-8]-/;
const CASTLING = /^[0Oo][-–][0Oo]/;

const share = (hits: number, total: number, prior: number, weight = 4): number => (hits + weight * prior) / (total + weight);
const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

export function adaptSpelling(sheets: readonly Sheet[], base: SpellingPriors): SpellingPriors {
  let cells = 0, long = 0, dashed = 0, crosses = 0, colons = 0, zeros = 0, castlings = 0;
  for (const sheet of sheets) {
    for (const cell of sheet.cells) {
      const text = cell.readings[0]?.text.replace(/\s+/g, '') ?? '';
      if (text === '') continue;
      cells++;
      if (LONG_FORM.test(text)) {
        long++;
        if (LONG_DASH.test(text)) dashed++;
      }
      if (/[a-h1-8]x[a-h]/.test(text)) crosses++;
      if (/[a-h1-8A-Z]:[a-h]/.test(text)) colons++;
      if (CASTLING.test(text)) {
        castlings++;
        if (text[0] === '0') zeros++;
      }
    }
  }
  const marks = crosses + colons;
  const markedShare = 1 - base.capture.none;
  const xShare = share(crosses, marks, base.capture.x / markedShare);
  return {
    ...base,
    longForm: clamp(share(long, cells, base.longForm), 0.02, 0.95),
    longDash: clamp(share(dashed, long, base.longDash), 0.05, 0.95),
    capture: { x: markedShare * xShare, colon: markedShare * (1 - xShare), none: base.capture.none },
    castlingZeros: clamp(share(zeros, castlings, base.castlingZeros), 0.05, 0.95),
  };
}
