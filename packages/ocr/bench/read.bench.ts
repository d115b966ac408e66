/**
 * The reading benchmark of issue 16: a report set (games 90,001+, held-out
 * handwriting fonts) in each kind of image, read by `zapis read` with one
 * worker, scored against the truth, printed against the issue's targets with
 * the anchor (tesseract on the whole page, then `zapis decode`) beside it.
 *
 * Env: ZAPIS_BENCH_SHEETS (sheets per kind, default 10), ZAPIS_BENCH_SEED (1),
 * ZAPIS_BENCH_KINDS (scan200,jpeg150,phone,prefilled), ZAPIS_BENCH_DIR (where
 * the set lives; reused when its manifest matches), ZAPIS_BENCH_ANCHOR=0 to
 * skip the anchor, ZAPIS_BENCH_RESULTS (the JSON results file), ZAPIS_BENCH_READER (another
 * script to run as `zapis read`, e.g. to check the bench itself with a fake reader),
 * ZAPIS_BENCH_OTHER_READERS (readers read with beside the default, `--reader NAME` each, or `NAME:HOW` for
 * `--reader NAME --review HOW`, a further `:narrow` adds `--no-deep`; default `auto:narrow,ctc,ensemble,auto:every-doubt`,
 * empty for none).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateEvaluationSet } from '../evaluation/generate.js';
import { CLI_BIN } from '../evaluation/print-sheet.js';
import { IMAGE_KINDS, isImageKind, type ImageKind, type SheetTruth } from '../evaluation/truth.js';
import { parseNdjson, pickGame, scoreKind, scoreSheet, type KindScore } from './metrics.js';
import { exitUnlessReadyToRun, runCli } from './run-cli.js';
import { formatTable, metricRows, readerArgs, readerLabel, type MetricRow } from './targets.js';
import { formatByHand, scoreByHand } from './by-hand.js';
import { createOfflineWorker, moveLikeTokens, readPageText } from './tesseract-anchor.js';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const sheetsPerKind = Number(process.env.ZAPIS_BENCH_SHEETS ?? 10);
const seed = Number(process.env.ZAPIS_BENCH_SEED ?? 1);
const kinds = (process.env.ZAPIS_BENCH_KINDS ?? IMAGE_KINDS.join(',')).split(',').filter(isImageKind);
const setDir = resolve(process.env.ZAPIS_BENCH_DIR ?? join(packageRoot, '.eval', `report-seed${seed}-n${sheetsPerKind}`));
const resultsFile = resolve(process.env.ZAPIS_BENCH_RESULTS ?? join(packageRoot, 'reports', 'read-bench.json'));
const runAnchor = process.env.ZAPIS_BENCH_ANCHOR !== '0';
const otherReaders = (process.env.ZAPIS_BENCH_OTHER_READERS ?? 'auto:narrow,ctc,ensemble,auto:every-doubt').split(',').map((name) => name.trim()).filter((name) => name !== '');

const readerBin = resolve(process.env.ZAPIS_BENCH_READER ?? CLI_BIN);

/** The set: reused when a manifest with the same seed, kinds and size is there, generated otherwise. */
async function loadOrGenerate(): Promise<SheetTruth[]> {
  const manifestFile = join(setDir, 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { seed: number; kinds: string[]; games: number[]; sheets: string[] };
    if (manifest.seed === seed && manifest.games.length === sheetsPerKind && kinds.every((kind) => manifest.kinds.includes(kind))) {
      console.log(`reusing the report set in ${setDir}`);
      const truths = await Promise.all(manifest.sheets.map(async (id) => JSON.parse(await readFile(join(setDir, `${id}.json`), 'utf8')) as SheetTruth));
      return truths.filter((truth) => kinds.includes(truth.kind));
    }
  }
  console.log(`generating the report set: ${sheetsPerKind} games × ${kinds.join(', ')} (seed ${seed}) in ${setDir}`);
  const started = performance.now();
  const truths = await generateEvaluationSet({ set: 'report', kinds, games: sheetsPerKind, out: setDir, seed });
  const seconds = (performance.now() - started) / 1000;
  console.log(`generated ${truths.length} sheets in ${seconds.toFixed(1)} s (${(seconds / truths.length).toFixed(2)} s a sheet)`);
  return truths;
}

type Scores = Partial<Record<ImageKind, KindScore>>;
type HandScores = Partial<Record<ImageKind, Map<string, KindScore>>>;

