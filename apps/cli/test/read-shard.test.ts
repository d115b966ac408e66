/**
 * `zapis read --shard i/n`, `--resume` and `zapis merge-reads` on the fixture scans (issue 57): the shards joined are
 * one run over the same scans (the same games and review list, the PGN byte for byte, in the same order whatever
 * shard each scan fell in); a rerun reads only what is not already read, a line cut short included; a game whose
 * copies fell in two shards is refused by the merge, not decoded apart, and kept whole with --shard-by folder.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_THRESHOLD } from '@zapis/decode';
import { DEFAULT_READER_KIND, READER_KINDS } from '@zapis/ocr/node';
import { DEFAULT_READER_NAME, READER_KIND_NAMES, REVIEW_THRESHOLD_DEFAULT } from '../src/read/reader-names.js';
import { scanFiles } from '../src/read/scan-files.js';
import { shardOfKey } from '../src/read/shard.js';
import { repositoryRoot, run } from './run-cli.js';

const fixtures = join(repositoryRoot, 'fixtures', 'scans');
let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'zapis-read-shard-'));
});
afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

/** A folder `scans/` under a new folder, the fixture scans placed at the paths given. */
function round(layout: Readonly<Record<string, string>>): string {
  const folder = mkdtempSync(join(scratch, 'round-'));
  for (const [path, fixture] of Object.entries(layout)) {
    mkdirSync(join(folder, 'scans', path, '..'), { recursive: true });
    copyFileSync(join(fixtures, fixture), join(folder, 'scans', path));
  }
  return folder;
}

interface GameLine { readonly sheets?: unknown; readonly diagnostics: readonly object[] }

/** One unsharded run: its PGN, and the review list its games make (each diagnostic numbered by its game). */
async function wholeRun(cwd: string): Promise<{ pgn: string; review: object[] }> {
  const pgn = await run(['read', 'scans'], { cwd });
  const json = await run(['read', 'scans', '--format', 'json'], { cwd });
  const games = json.stdout.trim().split('\n').map((text) => JSON.parse(text) as GameLine);
  const review = games.flatMap((game) => (game.sheets === undefined ? [] : [game])).flatMap((game, index) => game.diagnostics.map((diagnostic) => ({ game: index + 1, ...diagnostic })));
  const failures = games.filter((game) => game.sheets === undefined && !('summary' in game)).flatMap((game) => game.diagnostics.map((diagnostic) => ({ game: null, ...diagnostic })));
  return { pgn: pgn.stdout, review: [...review, ...failures] };
}

const reviewLines = (text: string): object[] => text.trim().split('\n').map((line) => JSON.parse(line) as object);

describe('what read --help names without loading the reading packages', () => {
  it('names the readers, the default reader and the review threshold as the packages have them', () => {
    expect([READER_KIND_NAMES, DEFAULT_READER_NAME, REVIEW_THRESHOLD_DEFAULT]).toEqual([READER_KINDS, DEFAULT_READER_KIND, DEFAULT_REVIEW_THRESHOLD]);
  });
});

describe('zapis read --shard: which scans a shard reads', () => {
  it('sets each scan\u2019s shard by its path in the folder given: the same wherever the folder is, and when scans are added', async () => {
    const names = ['a/boxed-pl.png', 'a-gap.png', 'blank.png', 'not-a-sheet.jpg', 'pair/pair-white.jpg', 'pair/pair-black.jpg'];
    const folder = round(Object.fromEntries(names.map((name) => [name, 'blank.png'])));
    const shardsOf = async (root: string, cwd: string): Promise<Map<string, number>> => {
      const { files } = await scanFiles([root], cwd);
      return new Map(files.map((file) => [file.key, shardOfKey(file.key, 4)]));
    };
    const before = await shardsOf('scans', folder);
    expect([...before.keys()].sort()).toEqual([...names].sort());
    // The folder given by another path (absolute, from elsewhere) and with scans added: no scan moves.
    for (const name of ['b.png', 'pair/pair-white-again.jpg', 'z/z.pdf']) {
      mkdirSync(join(folder, 'scans', name, '..'), { recursive: true });
      copyFileSync(join(fixtures, 'blank.png'), join(folder, 'scans', name));
    }
    const after = await shardsOf(join(folder, 'scans'), scratch);
    expect(after.size).toBe(names.length + 3);
    for (const [key, shard] of before) expect(after.get(key), key).toBe(shard);
    // Spread over more than one shard, each scan in exactly one (shards are 1-based, within the count).
    expect(new Set(after.values()).size).toBeGreaterThan(1);
    for (const shard of after.values()) expect(shard >= 1 && shard <= 4).toBe(true);
    // By folder, a folder's scans share one shard.
    expect(shardOfKey('pair/pair-white.jpg', 7, 'folder')).toBe(shardOfKey('pair/pair-black.jpg', 7, 'folder'));
  });

  it('refuses what a shard cannot keep: --pair, PGN output, --resume without -o, a bad i/n or unit', async () => {
    const cwd = round({ 'blank.png': 'blank.png' });
    const cases: [string[], string][] = [
      [['--shard', '1/2', '--pair'], '--pair takes sheets two by two in the order given'],
      [['--shard', '1/2', '--format', 'pgn'], '--shard writes NDJSON for zapis merge-reads: leave out --format pgn'],
      [['--resume'], '--resume needs -o FILE'],
      [['--shard', '3/2'], "--shard wants i/n with 1 <= i <= n (for example 2/8), not '3/2'"],
      [['--shard', '1/2', '--shard-by', 'page'], "--shard-by must be one of file, folder, not 'page'"],
      [['--shard-by', 'folder'], '--shard-by goes with --shard i/n'],
    ];
    for (const [flags, message] of cases) {
      const result = await run(['read', 'scans', ...flags], { cwd });
      expect([result.code, result.stderr.trim()], flags.join(' ')).toEqual([2, expect.stringContaining(message)]);
    }
  });
});

