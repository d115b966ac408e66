import { describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { escapeGithubData, escapeGithubProperty } from '../src/format/github-format.js';
import { realRecords } from './fixtures/real-records.js';
import { HOSTILE, diagnostic, record, render } from './fixtures/render.js';

/** A workflow command as the Actions runner reads it: name, comma-separated key=value properties, `::`, data. */
const COMMAND = /^::(error|warning|notice)(?: ((?:[A-Za-z]+=[^,:\r\n]*)(?:,[A-Za-z]+=[^,:\r\n]*)*))?::([^\r\n]*)$/;

/** The runner's unescaping (actions/runner ActionCommand.Unescape). */
const unescape = (text: string): string => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

interface ParsedCommand {
  readonly name: string;
  readonly properties: Record<string, string>;
  readonly data: string;
}

function parse(line: string): ParsedCommand {
  const match = COMMAND.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const properties: Record<string, string> = {};
  for (const pair of match[2]?.split(',') ?? []) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
  }
  return { name: match[1], properties, data: unescape(match[3]) };
}

describe('the GitHub annotations format', () => {
  it('escapes data and properties the way the runner unescapes them', () => {
    expect(escapeGithubData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeGithubProperty('C:\\games\\a,b.pgn%')).toBe('C%3A\\games\\a%2Cb.pgn%25');
    expect(unescape(escapeGithubProperty(HOSTILE))).toBe(HOSTILE);
    expect(unescape(escapeGithubData(HOSTILE))).toBe(HOSTILE);
  });

  it('writes one command line per shown diagnostic, with file, line, column and code, then a summary notice', () => {
    const games = [
      record({ file: 'odd: name, 100%.pgn', diagnostics: [diagnostic({ file: 'odd: name, 100%.pgn', message: `50% of ${HOSTILE}`, width: 3 })] }),
      record({ index: 2, diagnostics: [diagnostic({ severity: 'warning', code: 'over-disambiguation', line: 20, column: 7 }), diagnostic({ severity: 'info', code: 'move-number-mismatch' })] }),
    ];
    const lines = render('github', games, {}, [{ file: 'gone.pgn', reason: 'no such file' }]).output.split('\n');
    expect(lines.pop()).toBe('');
    const commands = lines.map(parse);
    expect(commands.map((command) => command.name)).toEqual(['error', 'warning', 'error', 'notice']);
    expect(commands[0].properties).toEqual({ file: 'odd: name, 100%.pgn', line: '9', endLine: '9', col: '4', endColumn: '6', title: 'illegal-move' });
    expect(commands[0].data.startsWith(`50% of ${HOSTILE}\n`)).toBe(true);
    expect(commands[0].data).toContain('game 1, move 2. (ply 3, white)');
    expect(commands[1].properties).toEqual({ file: 'games/a.pgn', line: '20', col: '7', title: 'over-disambiguation' });
    expect(commands[2]).toMatchObject({ properties: { file: 'gone.pgn', title: 'unreadable-input' }, data: 'cannot read gone.pgn: no such file' });
    expect(commands[3].data).toBe('2 games: 1 ok, 1 with errors; 1 error, 1 warning, 1 info; 4 plies; languages: en 2');
    expect(render('github', games, { show: 'info' }).output.split('\n').filter((line) => line.startsWith('::notice file=')).length).toBe(1);
  });

  it.skipIf(skipWithoutShared())('annotates every error of real games with corrupted moves, and nothing else', async () => {
    const { records } = await realRecords(50, 5);
    const { output } = render('github', records, { show: 'error' });
    const commands = output.trimEnd().split('\n').map(parse);
    const errors = records.flatMap((game) => game.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ game, d })));
    expect(errors.length).toBeGreaterThanOrEqual(10);
    expect(commands).toHaveLength(errors.length + 1);
    errors.forEach(({ game, d }, i) => {
      expect(commands[i]).toMatchObject({ name: 'error', properties: { file: game.file, line: String(d.line), col: String(d.column), title: d.code } });
      expect(commands[i].data.startsWith(d.message)).toBe(true);
    });
  });
});
