/**
 * The sharded CI recipes the README shows (docs/examples/), run as written (issue 56): the GitHub Actions
 * workflow's jobs and steps in order with their conditions, and the Kubernetes Jobs' container commands for
 * each completion index, then the merge. `zapis` is the CLI built in this clone, put on PATH by the recipes'
 * own `npm install --global zapis`. On real games with illegal moves in two shards, every shard's report must
 * reach the merge, the merge must hold every game, and its exit code must be the verdict: failure because of
 * those errors, success on the same games without them. The sharded read recipes (issue 57) run the same way on a
 * few fixture scans: the shards' games, joined, must be one run's, byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { readWorkflow, runWorkflow, type WorkflowRun } from './ci/github-workflow.js';
import { readJobs, runJob, type JobRun } from './ci/kubernetes-job.js';
import { repositoryRoot } from './run-cli.js';

const skip = skipWithoutShared();
const cliScript = join(repositoryRoot, 'apps', 'cli', 'dist', 'bin.js');
const examples = join(repositoryRoot, 'docs', 'examples');
const workflowFile = join(examples, 'validate-sharded.yml');
const validateJobFile = join(examples, 'validate-sharded-job.yaml');
const mergeJobFile = join(examples, 'merge-reports-job.yaml');
const readWorkflowFile = join(examples, 'read-sharded.yml');
const readJobFile = join(examples, 'read-sharded-job.yaml');
const mergeReadsJobFile = join(examples, 'read-sharded-merge-job.yaml');

/** A few hundred real games keep the run short; the illegal moves sit near the start and two thirds in. */
const GAMES = 300;
const GAMES_WITH_ERRORS = [10, 200];

let scratch = '';
let cleanGames = '';
let gamesWithErrors = '';

beforeAll(async () => {
  if (skip) return;
  if (!existsSync(cliScript)) throw new Error(`${cliScript} is missing: run pnpm --filter zapis build first`);
  scratch = mkdtempSync(join(tmpdir(), 'zapis-ci-recipes-'));
  const games: string[] = [];
  for await (const game of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES)) games.push(game.text);
  expect(games).toHaveLength(GAMES);
  cleanGames = `${games.join('\n\n')}\n`;
  // A king cannot leave e1 for e2 while the e-pawn stands there: the first move becomes illegal.
  const broken = games.map((text, index) => (GAMES_WITH_ERRORS.includes(index + 1) ? text.replace(/\n1\.\s*\S+/u, '\n1.Ke2') : text));
  expect(broken.filter((text, index) => text !== games[index])).toHaveLength(GAMES_WITH_ERRORS.length);
  gamesWithErrors = `${broken.join('\n\n')}\n`;
});

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

function writeArchive(folder: string, path: string, games: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), path.endsWith('.gz') ? gzipSync(games) : games);
}

function cli(args: readonly string[], cwd: string): { exitCode: number; stdout: string } {
  const result = spawnSync(process.execPath, [cliScript, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { exitCode: result.status ?? -1, stdout: result.stdout };
}

/** Lines of a report that differ between any two runs: how long it took. */
const withoutTiming = (report: string): string => report.split('\n').filter((line) => !/ games\/s\b/u.test(line)).join('\n');

/** What one unsharded run reports on the archive, written as merge-reports writes it with `formatArgs`. */
function wholeRunReport(games: string, archive: string, formatArgs: readonly string[]): { exitCode: number; report: string } {
  const folder = mkdtempSync(join(scratch, 'whole-'));
  writeArchive(folder, archive, games);
  const validated = cli(['validate', archive, '--format', 'json', '-o', 'whole.ndjson'], folder);
  expect([0, 1]).toContain(validated.exitCode);
  const merged = cli(['merge-reports', 'whole.ndjson', ...formatArgs], folder);
  return { exitCode: merged.exitCode, report: withoutTiming(merged.stdout) };
}

interface ShardSummary {
  readonly shard: { readonly index: number; readonly count: number };
  readonly games: number;
  readonly failed: number;
}

/** The summary of every shard report (an NDJSON file ending in a summary with its shard) under `folder`. */
function shardSummaries(folder: string): ShardSummary[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ndjson')).flatMap((file) => {
    const last = readFileSync(join(folder, file), 'utf8').trimEnd().split('\n').at(-1) ?? '';
    const summary = (JSON.parse(last) as { summary?: Partial<ShardSummary> }).summary;
    return summary?.shard === undefined ? [] : [summary as ShardSummary];
  }).sort((a, b) => a.shard.index - b.shard.index);
}

