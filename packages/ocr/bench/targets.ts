/** The targets per kind of image (handwriting styles not tuned on), and the PASS/FAIL marks. */
import type { ImageKind } from '../evaluation/truth.js';
import type { KindScore } from './metrics.js';

export interface KindTargets {
  /** Minimum % of moves right. */
  readonly right: number;
  /** Minimum % right among moves not sent to review. */
  readonly notReviewedRight?: number;
  /** Maximum % of moves sent to review. */
  readonly review?: number;
}

export const TARGETS: Readonly<Record<ImageKind, KindTargets>> = {
  scan200: { right: 99, notReviewedRight: 99.8, review: 10 },
  jpeg150: { right: 98, notReviewedRight: 99.8, review: 15 },
  phone: { right: 95, notReviewedRight: 99.5, review: 25 },
  prefilled: { right: 100 },
};

/** Seconds a sheet per core, models loaded once per worker. */
export const SECONDS_PER_SHEET_TARGET = 1.5;
/** Peak memory of one reading worker (its recognisers, a page's images, the decoding), so `-j` can be every core. */
export const MEGABYTES_PER_WORKER_TARGET = 500;

export type Mark = 'PASS' | 'FAIL' | '-';

export interface MetricRow {
  readonly metric: string;
  readonly target: string;
  readonly value?: number;
  readonly mark: Mark;
  readonly anchor?: number;
  /** The anchor with tesseract's text cut down to move-like tokens before decoding. */
  readonly anchorMoveTokens?: number;
  /** The same measure for the other readers run beside the default (`zapis read --reader NAME`). */
  readonly others?: readonly OtherReaderValue[];
}

export interface OtherReaderValue {
  readonly reader: string;
  readonly value?: number;
  readonly mark: Mark;
}

const atLeast = (value: number | undefined, target: number): Mark => (value === undefined ? 'FAIL' : value >= target - 1e-9 ? 'PASS' : 'FAIL');
export const atMost = (value: number | undefined, target: number): Mark => (value === undefined ? 'FAIL' : value <= target + 1e-9 ? 'PASS' : 'FAIL');
export const below = (value: number | undefined, target: number): Mark => (value === undefined ? 'FAIL' : value < target ? 'PASS' : 'FAIL');

/**
 * `zapis read`'s arguments for another reader: `--reader NAME`, `--reader NAME --review HOW` for `NAME:HOW`, and
 * `--no-deep` for a `:narrow` part (`auto:narrow`: one narrow search a sheet, as before the deep search was the
 * default), `--deep` for a `:deep` part (bench/read.bench.ts).
 */
export function readerArgs(name: string): string[] {
  const [reader, ...parts] = name.split(':');
  const searches = ['deep', 'narrow'];
  const review = parts.find((part) => !searches.includes(part));
  return [
    '--reader', reader, ...(review ? ['--review', review] : []),
    ...(parts.includes('deep') ? ['--deep'] : []), ...(parts.includes('narrow') ? ['--no-deep'] : []),
  ];
}

export const readerLabel = (name: string): string => readerArgs(name).join(' ');

/** The rows of one kind's table: the reader's value against the target, the anchor beside it. */
export function metricRows(
  kind: ImageKind, reader: KindScore | undefined, anchor: KindScore | undefined, anchorMoveTokens?: KindScore,
  others: ReadonlyMap<string, KindScore | undefined> = new Map(),
): MetricRow[] {
  const targets = TARGETS[kind];
  const rows: MetricRow[] = [];
  const row = (metric: string, target: string, pick: (score: KindScore) => number | undefined, mark: (value: number | undefined) => Mark): void => {
    const value = reader ? pick(reader) : undefined;
    const anchorValue = anchor ? pick(anchor) : undefined;
    const tokensValue = anchorMoveTokens ? pick(anchorMoveTokens) : undefined;
    const otherValues = [...others].map(([name, score]): OtherReaderValue => {
      const otherValue = score ? pick(score) : undefined;
      return { reader: name, mark: score ? mark(otherValue) : '-', ...(otherValue === undefined ? {} : { value: otherValue }) };
    });
    rows.push({
      metric, target, mark: reader ? mark(value) : '-',
      ...(value === undefined ? {} : { value }), ...(anchorValue === undefined ? {} : { anchor: anchorValue }),
      ...(tokensValue === undefined ? {} : { anchorMoveTokens: tokensValue }),
      ...(otherValues.length > 0 ? { others: otherValues } : {}),
    });
  };
  row('% moves right', `>= ${targets.right}`, (score) => score.rightPercent, (value) => atLeast(value, targets.right));
  const notReviewed = targets.notReviewedRight;
  row('% right, not sent to review', notReviewed === undefined ? '-' : `>= ${notReviewed}`, (score) => score.notReviewedRightPercent,
    (value) => (notReviewed === undefined ? '-' : atLeast(value, notReviewed)));
  const review = targets.review;
  row('% sent to review', review === undefined ? '-' : `<= ${review}`, (score) => score.reviewPercent,
    (value) => (review === undefined ? '-' : atMost(value, review)));
  row('s / sheet / core', `<= ${SECONDS_PER_SHEET_TARGET}`, (score) => score.secondsPerSheet, (value) => atMost(value, SECONDS_PER_SHEET_TARGET));
  // Read with one job: the process is one worker.
  row('peak memory, MB (one worker)', `< ${MEGABYTES_PER_WORKER_TARGET}`, (score) => score.peakMegabytes, (value) => below(value, MEGABYTES_PER_WORKER_TARGET));
  row('sheets where the game broke', '-', (score) => score.broken.length, () => '-');
  return rows;
}

const cell = (value: number | undefined, digits = 2): string => (value === undefined ? 'n/a' : value.toFixed(digits));

/** A plain-text table for one kind. */
export function formatTable(kind: ImageKind, sheets: number, rows: readonly MetricRow[]): string {
  const otherNames = rows[0]?.others?.map((other) => other.reader) ?? [];
  const header = ['metric', 'target', 'zapis read', 'mark', ...otherNames.flatMap((name) => [readerLabel(name), 'mark']),
    'anchor: tesseract + decode', 'anchor, move-like tokens only'];
  const lines = rows.map((row) => {
    const digits = row.metric.startsWith('sheets') || row.metric.startsWith('peak') ? 0 : 2;
    const others = otherNames.flatMap((name) => {
      const other = row.others?.find((candidate) => candidate.reader === name);
      return [cell(other?.value, digits), other?.mark ?? '-'];
    });
    return [row.metric, row.target, cell(row.value, digits), row.mark, ...others, cell(row.anchor, digits), cell(row.anchorMoveTokens, digits)];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (line: readonly string[]): string => line.map((text, column) => text.padEnd(widths[column])).join('  ');
  return [`${kind} (${sheets} sheets)`, format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}
