/**
 * Measures the text review (src/text-review-risk.ts) on held-out transcriptions (games 90001 on of gnu-book, the
 * bench's sheets: Polish and English, 2, 5 and 10% noise), which its fit never saw: per noise level, the share of
 * moves right, and before and after review by risk the share sent to review and the share right among the moves
 * left off (auto-accepted).
 *
 *   pnpm --filter @zapis/decode exec tsx evaluation/measure-text-review.ts [--games 200] [--cache FILE]
 *
 * `--games` is per language and level (200: about 30,000 moves a level, some minutes on one core). "Before" is the
 * decoder's own list (every doubted move); "after" is what decodeSheets gives for a transcription.
 */
import { parseArgs } from 'node:util';
import { reviewTextByRisk } from '../src/text-review-risk.js';
import { NOISE_RATES, sliceDecodes } from './noisy-transcriptions.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '200' }, cache: { type: 'string' } } });

interface Tally { games: number; moves: number; right: number; listedBefore: number; leftRightBefore: number; leftBefore: number;
  listedAfter: number; leftRightAfter: number; leftAfter: number; correctedLeftOff: number; milliseconds: number }

const decodes = await sliceDecodes('held-out', Number(values.games), values.cache);
const tallies = new Map<number, Tally>(NOISE_RATES.map((rate) => [rate, {
  games: 0, moves: 0, right: 0, listedBefore: 0, leftRightBefore: 0, leftBefore: 0, listedAfter: 0, leftRightAfter: 0, leftAfter: 0,
  correctedLeftOff: 0, milliseconds: 0,
}]));
for (const decode of decodes) {
  const tally = tallies.get(decode.noise.rate);
  if (!tally) continue;
  tally.games++;
  tally.moves += decode.truth.length;
  tally.milliseconds += decode.milliseconds;
  if (!decode.game) continue;
  const after = reviewTextByRisk(decode.game).moves;
  decode.game.moves.forEach((move, index) => {
    const right = move.san === decode.truth[index];
    if (right) tally.right++;
    if (move.review) tally.listedBefore++;
    else {
      tally.leftBefore++;
      if (right) tally.leftRightBefore++;
    }
    if (after[index].review) tally.listedAfter++;
    else {
      tally.leftAfter++;
      if (right) tally.leftRightAfter++;
      if (move.corrected) tally.correctedLeftOff++;
    }
  });
}
const pct = (count: number, of: number): string => `${((100 * count) / Math.max(1, of)).toFixed(2)}%`;
console.log(`held-out transcriptions (gnu-book games 90001 on, ${values.games} a language and level, pl and en, --lang auto)`);
for (const [rate, tally] of tallies) {
  console.log(`${(rate * 100).toFixed(0).padStart(2)}% noise: ${tally.games} games, ${tally.moves} moves, ${pct(tally.right, tally.moves)} right; ` +
    `to review ${pct(tally.listedBefore, tally.moves)} -> ${pct(tally.listedAfter, tally.moves)}; ` +
    `auto-accepted right ${pct(tally.leftRightBefore, tally.leftBefore)} -> ${pct(tally.leftRightAfter, tally.leftAfter)} ` +
    `(${tally.leftAfter - tally.leftRightAfter} wrong; ${tally.correctedLeftOff} corrections shown, not listed); ` +
    `${(tally.milliseconds / Math.max(1, tally.games)).toFixed(0)} ms/game`);
}
