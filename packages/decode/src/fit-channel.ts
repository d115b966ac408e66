/**
 * Re-estimating the character channel from data: align each (written, read)
 * pair with the current channel (Viterbi: the single likeliest alignment),
 * count keeps, substitutions, losses and strays, and blend the counts with the
 * prior (additive smoothing, `pseudoCount` observations' worth of prior).
 * A few rounds of align-and-count is hard EM.
 */
import { DEFAULT_CHANNEL_PARAMETERS, type ChannelParameters, type CharacterRates } from './channel-parameters.js';
import { NoisyChannel } from './channel.js';

export interface ChannelPair {
  /** What was written (the true text). */
  readonly written: string;
  /** What was read. */
  readonly read: string;
}

export interface FitChannelOptions {
  /** Starting point and smoothing target (default: DEFAULT_CHANNEL_PARAMETERS). */
  readonly prior?: ChannelParameters;
  /** How many observations the prior is worth per estimate (default 20). */
  readonly pseudoCount?: number;
  /** Align-and-count rounds (default 3). */
  readonly iterations?: number;
}

type Operation = { readonly kind: 'keep' | 'substitute'; readonly written: string; readonly read: string }
  | { readonly kind: 'delete'; readonly written: string }
  | { readonly kind: 'insert'; readonly read: string };

/** The likeliest alignment of `written` to `read` under `channel`, as operations. */
export function alignTexts(channel: NoisyChannel, written: string, read: string): Operation[] {
  const w = [...written].filter((character) => !/\s/.test(character));
  const r = [...read].filter((character) => !/\s/.test(character));
  const stop = Math.log(1 - channel.parameters.insertion);
  const rows = w.length + 1;
  const columns = r.length + 1;
  const score = new Float64Array(rows * columns).fill(-Infinity);
  const from = new Int8Array(rows * columns);
  score[0] = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      const here = i * columns + j;
      if (i === 0 && j === 0) continue;
      let best = -Infinity;
      let move = 0;
      if (i > 0) {
        const deleted = score[here - columns] + Math.log(channel.characterProbability(w[i - 1], '')) + stop;
        if (deleted > best) [best, move] = [deleted, 1];
      }
      if (i > 0 && j > 0) {
        const replaced = score[here - columns - 1] + Math.log(channel.characterProbability(w[i - 1], r[j - 1])) + stop;
        if (replaced > best) [best, move] = [replaced, 2];
      }
      if (j > 0) {
        const inserted = score[here - 1] + Math.log(channel.strayProbability(r[j - 1]));
        if (inserted > best) [best, move] = [inserted, 3];
      }
      score[here] = best;
      from[here] = move;
    }
  }
  const operations: Operation[] = [];
  let i = w.length;
  let j = r.length;
  while (i > 0 || j > 0) {
    const move = from[i * columns + j];
    if (move === 1) operations.push({ kind: 'delete', written: w[--i] });
    else if (move === 2) {
      const written = w[--i];
      const readCharacter = r[--j];
      operations.push({ kind: written === readCharacter ? 'keep' : 'substitute', written, read: readCharacter });
    } else operations.push({ kind: 'insert', read: r[--j] });
  }
  return operations.reverse();
}

interface Counts {
  kept: Map<string, number>;
  deleted: Map<string, number>;
  substituted: Map<string, Map<string, number>>;
  strays: Map<string, number>;
  gaps: number;
}

function countAlignments(channel: NoisyChannel, pairs: readonly ChannelPair[]): Counts {
  const counts: Counts = { kept: new Map(), deleted: new Map(), substituted: new Map(), strays: new Map(), gaps: 0 };
  const bump = (map: Map<string, number>, key: string): void => {
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const pair of pairs) {
    const operations = alignTexts(channel, pair.written, pair.read);
    counts.gaps += [...pair.written].filter((character) => !/\s/.test(character)).length + 1;
    for (const operation of operations) {
      if (operation.kind === 'keep') bump(counts.kept, operation.written);
      else if (operation.kind === 'delete') bump(counts.deleted, operation.written);
      else if (operation.kind === 'insert') bump(counts.strays, operation.read);
      else {
        const row = counts.substituted.get(operation.written) ?? new Map<string, number>();
        bump(row, operation.read);
        counts.substituted.set(operation.written, row);
      }
    }
  }
  return counts;
}

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

