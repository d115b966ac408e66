/**
 * GitHub Actions workflow commands: one `::error file=…,line=…,col=…::message`
 * line per shown diagnostic, which GitHub turns into annotations on the
 * pull request, then a `::notice` with the summary.
 */
import type { GameRecord, RecordDiagnostic, SeverityName } from '../record.js';
import type { SummaryCounts } from '../summary.js';
import { diagnosticFile, moveText, shownDiagnostics, type ReportWriter, type WriterOptions } from './report-writer.js';
import { summaryLine } from './text-format.js';
import { movesInGameLetters } from './game-letters.js';

const COMMANDS: Readonly<Record<SeverityName, string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** Escapes a command's message the way the Actions runner unescapes it. */
export function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value: as data, and `:` and `,` too, which end values. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(name: string, properties: Readonly<Record<string, string | number | undefined>>, message: string): string {
  const written = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeGithubProperty(String(value))}`)
    .join(',');
  return `::${name}${written ? ` ${written}` : ''}::${escapeGithubData(message)}\n`;
}

function annotation(diagnostic: RecordDiagnostic, record: GameRecord): string {
  const line = diagnostic.line >= 1 ? diagnostic.line : undefined;
  const column = line !== undefined && diagnostic.column >= 1 ? diagnostic.column : undefined;
  // GitHub's end column is the last one underlined, and only means something with endLine on the same line.
  const endColumn = column !== undefined && diagnostic.width !== undefined && diagnostic.width > 1 ? column + diagnostic.width - 1 : undefined;
  const details = [`game ${record.index}${moveText(diagnostic)}`];
  if (diagnostic.candidates && diagnostic.candidates.length > 0) details.push(`legal moves close to it: ${movesInGameLetters(diagnostic.candidates, record.language)}`);
  if (diagnostic.severity === 'error') for (const repair of record.repairs ?? []) details.push(`help: ${repair.message}`);
  return command(
    COMMANDS[diagnostic.severity],
    { file: diagnosticFile(diagnostic, record), line, endLine: endColumn === undefined ? undefined : line, col: column, endColumn, title: diagnostic.code },
    `${diagnostic.message}\n${details.join('\n')}`,
  );
}

export function createGithubWriter(options: WriterOptions): ReportWriter {
  return {
    needsMoves: false,
    needsEveryGame: false,
    begin: () => '',
    game: (record) => shownDiagnostics(record, options.show).map((diagnostic) => annotation(diagnostic, record)).join(''),
    end: (summary: SummaryCounts) => {
      const unreadable = summary.unreadable.map((bad) => command('error', { file: bad.file, title: 'unreadable-input' }, `cannot read ${bad.file}: ${bad.reason}`));
      const shard = options.shard ? ` (shard ${options.shard.index} of ${options.shard.count})` : '';
      return `${unreadable.join('')}${command('notice', { title: 'zapis validate' }, `${summaryLine(summary)}${shard}`)}`;
    },
  };
}
