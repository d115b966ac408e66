/**
 * A header value as PGN files it: a date in PGN's form (`2025.??.??`), a round as a round number, a rating as a
 * number, a name with the spaces a person types. A value that cannot be put in that form is doubtful, with the reason.
 */
import { pgnDateOf } from '@zapis/sheet';

export type HeaderValue = { readonly value: string } | { readonly doubt: string };

/** `1`, `3.2` (a round of a match, a board of a round): whole numbers joined by periods. */
const ROUND = /^\d+(\.\d+)*$/;

/**
 * A date whose month or day the reader gave as sevens and question marks where the sheet has `??` (the header reader
 * takes a printed `?` for a `7`): such a part that no month or day can be ("77", "7?", "?") is unknown.
 */
function unknownPartsAsPrinted(text: string): string {
  const [year, ...rest] = text.split('.');
  return [year, ...rest.map((part) => (/^[7?]{1,2}$/.test(part) && part !== '7' ? '??' : part))].join('.');
}

/**
 * The tag's value for what the sheet says (`written`); `now` (ms since 1970) bounds a date. A round loses a trailing
 * period ("3." is round 3); a name gets a space after its comma, and one cut at its comma ("Psakhis,") is doubtful.
 */
export function headerValue(tag: string, written: string, now = Date.now()): HeaderValue {
  const text = written.trim().replace(/\s+/g, ' ');
  switch (tag) {
    case 'Date': {
      const date = pgnDateOf(text, now) ?? pgnDateOf(unknownPartsAsPrinted(text), now);
      return date === undefined ? { doubt: 'not a date' } : { value: date };
    }
    case 'Round': {
      const number = text.replace(/\s/g, '').replace(/\.$/, '');
      return ROUND.test(number) || number === '-' ? { value: number } : { doubt: 'not a round number' };
    }
    case 'WhiteElo': case 'BlackElo': {
      const rating = text.replace(/\s/g, '');
      return /^\d{3,4}$/.test(rating) ? { value: rating } : { doubt: 'not a rating' };
    }
    case 'White': case 'Black':
      if (/,$/.test(text)) return { doubt: 'cut short after the comma' };
      return text === '' ? { doubt: 'empty' } : { value: text.replace(/,(?=\p{L})/gu, ', ') };
    default:
      return text === '' ? { doubt: 'empty' } : { value: text };
  }
}