function reestimate(prior: ChannelParameters, counts: Counts, pseudoCount: number): ChannelParameters {
  const written = new Set([...counts.kept.keys(), ...counts.deleted.keys(), ...counts.substituted.keys()]);
  const substitutionsOf = (character: string): number => sum(counts.substituted.get(character)?.values() ?? []);
  const totalKept = sum(counts.kept.values());
  const totalDeleted = sum(counts.deleted.values());
  const totalSubstituted = sum([...written].map(substitutionsOf));
  const total = totalKept + totalDeleted + totalSubstituted;
  const blend = (observed: number, seen: number, priorValue: number): number => (observed + pseudoCount * priorValue) / (seen + pseudoCount);
  const rates: CharacterRates = {
    keep: blend(totalKept, total, prior.rates.keep),
    deletion: blend(totalDeleted, total, prior.rates.deletion),
  };
  const characterRates: Record<string, CharacterRates> = { ...prior.characterRates };
  const confusions: Record<string, Record<string, number>> = {};
  for (const [character, row] of Object.entries(prior.confusions)) confusions[character] = { ...row };
  for (const character of written) {
    const kept = counts.kept.get(character) ?? 0;
    const deleted = counts.deleted.get(character) ?? 0;
    const substituted = substitutionsOf(character);
    const seen = kept + deleted + substituted;
    const base = prior.characterRates[character] ?? rates;
    characterRates[character] = { keep: blend(kept, seen, base.keep), deletion: blend(deleted, seen, base.deletion) };
    const observedRow = counts.substituted.get(character);
    if (!observedRow) continue;
    // The prior row as probabilities (over the listed characters; unlisted ones keep the shared weight).
    const priorRow = prior.confusions[character] ?? {};
    const priorTotal = sum(Object.values(priorRow)) + prior.substitutedOther * 100;
    const row: Record<string, number> = {};
    for (const read of new Set([...Object.keys(priorRow), ...observedRow.keys()])) {
      const priorProbability = (priorRow[read] ?? prior.substitutedOther) / priorTotal;
      row[read] = (((observedRow.get(read) ?? 0) + pseudoCount * priorProbability) / (substituted + pseudoCount)) * priorTotal;
    }
    confusions[character] = row;
  }
  const strays = sum(counts.strays.values());
  const insertion = (strays + pseudoCount * prior.insertion) / (strays + counts.gaps + pseudoCount);
  const insertedPriorTotal = sum(Object.values(prior.inserted)) + prior.insertedOther * 100;
  const inserted: Record<string, number> = {};
  for (const read of new Set([...Object.keys(prior.inserted), ...counts.strays.keys()])) {
    const priorProbability = (prior.inserted[read] ?? prior.insertedOther) / insertedPriorTotal;
    inserted[read] = (((counts.strays.get(read) ?? 0) + pseudoCount * priorProbability) / (strays + pseudoCount)) * insertedPriorTotal;
  }
  return { ...prior, rates, characterRates, confusions, insertion, inserted };
}

/**
 * Channel parameters re-estimated from (written, read) pairs, in the shape of
 * DEFAULT_CHANNEL_PARAMETERS (plain data: save it as JSON, pass it back to
 * NoisyChannel.create or to decode options).
 */
export function fitChannel(pairs: readonly ChannelPair[], options: FitChannelOptions = {}): ChannelParameters {
  const prior = options.prior ?? DEFAULT_CHANNEL_PARAMETERS;
  const pseudoCount = options.pseudoCount ?? 20;
  let current = prior;
  for (let round = 0; round < (options.iterations ?? 3); round++) {
    const counts = countAlignments(NoisyChannel.create(current), pairs);
    current = reestimate(prior, counts, pseudoCount);
  }
  return current;
}
