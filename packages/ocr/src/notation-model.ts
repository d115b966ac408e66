/**
 * The notation reader's own network: a small CRNN trained by
 * training/train.py on synthetic handwritten cells (tuning fonts only, strong
 * augmentation), shipped as models/notation-crnn.onnx with its symbol list.
 * It takes a written line scaled to 32 px high (line-strip.ts, the same
 * scaling the training data was cut with) and gives, per 4 px column,
 * probabilities over the move notation's symbols. The runtime is injected,
 * as for the PP-OCR recogniser: onnxruntime-node or onnxruntime-web.
 */
import type { InferenceSession } from 'onnxruntime-common';
import type { CtcFrames } from './ctc-scores.js';
import { lineStrip, STRIP_HEIGHT } from './line-strip.js';
import type { GrayImage } from './raster.js';
import { SESSION_OPTIONS, type OnnxRuntime } from './recognizer-model.js';

export interface NotationModelFiles {
  /** The ONNX model's bytes. */
  readonly model: Uint8Array;
  /** Its symbols, one per line: class i + 1 is line i, class 0 the CTC blank. */
  readonly symbols: string;
}

/** Columns per output frame (the network pools width by 4). */
const FRAME_WIDTH = 4;

export class NotationModel {
  readonly alphabet: readonly string[];

  private constructor(private readonly runtime: OnnxRuntime, private readonly session: InferenceSession, symbols: readonly string[]) {
    this.alphabet = ['', ...symbols];
  }

  static async load(runtime: OnnxRuntime, files: NotationModelFiles, threads = 1): Promise<NotationModel> {
    const symbols = files.symbols.split(/\r?\n/).filter((line) => line.length === 1);
    const session = await runtime.InferenceSession.create(files.model, { ...SESSION_OPTIONS, intraOpNumThreads: threads, graphOptimizationLevel: 'all' });
    return new NotationModel(runtime, session, symbols);
  }

  /**
   * Per-frame probabilities for each written line. Lines of the same strip width run in one batch
   * (no padding), so a cell's frames never depend on which other cells were read with it.
   */
  async frames(lines: readonly GrayImage[]): Promise<CtcFrames[]> {
    const strips = lines.map((line) => lineStrip(line));
    const byWidth = new Map<number, number[]>();
    strips.forEach((strip, index) => {
      const width = paddedWidth(strip.width);
      byWidth.set(width, [...(byWidth.get(width) ?? []), index]);
    });
    const result = new Array<CtcFrames>(lines.length);
    for (const [width, indices] of [...byWidth.entries()].sort((a, b) => a[0] - b[0])) {
      const plane = STRIP_HEIGHT * width;
      const input = new Float32Array(indices.length * plane);
      indices.forEach((index, k) => {
        const strip = strips[index];
        // Ink is 1, paper 0; the columns past the strip stay paper.
        for (let y = 0; y < STRIP_HEIGHT; y += 1) {
          for (let x = 0; x < strip.width; x += 1) input[k * plane + y * width + x] = 1 - strip.data[y * strip.width + x] / 255;
        }
      });
      const tensor = new this.runtime.Tensor('float32', input, [indices.length, 1, STRIP_HEIGHT, width]);
      const output = await this.session.run({ [this.session.inputNames[0]]: tensor });
      const probabilities = output[this.session.outputNames[0]];
      const [, frames, classes] = probabilities.dims;
      const data = probabilities.data as Float32Array;
      indices.forEach((index, k) => {
        result[index] = this.toFrames(data.subarray(k * frames * classes, (k + 1) * frames * classes), frames, classes);
      });
    }
    return result;
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }

  private toFrames(data: Float32Array, frames: number, classes: number): CtcFrames {
    const width = this.alphabet.length;
    if (classes !== width) throw new Error(`the notation model gives ${classes} classes; its symbol list has ${width - 1}`);
    const probabilities = new Float64Array(frames * width);
    let logScale = 0;
    for (let t = 0; t < frames; t += 1) {
      let max = 0;
      for (let s = 0; s < width; s += 1) max = Math.max(max, data[t * width + s]);
      max = Math.max(max, 1e-9);
      for (let s = 0; s < width; s += 1) probabilities[t * width + s] = Math.max(data[t * width + s], 1e-9) / max;
      logScale += Math.log(1 / max);
    }
    return { alphabet: this.alphabet, frames, probabilities, logScale };
  }
}

const paddedWidth = (width: number): number => Math.ceil(width / FRAME_WIDTH) * FRAME_WIDTH;
