/**
 * Issue 19.4, through the built command: a malformed template, pairings file,
 * rule config or shard report is one located message (file, line, column or
 * JSON path) and exit 2, never a TypeError or a stack trace.
 * (No command reads layout JSON back; parseLayoutJson is tested in @zapis/sheet.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const GAME = '[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zapis-located-'));
  const files: Record<string, string> = {
    'game.pgn': GAME,
    'blank.png': '',
    'template.json': '{\n  "format": "zapis-sheet-template",\n  "version": 1,\n  "grid": { "columns": ["white", "black"], "blocks": [ { "rows": "x" } ] }\n}\n',
    'pairings.csv': 'board,white,black,white_ratng\n1,A,B,1800\n',
    'pairings.json': '[\n  {"board": 1, "white": "A", "black": ["B"]}\n]\n',
    'rules.json': '{\n  "rules": {\n    "tag-order": 2\n  }\n}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function zapis(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Exit 2, nothing on standard output, and exactly `message` on standard error: no stack trace, no internal error. */
function expectUsageError(result: ReturnType<typeof zapis>, message: string): void {
  expect(result.stderr).toBe(`zapis: ${message}\n`);
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
}

describe('bad input files are located errors with exit 2', () => {
  it('a template', () => {
    expectUsageError(zapis('read', '--template', 'template.json', 'blank.png'), 'bad template:\ntemplate.json:4:66: grid.blocks[0].rows: expected an integer from 1 to 200, got "x"');
  });

  it('a pairings file, CSV or JSON', () => {
    expectUsageError(zapis('print', '--pairings', 'pairings.csv', '-o', 'round.pdf'),
      'pairings.csv:1: unknown column "white_ratng" (player columns: white, white_rating, white_fide_id, white_federation, and the same for black)');
    expectUsageError(zapis('print', '--pairings', 'pairings.json', '-o', 'round.pdf'), 'pairings.json:2:39: pairing 1: black: expected a string or number');
  });

  it('a rule config, for validate and for merge-reports', () => {
    const message = `${join(dir, 'rules.json')}:3:18: rules.tag-order: the level 2 is not one of error, warning, info, off`;
    expectUsageError(zapis('validate', '--config', 'rules.json', 'game.pgn'), message);
    expectUsageError(zapis('merge-reports', '--config', 'rules.json', 'game.pgn'), message);
  });

  it('a shard report: a record of the wrong shape, a summary of the wrong shape, a file that is no report', () => {
    const first = zapis('validate', '--format', 'json', '--shard', '1/2', 'game.pgn');
    const second = zapis('validate', '--format', 'json', '--shard', '2/2', 'game.pgn');
    expect([first.status, second.status]).toEqual([0, 0]);
    writeFileSync(join(dir, 'shard-2.ndjson'), second.stdout);
    const [record, summary] = first.stdout.trimEnd().split('\n');
    expect(record).toContain('"plies":2');
    writeFileSync(join(dir, 'shard-1.ndjson'), `${record.replace('"plies":2', '"plies":"two"')}\n${summary}\n`);
    expectUsageError(zapis('merge-reports', 'shard-2.ndjson', 'shard-1.ndjson'), 'shard-1.ndjson:1: not a game record: plies: expected a whole number of 0 or more');
    writeFileSync(join(dir, 'shard-1.ndjson'), `${record}\n${summary.replace('"index":1', '"index":7')}\n`);
    expectUsageError(zapis('merge-reports', 'shard-1.ndjson', 'shard-2.ndjson'), 'shard-1.ndjson: last line: summary.shard: expected {"index": i, "count": n} with 1 <= i <= n');
    // The good pair merges: the check is not refusing everything.
    writeFileSync(join(dir, 'shard-1.ndjson'), first.stdout);
    expect(zapis('merge-reports', '--format', 'json', 'shard-2.ndjson', 'shard-1.ndjson').status).toBe(0);
    expectUsageError(zapis('merge-reports', 'template.json'), 'template.json: last line: not valid JSON (Unexpected token \'}\', "}" is not valid JSON)');
  });
});
