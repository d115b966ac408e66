/**
 * tesseract.js as a cell reader: good at printed text (pre-filled sheets),
 * weak at handwriting, and it gives one text per cell with a confidence, not
 * a score for any candidate. Its traineddata comes from the installed
 * @tesseract.js-data/eng package (4.0.0_best_int, LSTM), never from the network.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CellReader, CellReading, TextAlternative } from './cell-reader.js';
import { grayPng } from './gray-png.js';
import type { GrayImage } from './raster.js';

interface TesseractWorker {
  setParameters(parameters: Record<string, string>): Promise<unknown>;
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
}

/** Tesseract's page segmentation mode 7: the image is one line of text. */
const SINGLE_LINE = '7';

/** The folder holding eng.traineddata.gz inside the installed data package. */
export function tesseractLanguagePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export class TesseractReader implements CellReader {
  readonly name = 'tesseract';

  private constructor(private readonly worker: TesseractWorker) {}

  static async load(): Promise<TesseractReader> {
    const tesseract = await import('tesseract.js');
    const worker = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
      langPath: tesseractLanguagePath(), cacheMethod: 'none', gzip: true,
    }) as unknown as TesseractWorker;
    await worker.setParameters({ tessedit_pageseg_mode: SINGLE_LINE });
    return new TesseractReader(worker);
  }

  async readCells(images: readonly GrayImage[]): Promise<CellReading[]> {
    const texts = await this.readTexts(images);
    return texts.map((alternatives) => ({ alternatives: alternatives.map((entry) => ({ ...entry, text: entry.text.replace(/\s+/g, '') })) }));
  }

  async readTexts(images: readonly GrayImage[]): Promise<TextAlternative[][]> {
    const out: TextAlternative[][] = [];
    for (const image of images) {
      const { data } = await this.worker.recognize(Buffer.from(grayPng(image)));
      const text = data.text.trim().replace(/\s+/g, ' ');
      out.push(text === '' ? [] : [{ text, confidence: Math.max(0.01, Math.min(1, data.confidence / 100)) }]);
    }
    return out;
  }

  async dispose(): Promise<void> {
    await this.worker.terminate();
  }
}
