/**
 * Hand-made shard reports, written by the NDJSON writer as `validate --shard
 * i/n` would write them (shard i holds the i-th slice of every input file),
 * merged back: input order whatever the order the shards are given in,
 * per-file game numbers restored, duplicates found again across shards.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNdjsonWriter } from '../src/format/ndjson-format.js';
import { DUPLICATE_GAME_CODE, mergeReports, recheckDuplicates, type DuplicateCheck } from '../src/merge-reports.js';
import { recordToJson, type GameRecord } from '../src/record.js';
import { addRecord, emptySummary, type SummaryCounts } from '../src/summary.js';
import { diagnostic, record } from './fixtures/render.js';

/** A stand-in for the real duplicate finder: same mainline, same game. */
function sameMovesCheck(): DuplicateCheck {
  const seen = new Map<string, GameRecord>();
  return (game) => {
    const key = (game.san ?? []).join(' ');
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, game);
      return undefined;
    }
    return { severity: 'error', code: DUPLICATE_GAME_CODE, message: `repeats ${first.file} game ${first.index}`, file: game.file, line: game.line, column: 1 };
  };
}

const MAINLINES: Record<string, string[]> = { X: ['e4', 'e5'], Y: ['d4', 'd5'], Z: ['c4', 'e5'], W: ['Nf3', 'd5'] };

/** The inputs as one run reads them: a.pgn X Y Z X Y, b.pgn W X. */
const INPUT: readonly { file: string; moves: string; warn?: boolean }[] = [
  { file: 'a.pgn', moves: 'X' },
  { file: 'a.pgn', moves: 'Y', warn: true },
  { file: 'a.pgn', moves: 'Z' },
  { file: 'a.pgn', moves: 'X' },
  { file: 'a.pgn', moves: 'Y' },
  { file: 'b.pgn', moves: 'W' },
  { file: 'b.pgn', moves: 'X' },
];
const FILE_A = INPUT.filter((game) => game.file === 'a.pgn');
const FILE_B = INPUT.filter((game) => game.file === 'b.pgn');

/** The records of a run over `games`, numbered per file from 1, duplicates found within the run only. */
function run(games: typeof INPUT): GameRecord[] {
  const check = sameMovesCheck();
  const numbers = new Map<string, number>();
  return games.map((game) => {
    // Where the game stands in the whole input: its line and players do not depend on the shard.
    const i = Math.max(0, INPUT.indexOf(game));
    const index = (numbers.get(game.file) ?? 0) + 1;
    numbers.set(game.file, index);
    const own = game.warn ? [diagnostic({ severity: 'warning', code: 'over-disambiguation', file: game.file, sourceLine: '1.d4', width: 2 })] : [];
    const base = record({ file: game.file, index, line: 10 * i + 1, san: MAINLINES[game.moves], tags: { White: `W${i}`, Black: `B${i}` }, diagnostics: own });
    return recheckDuplicates(base, check);
  });
}

function summaryOf(records: readonly GameRecord[], seconds: number): SummaryCounts {
  const summary = emptySummary();
  for (const game of records) addRecord(summary, game);
  summary.seconds = seconds;
  summary.bytes = 1000;
  summary.unreadable = [{ file: 'gone.pgn', reason: 'no such file' }];
  return summary;
}

function ndjson(records: readonly GameRecord[], summary: SummaryCounts, shard?: { index: number; count: number }): string {
  const writer = createNdjsonWriter({ shard });
  return `${writer.begin()}${records.map((game) => writer.game(game)).join('')}${writer.end(summary)}`;
}

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'zapis-merge-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function file(name: string, text: string | Buffer): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, text);
  return path;
}

/**
 * Writes the shards of a run whose files are cut at `cutsA` and `cutsB` (games
 * before each cut, ascending): shard i holds the i-th slice of a.pgn, then the
 * i-th slice of b.pgn. Returns their paths, shard 1 first.
 */
