/**
 * The character channel: how likely a text is read as another, as a pair
 * hidden Markov model. Each written character is kept, substituted or lost;
 * at every gap stray characters may appear. `likelihood` sums over every
 * alignment (the forward algorithm), so it is a proper probability over all
 * readings of a written text. `spellingLikelihood` does the same for a move
 * given as slots of alternatives (`Sf3` | `Sg1-f3`, `:` | `x` | nothing, …),
 * summing over all spellings in one pass instead of one pass per spelling.
 */
import {
  DEFAULT_CHANNEL_PARAMETERS, type ChannelParameters, type CharacterRates,
} from './channel-parameters.js';

/** One alternative of a slot: text and its probability among the slot's alternatives. */
export interface SlotVariant {
  readonly text: string;
  readonly probability: number;
}

/** A move's spellings as a sequence of slots; a spelling picks one variant of each slot. */
export type SpellingSlots = readonly (readonly SlotVariant[])[];

interface EncodedVariant {
  readonly codes: Int32Array;
  readonly probability: number;
}

/** Slots with their texts turned into character indices, ready for the forward pass. */
export type EncodedSlots = readonly (readonly EncodedVariant[])[];

/** Readings longer than this are cut: nothing a player writes in a cell is longer. */
export const MAX_READING_LENGTH = 24;

const EXTRA_CHARACTERS = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ×–—§½' + 'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяЁёІіЇїЄєҐґŞşÇçĞğÖöÜüİı';

function buildAlphabet(parameters: ChannelParameters): string[] {
  const characters = new Set<string>();
  for (let code = 33; code <= 126; code++) characters.add(String.fromCharCode(code));
  for (const character of EXTRA_CHARACTERS) characters.add(character);
  for (const [written, row] of Object.entries(parameters.confusions)) {
    characters.add(written);
    for (const read of Object.keys(row)) characters.add(read);
  }
  for (const character of Object.keys(parameters.inserted)) characters.add(character);
  for (const character of Object.keys(parameters.characterRates)) characters.add(character);
  return [...characters].filter((character) => [...character].length === 1);
}

export class NoisyChannel {
  readonly parameters: ChannelParameters;
  /** Known characters; index `alphabet.length` stands for any other character. */
  readonly alphabet: readonly string[];
  private readonly indexOf = new Map<string, number>();
  private readonly size: number;
  /** P(read r | written w) at [w * size + r], the keep probability included. */
  private readonly substitutionTable: Float64Array;
  private readonly deletionTable: Float64Array;
  /** P(one more stray character, and it is r). */
  private readonly insertionTable: Float64Array;
  private readonly stopInserting: number;
  private readonly scratch: Float64Array[];

  private constructor(parameters: ChannelParameters) {
    this.parameters = parameters;
    this.alphabet = buildAlphabet(parameters);
    this.alphabet.forEach((character, index) => this.indexOf.set(character, index));
    const size = (this.size = this.alphabet.length + 1);
    this.substitutionTable = new Float64Array(size * size);
    this.deletionTable = new Float64Array(size);
    this.insertionTable = new Float64Array(size);
    for (let written = 0; written < size; written++) {
      const character = this.alphabet[written];
      const rates: CharacterRates = (character !== undefined && parameters.characterRates[character]) || parameters.rates;
      const row = (character !== undefined && parameters.confusions[character]) || {};
      let total = 0;
      for (let read = 0; read < size; read++) {
        if (read === written) continue;
        const readCharacter = this.alphabet[read];
        total += (readCharacter !== undefined ? row[readCharacter] : undefined) ?? parameters.substitutedOther;
      }
      const substitution = Math.max(0, 1 - rates.keep - rates.deletion);
      for (let read = 0; read < size; read++) {
        const readCharacter = this.alphabet[read];
        const weight = read === written ? 0 : ((readCharacter !== undefined ? row[readCharacter] : undefined) ?? parameters.substitutedOther);
        this.substitutionTable[written * size + read] = read === written ? rates.keep : (substitution * weight) / total;
      }
      this.deletionTable[written] = rates.deletion;
    }
    let insertedTotal = 0;
    for (let read = 0; read < size; read++) {
      const character = this.alphabet[read];
      insertedTotal += (character !== undefined ? parameters.inserted[character] : undefined) ?? parameters.insertedOther;
    }
    for (let read = 0; read < size; read++) {
      const character = this.alphabet[read];
      const weight = (character !== undefined ? parameters.inserted[character] : undefined) ?? parameters.insertedOther;
      this.insertionTable[read] = (parameters.insertion * weight) / insertedTotal;
    }
    this.stopInserting = 1 - parameters.insertion;
    this.scratch = Array.from({ length: 4 }, () => new Float64Array(MAX_READING_LENGTH + 1));
  }

