/**
 * Whether Date tag values can be true, remembered per distinct value: an
 * archive repeats a few thousand dates over millions of games, so each is
 * parsed and judged once. What is remembered does not depend on the time (a
 * date's earliest day); "in the future" is decided against the clock, which
 * is read again only for a date not yet past at the last reading, since time
 * goes forward: a run of dates in the past reads it once.
 */
import { earliestMoment, impossibleDateReason, isFuture, parseTagDate } from './tag-values.js';

/** A well-formed date is this long; only such values are remembered (so short a string keeps no larger text alive). */
const DATE_LENGTH = 10;
/** Distinct values remembered at most: past it they are forgotten and judged again (random dates cost time, not memory). */
const MAX_REMEMBERED = 8192;
/** The earliest day remembered for a date that cannot be true at any time (malformed, or no such day). */
const NEVER = Infinity;

function earliestPossibleMoment(value: string): number {
  const date = parseTagDate(value);
  // At an infinite `now` nothing is in the future: a reason is one no time mends.
  if (date === undefined || impossibleDateReason(date, Infinity) !== undefined) return NEVER;
  return earliestMoment(date);
}

export class PossibleDates {
  private readonly earliestByValue = new Map<string, number>();
  /** The clock as last read (ms since 1970). */
  private clock = -Infinity;

  /**
   * Whether `value` is a well-formed date that can be true at `now` (by
   * default the clock), as parseTagDate and impossibleDateReason judge it.
   */
  isPossible(value: string, now?: number): boolean {
    if (value.length !== DATE_LENGTH) return false;
    let earliest = this.earliestByValue.get(value);
    if (earliest === undefined) {
      earliest = earliestPossibleMoment(value);
      if (this.earliestByValue.size >= MAX_REMEMBERED) this.earliestByValue.clear();
      this.earliestByValue.set(value, earliest);
    }
    if (earliest === NEVER) return false;
    if (now !== undefined) return !isFuture(earliest, now);
    if (!isFuture(earliest, this.clock)) return true;
    this.clock = Date.now();
    return !isFuture(earliest, this.clock);
  }
}
