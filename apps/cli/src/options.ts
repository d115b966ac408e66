/** Flag values shared by several commands, checked once. */
import { LANGUAGE_CODES, type LanguageCode } from '@zapis/notation';
import { UsageError } from './io.js';

export function parseLanguage(value: string, allowAuto: true): LanguageCode | 'auto';
export function parseLanguage(value: string, allowAuto: false): LanguageCode;
export function parseLanguage(value: string, allowAuto: boolean): LanguageCode | 'auto' {
  if (allowAuto && value === 'auto') return 'auto';
  if ((LANGUAGE_CODES as readonly string[]).includes(value)) return value as LanguageCode;
  throw new UsageError(`unknown language '${value}' (expected ${allowAuto ? 'auto or ' : ''}one of ${LANGUAGE_CODES.join(', ')})`);
}

export function parseChoice<T extends string>(flag: string, value: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${choices.join(', ')}, not '${value}'`);
}

/** A whole number of at least 1 (`--jobs`, `--max-errors`, …). */
export function parsePositive(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`${flag} wants a whole number of at least 1, not '${value}'`);
  return number;
}

/** `--review-threshold`: a confidence from 0 to 1 below which moves are flagged. */
export function parseReviewThreshold(value: string): number {
  const threshold = Number(value);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw new UsageError(`--review-threshold must be a number from 0 to 1, not '${value}'`);
  }
  return threshold;
}
