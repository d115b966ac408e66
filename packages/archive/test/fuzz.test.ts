/**
 * Fuzzing the archive pipeline (issue 4): random bytes, mutated real games and
 * grammar-generated PGN never crash or hang it, every game is accounted for,
 * worker count changes nothing, and — differentially — the pipeline (batch
 * cutting plus the fast lane) gives exactly the answers of parseGames +
 * analyseGame on the same text. Fixed seeds keep the runs reproducible.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { DEFAULT_RULE_CONFIG, recordToJson } from '../src/index.js';
import { LEGAL_GAMES, RICH_GAME, grammarPgn, mutate, mutation } from './support/pgn-arbitraries.js';
import {
  accountingProblems, answerOfRecord, hasCli, parseNdjson, referenceAnswers, runCli, validateText, type PipelineRun,
} from './support/validation.js';

/** Fixed for CI; ZAPIS_FUZZ_SEED and ZAPIS_FUZZ_SCALE (a run-count multiplier) fuzz deeper locally. */
const SEED = Number(process.env.ZAPIS_FUZZ_SEED ?? 20_240_404);
const SCALE = Number(process.env.ZAPIS_FUZZ_SCALE ?? 1);
const runs = (count: number): number => Math.max(1, Math.round(count * SCALE));
/** Each generated case must finish well within this (a hang fails the case, not the suite's timeout). */
const CASE_TIME_LIMIT_MS = 5_000;
/** Tiny batches, so that generated inputs are cut into many batches. */
const SMALL_BATCH = 64;
/** Larger than any generated input: one batch, so only the fast lane can differ from the reference. */
const WHOLE_BATCH = 1 << 24;

