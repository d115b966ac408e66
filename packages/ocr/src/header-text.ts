/**
 * Free text of a sheet's header (names, site, event, date) read by a CTC network. A header line is cut tight to its
 * ink, and PP-OCR read that way drops the spaces between words ("Kowalski,Jan") and the letters at the edges; with
 * paper around the line it finds them. How much paper suits a line varies, so each line is read with a few margins
 * ("looks") and a text's score is the mean of its log-probability under each look: a text must be read by all of
 * them, as the cell reader's ensemble requires of its networks. Spaces at the ends are not part of the text.
 */
import type { TextAlternative } from './cell-reader.js';
import { CtcScores, type CtcFrames } from './ctc-scores.js';
import type { GrayImage } from './raster.js';

/** Paper added around a header line for each look, as fractions of the line's height: [each side, above and below]. */
export const HEADER_LOOKS: readonly (readonly [number, number])[] = [[0.3, 0.3], [1, 0.3]];

/**
 * The letters beyond A–Z the header reader (PP-OCR over TEXT_SYMBOLS) can write: the names' letters its dictionary
 * has. Any other letter of a sheet's language comes out as a plain one or not at all.
 */
export const HEADER_READER_LETTERS = 'àáäèéíóúüÉËÓÜ';

/** Texts kept per line, best first. */
const HEADER_ALTERNATIVES = 3;
/** Texts each look's beam search proposes. */
const PROPOSALS_PER_LOOK = 4;

/** A network that reads header text (PP-OCR's `textFrames`). */
export interface TextFrameModel {
  textFrames(lines: readonly GrayImage[]): Promise<CtcFrames[]>;
}

/** The line with white paper around it. */
export function withPaper(line: GrayImage, [side, above]: readonly [number, number]): GrayImage {
  const left = Math.round(line.height * side);
  const top = Math.round(line.height * above);
  const width = line.width + 2 * left;
  const data = new Uint8Array(width * (line.height + 2 * top)).fill(255);
  for (let y = 0; y < line.height; y += 1) data.set(line.data.subarray(y * line.width, (y + 1) * line.width), (y + top) * width + left);
  return { width, height: line.height + 2 * top, data };
}

/**
 * Each line's best texts, read with every look. A line is read alone: in a batch the network sees every line padded
 * to the widest, and that padding changes what it reads in a short one.
 */
export async function readHeaderTexts(model: TextFrameModel, lines: readonly GrayImage[]): Promise<TextAlternative[][]> {
  const out: TextAlternative[][] = [];
  for (const line of lines) {
    const looks: CtcFrames[] = [];
    for (const look of HEADER_LOOKS) looks.push(...await model.textFrames([withPaper(line, look)]));
    out.push(headerAlternatives(looks));
  }
  return out;
}

/**
 * The same text with spaces as a person types them: none at the ends, one between words, one after a comma and one
 * before an opening bracket ("Moscow (Russia)", "Portisch, Lajos (HUN)").
 */
export function tidyText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').replace(/,(?=\p{L})/gu, ', ').replace(/(?<=[\p{L}\d.])\(/gu, ' (');
}

/**
 * The best texts of one line from its looks' frames. Every look proposes its best texts; each is scored under every
 * look (with or without spaces at its ends, whichever that look reads), and a text's confidence is the geometric mean
 * of its probabilities: the probability of the whole text, never above what the least sure look gives it by much,
 * and summing to at most 1 over the texts.
 */
export function headerAlternatives(looks: readonly CtcFrames[]): TextAlternative[] {
  const scorers = looks.map((frames) => new CtcScores(frames));
  const proposed = new Set<string>();
  for (const scorer of scorers) {
    for (const { text } of scorer.bestTexts(PROPOSALS_PER_LOOK)) {
      const core = text.trim().replace(/\s+/g, ' ');
      if (core !== '') proposed.add(core);
    }
  }
  const ranked = [...proposed].map((text) => {
    const logProbability = scorers.reduce((sum, scorer) => sum + withEndSpaces(scorer, text), 0) / scorers.length;
    return { text, logProbability };
  }).sort((a, b) => b.logProbability - a.logProbability || (a.text < b.text ? -1 : 1));
  // Texts that differ only where tidying adds a space after a comma are one reading: their probabilities add up.
  const merged = new Map<string, number>();
  for (const { text, logProbability } of ranked) merged.set(tidyText(text), (merged.get(tidyText(text)) ?? 0) + Math.exp(logProbability));
  return [...merged].sort((a, b) => b[1] - a[1]).slice(0, HEADER_ALTERNATIVES)
    .map(([text, probability]) => ({ text, confidence: Math.min(1, probability) }));
}

/** log P of the text with any spaces at its ends (a look with paper around the line often reads one there). */
function withEndSpaces(scorer: CtcScores, text: string): number {
  const scores = [text, ` ${text}`, `${text} `, ` ${text} `, `${text}  `].map((variant) => scorer.score(variant));
  const top = Math.max(...scores);
  return top + Math.log(scores.reduce((sum, score) => sum + Math.exp(score - top), 0));
}
