/**
 * Issue 18.5: exit codes and streams CI relies on, through the real CLI. Every
 * command given a folder, an empty file, a missing file or a binary file says
 * what is wrong in one line (no stack trace); a reader that closes the pipe
 * early does not change the exit status; --max-errors stops; merge-reports
 * writes a whole report or nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, garbageBytes } from '@zapis/testkit';
import { run } from './run-cli.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const BAD_GAME = '[Event "Bad"]\n\n1. e4 e5 2. Qh9 Nc6 3. Bb9 *\n\n';
const GOOD_GAME = '[Event "Good"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n';


let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zapis-bad-input-'));
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'empty.pgn'), '');
  writeFileSync(join(dir, 'binary.pgn'), garbageBytes(20_000, 0x2545f491));
  writeFileSync(join(dir, 'bad.pgn'), BAD_GAME);
  // Far more than a pipe holds (64 KiB), so the writer meets the closed pipe.
  writeFileSync(join(dir, 'many-bad.pgn'), BAD_GAME.repeat(4_000));
  writeFileSync(join(dir, 'good.pgn'), GOOD_GAME.repeat(4_000));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('every command on a folder, an empty, a missing and a binary file', () => {
  const commands: readonly (readonly string[])[] = [
    ['validate'], ['convert', '--to', 'en'], ['reconcile', 'bad.pgn'], ['print', '--game'], ['print', '--pairings'], ['demo'], ['merge-reports'],
  ];
  const inputs = ['folder', 'empty.pgn', 'missing.pgn', 'binary.pgn'];
  for (const command of commands) {
    it(`zapis ${command.join(' ')} …: one line, no stack trace, exit 0 or 2`, async () => {
      for (const input of inputs) {
        const args = [...command, input, ...(command[0] === 'print' ? ['-o', join(dir, 'out.pdf')] : [])];
        const result = await run(args, { cwd: dir });
        expect(result.stderr, `${args.join(' ')}`).not.toMatch(/internal error|\n\s+at /);
        if (input === 'empty.pgn') {
          expect([0, 2], `${args.join(' ')}`).toContain(result.code);
        } else {
          expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
          expect(result.stderr, `${args.join(' ')}`).toContain(input);
        }
        if (input === 'binary.pgn' && command[0] !== 'demo' && command[0] !== 'merge-reports') {
          expect(result.stderr).toMatch(/not a PGN or text file \(binary data: a NUL byte at byte \d+, line \d+\)/);
          expect(result.stdout).not.toMatch(/unknown-token/);
        }
      }
    });
  }

  it('validate and convert say an empty file holds no games, exit 2, and still read the files beside it', async () => {
    // A run that checks nothing must not pass for one that found nothing wrong.
    for (const command of [['validate'], ['convert', '--to', 'pl']]) {
      const alone = await run([...command, 'empty.pgn'], { cwd: dir });
      expect(alone.code, command.join(' ')).toBe(2);
      expect(alone.stderr).toContain('cannot read empty.pgn: empty file: no games in it');
    }
    const beside = await run(['validate', 'good.pgn', 'empty.pgn', '--format', 'json'], { cwd: dir });
    expect(beside.code).toBe(2);
    const { summary } = JSON.parse(beside.stdout.trim().split('\n').at(-1)!) as { summary: { games: number; unreadable: { file: string; reason: string }[] } };
    expect(summary.games).toBe(4_000);
    expect(summary.unreadable).toEqual([{ file: 'empty.pgn', reason: 'empty file: no games in it' }]);
  });

  it('an output path that cannot be written is a usage error in one line, before any work, for every command that writes', async () => {
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const throughFile = join(dir, 'a-file', 'out');
    const good = join(dir, 'good.pgn');
    writeFileSync(good, GOOD_GAME);
    const cases: [string[], string][] = [
      [['validate', good, '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['validate', good, '--fix', '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['validate', good, '--fix', '-o', join(dir, 'folder')], `cannot write ${join(dir, 'folder')}: is a folder`],
      [['convert', good, '--to', 'pl', '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['print', '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['merge-reports', good, '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['reconcile', good, good, '-o', throughFile], `cannot write ${throughFile}: a part of the path is not a folder`],
      [['read', 'fixtures/scans/prefilled.png', '--crops', join(dir, 'a-file')], `--crops: cannot make the folder ${join(dir, 'a-file')}: a file of that name is in the way`],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toBe(`zapis: ${message}\n`);
      expect(result.stdout, args.join(' ')).toBe('');
    }
  });

  it('zapis demo with a file, or a folder without the fixtures in it, is a usage error', async () => {
    const file = await run(['demo', 'bad.pgn'], { cwd: dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('bad.pgn is a file, not a folder');
    const folder = await run(['demo', 'folder'], { cwd: dir });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('folder has no positions/, seed-samples/, scoresheets/');
  });

  it('print --pairings with a malformed file is a usage error located at its line', async () => {
    writeFileSync(join(dir, 'pairings.csv'), 'board,white,black\n1,A\n');
    const result = await run(['print', '--pairings', 'pairings.csv', '-o', join(dir, 'round.pdf')], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^zapis: pairings\.csv:2: /);
    expect(existsSync(join(dir, 'round.pdf'))).toBe(false);
  });
});

/** Runs the built CLI, reads standard output until `keep` bytes came, then closes the pipe, like `| head -c keep`. */
function runClosingEarly(args: readonly string[], keep: number): Promise<{ code: number | null; stderr: string; got: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let got = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      got += chunk.length;
      if (got >= keep) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, got }));
  });
}

