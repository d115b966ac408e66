/**
 * Games with nothing to report, sent from a worker as a few typed arrays
 * instead of one object each: when the report prints only problems (text,
 * GitHub annotations, SARIF), a clean game is a line, a ply count, a language
 * and a duplicate key, and copying a hundred thousand records between threads
 * would cost more than validating them.
 */
import type { GameRecord } from './record.js';

export interface CleanGames {
  readonly file: string;
  /** Per game of the batch, in order: 1 when it is clean (and here), 0 when its record is among the batch's records. */
  readonly isClean: Uint8Array;
  readonly lines: Int32Array;
  readonly plies: Int32Array;
  /** The duplicate-game key, NaN for none. */
  readonly duplicateKeys: Float64Array;
  /** Index into `languageNames`. */
  readonly languages: Uint8Array;
  readonly languageNames: readonly string[];
}

const NO_DIAGNOSTICS: GameRecord['diagnostics'] = Object.freeze([]);

/** A record the report needs only to count: ok, nothing found, no outcome on the board, no moves kept. */
function isClean(record: GameRecord): boolean {
  return record.status === 'ok' && record.diagnostics.length === 0 && record.repairs === undefined && record.outcome === undefined &&
    record.san === undefined && record.fen === undefined;
}

/** The memory of the arrays, to move to another thread instead of copying. */
export function transferables(clean: CleanGames): ArrayBuffer[] {
  return [clean.isClean, clean.lines, clean.plies, clean.duplicateKeys, clean.languages].map((array) => array.buffer as ArrayBuffer);
}

/** Splits a batch's records into the clean games (as arrays) and the records that have something to report. */
export function packCleanGames(file: string, records: readonly GameRecord[]): { readonly clean: CleanGames; readonly reported: GameRecord[] } {
  const isCleanAt = new Uint8Array(records.length);
  const lines = new Int32Array(records.length);
  const plies = new Int32Array(records.length);
  const duplicateKeys = new Float64Array(records.length);
  const languages = new Uint8Array(records.length);
  const languageNames: string[] = [];
  const reported: GameRecord[] = [];
  let count = 0;
  records.forEach((record, at) => {
    if (!isClean(record)) {
      reported.push(record);
      return;
    }
    isCleanAt[at] = 1;
    lines[count] = record.line;
    plies[count] = record.plies;
    duplicateKeys[count] = record.duplicateKey ?? NaN;
    let language = languageNames.indexOf(record.language);
    if (language < 0) language = languageNames.push(record.language) - 1;
    languages[count] = language;
    count++;
  });
  return {
    clean: {
      file, isClean: isCleanAt, lines: lines.slice(0, count), plies: plies.slice(0, count),
      duplicateKeys: duplicateKeys.slice(0, count), languages: languages.slice(0, count), languageNames,
    },
    reported,
  };
}

/** The games of a batch again, in order, as records (clean ones without tags: the report does not print them). */
export function* unpackGames(clean: CleanGames | undefined, reported: readonly GameRecord[]): Generator<GameRecord> {
  if (clean === undefined) {
    yield* reported;
    return;
  }
  let next = 0;
  let nextReported = 0;
  for (let at = 0; at < clean.isClean.length; at++) {
    if (clean.isClean[at] === 0) {
      yield reported[nextReported++];
      continue;
    }
    const key = clean.duplicateKeys[next];
    yield {
      file: clean.file, index: 0, line: clean.lines[next], language: clean.languageNames[clean.languages[next]], status: 'ok',
      plies: clean.plies[next], diagnostics: NO_DIAGNOSTICS, duplicateKey: Number.isNaN(key) ? undefined : key,
    };
    next++;
  }
}
