/**
 * A PGN date (`YYYY.MM.DD`, unknown parts as `?`) as a sheet prints it:
 * unknown parts are left blank for the arbiter's pen, never printed as `??`.
 * `2024.??.??` → "2024", `2024.05.??` → "2024.05", `????.05.17` → "    .05.17".
 */
const PGN_DATE = /^([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})$/;

const isKnown = (part: string): boolean => !part.includes('?');

/** The date to print, or undefined when nothing of it is known; other spellings are printed as written. */
export function formatPgnDate(tag: string): string | undefined {
  const value = tag.trim();
  const match = PGN_DATE.exec(value);
  if (match === null) return value === '' || /^[?.\s]+$/.test(value) ? undefined : value;
  const parts = match.slice(1, 4);
  const lastKnown = parts.map(isKnown).lastIndexOf(true);
  if (lastKnown < 0) return undefined;
  // Trailing unknown parts are dropped; an unknown part before a known one stays as blank room to write in.
  return parts.slice(0, lastKnown + 1).map((part) => (isKnown(part) ? part : ' '.repeat(part.length))).join('.');
}

/** Before the oldest recorded games of modern chess: a year read as earlier is a misreading. */
const EARLIEST_YEAR = 1400;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Letters a reader gives for digits in a date field. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', S: '5', B: '8' };

/** A date part as written: digits, or unknown (`?` marks or nothing written); undefined when neither. */
function writtenPart(part: string, length: number): number | undefined | null {
  if (part === '' || /^\?+$/.test(part)) return null;
  if (!/^\d+$/.test(part) || part.length > length || (length === 4 && part.length !== 4)) return undefined;
  return Number(part);
}

const pad = (value: number | null, length: number): string => (value === null ? '?'.repeat(length) : String(value).padStart(length, '0'));

/**
 * A date as written on a sheet, in PGN's form (`YYYY.MM.DD`, `??` for unknown parts), or undefined when it is no date
 * a game can have. It undoes `formatPgnDate` ("2024" → `2024.??.??`, "    .05.17" → `????.05.17`) and takes a
 * hand's usual ways: `2024-05-17`, `2024/05/17`, `17.05.2024`, `17/05/2024` (day first), trailing separators
 * ("1983..."), spaces around separators, and O or l for 0 or 1. The day must exist in its month, the year lie between
 * the first recorded games and `now` (milliseconds since 1970; a day's grace for time zones).
 */
export function pgnDateOf(written: string, now = Date.now()): string | undefined {
  const text = [...written.trim()].map((char) => DIGIT_LOOKALIKES[char] ?? char).join('')
    .replace(/\s*([./-])\s*/g, '$1').replace(/[./-]+$/, '');
  if (text === '' || /\s/.test(text)) return undefined;
  const parts = text.split(/[./-]/);
  if (parts.length > 3) return undefined;
  // Day first when the last of three parts is the year; else year, month, day (the year may be left blank).
  const ordered = parts.length === 3 && parts[2].length === 4 && parts[0].length <= 2 ? [parts[2], parts[1], parts[0]] : parts;
  const [year, month, day] = [writtenPart(ordered[0], 4), writtenPart(ordered[1] ?? '', 2), writtenPart(ordered[2] ?? '', 2)];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (year === null && month === null && day === null) return undefined;
  if (year !== null && (year < EARLIEST_YEAR || Date.UTC(year, 0, 1) > now + 36 * 3600_000)) return undefined;
  if (month !== null && (month < 1 || month > 12)) return undefined;
  if (day !== null) {
    const days = month === null ? 31 : month === 2 && year !== null && !isLeapYear(year) ? 28 : DAYS_IN_MONTH[month - 1];
    if (day < 1 || day > days) return undefined;
    if (year !== null && month !== null && Date.UTC(year, month - 1, day) > now + 36 * 3600_000) return undefined;
  }
  return `${pad(year, 4)}.${pad(month, 2)}.${pad(day, 2)}`;
}
