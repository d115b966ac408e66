/**
 * Reports for people, the way a good compiler prints them: where, what, the
 * source line with a caret under the place, why, and what would fix it; then a
 * summary paragraph.
 */
import type { GameRecord, RecordDiagnostic } from '../record.js';
import type { SummaryCounts } from '../summary.js';
import { MAX_DIAGNOSTICS_PER_GAME } from '../limits.js';
import { movesInGameLetters } from './game-letters.js';
import { diagnosticFile, moveText, shownDiagnostics, type ReportWriter, type ShardPosition, type WriterOptions } from './report-writer.js';

/** Source lines longer than this are not echoed: a caret under column 9,000 helps nobody. */
const MAX_ECHOED_LINE = 400;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Spaces up to the caret, keeping the tabs of the source line so the caret
 * lands under the right character whatever the terminal's tab width.
 */
function caretPadding(sourceLine: string, column: number): string {
  let padding = '';
  for (let i = 0; i < column - 1; i++) padding += sourceLine[i] === '\t' ? '\t' : ' ';
  return padding;
}

export function formatRecordDiagnostic(diagnostic: RecordDiagnostic, record: GameRecord): string {
  const where = `${diagnosticFile(diagnostic, record)}:${diagnostic.line}:${diagnostic.column}`;
  const lines = [`${where}: ${diagnostic.severity}[${diagnostic.code}]: ${diagnostic.message}`];
  const gutter = ' '.repeat(String(diagnostic.line).length);
  const source = diagnostic.sourceLine;
  if (source !== undefined && source.length <= MAX_ECHOED_LINE && diagnostic.column >= 1) {
    const room = Math.max(1, source.length - diagnostic.column + 1);
    const width = Math.max(1, Math.min(diagnostic.width ?? 1, room));
    lines.push(`${gutter} |`);
    lines.push(`${diagnostic.line} | ${source}`);
    lines.push(`${gutter} | ${caretPadding(source, diagnostic.column)}${'^'.repeat(width)}`);
  }
  lines.push(`${gutter} = game ${record.index}${moveText(diagnostic)}${diagnostic.fen ? `, position ${diagnostic.fen}` : ''}`);
  if (diagnostic.candidates && diagnostic.candidates.length > 0) {
    lines.push(`${gutter} = legal moves close to it: ${movesInGameLetters(diagnostic.candidates, record.language)}`);
  }
  // An error's suggestions are its candidates again; for warnings they say how it is written in standard SAN.
  if (diagnostic.suggestions && diagnostic.suggestions.length > 0 && diagnostic.severity !== 'error') {
    lines.push(`${gutter} = written in standard SAN: ${diagnostic.suggestions.join(', ')}`);
  }
  return lines.join('\n');
}

/** The blocks of one game: each shown diagnostic, then each repair as a `help:` line. */
export function formatRecord(record: GameRecord, options: Pick<WriterOptions, 'show'>): string[] {
  const blocks = shownDiagnostics(record, options.show).map((diagnostic) => formatRecordDiagnostic(diagnostic, record));
  for (const repair of record.repairs ?? []) {
    blocks.push(`${record.file || '<input>'}:${repair.line}:${repair.column}: help: game ${record.index}: ${repair.message}`);
  }
  return blocks;
}

const counted = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([key, count]) => `${key} ${count}`)
    .join(', ');

/** `3 games: 2 ok, 1 with errors; 1 error, 2 warnings; 245 plies`: the line CI logs show. */
export function summaryLine(summary: SummaryCounts): string {
  const languages = counted(summary.languages);
  return (
    `${plural(summary.games, 'game')}: ${summary.ok} ok, ${summary.failed} with errors; ` +
    `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}${summary.infos > 0 ? `, ${plural(summary.infos, 'info')}` : ''}; ` +
    `${summary.plies} ${summary.plies === 1 ? 'ply' : 'plies'}` +
    `${languages ? `; languages: ${languages}` : ''}`
  );
}

/** The closing paragraph: counts, diagnostics by code, speed and what could not be read. */
export function summaryParagraph(summary: SummaryCounts, shard?: ShardPosition): string {
  const lines = [summaryLine(summary)];
  const byCode = counted(summary.byCode);
  if (byCode) lines.push(`diagnostics by code: ${byCode}`);
  if (summary.notListed > 0) lines.push(`${plural(summary.notListed, 'finding')} counted but not listed (a game lists at most ${MAX_DIAGNOSTICS_PER_GAME}; see each game's diagnostics-not-listed finding)`);
  lines.push(`${summary.seconds} s, ${summary.gamesPerSecond} games/s${summary.bytes > 0 ? `, ${summary.bytes} bytes read` : ''}`);
  if (shard) lines.push(`shard ${shard.index} of ${shard.count}: game numbers count within the shard`);
  for (const bad of summary.unreadable) lines.push(`unreadable input: ${bad.file}: ${bad.reason}`);
  return lines.join('\n');
}

const hasNothingToPrint = (record: GameRecord): boolean =>
  record.diagnostics.length === 0 && (record.repairs === undefined || record.repairs.length === 0);

export function createTextWriter(options: WriterOptions): ReportWriter {
  return {
    needsMoves: false,
    needsEveryGame: false,
    begin: () => '',
    // Most games have nothing to print: no blocks to make.
    game: (record) => (hasNothingToPrint(record) ? '' : formatRecord(record, options).map((block) => `${block}\n\n`).join('')),
    end: (summary) => `${summaryParagraph(summary, options.shard)}\n`,
  };
}
