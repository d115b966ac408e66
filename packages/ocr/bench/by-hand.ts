/**
 * A kind's scores split by hand (the handwriting font a sheet was written in).
 * Errors gather in a few hands that lose their whole game, and an average over
 * all hands hides that: this view shows which hands a reader cannot read.
 */
import { scoreKind, type KindScore, type SheetScore } from './metrics.js';

/** Scores per hand, hands in order of their share of moves right (worst first). */
export function scoreByHand(sheets: readonly SheetScore[], handOf: (file: string) => string): Map<string, KindScore> {
  const byHand = new Map<string, SheetScore[]>();
  for (const sheet of sheets) {
    const hand = handOf(sheet.file);
    byHand.set(hand, [...(byHand.get(hand) ?? []), sheet]);
  }
  const scored = [...byHand].map(([hand, handSheets]) => [hand, scoreKind(handSheets)] as const);
  scored.sort(([handA, a], [handB, b]) => (a.rightPercent ?? 0) - (b.rightPercent ?? 0) || (handA < handB ? -1 : 1));
  return new Map(scored);
}

const cell = (value: number | undefined): string => (value === undefined ? 'n/a' : value.toFixed(1));

/** One line per hand: plies, moves right, right among moves not sent to review, sent to review (%). */
export function formatByHand(title: string, byHand: ReadonlyMap<string, KindScore>): string {
  const header = ['hand', 'plies', 'right', 'not sent, right', 'sent'];
  const lines = [...byHand].map(([hand, score]) => [hand, String(score.plies), cell(score.rightPercent), cell(score.notReviewedRightPercent), cell(score.reviewPercent)]);
  const widths = header.map((name, column) => Math.max(name.length, ...lines.map((line) => line[column].length)));
  const format = (line: readonly string[]): string => line.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join('  ');
  return [title, format(header), ...lines.map(format)].join('\n');
}
