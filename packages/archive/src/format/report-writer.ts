/**
 * What every report format is: text before the first game, text per game and
 * text after the last. Writers see one game at a time, in input order, so a
 * 1 GB archive streams through any format without being held in memory.
 */
import type { GameRecord, RecordDiagnostic, SeverityName } from '../record.js';
import { SEVERITY_RANK } from '../record.js';
import type { SummaryCounts } from '../summary.js';

export interface ReportWriter {
  /** Whether the records must carry `san` and `fen`; a run whose writer prints neither leaves them out. */
  readonly needsMoves: boolean;
  /** Whether it prints something for every game (so every record must be whole, tags included), or only for games with findings. */
  readonly needsEveryGame: boolean;
  /** Text before the first game. */
  begin(): string;
  /** Text for one game ('' allowed). */
  game(record: GameRecord): string;
  /** Text after the last game (summary etc.). */
  end(summary: SummaryCounts): string;
}

/** 1-based `index` of `count`, when the run was sharded. */
export interface ShardPosition {
  readonly index: number;
  readonly count: number;
}

export interface WriterOptions {
  /** The least severe diagnostic printed (text, github, sarif, junit); NDJSON always has all. */
  readonly show: SeverityName;
  readonly toolVersion: string;
  /** code → one-line description (for SARIF rules). */
  readonly ruleDescriptions: Readonly<Record<string, string>>;
  readonly shard?: ShardPosition;
}

/** The name input read from standard input goes by. */
export const STDIN_NAME = '<stdin>';

/** The diagnostics of a record at least as severe as `show`, in their order. */
export function shownDiagnostics(record: GameRecord, show: SeverityName): RecordDiagnostic[] {
  const least = SEVERITY_RANK[show];
  return record.diagnostics.filter((diagnostic) => SEVERITY_RANK[diagnostic.severity] >= least);
}

/** The file a diagnostic points at: its own, else its game's, else a placeholder for unnamed text. */
export function diagnosticFile(diagnostic: RecordDiagnostic, record: GameRecord): string {
  return diagnostic.file || record.file || '<input>';
}

/** `, move 12... (ply 24, black)` when the diagnostic belongs to a move. */
export function moveText(diagnostic: RecordDiagnostic): string {
  if (diagnostic.ply === undefined) return '';
  const dots = diagnostic.side === 'black' ? '...' : '.';
  return `, move ${diagnostic.moveNumber}${dots} (ply ${diagnostic.ply}, ${diagnostic.side})`;
}

/** `White - Black (Event)` from the tags, with `?` for what is missing. */
export function gameTitle(record: GameRecord): string {
  const white = record.tags?.White || '?';
  const black = record.tags?.Black || '?';
  const event = record.tags?.Event;
  return `${white} - ${black}${event && event !== '?' ? ` (${event})` : ''}`;
}
