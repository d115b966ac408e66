/**
 * A network reading each written line stretched wider, as a second look of
 * the same network. The notation CRNN gives one frame per 4 px of a 32 px
 * high strip, and learned the letter widths of the hands it was trained on:
 * writing narrower than any of them leaves too few frames between its
 * letters, and a cell read both as written and 1.5× wider is read right more
 * often than either.
 */
import type { CtcFrames } from './ctc-scores.js';
import type { FrameModel } from './ctc-reader.js';
import { type GrayImage, grayImage } from './raster.js';

/** How much wider the notation network's second look reads a line. */
export const NOTATION_STRETCH = 1.5;

/** The line `factor` times as wide, its height kept (linear between the two nearest source columns). */
export function stretchedLine(line: GrayImage, factor: number): GrayImage {
  const width = Math.max(1, Math.round(line.width * factor));
  const out = grayImage(width, line.height);
  for (let x = 0; x < width; x += 1) {
    const source = Math.min(line.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
    const left = Math.floor(source), right = Math.min(line.width - 1, left + 1), share = source - left;
    for (let y = 0; y < line.height; y += 1) {
      const row = y * line.width;
      out.data[y * width + x] = Math.round((1 - share) * line.data[row + left] + share * line.data[row + right]);
    }
  }
  return out;
}

/** `model` reading every line `factor` times as wide. It shares the model: disposing of it leaves the model alone. */
export class StretchedLinesModel implements FrameModel {
  constructor(private readonly model: FrameModel, private readonly factor = NOTATION_STRETCH) {}

  frames(lines: readonly GrayImage[]): Promise<CtcFrames[]> {
    return this.model.frames(lines.map((line) => stretchedLine(line, this.factor)));
  }

  async dispose(): Promise<void> {
    // The reader holds the model itself too, and disposes of it once.
  }
}

/**
 * The networks of `zapis read`'s ensemble, in the order DEFAULT_ENSEMBLE_WEIGHTS weighs them: PP-OCR, the notation
 * network as written, and its second look. Node and the browser load the models their own way and compose them here.
 */
export function ensembleNetworks(ppOcr: FrameModel, notation: FrameModel): FrameModel[] {
  return [ppOcr, notation, new StretchedLinesModel(notation)];
}
