/**
 * One validated game as every report format sees it: the NDJSON object of
 * ARCHITECTURE.md (file, index, line, tags, language, status, plies, san, fen,
 * diagnostics), made in a worker and sent to the writer in input order.
 */
import type { Diagnostic, DiagnosticCode, Repair } from '@zapis/game';
import type { ArchiveRuleCode, LimitCode } from './rules/archive-codes.js';

/** Every code a report can carry: the game's and parser's, the archive rules', and the limits'. */
export type RecordDiagnosticCode = DiagnosticCode | ArchiveRuleCode | LimitCode;

/** A diagnostic as reported: no offsets (they mean nothing outside the worker), but the source line for carets. */
export interface RecordDiagnostic extends Omit<Diagnostic, 'offset' | 'length' | 'code'> {
  readonly code: RecordDiagnosticCode;
  /** How many characters the caret underlines (at least 1). */
  readonly width?: number;
  /** The text of the source line, for text output; never written to JSON. */
  readonly sourceLine?: string;
}

/** Findings of a game beyond what its record lists (see diagnostic-cap.ts): counted, not kept. */
export interface OmittedDiagnostics {
  readonly count: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  readonly byCode: Readonly<Record<string, number>>;
}

export interface GameRecord {
  readonly file: string;
  /** 1-based within the file (within the shard when the run was sharded; merge-reports renumbers). */
  readonly index: number;
  /** The line where the game starts. */
  readonly line: number;
  /** The game's tags; absent for a clean game of a run whose report only counts those (see clean-games.ts). */
  readonly tags?: Readonly<Record<string, string>>;
  readonly language: string;
  readonly status: 'ok' | 'error';
  readonly plies: number;
  /**
   * The mainline in standard SAN and the final position. Kept when the report
   * needs them (NDJSON); a run that only counts and lists problems leaves them
   * in the worker, which is most of what a record would cost to send.
   */
  readonly san?: readonly string[];
  readonly fen?: string;
  /** The duplicate-game key (see duplicateKeyHash), computed where the game was replayed. */
  readonly duplicateKey?: number;
  /** `1-0 checkmate`, `1/2-1/2 stalemate` …, when the board decides the game. */
  readonly outcome?: string;
  readonly diagnostics: readonly RecordDiagnostic[];
  /**
   * The findings not listed in `diagnostics` (a game lists at most
   * MAX_DIAGNOSTICS_PER_GAME; --max-errors may list fewer of the last game):
   * their counts, which the summary adds. A `diagnostics-not-listed` finding
   * in `diagnostics` marks where they start; it is not counted itself.
   */
  readonly omitted?: OmittedDiagnostics;
  readonly repairs?: readonly Repair[];
}

export type SeverityName = 'error' | 'warning' | 'info';
export const SEVERITY_RANK: Readonly<Record<SeverityName, number>> = { info: 0, warning: 1, error: 2 };

/** A record as NDJSON: the source lines and the duplicate key (an internal hash) left out. */
export function recordToJson(record: GameRecord): GameRecord {
  const local = record.diagnostics.some((diagnostic) => diagnostic.sourceLine !== undefined || diagnostic.width !== undefined);
  if (record.duplicateKey === undefined && !local) return record;
  const { duplicateKey: _duplicateKey, ...json } = record;
  if (!local) return json;
  return {
    ...json,
    diagnostics: record.diagnostics.map(({ sourceLine: _sourceLine, width: _width, ...rest }) => rest),
  };
}