async function shardReports(cutsA: readonly number[], cutsB: readonly number[], tag: string): Promise<string[]> {
  const count = cutsA.length + 1;
  const slice = (games: typeof INPUT, cuts: readonly number[], i: number): typeof INPUT => games.slice([0, ...cuts][i], [...cuts, games.length][i]);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const records = run([...slice(FILE_A, cutsA, i), ...slice(FILE_B, cutsB, i)]);
    paths.push(await file(`${tag}-${i + 1}.ndjson`, ndjson(records, summaryOf(records, i + 1), { index: i + 1, count })));
  }
  return paths;
}

async function merge(paths: readonly string[], recheck = true): Promise<{ records: GameRecord[]; summary: SummaryCounts }> {
  const duplicates = recheck ? sameMovesCheck() : undefined;
  const records: GameRecord[] = [];
  const merged = await mergeReports(paths, (game) => void records.push(game), { duplicates });
  if (!merged.ok) throw new Error(merged.error.message);
  return { records, summary: merged.value };
}

const withoutTiming = (summary: SummaryCounts): Omit<SummaryCounts, 'seconds' | 'gamesPerSecond'> => {
  const { seconds: _seconds, gamesPerSecond: _rate, ...rest } = summary;
  return rest;
};

describe('merge-reports', () => {
  it('puts shards given in any order back in input order, renumbers games per file and finds duplicates across shards', async () => {
    // shard 1: a1 a2 b1; shard 2: a3 a4 b2; shard 3: a5.
    const [first, second, third] = await shardReports([2, 4], [1, 2], 'three');
    const { records, summary } = await merge([third, first, second]);
    expect(records.map((game) => `${game.file}#${game.index}`)).toEqual(['a.pgn#1', 'a.pgn#2', 'a.pgn#3', 'a.pgn#4', 'a.pgn#5', 'b.pgn#1', 'b.pgn#2']);
    expect(records.map((game) => game.tags?.White)).toEqual(['W0', 'W1', 'W2', 'W3', 'W4', 'W5', 'W6']);
    const duplicates = records.map((game) => game.diagnostics.find((d) => d.code === DUPLICATE_GAME_CODE)?.message);
    expect(duplicates).toEqual([undefined, undefined, undefined, 'repeats a.pgn game 1', 'repeats a.pgn game 2', undefined, 'repeats a.pgn game 1']);
    expect(records.map((game) => game.status)).toEqual(['ok', 'ok', 'ok', 'error', 'error', 'ok', 'error']);
    expect(summary).toMatchObject({ games: 7, ok: 4, failed: 3, errors: 3, warnings: 1, byCode: { [DUPLICATE_GAME_CODE]: 3, 'over-disambiguation': 1 }, bytes: 3000 });
    expect(summary.unreadable).toEqual([{ file: 'gone.pgn', reason: 'no such file' }]);
    expect(summary.seconds).toBe(3);
    expect(summary.gamesPerSecond).toBe(2);
  });

  it('equals the unsharded report (timing aside) for 1 to 7 shards, however the files are cut', async () => {
    const whole = run(INPUT);
    const expected = whole.map((game) => JSON.parse(JSON.stringify(recordToJson(game))) as unknown);
    const expectedSummary = withoutTiming({ ...summaryOf(whole, 0), bytes: 0 });
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    // Cuts of a file of `games` games into `count` slices, the first never empty (every file's first game is in shard 1).
    const cuts = (games: number, count: number): number[] => Array.from({ length: count - 1 }, () => 1 + random(games)).sort((x, y) => x - y);
    for (let count = 1; count <= 7; count++) {
      for (let trial = 0; trial < 12; trial++) {
        const cutsA = cuts(FILE_A.length, count);
        const cutsB = cuts(FILE_B.length, count);
        const paths = await shardReports(cutsA, cutsB, `split-${count}-${trial}`);
        const { records, summary } = await merge([...paths].reverse());
        expect(records.map((game) => JSON.parse(JSON.stringify(game)) as unknown), `a cut at ${cutsA}, b cut at ${cutsB}`).toEqual(expected);
        expect(withoutTiming({ ...summary, bytes: 0 })).toEqual(expectedSummary);
        expect(summary.bytes).toBe(1000 * count);
      }
    }
  });

  it('keeps the duplicates each shard found when no duplicate check is given', async () => {
    const paths = await shardReports([2, 4], [1, 2], 'unchecked');
    const { records } = await merge(paths, false);
    // Only shard 2 saw a duplicate: b.pgn's second game repeats its own a.pgn game 2 (a4 of the whole run).
    expect(records.map((game) => game.diagnostics.find((d) => d.code === DUPLICATE_GAME_CODE)?.message)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, 'repeats a.pgn game 2']);
    expect(records.map((game) => game.index)).toEqual([1, 2, 3, 4, 5, 1, 2]);
  });

  it('drops a stale duplicate diagnostic that the whole run does not confirm', async () => {
    const [only] = run([{ file: 'c.pgn', moves: 'W' }]);
    const stale = { ...only, status: 'error' as const, diagnostics: [diagnostic({ code: DUPLICATE_GAME_CODE, message: 'repeats game 9' })] };
    const path = await file('stale.ndjson', ndjson([stale], summaryOf([stale], 1)));
    const { records, summary } = await merge([path]);
    expect(records[0].diagnostics).toEqual([]);
    expect(records[0].status).toBe('ok');
    expect(summary).toMatchObject({ games: 1, ok: 1, failed: 0, errors: 0, byCode: {} });
  });

  it('concatenates whole reports in the order given, numbers unchanged, and reads gzipped ones', async () => {
    const first = run(INPUT.slice(0, 2));
    const second = run(INPUT.slice(5));
    const one = await file('whole-1.ndjson', ndjson(first, summaryOf(first, 2)));
    const two = await file('whole-2.ndjson.gz', gzipSync(ndjson(second, summaryOf(second, 5))));
    const { records, summary } = await merge([two, one]);
    expect(records.map((game) => `${game.file}#${game.index}`)).toEqual(['b.pgn#1', 'b.pgn#2', 'a.pgn#1', 'a.pgn#2']);
    expect(summary).toMatchObject({ games: 4, seconds: 5 });
  });

  it('waits for each record to be written before reading the next', async () => {
    const paths = await shardReports([2], [1], 'slow');
    const order: string[] = [];
    const merged = await mergeReports(paths, async (game) => {
      order.push(`start ${game.file}#${game.index}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      order.push(`end ${game.file}#${game.index}`);
    });
    expect(merged.ok).toBe(true);
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i].replace('start', 'end'));
    expect(order).toHaveLength(2 * INPUT.length);
  });

  describe('refuses bad input with the file and line', () => {
    const good = (): string => {
      const records = run(INPUT.slice(0, 2));
      return ndjson(records, summaryOf(records, 1));
    };
    const failure = async (paths: readonly string[]): Promise<string> => {
      const written: GameRecord[] = [];
      const merged = await mergeReports(paths, (game) => void written.push(game), { duplicates: sameMovesCheck() });
      if (merged.ok) throw new Error('merged what it should have refused');
      // Every line is checked before the first record goes out: a refused merge writes nothing.
      expect(written).toEqual([]);
      return merged.error.message;
    };

    it('a line that is not JSON, or not a game record', async () => {
      const lines = good().split('\n');
      const broken = await file('broken.ndjson', [lines[0], '{"file": "a.pgn", "index": ', ...lines.slice(1)].join('\n'));
      expect(await failure([broken])).toMatch(/broken\.ndjson:2: not valid JSON/);
      const fenless = await file('fenless.ndjson', [lines[0].replace('"fen"', '"FEN"'), ...lines.slice(1)].join('\n'));
      expect(await failure([fenless])).toMatch(/fenless\.ndjson:1: not a game record: fen: expected a string/);
      const severity = await file('severity.ndjson', [lines[0], lines[1].replace('"severity":"warning"', '"severity":"fatal"'), ...lines.slice(2)].join('\n'));
      expect(await failure([severity])).toMatch(/severity\.ndjson:2: not a game record: diagnostics\[0\]\.severity: expected error, warning or info, got "fatal"/);
      const candidates = await file('candidates.ndjson', [lines[0], lines[1].replace('"severity":"warning"', '"severity":"warning","candidates":"Nf3"'), ...lines.slice(2)].join('\n'));
      expect(await failure([candidates])).toMatch(/candidates\.ndjson:2: not a game record: diagnostics\[0\]\.candidates: expected a list of strings, got "Nf3"/);
      const code = await file('code.ndjson', [lines[0], lines[1].replace('"code":"over-disambiguation"', '"code":"brand-new-check"'), ...lines.slice(2)].join('\n'));
      expect(await failure([code])).toMatch(/code\.ndjson:2: not a game record: diagnostics\[0\]\.code: unknown code "brand-new-check"/);
      const tags = await file('tags.ndjson', [lines[0].replace('"tags":{', '"tags":{"Round":5,'), ...lines.slice(1)].join('\n'));
      expect(await failure([tags])).toMatch(/tags\.ndjson:1: not a game record: tags: expected an object of strings/);
      const array = await file('array.ndjson', `[1, 2]\n${good()}`);
      expect(await failure([array])).toMatch(/array\.ndjson:1: expected a game object or the summary/);
    });

    it('gives the report and line as fields too', async () => {
      const lines = good().split('\n');
      const broken = await file('located.ndjson', [lines[0], '{"file": 3}', ...lines.slice(1)].join('\n'));
      const merged = await mergeReports([broken], () => undefined);
      expect(merged.ok).toBe(false);
      if (!merged.ok) expect(merged.error).toEqual({ message: `${broken}:2: not a game record: file: expected a string`, report: broken, line: 2 });
    });

    it('a report cut short, or with games the summary does not count, or lines after the summary', async () => {
      const lines = good().trimEnd().split('\n');
      const cut = await file('cut.ndjson', `${lines.slice(0, -1).join('\n')}\n`);
      expect(await failure([cut])).toMatch(/cut\.ndjson: last line: not a summary — is the report complete\?/);
      const extra = await file('extra.ndjson', [lines[0], ...lines].join('\n'));
      expect(await failure([extra])).toMatch(/extra\.ndjson: 3 game lines but the summary counts 2/);
      const after = await file('after.ndjson', [lines[2], ...lines].join('\n'));
      expect(await failure([after])).toMatch(/after\.ndjson:2: a line after the summary \(line 1\)/);
      expect(await failure([await file('empty.ndjson', '\n\n')])).toMatch(/empty\.ndjson: empty/);
      expect(await failure([join(folder, 'missing.ndjson')])).toMatch(/cannot read .*missing\.ndjson: no such file/);
      expect(await failure([await file('bad.ndjson.gz', 'not gzip')])).toMatch(/cannot read .*bad\.ndjson\.gz: not valid gzip data/);
    });

    it('shards that are not one whole run', async () => {
      const [first, , third] = await shardReports([2, 4], [1, 2], 'gappy');
      expect(await failure([first, third])).toMatch(/shard 2\/3 missing/);
      expect(await failure([first, first])).toMatch(/are both shard 1\/3/);
      const [otherRun] = await shardReports([3], [1], 'other-run');
      expect(await failure([first, otherRun])).toMatch(/not the same run/);
      expect(await failure([first, await file('whole.ndjson', good())])).toMatch(/not a shard report/);
      expect(await failure([])).toBe('no reports to merge');
      const shardOne = run([...FILE_A.slice(0, 3), ...FILE_B.slice(0, 1)]);
      const shardTwo = run([...FILE_B.slice(1), ...FILE_A.slice(3)]);
      const crossed = [
        await file('crossed-1.ndjson', ndjson(shardOne, summaryOf(shardOne, 1), { index: 1, count: 2 })),
        await file('crossed-2.ndjson', ndjson(shardTwo, summaryOf(shardTwo, 1), { index: 2, count: 2 })),
      ];
      expect(await failure(crossed)).toMatch(/list the input files in different orders/);
    });
  });
});
