/**
 * Scores reader output against the truth, per kind of image. Moves are
 * compared ply by ply as bare SAN (check marks and castling zeros do not
 * count); a missing or extra ply is a wrong move. A missing ply is also a
 * wrong move NOT sent to review: it was lost silently, the worst outcome.
 */
import { basename } from 'node:path';

/** The part of a `zapis read` / `zapis decode` NDJSON game object the bench uses. */
export interface ReadMove {
  readonly san: string;
  readonly review: boolean;
  readonly confidence?: number;
}

export interface ReadGame {
  readonly file: string;
  readonly moves: readonly ReadMove[];
  readonly status?: string;
  readonly error?: string;
}

export interface ParsedOutput {
  /** Game objects by file base name, in output order. */
  readonly games: ReadonlyMap<string, readonly ReadGame[]>;
  readonly summary?: Readonly<Record<string, unknown>>;
  /** Lines that were not JSON or not a game: kept to report, never dropped silently. */
  readonly strayLines: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toMove(value: unknown): ReadMove | undefined {
  if (!isRecord(value) || typeof value.san !== 'string') return undefined;
  return {
    san: value.san, review: value.review === true,
    ...(typeof value.confidence === 'number' ? { confidence: value.confidence } : {}),
  };
}

/** Reads NDJSON output: one game object per line, a `{"summary": …}` line last. */
export function parseNdjson(text: string): ParsedOutput {
  const games = new Map<string, ReadGame[]>();
  const strayLines: string[] = [];
  let summary: Record<string, unknown> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      strayLines.push(line);
      continue;
    }
    if (isRecord(value) && isRecord(value.summary)) {
      summary = value.summary;
      continue;
    }
    if (!isRecord(value) || typeof value.file !== 'string') {
      strayLines.push(line);
      continue;
    }
    const moves = Array.isArray(value.moves) ? value.moves.map(toMove).filter((move): move is ReadMove => move !== undefined) : [];
    const game: ReadGame = {
      file: value.file, moves,
      ...(typeof value.status === 'string' ? { status: value.status } : {}),
      ...(typeof value.error === 'string' ? { error: value.error } : isRecord(value.error) ? { error: JSON.stringify(value.error) } : {}),
    };
    // A game read from both players' sheets is found under each sheet's file.
    const sheetFiles = Array.isArray(value.sheets) ? value.sheets.flatMap((sheet) => (isRecord(sheet) && typeof sheet.file === 'string' ? [sheet.file] : [])) : [];
    for (const key of new Set([value.file, ...sheetFiles].map((file) => basename(file)))) games.set(key, [...(games.get(key) ?? []), game]);
  }
  return { games, ...(summary ? { summary } : {}), strayLines };
}

/** SAN without check/mate marks and annotation, castling with letter O. */
export function bareSan(san: string): string {
  const bare = san.trim().replace(/\s*e\.p\.$/u, '').replace(/[+#!?]+$/u, '');
  return /^[0O]-[0O](-[0O])?$/u.test(bare) ? bare.replaceAll('0', 'O') : bare;
}

export interface SheetScore {
  readonly file: string;
  readonly truthPlies: number;
  readonly readPlies: number;
  /** max(truth, read): every ply either side has. */
  readonly plies: number;
  readonly right: number;
  readonly reviewed: number;
  readonly notReviewed: number;
  readonly notReviewedRight: number;
  /** Why the game broke, if it did: no output, an error, a failed status, or a different number of plies. */
  readonly broken?: string;
}

/** Scores one sheet. `read` undefined: the reader gave nothing for this file. */
export function scoreSheet(file: string, truth: readonly string[], read: ReadGame | undefined): SheetScore {
  const moves = read?.moves ?? [];
  const plies = Math.max(truth.length, moves.length);
  let right = 0, reviewed = 0, notReviewed = 0, notReviewedRight = 0;
  for (let ply = 0; ply < plies; ply += 1) {
    const move = moves[ply];
    const correct = move !== undefined && ply < truth.length && bareSan(move.san) === bareSan(truth[ply]);
    if (correct) right += 1;
    // A missing ply counts as not reviewed and wrong: it was lost without a flag.
    if (move?.review === true) reviewed += 1;
    else {
      notReviewed += 1;
      if (correct) notReviewedRight += 1;
    }
  }
  let broken: string | undefined;
  if (read === undefined) broken = 'no game in the output';
  else if (read.error !== undefined) broken = `error: ${read.error}`;
  else if (read.status !== undefined && read.status !== 'ok') broken = `status ${read.status}`;
  else if (moves.length !== truth.length) broken = `${moves.length} plies read, ${truth.length} on the sheet`;
  return {
    file, truthPlies: truth.length, readPlies: moves.length, plies, right, reviewed, notReviewed, notReviewedRight,
    ...(broken ? { broken } : {}),
  };
}

export interface KindScore {
  readonly sheets: number;
  readonly plies: number;
  /** Percentages; undefined when there is nothing to divide by. */
  readonly rightPercent?: number;
  readonly notReviewedRightPercent?: number;
  readonly reviewPercent?: number;
  readonly secondsPerSheet?: number;
  /** Peak resident memory of the one process that read them all, in MB. */
  readonly peakMegabytes?: number;
  readonly broken: readonly { readonly file: string; readonly reason: string }[];
}

const percent = (part: number, whole: number): number | undefined => (whole === 0 ? undefined : (100 * part) / whole);

/** Adds up sheets of one kind; `wallSeconds` is the reader's wall time for them with one worker, `peakMegabytes` its peak memory. */
export function scoreKind(sheets: readonly SheetScore[], wallSeconds?: number, peakMegabytes?: number): KindScore {
  const sum = (pick: (sheet: SheetScore) => number): number => sheets.reduce((total, sheet) => total + pick(sheet), 0);
  const plies = sum((sheet) => sheet.plies);
  const rightPercent = percent(sum((sheet) => sheet.right), plies);
  const notReviewedRightPercent = percent(sum((sheet) => sheet.notReviewedRight), sum((sheet) => sheet.notReviewed));
  const reviewPercent = percent(sum((sheet) => sheet.reviewed), plies);
  return {
    sheets: sheets.length, plies,
    ...(rightPercent === undefined ? {} : { rightPercent }),
    ...(notReviewedRightPercent === undefined ? {} : { notReviewedRightPercent }),
    ...(reviewPercent === undefined ? {} : { reviewPercent }),
    ...(wallSeconds === undefined || sheets.length === 0 ? {} : { secondsPerSheet: wallSeconds / sheets.length }),
    ...(peakMegabytes === undefined ? {} : { peakMegabytes }),
    broken: sheets.flatMap((sheet) => (sheet.broken ? [{ file: sheet.file, reason: sheet.broken }] : [])),
  };
}

/** Picks the game object to score for a file: the first, or (for the anchor) the one with most plies. */
export function pickGame(games: readonly ReadGame[] | undefined, choose: 'first' | 'longest'): ReadGame | undefined {
  if (!games || games.length === 0) return undefined;
  if (choose === 'first') return games[0];
  return games.reduce((best, game) => (game.moves.length > best.moves.length ? game : best));
}