  static create(parameters: ChannelParameters = DEFAULT_CHANNEL_PARAMETERS): NoisyChannel {
    return new NoisyChannel(parameters);
  }

  /** Index of a character in the tables (unknown characters share one index). */
  characterIndex(character: string): number {
    return this.indexOf.get(character) ?? this.size - 1;
  }

  /** Text as character indices, whitespace dropped, cut at MAX_READING_LENGTH. */
  encode(text: string): Int32Array {
    const codes: number[] = [];
    for (const character of text) {
      if (/\s/.test(character)) continue;
      codes.push(this.characterIndex(character));
      if (codes.length === MAX_READING_LENGTH) break;
    }
    return Int32Array.from(codes);
  }

  encodeSlots(slots: SpellingSlots): EncodedSlots {
    return slots.map((slot) => slot.map((variant) => ({ codes: this.encode(variant.text), probability: variant.probability })));
  }

  /** P(read as `read` | written `written`) for single characters; '' as read means lost. */
  characterProbability(written: string, read: string): number {
    const w = this.characterIndex(written);
    if (read === '') return this.deletionTable[w];
    return this.substitutionTable[w * this.size + this.characterIndex(read)];
  }

  /** P(a stray `read` appears at a gap) (not counting the gap's stop). */
  strayProbability(read: string): number {
    return this.insertionTable[this.characterIndex(read)];
  }

  /** Probability that `written` is read as `read`, summed over all alignments. */
  likelihood(written: string, read: string): number {
    return this.spellingLikelihood([[{ codes: this.encode(written), probability: 1 }]], this.encode(read));
  }

  logLikelihood(written: string, read: string): number {
    return Math.log(this.likelihood(written, read));
  }

  /**
   * Σ over spellings of P(spelling) · P(read | spelling), for spellings given
   * as slots. The forward variable is a vector over read positions: after each
   * written character and after each gap's stray characters.
   */
  spellingLikelihood(slots: EncodedSlots, read: Int32Array): number {
    const length = read.length;
    const [atGap, next, inside, step] = this.scratch;
    atGap.fill(0, 0, length + 1);
    atGap[0] = 1;
    this.closeGap(atGap, read);
    for (const slot of slots) {
      next.fill(0, 0, length + 1);
      let skipped = 0;
      for (const variant of slot) {
        const codes = variant.codes;
        if (codes.length === 0) {
          skipped += variant.probability;
          continue;
        }
        inside.set(atGap.subarray(0, length + 1));
        for (let k = 0; k < codes.length; k++) {
          this.writeCharacter(inside, step, codes[k], read);
          if (k < codes.length - 1) {
            this.closeGap(step, read);
            inside.set(step.subarray(0, length + 1));
          }
        }
        for (let j = 0; j <= length; j++) next[j] += variant.probability * step[j];
      }
      this.closeGap(next, read);
      for (let j = 0; j <= length; j++) atGap[j] = next[j] + skipped * atGap[j];
    }
    return atGap[length];
  }

  /**
   * The forward vector before anything is written: entry j is the probability of having read
   * read[0..j) as stray characters. With `appendText` it lets callers build their own slot structures.
   */
  startVector(read: Int32Array): Float64Array {
    const vector = new Float64Array(read.length + 1);
    vector[0] = 1;
    this.closeGap(vector, read);
    return vector;
  }

  /** Writes `codes` after the forward vector `before` (each character followed by its gap's strays) into `out`. */
  appendText(before: Float64Array, codes: Int32Array, read: Int32Array, out: Float64Array): void {
    const [, , inside, step] = this.scratch;
    const length = read.length;
    if (codes.length === 0) {
      out.set(before.subarray(0, length + 1));
      return;
    }
    inside.set(before.subarray(0, length + 1));
    for (let k = 0; k < codes.length; k++) {
      this.writeCharacter(inside, step, codes[k], read);
      this.closeGap(step, read);
      inside.set(step.subarray(0, length + 1));
    }
    out.set(step.subarray(0, length + 1));
  }

  /** One written character: lost (stay) or read as read[j-1] (advance). */
  private writeCharacter(before: Float64Array, after: Float64Array, written: number, read: Int32Array): void {
    const deletion = this.deletionTable[written];
    const row = written * this.size;
    after[0] = before[0] * deletion;
    for (let j = 1; j <= read.length; j++) {
      after[j] = before[j] * deletion + before[j - 1] * this.substitutionTable[row + read[j - 1]];
    }
  }

  /** Stray characters at a gap: any number, then stop. */
  private closeGap(vector: Float64Array, read: Int32Array): void {
    for (let j = 1; j <= read.length; j++) vector[j] += vector[j - 1] * this.insertionTable[read[j - 1]];
    for (let j = 0; j <= read.length; j++) vector[j] *= this.stopInserting;
  }
}
