import { describe, expect, it } from 'vitest';
import { recordToJson } from '../src/record.js';
import { diagnostic, record, render } from './fixtures/render.js';

describe('the NDJSON format', () => {
  const games = [
    record({ index: 1, diagnostics: [diagnostic({ severity: 'info', code: 'move-number-mismatch', sourceLine: '1.e4 e5', width: 2 })] }),
    record({ index: 2, diagnostics: [diagnostic({ sourceLine: '2.Nf6', width: 3 })], outcome: '1-0 checkmate' }),
  ];

  it('writes one object per game and line, in order, with every diagnostic whatever --show says, and no source lines', () => {
    const { output, pieces } = render('json', games, { show: 'error' });
    expect(pieces[0]).toBe('');
    const lines = output.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual(JSON.parse(JSON.stringify(recordToJson(games[0]))));
    expect(second).toMatchObject({ index: 2, status: 'error', outcome: '1-0 checkmate' });
    expect((first.diagnostics as Record<string, unknown>[])[0]).toMatchObject({ severity: 'info', code: 'move-number-mismatch' });
    expect(output).not.toContain('sourceLine');
    expect(output).not.toContain('"width"');
  });

  it('ends with the summary, and the shard when the run was sharded', () => {
    const whole = JSON.parse(render('json', games).output.trimEnd().split('\n')[2]) as { summary: Record<string, unknown> };
    expect(whole.summary).toMatchObject({ games: 2, ok: 1, failed: 1, errors: 1, infos: 1, byCode: { 'illegal-move': 1, 'move-number-mismatch': 1 } });
    expect(whole.summary).not.toHaveProperty('shard');
    const shard = JSON.parse(render('json', games, { shard: { index: 3, count: 4 } }).output.trimEnd().split('\n')[2]) as { summary: Record<string, unknown> };
    expect(shard.summary.shard).toEqual({ index: 3, count: 4 });
  });
});
