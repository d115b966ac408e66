/**
 * The counts a run ends with, mergeable across workers, files and shards, so
 * that the summary of a sharded run equals the summary of the whole run.
 */
import type { GameRecord } from './record.js';

/** The code of the finding that stands for unlisted ones (diagnostic-cap.ts); it is not counted. */
const NOT_LISTED_CODE = 'diagnostics-not-listed';

export interface UnreadableInput {
  readonly file: string;
  readonly reason: string;
}

export interface SummaryCounts {
  games: number;
  ok: number;
  failed: number;
  plies: number;
  errors: number;
  warnings: number;
  infos: number;
  byCode: Record<string, number>;
  /** Findings counted above but not listed in their game's record (a game lists at most 100). */
  notListed: number;
  languages: Record<string, number>;
  unreadable: UnreadableInput[];
  /** Bytes of the games validated (after gunzip); shards add up to the whole input. */
  bytes: number;
  seconds: number;
  gamesPerSecond: number;
}

export function emptySummary(): SummaryCounts {
  return { games: 0, ok: 0, failed: 0, plies: 0, errors: 0, warnings: 0, infos: 0, byCode: {}, notListed: 0, languages: {}, unreadable: [], bytes: 0, seconds: 0, gamesPerSecond: 0 };
}

export function addRecord(summary: SummaryCounts, record: GameRecord): void {
  summary.games++;
  if (record.status === 'ok') summary.ok++;
  else summary.failed++;
  summary.plies += record.plies;
  summary.languages[record.language] = (summary.languages[record.language] ?? 0) + 1;
  const diagnostics = record.diagnostics;
  // Indexed: most records have none, and an iterator a record costs more than the counting.
  for (let at = 0; at < diagnostics.length; at++) {
    const diagnostic = diagnostics[at];
    if (diagnostic.code === NOT_LISTED_CODE) continue;
    if (diagnostic.severity === 'error') summary.errors++;
    else if (diagnostic.severity === 'warning') summary.warnings++;
    else summary.infos++;
    summary.byCode[diagnostic.code] = (summary.byCode[diagnostic.code] ?? 0) + 1;
  }
  const omitted = record.omitted;
  if (omitted !== undefined) {
    summary.errors += omitted.errors;
    summary.warnings += omitted.warnings;
    summary.infos += omitted.infos;
    summary.notListed += omitted.count;
    addCounts(summary.byCode, omitted.byCode);
  }
}

function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** Adds `other` into `summary` (timing: the longest wall time, rates recomputed). */
export function mergeSummary(summary: SummaryCounts, other: SummaryCounts): void {
  summary.games += other.games;
  summary.ok += other.ok;
  summary.failed += other.failed;
  summary.plies += other.plies;
  summary.errors += other.errors;
  summary.warnings += other.warnings;
  summary.infos += other.infos;
  summary.bytes += other.bytes;
  summary.notListed += other.notListed;
  addCounts(summary.byCode, other.byCode);
  addCounts(summary.languages, other.languages);
  summary.unreadable.push(...other.unreadable);
  summary.seconds = Math.max(summary.seconds, other.seconds);
  summary.gamesPerSecond = summary.seconds > 0 ? Math.round(summary.games / summary.seconds) : summary.games;
}

/** Sets the timing fields from a wall time in seconds. */
export function finishSummary(summary: SummaryCounts, seconds: number): SummaryCounts {
  summary.seconds = Number(seconds.toFixed(3));
  summary.gamesPerSecond = seconds > 0 ? Math.round(summary.games / seconds) : summary.games;
  return summary;
}
