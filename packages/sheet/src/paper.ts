/** Paper sizes in PDF points, portrait. */
import { mm } from './geometry.js';

export type PaperName = 'a4' | 'letter' | 'a5';

export const PAPER_NAMES: readonly PaperName[] = ['a4', 'letter', 'a5'];

export interface PaperSize {
  readonly name: PaperName;
  readonly width: number;
  readonly height: number;
}

export const PAPER_SIZES: Readonly<Record<PaperName, PaperSize>> = {
  a4: { name: 'a4', width: 595.28, height: 841.89 },
  letter: { name: 'letter', width: 612, height: 792 },
  a5: { name: 'a5', width: 419.53, height: 595.28 },
};

/** Margins and marker size per paper: A5 is tighter, but markers stay large enough to find at 150 dpi. */
export interface PaperMetrics {
  readonly margin: number;
  readonly markerSize: number;
  readonly qrSize: number;
}

export const PAPER_METRICS: Readonly<Record<PaperName, PaperMetrics>> = {
  a4: { margin: mm(10), markerSize: mm(12), qrSize: mm(31) },
  letter: { margin: mm(10), markerSize: mm(12), qrSize: mm(31) },
  a5: { margin: mm(8), markerSize: mm(10), qrSize: mm(27) },
};

export const isPaperName = (value: string): value is PaperName => (PAPER_NAMES as readonly string[]).includes(value);
