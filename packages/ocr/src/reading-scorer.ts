/**
 * Any candidate text's log-probability under a cell's reading: the reader's own scorer when it has one (CTC
 * readers score every text), else what its best texts say (tesseract gives a few texts with confidences). Printed
 * text (move numbers, heading words) is scored by an ensemble's printed-text network alone.
 */
import type { CellReading } from './cell-reader.js';

/** What a text the reader did not give gets from a reader without a scorer: unlikely, not impossible. */
const UNLISTED_LOG_PROBABILITY = Math.log(1e-4);

export type TextScorer = (text: string) => number;

export function readingScorer(reading: CellReading): TextScorer {
  if (reading.score) return reading.score;
  const listed = new Map<string, number>();
  for (const { text, confidence } of reading.alternatives) {
    if (!listed.has(text)) listed.set(text, Math.log(Math.max(confidence, 1e-4)));
  }
  // No text at all is what an empty reading reads.
  if (reading.alternatives.length === 0) listed.set('', 0);
  return (text) => listed.get(text) ?? UNLISTED_LOG_PROBABILITY;
}

/**
 * The reading to judge printed text by: an ensemble's first network (PP-OCR, trained on print) on its own, as the
 * notation networks learned handwritten moves and read a printed WHITE as a move.
 */
export function printedTextReading(reading: CellReading): CellReading {
  return reading.alone?.() ?? reading;
}
