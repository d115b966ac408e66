/**
 * The mutation differential of issue 18 at scale: real gnu-book games (English
 * letters and their Polish twin), each corrupted once (a move swapped for
 * another game's, or one character replaced, inserted or deleted), read by
 * `zapis validate`'s pipeline and by a strict chessops peer. Prints the table
 * against the targets (0 games only the peer rejects; the same first error
 * ply in >= 99.5% of the games both reject) and the first disagreements of
 * each kind.
 * Run: pnpm --filter @zapis/archive bench (after pnpm build; the speed bench
 * runs first), or alone: pnpm --filter @zapis/archive bench:differential
 * ZAPIS_DIFF_MUTATIONS (default 20,000), ZAPIS_DIFF_GAMES (corpus games drawn
 * from, default 20,000), ZAPIS_DIFF_SEED, ZAPIS_DIFF_EXAMPLES (per group,
 * default 20), ZAPIS_DIFF_ANALYSIS_EVERY (check analyseGame against the pipeline on
 * every n-th mutation, default 4: it costs as much as the pipeline; 0 = never),
 * ZAPIS_DIFF_JOBS (pipeline workers, default 1), ZAPIS_DIFF_REPORT (a file to
 * write the grouped list to, 5 examples a group).
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SHARED_MISSING_MESSAGE, hasShared } from '@zapis/testkit';
import { mutations, readCorpusGames } from '../test/support/game-mutations.js';
import { CATEGORIES, agreedCleanGames, compareMutations, formatCategory, formatSummary, summarise } from '../test/support/mutation-differential.js';

if (!hasShared()) {
  console.log(SHARED_MISSING_MESSAGE);
  process.exit(0);
}

const MUTATIONS = Number(process.env.ZAPIS_DIFF_MUTATIONS ?? 20_000);
const GAMES = Number(process.env.ZAPIS_DIFF_GAMES ?? 20_000);
const SEED = Number(process.env.ZAPIS_DIFF_SEED ?? 18);
const EXAMPLES = Number(process.env.ZAPIS_DIFF_EXAMPLES ?? 20);
const ANALYSIS_EVERY = Number(process.env.ZAPIS_DIFF_ANALYSIS_EVERY ?? 4);
const JOBS = Number(process.env.ZAPIS_DIFF_JOBS ?? 1);

const started = performance.now();
const [english, polish] = await Promise.all([readCorpusGames('en', GAMES), readCorpusGames('pl', GAMES)]);
const clean = await agreedCleanGames(english, polish);
const list = mutations({ seed: SEED, count: MUTATIONS, games: clean });
const prepared = performance.now();
const comparisons = await compareMutations(list, { analysisEvery: ANALYSIS_EVERY, jobs: JOBS });
const compared = performance.now();
const summary = summarise(comparisons);

const header = [
  `mutation differential: seed ${SEED}, ${list.length} mutations of ${clean.en.length} games (${clean.excluded} of the first ${GAMES} left out: not accepted by both readers as they are)`,
  `kinds: ${['move-swap', 'char-replace', 'char-insert', 'char-delete'].map((kind) => `${kind} ${list.filter((mutation) => mutation.kind === kind).length}`).join(', ')}; `
    + `letters: en ${list.filter((mutation) => mutation.letters === 'en').length}, pl ${list.filter((mutation) => mutation.letters === 'pl').length}`,
  `time: ${((prepared - started) / 1000).toFixed(1)} s reading and mutating, ${((compared - prepared) / 1000).toFixed(1)} s comparing (pipeline, peer and analyseGame)`,
].join('\n');
const table = formatSummary(summary);
console.log(`${header}\n\n${table}\n`);
for (const category of CATEGORIES.filter((category) => category !== 'both-ok' && category !== 'same-ply')) {
  console.log(formatCategory(comparisons, category, EXAMPLES));
  console.log('');
}
const mismatched = comparisons.filter((comparison) => comparison.analysisDiffers !== undefined);
if (mismatched.length > 0) console.log(`== pipeline vs analyseGame: ${mismatched.length}\n${mismatched.slice(0, EXAMPLES).map((comparison) => `#${comparison.mutation.id} ${comparison.analysisDiffers}`).join('\n')}\n`);

const reportFile = process.env.ZAPIS_DIFF_REPORT;
if (reportFile) {
  const sections = CATEGORIES.filter((category) => category !== 'both-ok' && category !== 'same-ply').map((category) => formatCategory(comparisons, category, 5));
  writeFileSync(reportFile, `${header}\n\n${table}\n\n${sections.join('\n\n')}\n`);
  console.log(`wrote ${reportFile}`);
}
