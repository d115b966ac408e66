/**
 * `zapis validate` on archives, end to end: shards merged back equal the whole
 * run, --fix writes an archive that validates clean with the same moves, rules
 * and severities change exit codes, --max-errors stops early.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { jsonLines, run } from './run-cli.js';

const skip = skipWithoutShared();

/** A report without its timing, which no two runs share. */
function withoutTiming(lines: Record<string, unknown>[]): Record<string, unknown>[] {
  return lines.map((line) => {
    if (!('summary' in line)) return line;
    const { seconds: _seconds, gamesPerSecond: _rate, shard: _shard, ...summary } = line.summary as Record<string, unknown>;
    return { summary };
  });
}

describe.skipIf(skip)('validate on 1,500 real games with planted faults', () => {
  let folder = '';
  let archive = '';
  beforeAll(async () => {
    const all = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    let cut = 0;
    for (let games = 0; games < 1_500; games++) cut = all.indexOf('\n[Event ', cut + 1);
    // An illegal move in one game, and an exact copy of the first game at the end (a duplicate).
    const first = all.slice(0, all.indexOf('\n[Event ') + 1);
    const body = all.slice(0, cut + 1);
    const tenth = body.indexOf('2.Nf3 ', body.split('\n[Event ', 10).join('\n[Event ').length);
    const text = `${body.slice(0, tenth)}2.Nf4 ${body.slice(tenth + 6)}\n${first}`;
    folder = mkdtempSync(join(tmpdir(), 'zapis-cli-archive-'));
    archive = join(folder, 'archive.pgn');
    writeFileSync(archive, text);
  }, 600_000);
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('merges --shard i/3 reports (given in any order) into exactly the whole report', async () => {
    const whole = await run(['validate', archive, '--format', 'json', '-j', '1']);
    expect(whole.code).toBe(1);
    const reports: string[] = [];
    for (const index of [3, 1, 2]) {
      const report = join(folder, `shard-${index}.ndjson`);
      const shard = await run(['validate', archive, '--format', 'json', '-j', '2', '--shard', `${index}/3`, '-o', report]);
      expect([0, 1]).toContain(shard.code);
      reports.push(report);
    }
    const merged = await run(['merge-reports', ...reports, '--format', 'json']);
    expect(merged.code).toBe(1);
    const expected = withoutTiming(jsonLines(whole.stdout));
    expect(expected.length).toBe(1_502);
    expect(withoutTiming(jsonLines(merged.stdout))).toEqual(expected);
    const duplicate = expected.find((line) => (line.diagnostics as { code: string }[] | undefined)?.some((d) => d.code === 'duplicate-game'));
    expect(duplicate?.index).toBe(1_501);
  });

  it('--rule and --severity decide what fails the run', async () => {
    const relaxed = await run(['validate', archive, '-q', '--rule', 'no-piece-can-reach=warning', '--rule', 'illegal-move=warning', '--rule', 'result-contradicts-board=off']);
    expect(relaxed.code).toBe(0);
    const strict = await run(['validate', archive, '-q', '--rule', 'no-piece-can-reach=off', '--rule', 'illegal-move=off', '--rule', 'result-contradicts-board=off', '--severity', 'warning']);
    expect(strict.code).toBe(1);
    const unknown = await run(['validate', archive, '--rule', 'no-such-rule=error']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no-such-rule/);
  });

  it('merge-reports --severity fails the merge where validate --severity fails the whole run', async () => {
    // Errors off: only warnings (the duplicate among them) are left, which fail a run at --severity warning alone.
    const rules = ['--rule', 'no-piece-can-reach=off', '--rule', 'illegal-move=off', '--rule', 'result-contradicts-board=off'];
    const wholeDefault = await run(['validate', archive, '-q', ...rules]);
    const wholeStrict = await run(['validate', archive, '-q', ...rules, '--severity', 'warning']);
    expect([wholeDefault.code, wholeStrict.code]).toEqual([0, 1]);
    const reports: string[] = [];
    for (const index of [1, 2]) {
      const report = join(folder, `warnings-${index}.ndjson`);
      expect((await run(['validate', archive, ...rules, '--format', 'json', '--shard', `${index}/2`, '-o', report])).code).toBe(0);
      reports.push(report);
    }
    const mergedDefault = await run(['merge-reports', ...reports, '--show', 'error']);
    const mergedStrict = await run(['merge-reports', ...reports, '--show', 'error', '--severity', 'warning']);
    expect([mergedDefault.code, mergedStrict.code]).toEqual([wholeDefault.code, wholeStrict.code]);
    const wrong = await run(['merge-reports', ...reports, '--severity', 'fatal']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--severity/);
  });

  it('--max-errors stops after that many errors', async () => {
    const stopped = await run(['validate', archive, '--format', 'json', '--max-errors', '1', '-j', '1']);
    expect(stopped.code).toBe(1);
    const games = jsonLines(stopped.stdout).filter((line) => !('summary' in line));
    expect(games.length).toBeLessThan(1_502);
    expect(games.filter((game) => game.status === 'error').length).toBe(1);
    expect(stopped.stderr).toMatch(/stopped at 1 error \(--max-errors 1\): nothing after game \d+ of .* \(line \d+\) was validated/);
    // Exactly one error listed; what else the last game holds is counted, not listed.
    const listed = games.flatMap((game) => game.diagnostics as { severity: string; code: string }[]).filter((d) => d.severity === 'error' && d.code !== 'diagnostics-not-listed');
    expect(listed).toHaveLength(1);
  });

  it('--fix writes export format that validates with the same moves, and keeps broken games as written', async () => {
    const fixed = join(folder, 'fixed.pgn');
    const result = await run(['validate', archive, '--fix', '-o', fixed]);
    expect(result.code).toBe(1);
    const before = jsonLines((await run(['validate', archive, '--format', 'json', '-j', '1'])).stdout).filter((line) => !('summary' in line));
    const after = jsonLines((await run(['validate', fixed, '--format', 'json', '-j', '1'])).stdout).filter((line) => !('summary' in line));
    expect(after.length).toBe(before.length);
    after.forEach((game, i) => expect(game.san, `game ${i + 1}`).toEqual(before[i].san));
    expect(readFileSync(fixed, 'utf8')).toContain('2.Nf4 ');
    expect(after.filter((game) => game.status === 'error').length).toBe(before.filter((game) => game.status === 'error').length);
  });
});

describe('validate input and usage errors', () => {
  it('reports an unreadable file with exit code 2 and goes on with the others', async () => {
    const result = await run(['validate', 'no/such/file.pgn', 'fixtures/seed-samples/2001-sample.pgn']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read no\/such\/file.pgn: no such file/);
    expect(result.stdout).toMatch(/1 game/);
  });

  it('refuses --shard on standard input and a malformed --shard', async () => {
    expect((await run(['validate', '--shard', '1/2'], { stdin: '1. e4 *' })).code).toBe(2);
    expect((await run(['validate', 'fixtures/seed-samples/2001-sample.pgn', '--shard', '3/2'])).code).toBe(2);
  });
});