/** Every shard of one run reported, the games counted once each, and which shards hold games with errors. */
function expectEveryShard(summaries: readonly ShardSummary[], log: string): number[] {
  expect(summaries.length, `shard reports; ${log}`).toBeGreaterThanOrEqual(2);
  expect(summaries.map((summary) => summary.shard.index), log).toEqual(summaries.map((_, index) => index + 1));
  for (const summary of summaries) expect(summary.shard.count).toBe(summaries.length);
  expect(summaries.reduce((sum, summary) => sum + summary.games, 0)).toBe(GAMES);
  return summaries.filter((summary) => summary.failed > 0).map((summary) => summary.shard.index);
}

/** What each step that ran said on standard error, for a failure's message. */
const stepLog = (run: WorkflowRun): string =>
  run.jobs.flatMap((job) => job.steps.filter((step) => step.outcome !== 'skipped').map((step) => `${job.job} ${JSON.stringify(job.matrix)} ${step.label}: ${step.outcome} ${step.stderr.trim()}`)).join('\n');

/** What each pod exited with and said on standard error, for a failure's message. */
const podLog = (job: JobRun): string => job.pods.map((pod) => `${job.name} pod ${pod.index ?? 0}: exit ${pod.exitCode} ${pod.stderr.trim()}`).join('\n');

describe.skipIf(skip)('the GitHub Actions recipe (docs/examples/validate-sharded.yml), run as written', () => {
  function runRecipe(games: string): { run: WorkflowRun; archive: string } {
    const workflow = readWorkflow(workflowFile);
    const archive = workflow.env?.ARCHIVE;
    expect(typeof archive, 'the workflow names its archive in env.ARCHIVE').toBe('string');
    const repository = mkdtempSync(join(scratch, 'repository-'));
    writeArchive(repository, String(archive), games);
    return { run: runWorkflow(workflow, { repository, scratch, cliScript }), archive: String(archive) };
  }

  /** The shard reports among the run's artifacts, each artifact holding one. */
  function uploadedShards(run: WorkflowRun): ShardSummary[] {
    const summaries = [...run.artifacts.values()].flatMap(shardSummaries).sort((a, b) => a.shard.index - b.shard.index);
    expect(summaries.length, 'one shard report an artifact').toBe(run.artifacts.size);
    return summaries;
  }

  function mergeStepOf(run: WorkflowRun) {
    const merges = run.jobs.flatMap((job) => job.steps).filter((step) => step.run?.includes('zapis merge-reports'));
    expect(merges.map((step) => step.outcome), 'the merge step ran once').toEqual([expect.stringMatching(/^(success|failure)$/u)]);
    return merges[0];
  }

  it('uploads every shard\'s report, merges them all, and the merge fails the run because of the illegal moves', () => {
    const { run, archive } = runRecipe(gamesWithErrors);
    expect(expectEveryShard(uploadedShards(run), stepLog(run)).length, 'the errors sit in two shards').toBe(2);
    const merge = mergeStepOf(run);
    expect(merge.exitCode, merge.stderr).toBe(1);
    const whole = wholeRunReport(gamesWithErrors, archive, ['--format', 'github']);
    expect(whole.report.match(/^::error /gmu)).toHaveLength(GAMES_WITH_ERRORS.length);
    expect(withoutTiming(merge.stdout)).toBe(whole.report);
    expect(merge.stdout).toContain(`${GAMES} games`);
    expect(run.conclusion).toBe('failure');
  });

  it('passes on the same games without the illegal moves, and the merge says so', () => {
    const { run, archive } = runRecipe(cleanGames);
    expect(expectEveryShard(uploadedShards(run), stepLog(run))).toEqual([]);
    const merge = mergeStepOf(run);
    expect(merge.exitCode, merge.stderr).toBe(0);
    expect(withoutTiming(merge.stdout)).toBe(wholeRunReport(cleanGames, archive, ['--format', 'github']).report);
    expect(run.conclusion).toBe('success');
  });
});

