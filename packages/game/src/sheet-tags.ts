/**
 * The tags of a game put together from two scoresheets. A value only one sheet
 * knows is taken; where both know a value and they differ, the merged tag says
 * `?` (PGN's "unknown") and the conflict is kept with both values, so nothing
 * is chosen silently. The result is the termination marker (or the Result tag)
 * of each sheet.
 */
import type { ParsedGame, ResultText } from '@zapis/notation';
import { tagValue } from './start-position.js';

export interface TagConflict {
  readonly name: string;
  readonly first: string;
  readonly second: string;
}

export interface MergedTags {
  /** In the first sheet's order, then the second's own. */
  readonly tags: readonly (readonly [string, string])[];
  readonly conflicts: readonly TagConflict[];
  /** The game's result, '*' when neither sheet gives one or they contradict each other. */
  readonly result: ResultText;
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2'];

/** Values that say nothing: PGN's unknown markers and an empty string. */
const isUnknown = (value: string): boolean => /^[?.\s-]*$/.test(value) || value === '*';

/** What a sheet says the result was: its termination marker, else its Result tag. */
export function sheetResult(game: ParsedGame): string | undefined {
  const written = game.result?.text ?? tagValue(game.tags, 'Result');
  if (written === undefined) return undefined;
  return written === '½-½' ? '1/2-1/2' : written;
}

export function mergeSheetTags(first: ParsedGame, second: ParsedGame): MergedTags {
  const values = new Map<string, { first?: string; second?: string }>();
  for (const tag of first.tags) if (!values.has(tag.name)) values.set(tag.name, { first: tag.value });
  for (const tag of second.tags) {
    const entry = values.get(tag.name) ?? {};
    if (entry.second === undefined) values.set(tag.name, { ...entry, second: tag.value });
  }
  values.set('Result', { first: sheetResult(first), second: sheetResult(second) });
  const tags: [string, string][] = [];
  const conflicts: TagConflict[] = [];
  let result: ResultText = '*';
  for (const [name, entry] of values) {
    const known = [entry.first, entry.second].filter((value): value is string => value !== undefined && !isUnknown(value));
    const clash = known.length === 2 && known[0].trim() !== known[1].trim();
    if (clash) conflicts.push({ name, first: entry.first ?? '', second: entry.second ?? '' });
    const value = clash ? undefined : known[0];
    if (name === 'Result') {
      result = value !== undefined && RESULTS.includes(value) ? (value as ResultText) : '*';
      tags.push([name, result]);
    } else {
      tags.push([name, clash ? '?' : value ?? entry.first ?? entry.second ?? '?']);
    }
  }
  return { tags, conflicts, result };
}
