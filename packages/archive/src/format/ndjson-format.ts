/**
 * NDJSON per ARCHITECTURE.md: one `recordToJson` object per game and line, in
 * input order, then `{"summary": {...}}` (with `shard` when the run was
 * sharded, so merge-reports can put shard reports back in order). Every
 * diagnostic is written whatever `show` says: this is the format machines merge.
 */
import { recordToJson, type GameRecord } from '../record.js';
import type { SummaryCounts } from '../summary.js';
import type { ReportWriter, ShardPosition, WriterOptions } from './report-writer.js';

/** The summary object of the last line. */
export interface SummaryLine {
  readonly summary: SummaryCounts & { readonly shard?: ShardPosition };
}

export function summaryLineObject(summary: SummaryCounts, shard?: ShardPosition): SummaryLine {
  return { summary: shard ? { ...summary, shard: { index: shard.index, count: shard.count } } : summary };
}

export function createNdjsonWriter(options: Pick<WriterOptions, 'shard'>): ReportWriter {
  return {
    needsMoves: true,
    needsEveryGame: true,
    begin: () => '',
    game: (record: GameRecord) => `${JSON.stringify(recordToJson(record))}\n`,
    end: (summary) => `${JSON.stringify(summaryLineObject(summary, options.shard))}\n`,
  };
}