describe.skipIf(skip)('the Kubernetes recipe (docs/examples/validate-sharded-job.yaml, then merge-reports-job.yaml), run as written', () => {
  /** The documented sequence: the Indexed Job, and the merge Job once `kubectl wait --for=condition=complete` returns. */
  function runRecipe(games: string): { validate: JobRun; merge: JobRun | undefined; volume: string; archive: string } {
    const [validateJob] = readJobs(validateJobFile);
    const [mergeJob] = readJobs(mergeJobFile);
    expect(validateJob.spec.completionMode).toBe('Indexed');
    const claimsOf = (job: typeof validateJob) => (job.spec.template.spec.volumes ?? []).flatMap((volume) => volume.persistentVolumeClaim?.claimName ?? []);
    expect(claimsOf(mergeJob), 'both Jobs mount the same volume').toEqual(claimsOf(validateJob));
    const volume = mkdtempSync(join(scratch, 'volume-'));
    const claims = new Map(claimsOf(validateJob).map((claim) => [claim, volume]));
    const archive = validateJob.spec.template.spec.containers[0].env?.find((variable) => variable.name === 'ARCHIVE')?.value;
    expect(typeof archive, 'the validate container names its archive in env ARCHIVE').toBe('string');
    writeArchive(volume, String(archive), games);
    const validate = runJob(validateJob, { claims, scratch, cliScript });
    const merge = validate.condition === 'Complete' ? runJob(mergeJob, { claims, scratch, cliScript }) : undefined;
    return { validate, merge, volume, archive: String(archive) };
  }

  it('completes every shard, merges them all, and the merge Job fails because of the illegal moves', () => {
    const { validate, merge, volume, archive } = runRecipe(gamesWithErrors);
    expect(validate.condition, podLog(validate)).toBe('Complete');
    expect(validate.pods.map((pod) => pod.index)).toEqual(validate.pods.map((_, index) => index));
    expect(expectEveryShard(shardSummaries(volume), podLog(validate)).length, 'the errors sit in two shards').toBe(2);
    expect(merge?.pods).toHaveLength(1);
    const [pod] = merge?.pods ?? [];
    expect(pod.exitCode, pod.stderr).toBe(1);
    expect(merge?.condition).toBe('Failed');
    expect(withoutTiming(pod.stdout)).toBe(wholeRunReport(gamesWithErrors, archive, []).report);
    expect(pod.stdout).toContain(`${GAMES} games`);
  });

  it('completes on the same games without the illegal moves, and the merge Job too', () => {
    const { validate, merge, volume, archive } = runRecipe(cleanGames);
    expect(validate.condition).toBe('Complete');
    expect(expectEveryShard(shardSummaries(volume), podLog(validate))).toEqual([]);
    const [pod] = merge?.pods ?? [];
    expect(pod?.exitCode, pod?.stderr).toBe(0);
    expect(merge?.condition).toBe('Complete');
    expect(withoutTiming(pod.stdout)).toBe(wholeRunReport(cleanGames, archive, []).report);
  });
});

/**
 * Scans enough to spread over the shards and quick to read: a boxed sheet, its copy with a cell left empty (moves to
 * review), and a sheet with no move on it (its game has an error, so the merge's verdict is a failure that every
 * shard's reads must reach).
 */
const FIXTURE_SCANS = ['boxed-pl.png', 'boxed-pl-gap.png', 'blank.png'];

