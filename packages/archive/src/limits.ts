/**
 * How much of a bad input zapis holds at once. Garbage makes a finding of
 * nearly every token, and every finding costs memory until it is written: a
 * worker's heap is small on purpose (see batch-driver.ts), so a game, a batch
 * answer and a section the grammar reads in one go are all bounded here.
 */

/** Findings listed per game; the rest are counted (GameRecord.omitted) and one `diagnostics-not-listed` finding says so. */
export const MAX_DIAGNOSTICS_PER_GAME = 100;

/**
 * Findings a worker gathers for one batch before it hands the batch back
 * unfinished (BatchAnswer.resumeAt); the thread that writes the report goes
 * on from there once these are written, so a batch of garbage never sits
 * whole in memory.
 */
export const ANSWER_DIAGNOSTICS_BUDGET = 10_000;

/**
 * Tokens of move text a worker reads with the full grammar in one go (about
 * 1.5 KB of heap each at worst, nested variations). A longer run with no game
 * end in it goes to the main thread, whose heap is larger.
 */
export const WORKER_SECTION_TOKENS = 20_000;

/**
 * Tokens of one game the full grammar reads at all. No real game comes near:
 * the longest legal game has under 18,000 plies. A game longer than this is
 * read up to here and gets a `game-too-long` error; the rest of it, to its
 * result or the next tag section, is skipped and named in that error.
 */
export const MAX_GAME_TOKENS = 100_000;

/** The first bytes of an input that decide whether it is text at all (see text-sniff.ts); git looks at 8,000. */
export const SNIFF_BYTES = 8192;
