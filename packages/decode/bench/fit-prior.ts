/**
 * `tsx bench/fit-prior.ts`: fits the move prior's weights (move-prior.ts) on real games and prints them
 * as TypeScript, with the mean log-likelihood per move before (uniform over the legal moves) and after,
 * on the fitting games and on held-out ones. Games 2001–6000 of gnu-book by default: never the tuning
 * slice (games 1–2000) nor the evaluation slice (games from 90001). PRIOR_GAMES sets the count.
 */
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { referenceGame } from '../src/evaluation/reference-games.js';
import { fitMovePrior, PriorSamples } from '../src/fit-move-prior.js';
import { DEFAULT_MOVE_PRIOR } from '../src/move-prior.js';
import { MOVE_FEATURES } from '../src/move-features.js';

const FIRST_GAME = 2001;
const GAMES = Number(process.env.PRIOR_GAMES ?? 4000);
const HELD_OUT = 500;

async function collect(): Promise<{ fit: PriorSamples; heldOut: PriorSamples }> {
  const fit = new PriorSamples();
  const heldOut = new PriorSamples();
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    index++;
    if (index < FIRST_GAME) continue;
    if (index >= FIRST_GAME + GAMES + HELD_OUT) break;
    const game = referenceGame(raw.text);
    if (!game) continue;
    (index < FIRST_GAME + GAMES ? fit : heldOut).addGame(game.moves);
  }
  return { fit, heldOut };
}

async function main(): Promise<void> {
  if (skipWithoutShared()) return;
  const { fit, heldOut } = await collect();
  const fitted = fitMovePrior(fit);
  const vector = (weights: Record<string, number>): Float64Array => Float64Array.from(MOVE_FEATURES, (name) => weights[name] ?? 0);
  const scratch = new Float64Array(MOVE_FEATURES.length);
  const uniform = heldOut.logLikelihood(new Float64Array(MOVE_FEATURES.length), scratch);
  console.log(`fitted on ${fit.positions} positions: log-likelihood per move ${fitted.uniformLogLikelihood.toFixed(4)} (uniform) -> ${fitted.logLikelihood.toFixed(4)}`);
  console.log(`held out ${heldOut.positions} positions: uniform ${uniform.toFixed(4)}, current default ${heldOut.logLikelihood(vector(DEFAULT_MOVE_PRIOR), scratch).toFixed(4)}, ` +
    `fitted ${heldOut.logLikelihood(vector(fitted.weights), scratch).toFixed(4)}`);
  console.log('export const DEFAULT_MOVE_PRIOR: MovePriorWeights = {');
  for (const name of MOVE_FEATURES) console.log(`  ${name}: ${fitted.weights[name]},`);
  console.log('};');
}

await main();
