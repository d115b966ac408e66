import { describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { formatRecordDiagnostic, summaryParagraph } from '../src/format/text-format.js';
import { realRecords } from './fixtures/real-records.js';
import { diagnostic, record, render } from './fixtures/render.js';

/** The caret line of a diagnostic block, and the source line above it. */
function caretAndSource(block: string): { source: string; caret: string } {
  const lines = block.split('\n');
  const caretAt = lines.findIndex((line) => /\|\s*\S*\^/.test(line) && line.includes('^'));
  const strip = (line: string): string => line.slice(line.indexOf('| ') + 2);
  return { source: strip(lines[caretAt - 1]), caret: strip(lines[caretAt]) };
}

describe('the text format', () => {
  it('puts the caret under the column, as wide as the token', () => {
    const sourceLine = '1.e4 e5 2.Nf3 Nf6?? 3.Bb5';
    const column = sourceLine.indexOf('Nf6') + 1;
    const block = formatRecordDiagnostic(diagnostic({ line: 12, column, width: 3, sourceLine }), record());
    expect(block.split('\n')[0]).toBe(`games/a.pgn:12:${column}: error[illegal-move]: Nf6 is not legal here`);
    const { source, caret } = caretAndSource(block);
    expect(source).toBe(sourceLine);
    expect(caret).toBe(`${' '.repeat(column - 1)}^^^`);
    expect(block).toContain('= game 1, move 2. (ply 3, white)');
  });

  it('keeps tabs before the caret so it stays under the token at any tab width', () => {
    const sourceLine = '\t1.e4\te5\tNf6';
    const column = sourceLine.indexOf('Nf6') + 1;
    const { caret } = caretAndSource(formatRecordDiagnostic(diagnostic({ column, width: 3, sourceLine }), record()));
    expect(caret).toBe('\t    \t  \t^^^');
  });

  it('never underlines past the end of the line, and leaves out lines too long to echo', () => {
    const short = caretAndSource(formatRecordDiagnostic(diagnostic({ column: 3, width: 40, sourceLine: 'e4 Qh9' }), record()));
    expect(short.caret).toBe('  ^^^^');
    const long = formatRecordDiagnostic(diagnostic({ column: 3, width: 2, sourceLine: 'x'.repeat(401) }), record());
    expect(long).not.toContain('^');
    expect(long).toContain('= game 1');
  });

  it('prints shown diagnostics only, repairs as help lines, and a summary paragraph', () => {
    const games = [
      record({ index: 1, diagnostics: [diagnostic({ severity: 'info', code: 'move-number-mismatch', message: 'an info' })] }),
      record({
        index: 2,
        diagnostics: [diagnostic({ severity: 'warning', code: 'over-disambiguation', message: 'written N-f3', suggestions: ['Nf3'] }), diagnostic()],
        repairs: [{ edit: { kind: 'replace', ply: 3, written: 'Nf6', san: 'Nf3', replacement: 'Nf3' }, line: 9, column: 4, editedPlies: [3], message: '2.Nf6 → 2.Nf3 makes the rest of the game legal', san: ['e4', 'e5', 'Nf3'] }],
      }),
    ];
    const { output } = render('text', games, {}, [{ file: 'gone.pgn', reason: 'no such file' }]);
    expect(output).not.toContain('an info');
    expect(output).toContain('games/a.pgn:9:4: warning[over-disambiguation]: written N-f3');
    expect(output).toContain('= written in standard SAN: Nf3');
    expect(output).toContain('games/a.pgn:9:4: help: game 2: 2.Nf6 → 2.Nf3 makes the rest of the game legal');
    expect(output).toContain('2 games: 1 ok, 1 with errors; 1 error, 1 warning, 1 info; 4 plies; languages: en 2');
    expect(output).toContain('diagnostics by code: illegal-move 1, move-number-mismatch 1, over-disambiguation 1');
    expect(output).toContain('1.5 s, 1 games/s');
    expect(output).toContain('unreadable input: gone.pgn: no such file');
    expect(render('text', games, { show: 'info' }).output).toContain('info[move-number-mismatch]: an info');
    expect(render('text', games, { show: 'error' }).output).not.toContain('warning[');
  });

  it('says when game numbers count within a shard', () => {
    const summary = render('text', []).summary;
    expect(summaryParagraph(summary, { index: 2, count: 7 })).toContain('shard 2 of 7');
    expect(summaryParagraph(summary)).not.toContain('shard');
  });

  it.skipIf(skipWithoutShared())('puts the caret under the written move on real games with corrupted moves', async () => {
    const { records } = await realRecords(60, 7);
    const failed = records.filter((game) => game.status === 'error');
    expect(failed.length).toBeGreaterThanOrEqual(8);
    let checked = 0;
    for (const game of failed) {
      for (const found of game.diagnostics.filter((d) => d.severity === 'error' && d.text !== undefined)) {
        const { source, caret } = caretAndSource(formatRecordDiagnostic(found, game));
        const at = caret.indexOf('^');
        expect(at).toBe(found.column - 1);
        expect(source.slice(at, at + caret.length - at)).toBe(found.text);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
