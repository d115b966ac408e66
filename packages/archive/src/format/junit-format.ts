/**
 * JUnit XML, which every CI test view reads: one <testsuite> per input file,
 * one <testcase> per game, a <failure> for each game with errors.
 *
 * Streaming decides one thing: a suite's `tests` and `failures` attributes sit
 * on its start tag, before its games are seen, and holding a 1 GB file's games
 * back to count them first is not an option. So suites carry no counts: the
 * consumers that matter (Jenkins, GitLab, the GitHub test-report actions)
 * count <testcase> and <failure> elements themselves, and JUnit's schemas make
 * the counts optional on <testsuites>. Each suite ends with a <system-out>
 * line giving its counts for people, the one place after the test cases the
 * schemas allow.
 */
import type { GameRecord } from '../record.js';
import type { SummaryCounts } from '../summary.js';
import { gameTitle, shownDiagnostics, type ReportWriter, type WriterOptions } from './report-writer.js';
import { formatRecord, summaryLine } from './text-format.js';

/** Everything XML 1.0 cannot hold at all, not even as a character reference (C0 controls, lone surrogates, U+FFFE/U+FFFF). */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripForbiddenXml(text: string): string {
  return text.replace(FORBIDDEN_IN_XML, '');
}

/** Element content: `]]>` cannot survive either, since `>` is escaped; `\r` as a reference so parsers do not turn it into `\n`. */
export function escapeXmlText(text: string): string {
  return stripForbiddenXml(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Attribute values: quotes escaped, and line breaks and tabs as references, which attribute normalisation would otherwise turn into spaces. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

const attributes = (values: Readonly<Record<string, string>>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
    .join('');

function testcase(record: GameRecord, options: WriterOptions): string {
  const open = `    <testcase${attributes({ name: `game ${record.index}: ${gameTitle(record)}`, classname: record.file })}`;
  const blocks = formatRecord(record, options);
  if (record.status === 'error') {
    const errors = record.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const first = errors[0];
    const message = first === undefined ? 'the game has errors' : `${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`;
    const failure = attributes({ message, type: first?.code ?? 'error' });
    return `${open}>\n      <failure${failure}>${escapeXmlText(blocks.join('\n\n'))}</failure>\n    </testcase>\n`;
  }
  if (shownDiagnostics(record, options.show).length > 0) {
    return `${open}>\n      <system-out>${escapeXmlText(blocks.join('\n\n'))}</system-out>\n    </testcase>\n`;
  }
  return `${open}/>\n`;
}

export function createJunitWriter(options: WriterOptions): ReportWriter {
  let suiteFile: string | undefined;
  let suiteGames = 0;
  let suiteFailed = 0;

  const properties = (): string => {
    const values = [`      <property${attributes({ name: 'zapis.version', value: options.toolVersion })}/>`];
    if (options.shard) values.push(`      <property${attributes({ name: 'zapis.shard', value: `${options.shard.index}/${options.shard.count}` })}/>`);
    return `    <properties>\n${values.join('\n')}\n    </properties>\n`;
  };

  function closeSuite(): string {
    if (suiteFile === undefined) return '';
    const counts = `${suiteFile}: ${suiteGames} game${suiteGames === 1 ? '' : 's'}, ${suiteFailed} with errors`;
    suiteFile = undefined;
    return `    <system-out>${escapeXmlText(counts)}</system-out>\n  </testsuite>\n`;
  }

  function openSuite(file: string): string {
    suiteFile = file;
    suiteGames = 0;
    suiteFailed = 0;
    return `  <testsuite${attributes({ name: file })}>\n${properties()}`;
  }

  return {
    needsMoves: false,
    needsEveryGame: true,
    begin: () => `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attributes({ name: 'zapis validate' })}>\n`,
    game: (record) => {
      const head = record.file === suiteFile ? '' : `${closeSuite()}${openSuite(record.file)}`;
      suiteGames++;
      if (record.status === 'error') suiteFailed++;
      return `${head}${testcase(record, options)}`;
    },
    end: (summary: SummaryCounts) => {
      // An input that could not be read is a failed suite of its own, so CI shows it.
      const unreadable = summary.unreadable.map(
        (bad) =>
          `  <testsuite${attributes({ name: bad.file })}>\n    <testcase${attributes({ name: `read ${bad.file}`, classname: bad.file })}>\n` +
          `      <error${attributes({ message: `cannot read ${bad.file}: ${bad.reason}`, type: 'unreadable-input' })}/>\n    </testcase>\n  </testsuite>\n`,
      );
      return `${closeSuite()}${unreadable.join('')}</testsuites>\n<!-- ${stripForbiddenXml(summaryLine(summary)).replace(/--/g, '- -')} -->\n`;
    },
  };
}
