/**
 * The independent evaluation set: real games written by stroke-font hands on printed zapis sheets, laid on paper
 * and scanned, compressed or photographed, each image with its truth (see README.md).
 *
 *   pnpm --filter @zapis/reading exec tsx evaluation/independent/generate.ts --out DIR --sheets N --seed S --kinds scan,jpeg,phone
 *
 * `--sheets` is per kind. Deterministic for a seed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { isCaptureKind, type CaptureKind } from './capture.js';
import { corpusRange, pickCorpusGame } from './corpus-range.js';
import { Random } from './random.js';
import { renderSheet } from './render-sheet.js';
import { fitsPlan, planSheets } from './sheet-plan.js';
import { INDEPENDENT_MANIFEST_FORMAT, type IndependentManifest, type IndependentTruth } from './truth.js';

export interface GenerateOptions {
  readonly out: string;
  readonly sheetsPerKind: number;
  readonly seed: number;
  readonly kinds: readonly CaptureKind[];
  /** Called after each sheet, for progress. */
  readonly onSheet?: (truth: IndependentTruth, index: number, total: number) => void;
}

export async function generateIndependentSet(options: GenerateOptions): Promise<IndependentTruth[]> {
  await mkdir(options.out, { recursive: true });
  const plans = planSheets(options.kinds, options.sheetsPerKind, options.seed);
  const texts = await corpusRange();
  const used = new Set<number>();
  const truths: IndependentTruth[] = [];
  for (const plan of plans) {
    const game = pickCorpusGame(texts, Random.of(options.seed, `game:${plan.id}`), fitsPlan(plan), used);
    const truth = await renderSheet(plan, game, options.out);
    truths.push(truth);
    options.onSheet?.(truth, truths.length, plans.length);
  }
  const manifest: IndependentManifest = {
    format: INDEPENDENT_MANIFEST_FORMAT, seed: options.seed, kinds: options.kinds, sheetsPerKind: options.sheetsPerKind, sheets: truths.map((truth) => truth.id),
  };
  await writeFile(join(options.out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return truths;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, sheets: { type: 'string', default: '12' }, seed: { type: 'string', default: '1' }, kinds: { type: 'string', default: 'scan,jpeg,phone' } },
  });
  const kinds = values.kinds.split(',').map((kind) => kind.trim());
  const bad = kinds.filter((kind) => !isCaptureKind(kind));
  if (values.out === undefined || bad.length > 0) {
    console.error(`usage: generate.ts --out DIR [--sheets N per kind] [--seed S] [--kinds scan,jpeg,phone]${bad.length ? ` (unknown kind ${bad.join(', ')})` : ''}`);
    process.exit(2);
  }
  const started = Date.now();
  await generateIndependentSet({
    out: resolve(values.out), sheetsPerKind: Number(values.sheets), seed: Number(values.seed), kinds: kinds.filter(isCaptureKind),
    onSheet: (truth, index, total) => console.log(`${index}/${total} ${truth.file}: game ${truth.game}, ${truth.language} ${truth.style}, ${truth.san.length} plies, ${truth.tags['gen.ending']}`),
  });
  console.log(`wrote ${resolve(values.out)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