async function timed<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${CASE_TIME_LIMIT_MS} ms`)), CASE_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Validates `text` with one job (in batches of `batchBytes`) and checks it against the plain parser and analyser. */
async function checkAgainstReference(text: string, batchBytes = SMALL_BATCH): Promise<PipelineRun> {
  const run = await timed(validateText(text, { jobs: 1, batchBytes }), 'validation');
  expect(accountingProblems(run)).toEqual([]);
  expect(run.records.map(answerOfRecord)).toEqual(referenceAnswers(text));
  return run;
}

const json = (run: PipelineRun): string[] => run.records.map((record) => JSON.stringify(recordToJson(record)));

describe('the seed games the generators build on', () => {
  it('are legal: the legal games are ok in the fast lane and the rich game is ok in the full grammar', async () => {
    const run = await validateText([...LEGAL_GAMES, RICH_GAME].join('\n'));
    expect(run.records.map((record) => [record.status, record.diagnostics.map((d) => d.code)])).toEqual(
      [...LEGAL_GAMES, RICH_GAME].map(() => ['ok', []]),
    );
  });
});

describe('random bytes', () => {
  it('never crash or hang the pipeline, and every game is counted once (any batch size)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3_000 }), async (bytes) => {
        const whole = await timed(validateText(bytes, { jobs: 1 }), 'validation');
        expect(accountingProblems(whole)).toEqual([]);
        const small = await timed(validateText(bytes, { jobs: 1, batchBytes: SMALL_BATCH }), 'validation');
        expect(accountingProblems(small)).toEqual([]);
        expect(small.records.length).toBe(whole.records.length);
      }),
      { seed: SEED, numRuns: runs(150) },
    );
  });

  it('as text (valid UTF-8), give the plain parser\'s answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 1_500 }), async (text) => {
        await checkAgainstReference(text);
      }),
      { seed: SEED, numRuns: runs(150) },
    );
  });
});

describe('grammar-generated PGN', () => {
  it('in one batch, gives the plain parser\'s answers: same games, statuses, moves, diagnostics and lines (the fast lane changes nothing)', async () => {
    await fc.assert(
      fc.asyncProperty(grammarPgn, async (text) => {
        await checkAgainstReference(text, WHOLE_BATCH);
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('in small batches, gives the same answers (cutting at game boundaries changes nothing)', async () => {
    await fc.assert(
      fc.asyncProperty(grammarPgn, async (text) => {
        await checkAgainstReference(text, SMALL_BATCH);
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('with the archive rules on (as the CLI runs), never crashes and accounts for every game', async () => {
    await fc.assert(
      fc.asyncProperty(grammarPgn, async (text) => {
        const run = await timed(validateText(text, { jobs: 1, ruleConfig: DEFAULT_RULE_CONFIG }), 'validation');
        expect(accountingProblems(run)).toEqual([]);
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('with the archive rules on, survives a comment line between tags and an empty roster tag after it', async () => {
    // The grammar keeps `[White ""]` in the tag section; the rules' tag scanner stops at the comment and
    // has no place for it: game-rules.ts crashed on `scanner.place(slot)!`, and the input was reported unreadable.
    const text = '[Event "a"]\n{a note}\n[White ""]\n\n1. e4 *\n';
    const run = await validateText(text, { ruleConfig: DEFAULT_RULE_CONFIG });
    expect(accountingProblems(run)).toEqual([]);
    expect(run.records).toHaveLength(1);
  });

  it('gives the same NDJSON records with one job and with two workers', async () => {
    await fc.assert(
      fc.asyncProperty(grammarPgn, async (text) => {
        const one = await timed(validateText(text, { jobs: 1, batchBytes: SMALL_BATCH }), 'validation');
        const two = await timed(validateText(text, { jobs: 2, batchBytes: SMALL_BATCH }), 'validation');
        expect(accountingProblems(two)).toEqual([]);
        expect(json(two)).toEqual(json(one));
        expect(two.summary.games).toBe(one.summary.games);
      }),
      { seed: SEED, numRuns: runs(8) },
    );
  });
});

const skip = skipWithoutShared();

describe('mutated real games', () => {
  /** Real games to mutate: corpus games when the shared data is there, the built-in legal games otherwise. */
  let bases: string[] = [...LEGAL_GAMES, RICH_GAME];

  beforeAll(async () => {
    if (skip) return;
    const games: string[] = [];
    for await (const game of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'), 40)) games.push(game.text);
    // Runs of three consecutive games, so that mutations reach game boundaries.
    bases = [];
    for (let at = 0; at + 3 <= games.length; at += 3) bases.push(`${games.slice(at, at + 3).join('\n\n')}\n`);
  });

  it('in one batch, give the plain parser\'s answers after byte flips, deletions, insertions, duplicated and cut segments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (which, mutations) => {
        await checkAgainstReference(mutate(bases[which % bases.length], mutations), WHOLE_BATCH);
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('in small batches, give the same answers after the same mutations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (which, mutations) => {
        await checkAgainstReference(mutate(bases[which % bases.length], mutations), SMALL_BATCH);
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('give the same NDJSON records with one job and with two workers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
        const text = mutate(bases.join('\n'), mutations);
        const one = await timed(validateText(text, { jobs: 1, batchBytes: 512 }), 'validation');
        const two = await timed(validateText(text, { jobs: 2, batchBytes: 512 }), 'validation');
        expect(accountingProblems(two)).toEqual([]);
        expect(json(two)).toEqual(json(one));
      }),
      { seed: SEED, numRuns: runs(6) },
    );
  });
});

describe('batch cuts agree with the game splitter', () => {
  const GAME = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n';
  // Each input is one tag section as splitSections cuts it (two games for the first two), but the
  // byte-level boundary finder of input-batches sees a game start at `[Site`: the line before it
  // does not begin with `[`. Cut there, the tag section splits into two games.
  it.each([
    ['a tag section opened mid-line after move text', `1. d4 d5 * [Event "a"]\n[Site "b"]\n\n${GAME}`],
    ['a tag section opened by a broken tag after a stray character', `$[\n[Event "a"]\n[Site "b"]\n\n${GAME}`],
    ['a brace comment line between tags', `[Event "a"]\n{a note}\n[Site "b"]\n\n${GAME}`],
    ['a %-escape line between tags', `[Event "a"]\n%escaped\n[Site "b"]\n\n${GAME}`],
    ['a ;-comment line between tags', `[Event "a"]\n; a note\n[Site "b"]\n\n${GAME}`],
    ['a comment over two lines between tags', `[Event "a"]\n{a long\nnote}\n[Site "b"]\n\n${GAME}`],
  ])('with %s, small batches give the answers of one batch', async (_name, text) => {
    const whole = await validateText(text, { batchBytes: WHOLE_BATCH });
    const small = await validateText(text, { batchBytes: 16 });
    expect(small.records.map(answerOfRecord)).toEqual(whole.records.map(answerOfRecord));
    expect(whole.records.map(answerOfRecord)).toEqual(referenceAnswers(text));
  });
});

describe.skipIf(!hasCli())('the CLI on generated archives larger than a batch', () => {
  let directory = '';
  let path = '';

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'zapis-fuzz-'));
    path = join(directory, 'generated.pgn');
    // About 3 MB of generated text, so that the CLI's 1 MiB batches go to both workers.
    const parts: string[] = [];
    let size = 0;
    for (const text of fc.sample(grammarPgn, { seed: SEED, numRuns: 40_000 })) {
      parts.push(text);
      size += text.length;
      if (size > 3 * (1 << 20)) break;
    }
    writeFileSync(path, parts.join('\n'));
  });

  it('writes the same NDJSON with -j 1 and -j 2, every game accounted for, and no crash', async () => {
    const one = await runCli(['validate', path, '--format', 'json', '-j', '1'], 120_000);
    const two = await runCli(['validate', path, '--format', 'json', '-j', '2'], 120_000);
    for (const run of [one, two]) {
      expect(run.timedOut).toBe(false);
      expect(run.stderr).not.toMatch(/\n\s+at |Error|cannot read/);
      expect(run.code).toBe(1);
    }
    const reportOne = parseNdjson(one.stdout);
    const reportTwo = parseNdjson(two.stdout);
    expect(reportOne.summary?.games).toBe(reportOne.records.length);
    expect(reportOne.summary!.ok + reportOne.summary!.failed).toBe(reportOne.records.length);
    expect(reportOne.records.map((record) => record.index)).toEqual(reportOne.records.map((_, at) => at + 1));
    expect(reportTwo.records).toEqual(reportOne.records);
    const { seconds: _s1, gamesPerSecond: _g1, ...summaryOne } = reportOne.summary!;
    const { seconds: _s2, gamesPerSecond: _g2, ...summaryTwo } = reportTwo.summary!;
    expect(summaryTwo).toEqual(summaryOne);
    rmSync(directory, { recursive: true, force: true });
  });
});