/** `zapis read` (with `--reader NAME` when given) on each kind's files with one worker. Undefined when the command is not there. */
async function runReader(byKind: ReadonlyMap<ImageKind, SheetTruth[]>, readerName?: string): Promise<{ scores?: Scores; byHand?: HandScores; problem?: string }> {
  const help = await runCli(['read', '--help'], readerBin);
  if (help.code !== 0 || !/^Usage: zapis read\b/mu.test(help.stdout)) {
    return { problem: `\`zapis read\` is not available in ${readerBin} (exit ${help.code}: ${(help.stderr || help.stdout).trim().split('\n')[0] ?? ''}); reader columns are empty` };
  }
  const scores: Scores = {};
  const byHand: HandScores = {};
  for (const [kind, truths] of byKind) {
    const files = truths.map((truth) => join(setDir, truth.file));
    const args = readerName ? readerArgs(readerName) : [];
    const run = await runCli(['read', ...files, '--format', 'json', '-j', '1', ...args], readerBin);
    const label = `zapis read${args.length > 0 ? ` ${args.join(' ')}` : ''} (${kind})`;
    if (run.code === 2) console.warn(`${label} exit 2: ${run.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
    const output = parseNdjson(run.stdout);
    if (output.strayLines.length > 0) console.warn(`${label}: ${output.strayLines.length} lines that are not game objects`);
    const sheets = truths.map((truth) => scoreSheet(truth.file, truth.san, pickGame(output.games.get(truth.file), 'first')));
    scores[kind] = scoreKind(sheets, run.seconds, run.peakMegabytes);
    const fontOf = new Map(truths.map((truth) => [truth.file, truth.font]));
    byHand[kind] = scoreByHand(sheets, (file) => fontOf.get(file) ?? '?');
  }
  return { scores, byHand };
}

interface AnchorScores {
  readonly raw: Scores;
  readonly moveTokens: Scores;
}

/** Decodes the anchor's text files of one kind and scores them (the longest game a file gives). */
async function decodeAndScore(truths: readonly SheetTruth[], textFiles: readonly string[], suffix: string, readSeconds: number): Promise<KindScore> {
  const decoded = await runCli(['decode', '--format', 'json', ...textFiles]);
  const output = parseNdjson(decoded.stdout);
  const sheets = truths.map((truth) => scoreSheet(truth.file, truth.san, pickGame(output.games.get(`${truth.id}${suffix}`), 'longest')));
  return scoreKind(sheets, readSeconds + decoded.seconds);
}

/** Tesseract on each whole page (one worker, one core), its text through `zapis decode`: as is, and cut to move-like tokens. */
async function runAnchorReader(byKind: ReadonlyMap<ImageKind, SheetTruth[]>): Promise<AnchorScores> {
  const textDir = join(setDir, 'anchor-text');
  await mkdir(textDir, { recursive: true });
  const worker = await createOfflineWorker();
  const raw: Scores = {};
  const moveTokens: Scores = {};
  try {
    for (const [kind, truths] of byKind) {
      let seconds = 0;
      const textFiles: string[] = [];
      const tokenFiles: string[] = [];
      for (const truth of truths) {
        const started = performance.now();
        const text = await readPageText(worker, join(setDir, truth.file));
        seconds += (performance.now() - started) / 1000;
        textFiles.push(join(textDir, `${truth.id}.txt`));
        tokenFiles.push(join(textDir, `${truth.id}.moves.txt`));
        await writeFile(textFiles[textFiles.length - 1], text);
        await writeFile(tokenFiles[tokenFiles.length - 1], `${moveLikeTokens(text)}\n`);
      }
      raw[kind] = await decodeAndScore(truths, textFiles, '.txt', seconds);
      moveTokens[kind] = await decodeAndScore(truths, tokenFiles, '.moves.txt', seconds);
      console.log(`anchor ${kind}: ${truths.length} pages, tesseract ${(seconds / truths.length).toFixed(1)} s a page`);
    }
  } finally {
    await worker.terminate();
  }
  return { raw, moveTokens };
}

exitUnlessReadyToRun();
const truths = await loadOrGenerate();
const byKind = new Map<ImageKind, SheetTruth[]>();
for (const kind of kinds) byKind.set(kind, truths.filter((truth) => truth.kind === kind));

const reader = await runReader(byKind);
if (reader.problem) console.log(`\n!! ${reader.problem}\n`);
const others = new Map<string, Awaited<ReturnType<typeof runReader>>>();
for (const name of reader.problem ? [] : otherReaders) others.set(name, await runReader(byKind, name));
const anchor: AnchorScores = runAnchor ? await runAnchorReader(byKind) : { raw: {}, moveTokens: {} };

const tables: Record<string, {
  sheets: number; rows: MetricRow[]; reader?: KindScore; others?: Record<string, KindScore | undefined>; anchor?: KindScore; anchorMoveTokens?: KindScore;
  byHand?: Record<string, KindScore>;
}> = {};
console.log(`\nzapis read vs the issue's targets (report set: games 90,001+, held-out fonts; seed ${seed})\n`);
for (const [kind, kindTruths] of byKind) {
  const otherScores = new Map([...others].map(([name, other]) => [name, other.scores?.[kind]]));
  const rows = metricRows(kind, reader.scores?.[kind], anchor.raw[kind], anchor.moveTokens[kind], otherScores);
  tables[kind] = {
    sheets: kindTruths.length, rows, ...(reader.scores?.[kind] ? { reader: reader.scores[kind] } : {}),
    ...(others.size > 0 ? { others: Object.fromEntries([...otherScores].filter(([, score]) => score !== undefined)) } : {}),
    ...(anchor.raw[kind] ? { anchor: anchor.raw[kind] } : {}), ...(anchor.moveTokens[kind] ? { anchorMoveTokens: anchor.moveTokens[kind] } : {}),
    ...(reader.byHand?.[kind] ? { byHand: Object.fromEntries(reader.byHand[kind]) } : {}),
  };
  console.log(`${formatTable(kind, kindTruths.length, rows)}\n`);
  const hands = reader.byHand?.[kind];
  if (hands) console.log(`${formatByHand(`${kind} by hand, zapis read (%)`, hands)}\n`);
  for (const [name, other] of others) {
    const handScores = other.byHand?.[kind];
    if (handScores) console.log(`${formatByHand(`${kind} by hand, ${readerLabel(name)} (%)`, handScores)}\n`);
  }
}
await mkdir(join(resultsFile, '..'), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({
  date: new Date().toISOString(), seed, sheetsPerKind, setDir, reader: reader.problem ? { missing: reader.problem } : 'zapis read -j 1', otherReaders,
  anchor: runAnchor ? 'tesseract.js whole page (eng 4.0.0_best_int, LSTM, PSM auto) + zapis decode; also with only move-like tokens kept' : 'skipped',
  kinds: tables,
}, null, 2)}\n`);
console.log(`results: ${resultsFile}`);