describe.skipIf(!existsSync(BIN))('a reader that closes the pipe early (EPIPE)', () => {
  it('leaves validate with exit 1 for an archive with errors, and 0 for a good one', async () => {
    const bad = await runClosingEarly(['validate', 'many-bad.pgn'], 100);
    expect(bad.stderr).toBe('');
    expect(bad.code).toBe(1);
    const good = await runClosingEarly(['validate', 'good.pgn', '--format', 'json'], 100);
    expect(good.code).toBe(0);
  }, 60_000);

  it('leaves validate --format sarif, convert and merge-reports with their true exit status', async () => {
    const sarif = await runClosingEarly(['validate', 'many-bad.pgn', '--format', 'sarif'], 100);
    expect(sarif.code).toBe(1);
    const convert = await runClosingEarly(['convert', 'many-bad.pgn', '--to', 'pl'], 100);
    expect(convert.code).toBe(1);
    const report = await run(['validate', 'many-bad.pgn', '--format', 'json', '-o', 'many-bad.ndjson'], { cwd: dir });
    expect(report.code).toBe(1);
    const merged = await runClosingEarly(['merge-reports', 'many-bad.ndjson'], 100);
    expect(merged.code).toBe(1);
  }, 60_000);

  it('leaves read with exit 0 when its standard error is the same closed pipe (2>&1 | head)', () => {
    // The crops are written after the game, so the reader is gone by the time the summary goes to standard error:
    // that write's EPIPE went unhandled and the run ended with a stack trace it could not print, status 1.
    const scan = join(REPOSITORY_ROOT, 'fixtures', 'scans', 'jpeg150.jpg');
    const script = `set -o pipefail; "${process.execPath}" "${BIN}" read "${scan}" --crops crops 2>&1 | head -c 100 > /dev/null`;
    const result = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(existsSync(join(dir, 'crops'))).toBe(true);
  }, 120_000);
});

describe('--max-errors', () => {
  it('stops at the limit: only that many errors printed, and it says where it stopped', async () => {
    // Each bad game has two errors (Qh9 and Bb9, each a word that is no move): the limit falls inside the second game.
    const result = await run(['validate', 'many-bad.pgn', '--max-errors', '3'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout.match(/: error\[(?!diagnostics-not-listed)/g)).toHaveLength(3);
    expect(result.stdout).toContain('many-bad.pgn:7:24: error[diagnostics-not-listed]: 1 more finding in this game from here on is not listed (1 error)');
    expect(result.stderr).toMatch(/stopped at 3 errors \(--max-errors 3\): nothing after game 2 of many-bad\.pgn \(line 5\) was validated/);
    expect(result.stdout).toMatch(/^2 games: /m);
  });
});

describe('merge-reports with a bad report', () => {
  it('writes nothing and exits 2 when shards are missing, naming the shards it was given', async () => {
    const shards = [1, 3].map((index) => `shard-${index}.ndjson`);
    for (const [at, shard] of shards.entries()) {
      const made = await run(['validate', 'many-bad.pgn', '--shard', `${at === 0 ? 1 : 3}/3`, '--format', 'json', '-o', shard], { cwd: dir });
      expect(made.code).toBe(1);
    }
    const result = await run(['merge-reports', ...shards, '--format', 'sarif'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/shard 2\/3 missing \(shard-1\.ndjson is 1\/3, shard-3\.ndjson is 3\/3\)/);
  });

  it('writes nothing and exits 2 for a malformed line, naming the file and the line', async () => {
    const good = await run(['validate', 'good.pgn', '--format', 'json', '-o', 'good.ndjson'], { cwd: dir });
    expect(good.code).toBe(0);
    const whole = await run(['validate', 'many-bad.pgn', '--format', 'json'], { cwd: dir });
    const lines = whole.stdout.split('\n');
    lines[2000] = '{"file": "many-bad.pgn", "index": oops';
    writeFileSync(join(dir, 'broken.ndjson'), lines.join('\n'));
    for (const format of ['sarif', 'text', 'json']) {
      const result = await run(['merge-reports', 'good.ndjson', 'broken.ndjson', '--format', format], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^zapis: broken\.ndjson:2001: not valid JSON/);
    }
  });
});
