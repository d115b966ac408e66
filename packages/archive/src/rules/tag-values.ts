/**
 * The formats the PGN standard gives tag values (Date "YYYY.MM.DD" with ?? for
 * unknown parts, Round "1", "3.2", "?" or "-", Result, SetUp "0"/"1"), and
 * which well-formed dates cannot be true. Plain character loops: a hostile
 * 10 MB value costs one pass that stops at the first wrong character.
 */

/** Whether `value` is a result the standard allows (1-0, 0-1, 1/2-1/2, *), compared directly: a value read from a game is a new string, which a set would hash first. */
export function isResultValue(value: string): boolean {
  return value === '1-0' || value === '0-1' || value === '1/2-1/2' || value === '*';
}

/** Before the oldest recorded games of modern chess (Castellví–Vinyoles, Valencia, c. 1475). */
export const EARLIEST_YEAR = 1400;

/** Time zones run up to UTC+14: a game "today" somewhere may be tomorrow in UTC. */
const FUTURE_SLACK_MS = 36 * 60 * 60 * 1000;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const QUESTION = 63;

/** A part of a date: its number, or -1 when written as question marks; undefined when neither. */
function datePart(value: string, start: number, length: number): number | undefined {
  let number = 0;
  let digits = 0;
  for (let index = start; index < start + length; index++) {
    const code = value.charCodeAt(index);
    if (isDigit(code)) {
      number = number * 10 + code - 48;
      digits++;
    } else if (code !== QUESTION) return undefined;
  }
  if (digits === length) return number;
  return digits === 0 ? -1 : undefined;
}

export interface TagDate {
  /** -1 where the part is unknown (`??`). */
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** `YYYY.MM.DD`, each part digits or question marks; undefined when not in that form. */
export function parseTagDate(value: string): TagDate | undefined {
  if (value.length !== 10 || value.charCodeAt(4) !== 46 || value.charCodeAt(7) !== 46) return undefined;
  const year = datePart(value, 0, 4);
  const month = datePart(value, 5, 2);
  const day = datePart(value, 8, 2);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  return { year, month, day };
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(month: number, year: number): number {
  if (month === 2) return year < 0 || isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Why a well-formed date cannot be true, or undefined when it can; `now` in milliseconds since 1970. */
export function impossibleDateReason(date: TagDate, now: number): string | undefined {
  const { year, month, day } = date;
  if (year >= 0 && year < EARLIEST_YEAR) return `the year ${String(year).padStart(4, '0')} is before any recorded game of modern chess`;
  if (month === 0 || month > 12) return `there is no month ${String(month).padStart(2, '0')}`;
  if (day === 0) return 'there is no day 00';
  if (day > 31) return `no month has ${day} days`;
  if (month > 0 && day > daysInMonth(month, year)) {
    const leap = month === 2 && day === 29;
    return leap ? `${year} is not a leap year: February has 28 days` : `${MONTH_NAMES[month - 1]} has ${daysInMonth(month, year)} days`;
  }
  if (isFuture(earliestMoment(date), now)) return 'the date is in the future';
  return undefined;
}

/** The earliest day a date can mean (ms since 1970), unknown parts taken as the first month or day; -Infinity when the year is unknown. */
export function earliestMoment(date: TagDate): number {
  const { year, month, day } = date;
  return year >= 0 ? Date.UTC(year, month > 0 ? month - 1 : 0, day > 0 ? day : 1) : -Infinity;
}

/** Whether a date whose earliest day is `earliest` is still to come at `now` everywhere on Earth. */
export const isFuture = (earliest: number, now: number): boolean => earliest > now + FUTURE_SLACK_MS;

/** `?`, `-`, or whole numbers joined by periods (`3`, `3.2`, `1.2.3`). */
export function isRoundValue(value: string): boolean {
  if (value === '?' || value === '-') return true;
  let digitsInPart = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (isDigit(code)) digitsInPart++;
    else if (code === 46 && digitsInPart > 0) digitsInPart = 0;
    else return false;
  }
  return digitsInPart > 0;
}

export const isSetUpValue = (value: string): boolean => value === '0' || value === '1';

/** A value for a message: quoted, and cut short when long. */
export function quoteValue(value: string, limit = 40): string {
  return JSON.stringify(value.length > limit ? `${value.slice(0, limit)}…` : value);
}
