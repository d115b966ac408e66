/**
 * The NDJSON a `zapis read --shard` (or `--resume`) run writes for `zapis merge-reads`: a header with the shard and the
 * settings, each game as `read --format json` writes it with its PGN and the scans it was read from (each by its
 * sha256), each page that could not be read, a `scan` line once everything read from a scan is written, and a
 * summary when the run is whole. Plain data only: the merge reads it without loading any reading package.
 */
import type { ReadShard } from './shard.js';

/** What a run reads with: shards or runs read with other settings cannot be merged or resumed as one. */
export interface ReadSettings {
  readonly reader: string;
  readonly review: string;
  readonly lang: string;
  readonly deep: boolean;
  readonly reviewThreshold: number | null;
  /** The sha256 of the --template file, or null. */
  readonly template: string | null;
}

export interface ReadsHeader {
  readonly zapisReads: { readonly shard: ReadShard | null; readonly settings: ReadSettings };
}

/** A scan a record was read from; sha256 null when the file could not be opened. */
export interface ScanRef {
  readonly file: string;
  readonly sha256: string | null;
}

/** Everything read from this scan is in the lines before it: a resumed run skips it. */
export interface ScanDone {
  readonly scan: { readonly file: string; readonly sha256: string; readonly pages: number };
}

/** A diagnostic as read's JSON carries it: what the review list is made of. */
export interface RecordDiagnostic {
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly page?: number;
  readonly [field: string]: unknown;
}

/** A game: read's JSON game object, its PGN, its scans, and the QR games its sheets name (for the merge's check). */
export interface GameRecord {
  readonly file: string;
  readonly index: number;
  readonly sheets: readonly { readonly file: string; readonly page: number }[];
  readonly status: 'ok' | 'error';
  readonly plies: number;
  readonly review: readonly number[];
  readonly diagnostics: readonly RecordDiagnostic[];
  readonly pgn: string;
  readonly scans: readonly ScanRef[];
  readonly qrGames?: readonly string[];
}

/** A page (or a whole file) that could not be read, as read's JSON writes it, with its scan. */
export interface FailureRecord {
  readonly file: string;
  readonly page?: number;
  readonly status: 'error';
  readonly diagnostics: readonly RecordDiagnostic[];
  readonly scans: readonly ScanRef[];
}

export interface SummaryRecord {
  readonly summary: { readonly shard: ReadShard | null; readonly [count: string]: unknown };
}

export type ReadsRecord =
  | { readonly kind: 'header'; readonly value: ReadsHeader }
  | { readonly kind: 'scan'; readonly value: ScanDone }
  | { readonly kind: 'game'; readonly value: GameRecord }
  | { readonly kind: 'failure'; readonly value: FailureRecord }
  | { readonly kind: 'summary'; readonly value: SummaryRecord };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a parsed line is, or undefined for a line no `read --shard` run writes. */
export function recordOf(value: unknown): ReadsRecord | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.zapisReads)) return { kind: 'header', value: value as unknown as ReadsHeader };
  if (isObject(value.scan) && typeof value.scan.sha256 === 'string') return { kind: 'scan', value: value as unknown as ScanDone };
  if (isObject(value.summary)) return { kind: 'summary', value: value as unknown as SummaryRecord };
  if (typeof value.file !== 'string' || !Array.isArray(value.scans) || !Array.isArray(value.diagnostics)) return undefined;
  if (typeof value.pgn === 'string' && Array.isArray(value.sheets)) return { kind: 'game', value: value as unknown as GameRecord };
  return { kind: 'failure', value: value as unknown as FailureRecord };
}

export const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
