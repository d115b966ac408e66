/**
 * How much of a shared corpus a sweep test reads. `pnpm test`, and so CI (which
 * must finish within 30 minutes on a slow two-core machine), reads a sample
 * spread over the corpus: every `stride`-th game. `pnpm test:corpus` sets
 * ZAPIS_CORPUS=full and reads every game. A sweep names its sample in its
 * test's title, so a report says which was run.
 */

/** Whether the sweeps read their corpora whole (ZAPIS_CORPUS=full). */
const FULL_CORPUS_SWEEP: boolean = process.env.ZAPIS_CORPUS === 'full';

export interface CorpusSample {
  /** Every this many games is read (1: all). */
  readonly stride: number;
  /** Whether the 0-based game `index` is read by the sample's `slice` (slices 0 … stride-1 share the corpus out between them). */
  includes(index: number, slice?: number): boolean;
  /** How many of `total` games the sample reads (one slice). */
  size(total: number): number;
  /** `games` ("the first 10,000 games") as read: the same, or "every 5th of the first 10,000 games", for a test's title. */
  describe(games: string): string;
}

/** A sample of every `stride`-th game, or of all of them under ZAPIS_CORPUS=full. */
export function corpusSample(stride: number): CorpusSample {
  if (!Number.isInteger(stride) || stride < 1) throw new RangeError(`a corpus sample's stride is a whole number of at least 1, not ${stride}`);
  const used = FULL_CORPUS_SWEEP ? 1 : stride;
  return {
    stride: used,
    includes: (index, slice = 0) => index % used === slice % used,
    size: (total) => Math.ceil(total / used),
    describe: (games) => (used === 1 ? games : `every ${ordinal(used)} of ${games}`),
  };
}

function ordinal(value: number): string {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th';
  return `${value}${suffix}`;
}
