/** Diagnostics for people, the way a good compiler prints them: where, what, why, and what would fix it. */
import type { Diagnostic, GameReport } from '@zapis/game';

export interface SourceLines {
  line(number: number): string;
}

export function sourceLines(text: string): SourceLines {
  let lines: string[] | undefined;
  return {
    line(number: number): string {
      lines ??= text.split(/\r\n|\r|\n/);
      return lines[number - 1] ?? '';
    },
  };
}

const plyText = (diagnostic: Diagnostic): string =>
  diagnostic.ply === undefined ? '' : `, move ${diagnostic.moveNumber}${diagnostic.side === 'black' ? '...' : '.'} (ply ${diagnostic.ply}, ${diagnostic.side})`;

export function formatDiagnostic(diagnostic: Diagnostic, report: GameReport, source: SourceLines): string {
  const where = `${diagnostic.file || '<input>'}:${diagnostic.line}:${diagnostic.column}`;
  const lines = [`${where}: ${diagnostic.severity}[${diagnostic.code}]: ${diagnostic.message}`];
  const gutter = String(diagnostic.line).length;
  const code = source.line(diagnostic.line);
  if (code.length <= 400) {
    const width = Math.max(1, Math.min(diagnostic.length, code.length - diagnostic.column + 1));
    lines.push(`${' '.repeat(gutter)} |`);
    lines.push(`${diagnostic.line} | ${code}`);
    lines.push(`${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, diagnostic.column - 1))}${'^'.repeat(width)}`);
  }
  const pad = ' '.repeat(gutter);
  lines.push(`${pad} = game ${report.index}${plyText(diagnostic)}${diagnostic.fen ? `, position ${diagnostic.fen}` : ''}`);
  if (diagnostic.candidates && diagnostic.candidates.length > 0) lines.push(`${pad} = legal moves close to it: ${diagnostic.candidates.join(', ')}`);
  if (diagnostic.suggestions && diagnostic.suggestions.length > 0 && diagnostic.severity !== 'error') {
    lines.push(`${pad} = written in standard SAN: ${diagnostic.suggestions.join(', ')}`);
  }
  return lines.join('\n');
}

export function formatGame(report: GameReport, source: SourceLines, minimum: 'info' | 'warning' | 'error'): string[] {
  const rank = { info: 0, warning: 1, error: 2 } as const;
  const blocks = report.diagnostics
    .filter((diagnostic) => rank[diagnostic.severity] >= rank[minimum])
    .map((diagnostic) => formatDiagnostic(diagnostic, report, source));
  for (const repair of report.repairs) {
    blocks.push(`${report.file || '<input>'}:${repair.line}:${repair.column}: help: game ${report.index}: ${repair.message}`);
  }
  return blocks;
}