describe('the sharded read recipes (docs/examples/read-sharded*), run as written', () => {
  let readScratch = '';
  /** One unsharded run over the same scans: its PGN, and its games in NDJSON. */
  let whole = { pgn: '', games: [] as { san: string[]; diagnostics: unknown[] }[] };

  function placeScans(folder: string, scans: string): void {
    mkdirSync(join(folder, scans), { recursive: true });
    for (const name of FIXTURE_SCANS) writeFileSync(join(folder, scans, name), readFileSync(join(repositoryRoot, 'fixtures', 'scans', name)));
  }

  beforeAll(() => {
    if (!existsSync(cliScript)) throw new Error(`${cliScript} is missing: run pnpm --filter zapis build first`);
    readScratch = mkdtempSync(join(tmpdir(), 'zapis-read-recipes-'));
    const folder = mkdtempSync(join(readScratch, 'whole-'));
    placeScans(folder, 'scans');
    const pgn = cli(['read', 'scans/'], folder);
    const json = cli(['read', 'scans/', '--format', 'json'], folder);
    expect([pgn.exitCode, json.exitCode]).toEqual([1, 1]);
    const games = json.stdout.trim().split('\n').map((text) => JSON.parse(text) as { sheets?: unknown; san: string[]; diagnostics: unknown[] }).filter((game) => game.sheets !== undefined);
    whole = { pgn: pgn.stdout, games };
    expect(whole.games).toHaveLength(FIXTURE_SCANS.length);
  }, 120_000);

  afterAll(() => {
    if (readScratch !== '') rmSync(readScratch, { recursive: true, force: true });
  });

  /** The review list matches the unsharded run's games: each game's diagnostics, in order, numbered by game. */
  function expectReviewList(text: string): void {
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as { game: number });
    expect(lines).toEqual(whole.games.flatMap((game, index) => game.diagnostics.map((diagnostic) => ({ game: index + 1, ...(diagnostic as object) }))));
  }

  /** The header of every reads file under `folder`: one shard each, of one count, every index once. */
  function expectEveryShardRead(folder: string, shards: number, log: string): void {
    const indices = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /zapis-reads-\d+\.ndjson$/u.test(file)).map((file) => {
      const header = JSON.parse(readFileSync(join(folder, file), 'utf8').split('\n')[0]) as { zapisReads: { shard: { index: number; count: number } } };
      expect(header.zapisReads.shard.count).toBe(shards);
      return header.zapisReads.shard.index;
    }).sort((a, b) => a - b);
    expect(indices, log).toEqual(Array.from({ length: shards }, (_, index) => index + 1));
  }

  it('GitHub Actions: reads every shard, joins them into one run\'s PGN and review list, and the merge fails on the sheet with no moves', () => {
    const workflow = readWorkflow(readWorkflowFile);
    const scans = String(workflow.env?.SCANS);
    const repository = mkdtempSync(join(readScratch, 'repository-'));
    placeScans(repository, scans);
    const run = runWorkflow(workflow, { repository, scratch: readScratch, cliScript });
    const shards = run.jobs.filter((job) => job.job === 'read');
    expect(shards.length).toBeGreaterThanOrEqual(2);
    expectEveryShardRead(join(run.artifacts.get('zapis-reads-1')!, '..'), shards.length, stepLog(run));
    const merges = run.jobs.flatMap((job) => job.steps).filter((step) => step.run?.includes('zapis merge-reads'));
    expect(merges.map((step) => step.exitCode), stepLog(run)).toEqual([1]);
    const games = run.artifacts.get('zapis-games');
    expect(games, stepLog(run)).toBeDefined();
    expect(readFileSync(join(games!, 'zapis-games', 'games.pgn'), 'utf8')).toBe(whole.pgn);
    expectReviewList(readFileSync(join(games!, 'zapis-games', 'review.ndjson'), 'utf8'));
    expect(run.conclusion).toBe('failure');
  }, 180_000);

  it('Kubernetes: the Indexed Job completes every shard, and the merge Job writes one run\'s PGN and review list, Failed on the sheet with no moves', () => {
    const [readJob] = readJobs(readJobFile);
    const [mergeJob] = readJobs(mergeReadsJobFile);
    expect(readJob.spec.completionMode).toBe('Indexed');
    const claimsOf = (job: typeof readJob) => (job.spec.template.spec.volumes ?? []).flatMap((volume) => volume.persistentVolumeClaim?.claimName ?? []);
    expect(claimsOf(mergeJob), 'both Jobs mount the same volume').toEqual(claimsOf(readJob));
    const volume = mkdtempSync(join(readScratch, 'volume-'));
    const claims = new Map(claimsOf(readJob).map((claim) => [claim, volume]));
    const scans = readJob.spec.template.spec.containers[0].env?.find((variable) => variable.name === 'SCANS')?.value;
    placeScans(volume, String(scans));
    const read = runJob(readJob, { claims, scratch: readScratch, cliScript });
    expect(read.condition, podLog(read)).toBe('Complete');
    expectEveryShardRead(volume, read.pods.length, podLog(read));
    const merge = runJob(mergeJob, { claims, scratch: readScratch, cliScript });
    expect(merge.pods[0].exitCode, merge.pods[0].stderr).toBe(1);
    expect(merge.condition).toBe('Failed');
    expect(readFileSync(join(volume, 'games.pgn'), 'utf8')).toBe(whole.pgn);
    expectReviewList(readFileSync(join(volume, 'review.ndjson'), 'utf8'));
    // Run again, as after a breakdown or with scans added: every pod skips the scans its shard has read.
    const again = runJob(readJob, { claims, scratch: readScratch, cliScript });
    expect(again.condition).toBe('Complete');
    for (const pod of again.pods) expect(pod.stderr).toMatch(/resuming .*: \d+ scans? already read, skipped; 0 to read/u);
  }, 240_000);
});

describe('the README shows the recipes that run here', () => {
  it('links the workflows and the Kubernetes Jobs of validate and read', () => {
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    for (const file of [workflowFile, validateJobFile, mergeJobFile, readWorkflowFile, readJobFile, mergeReadsJobFile]) {
      const link = file.slice(repositoryRoot.length).replaceAll('\\', '/');
      expect(readme, link).toContain(`](${link})`);
    }
  });
});