describe('zapis read --from: a list of scans', () => {
  it('reads the scans a list names, one path a line (comments and blank lines passed over), as if named on the command line', async () => {
    const cwd = round({ 'blank.png': 'blank.png' });
    writeFileSync(join(cwd, 'list.txt'), '# round 3\n\nscans/blank.png\n');
    const listed = await run(['read', '--from', 'list.txt'], { cwd });
    const named = await run(['read', 'scans/blank.png'], { cwd });
    expect(listed.stdout).toContain('[Event "Club Championship"]');
    expect([listed.code, listed.stdout]).toEqual([named.code, named.stdout]);
    const missing = await run(['read', '--from', 'nowhere.txt'], { cwd });
    expect([missing.code, missing.stderr]).toEqual([2, 'zapis: --from: cannot read nowhere.txt: no such file\n']);
  });
});

describe('zapis read --shard, then zapis merge-reads', () => {
  // Folders and a name that sort differently by path and by text ('a/…' before 'a-gap.png'), a page with no sheet.
  const layout = { 'a/boxed-pl.png': 'boxed-pl.png', 'a-gap.png': 'boxed-pl-gap.png', 'blank.png': 'blank.png', 'not-a-sheet.jpg': 'not-a-sheet.jpg' };
  const SHARDS = 3;
  let cwd = '';
  let whole: { pgn: string; review: object[] } = { pgn: '', review: [] };
  const shardFile = (index: number): string => `reads-${index}.ndjson`;

  beforeAll(async () => {
    cwd = round(layout);
    whole = await wholeRun(cwd);
    for (let index = 1; index <= SHARDS; index += 1) {
      const result = await run(['read', 'scans', '--shard', `${index}/${SHARDS}`, '-o', shardFile(index)], { cwd });
      expect([0, 1], result.stderr).toContain(result.code);
    }
  }, 180_000);

  it('joins the shards into one run\u2019s PGN, byte for byte, and its review list, whatever order the shards are given in', async () => {
    const used = new Set(Object.keys(layout).map((path) => shardOfKey(path, SHARDS)));
    expect(used.size, 'the scans fall in more than one shard').toBeGreaterThan(1);
    expect(whole.pgn.match(/^\[Event /gmu)).toHaveLength(3);
    const files = Array.from({ length: SHARDS }, (_, index) => shardFile(SHARDS - index));
    const merged = await run(['merge-reads', ...files, '-o', 'games.pgn', '--review-list', 'review.ndjson'], { cwd });
    // A page with no sheet and a sheet with no moves: errors, as one run says.
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stderr).toContain('3 sheets read into 3 games');
    expect(readFileSync(join(cwd, 'games.pgn'), 'utf8')).toBe(whole.pgn);
    expect(reviewLines(readFileSync(join(cwd, 'review.ndjson'), 'utf8'))).toEqual(whole.review);
    expect(whole.review.some((line) => (line as { code: string }).code === 'decode-unwritten')).toBe(true);
  });

  it('names a shard missing, a shard given twice, and a shard cut short, and writes nothing', async () => {
    const cases: [string[], string][] = [
      [[shardFile(1), shardFile(3)], `shard 2/${SHARDS} is missing`],
      [[shardFile(1), shardFile(2), shardFile(3), shardFile(2)], `shard 2/${SHARDS} is given twice`],
    ];
    const text = readFileSync(join(cwd, shardFile(1)), 'utf8');
    writeFileSync(join(cwd, 'cut.ndjson'), text.slice(0, text.length - 20));
    cases.push([['cut.ndjson', shardFile(2), shardFile(3)], 'cut.ndjson:'], [['scans'], 'a folder with no NDJSON files in it']);
    for (const [files, message] of cases) {
      const result = await run(['merge-reads', ...files, '-o', 'broken.pgn'], { cwd });
      expect([result.code, result.stderr], files.join(' ')).toEqual([2, expect.stringContaining(message)]);
      expect(() => readFileSync(join(cwd, 'broken.pgn'))).toThrow();
    }
  });

  it('resumes: a rerun reads nothing; a last line cut short by a killed run is read again, and the merge is unchanged', async () => {
    const busiest = Array.from({ length: SHARDS }, (_, index) => index + 1)
      .map((index) => ({ index, scans: Object.keys(layout).filter((path) => shardOfKey(path, SHARDS) === index).length }))
      .sort((a, b) => b.scans - a.scans)[0];
    const file = join(cwd, shardFile(busiest.index));
    const records = (text: string): string[] => text.split('\n').filter((line) => line !== '' && !line.startsWith('{"summary"'));
    const before = readFileSync(file, 'utf8');
    const again = await run(['read', 'scans', '--shard', `${busiest.index}/${SHARDS}`, '--resume', '-o', shardFile(busiest.index)], { cwd });
    expect(again.stderr).toContain(`resuming ${shardFile(busiest.index)}: ${busiest.scans} scans already read, skipped; 0 to read`);
    expect(records(readFileSync(file, 'utf8'))).toEqual(records(before));
    // Killed while writing its last record (a game, or a page with no sheet): the line half there, no `scan` line
    // after it, no summary. The scans whose `scan` line came before it are skipped, its own is read again.
    const lines = records(before);
    const last = Math.max(...lines.map((line, index) => (line.includes('"scans":[') ? index : -1)));
    const readWhole = lines.slice(0, last).filter((line) => line.startsWith('{"scan":')).length;
    expect(readWhole, 'a scan read whole before the cut').toBeGreaterThan(0);
    writeFileSync(file, `${lines.slice(0, last).join('\n')}\n${lines[last].slice(0, lines[last].length / 2)}`);
    const resumed = await run(['read', 'scans', '--shard', `${busiest.index}/${SHARDS}`, '--resume', '-o', shardFile(busiest.index)], { cwd });
    expect(resumed.stderr).toContain(`${readWhole} scan${readWhole === 1 ? '' : 's'} already read, skipped; ${busiest.scans - readWhole} to read (its last line was cut short)`);
    const files = Array.from({ length: SHARDS }, (_, index) => shardFile(index + 1));
    const merged = await run(['merge-reads', ...files], { cwd });
    expect(merged.stdout).toBe(whole.pgn);
  }, 60_000);
});

