/**
 * `pnpm --filter @zapis/ocr generate-evaluation --set tune|report --kinds scan200,jpeg150,phone,prefilled
 *  --games 40 --out DIR --seed 1 [--fonts tuning|held-out|FONT,FONT…] [--small-hands] [--pairs]` (a list: tuning fonts
 *  only; --small-hands: every hand small and condensed, for experiments on the tune set; --pairs: White's and Black's
 *  copies of every game, each by its own writer, paired by their QR codes)
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { hasShared, SHARED_MISSING_MESSAGE } from '@zapis/testkit';
import type { EvaluationSet } from './corpus-games.js';
import { tuningSubset, type FontSet } from './fonts.js';
import { generateEvaluationSet } from './generate.js';
import { IMAGE_KINDS, isImageKind } from './truth.js';

function fail(message: string): never {
  console.error(`generate-evaluation: ${message}`);
  process.exit(2);
}

function readArguments(): ReturnType<typeof parseOptions> {
  try {
    return parseOptions();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const parseOptions = () => parseArgs({
  options: {
    set: { type: 'string', default: 'tune' },
    kinds: { type: 'string', default: IMAGE_KINDS.join(',') },
    games: { type: 'string', default: '10' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    fonts: { type: 'string' },
    'small-hands': { type: 'boolean', default: false },
    pairs: { type: 'boolean', default: false },
  },
  strict: true,
});
const { values } = readArguments();
if (values.set !== 'tune' && values.set !== 'report') fail(`--set must be tune or report, not '${values.set}'`);
const kinds = values.kinds.split(',').map((kind) => kind.trim()).filter((kind) => kind !== '');
const badKind = kinds.find((kind) => !isImageKind(kind));
if (badKind !== undefined || kinds.length === 0) fail(`--kinds: '${badKind ?? ''}' is not one of ${IMAGE_KINDS.join(', ')}`);
if (values.pairs && kinds.includes('prefilled')) fail('--pairs: pre-filled sheets are the same for both players; leave prefilled out of --kinds');
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) fail(`--games must be a positive whole number, not '${values.games}'`);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) fail(`--seed must be a whole number, not '${values.seed}'`);
let fonts: FontSet | readonly string[] | undefined;
if (values.fonts === 'tuning' || values.fonts === 'held-out') fonts = values.fonts;
else if (values.fonts !== undefined) {
  try {
    fonts = tuningSubset(values.fonts.split(',').map((font) => font.trim()).filter((font) => font !== ''));
  } catch (error) {
    fail(`--fonts must be tuning, held-out or a list of tuning fonts: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (!hasShared()) fail(SHARED_MISSING_MESSAGE);
const set = values.set as EvaluationSet;
const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? `.eval/${set}-seed${seed}`);

const started = Date.now();
const truths = await generateEvaluationSet({
  set, kinds: kinds.filter(isImageKind), games, out, seed, ...(fonts ? { fonts } : {}), smallHands: values['small-hands'], pairs: values.pairs,
  onSheet: (truth, seconds) => console.log(`${truth.file}  ${truth.san.length} plies  ${truth.font}  ${seconds.toFixed(2)} s`),
});
console.log(`wrote ${truths.length} sheets to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
