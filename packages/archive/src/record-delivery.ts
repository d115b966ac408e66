/**
 * Validated batches' records, delivered in input order: each game numbered on
 * from its file's last game, checked for a duplicate where the games meet,
 * counted into the summary, and --max-errors kept to exactly.
 */
import type { BatchAnswer } from './batch-job.js';
import { unpackGames } from './clean-games.js';
import { capDiagnostics, countAtLeast } from './diagnostic-cap.js';
import type { GameRecord, RecordDiagnostic } from './record.js';
import { addRecord, emptySummary, type SummaryCounts } from './summary.js';

export interface Progress {
  readonly games: number;
  readonly bytes: number;
  /** Total input bytes when known (files), for an ETA. */
  readonly totalBytes?: number;
  readonly seconds: number;
}

export interface RecordDeliveryOptions {
  /** Stop reading after this many error diagnostics. */
  readonly maxErrors?: number;
  /** Called with each duplicate check's game, in input order; returns a finding for a repeat. */
  readonly duplicates?: (record: GameRecord) => RecordDiagnostic | undefined;
  /** Each game, in input order. May return a promise (output backpressure). */
  readonly onRecord: (record: GameRecord) => void | Promise<void>;
  readonly onProgress?: (progress: Progress) => void;
}

/** How often progress is told, at the most. */
const PROGRESS_EVERY_MS = 250;

/**
 * The record with its number in the file. Records reach this thread made for
 * their batch and held by nothing else (a worker's are copies; this thread's
 * job made its own), so the number is set in place: a copy per game would
 * cost more than the rest of the delivery.
 */
function numbered(record: GameRecord, index: number): GameRecord {
  (record as { index: number }).index = index;
  return record;
}

function withFinding(record: GameRecord, finding: RecordDiagnostic): GameRecord {
  const diagnostics = [...record.diagnostics, finding];
  return { ...record, diagnostics, status: diagnostics.some((d) => d.severity === 'error') ? 'error' : record.status };
}

export class RecordDelivery {
  readonly summary: SummaryCounts = emptySummary();
  /** Bytes read so far, a shard's skipped prefix included (progress). */
  bytesRead = 0;
  /** The last game reported once --max-errors is reached. */
  lastGame: { readonly file: string; readonly index: number; readonly line: number } | undefined;
  private errors = 0;
  private lastProgress = 0;
  private readonly indexInFile = new Map<string, number>();
  private readonly maxErrors: number;

  constructor(private readonly options: RecordDeliveryOptions, private readonly started: number) {
    this.maxErrors = options.maxErrors ?? Infinity;
  }

  /** True once --max-errors is reached: nothing more is read or delivered. */
  get limitReached(): boolean {
    return this.errors >= this.maxErrors;
  }

  /** The errors --max-errors leaves, when it was given. */
  get errorBudget(): number | undefined {
    return this.maxErrors === Infinity ? undefined : this.maxErrors - this.errors;
  }

  async deliver(answer: BatchAnswer): Promise<void> {
    const { options, maxErrors } = this;
    // Games are numbered on from their file's last game (a batch is cut from one file: looked up once a batch).
    let file: string | undefined;
    let index = 0;
    for (const local of unpackGames(answer.clean, answer.records)) {
      if (local.file !== file) {
        file = local.file;
        index = this.indexInFile.get(file) ?? 0;
      }
      index++;
      this.indexInFile.set(file, index);
      let record = numbered(local, index);
      const finding = options.duplicates?.(record);
      if (finding) record = withFinding(record, finding);
      if (record.diagnostics.length > 0) {
        const found = countAtLeast(record, 'error');
        // The game that reaches --max-errors lists errors up to the limit; the rest are counted, not listed.
        if (this.errors + found > maxErrors) record = capDiagnostics(record, Infinity, `--max-errors ${maxErrors} was reached`, maxErrors - this.errors);
        this.errors += found;
      }
      addRecord(this.summary, record);
      // Awaited only when the report gives a promise (a write under backpressure): an await per game costs microtask turns.
      const written = options.onRecord(record);
      if (written !== undefined) await written;
      if (this.errors >= maxErrors) {
        this.lastGame = { file: record.file, index: record.index, line: record.line };
        break;
      }
    }
    this.tellProgress();
  }

  private tellProgress(): void {
    if (!this.options.onProgress) return;
    const now = performance.now();
    if (now - this.lastProgress <= PROGRESS_EVERY_MS) return;
    this.lastProgress = now;
    this.options.onProgress({ games: this.summary.games, bytes: this.bytesRead, seconds: (now - this.started) / 1000 });
  }
}