describe('a game whose two copies are scanned apart', () => {
  it('is refused by the merge when its copies fell in two shards, and read as one run reads it with --shard-by folder', async () => {
    const cwd = round({ 'pair/pair-white.jpg': 'pair-white.jpg', 'pair/pair-black.jpg': 'pair-black.jpg' });
    const SHARDS = 3;
    expect(shardOfKey('pair/pair-white.jpg', SHARDS), 'the copies fall in two shards').not.toBe(shardOfKey('pair/pair-black.jpg', SHARDS));
    const sharded = async (by: string): Promise<string[]> => {
      const files = Array.from({ length: SHARDS }, (_, index) => `${by}-${index + 1}.ndjson`);
      // One narrow search each: what is tested is which sheets are decoded together, not how deep.
      for (const [index, file] of files.entries()) await run(['read', 'scans', '--no-deep', '--shard', `${index + 1}/${SHARDS}`, '--shard-by', by, '-o', file], { cwd });
      return files;
    };
    const apart = await run(['merge-reads', ...(await sharded('file'))], { cwd });
    expect(apart.code).toBe(2);
    expect(apart.stderr).toMatch(/the sheets of board 1 .* were read in both file-\d\.ndjson and file-\d\.ndjson, so they were not decoded as one game/u);
    const together = await run(['merge-reads', ...(await sharded('folder'))], { cwd });
    const whole = await run(['read', 'scans', '--no-deep'], { cwd });
    expect(whole.stdout.match(/^\[Event /gmu)).toHaveLength(1);
    expect(together.stdout).toBe(whole.stdout);
  }, 120_000);
});
