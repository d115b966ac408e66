/**
 * SARIF 2.1.0, the format code-scanning services read, written as one JSON
 * document in pieces: begin opens the run up to its results array, each game
 * adds its results, and end closes the array and adds what is only known then
 * (the rules seen, the summary). JSON key order is free, so `tool` may follow
 * `results`.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameRecord, RecordDiagnostic, SeverityName } from '../record.js';
import type { SummaryCounts } from '../summary.js';
import { STDIN_NAME, diagnosticFile, moveText, shownDiagnostics, type ReportWriter, type WriterOptions } from './report-writer.js';
import { summaryLineObject } from './ndjson-format.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVELS: Readonly<Record<SeverityName, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };

/** Characters a URI path may hold as they are (RFC 3986 unreserved, sub-delims, `@` and `/`); `:` is escaped so a relative path never reads as a scheme. */
const URI_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=@/]/;

function encodeRelativePath(path: string): string {
  let encoded = '';
  for (const character of path) {
    if (URI_SAFE.test(character)) encoded += character;
    else for (const byte of new TextEncoder().encode(character)) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * A file name as a SARIF artifact URI: relative paths stay relative (so code
 * scanning resolves them against the checkout), with forward slashes;
 * absolute paths become file: URIs. `<stdin>` becomes `%3Cstdin%3E`, which
 * decodes back to the name every other format shows.
 */
export function artifactUri(file: string): string {
  const slashed = file.replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(slashed)) return `file:///${slashed.slice(0, 2)}${encodeRelativePath(slashed.slice(2))}`;
  if (file !== STDIN_NAME && isAbsolute(file)) return pathToFileURL(file).href;
  return encodeRelativePath(slashed);
}

function artifactLocation(file: string): Record<string, unknown> {
  return file === STDIN_NAME ? { uri: artifactUri(file), description: { text: 'standard input' } } : { uri: artifactUri(file) };
}

function region(diagnostic: RecordDiagnostic): Record<string, number> | undefined {
  if (!(diagnostic.line >= 1)) return undefined;
  if (!(diagnostic.column >= 1)) return { startLine: diagnostic.line };
  const width = diagnostic.width ?? 0;
  // SARIF's endColumn is the column after the region.
  return width > 0 ? { startLine: diagnostic.line, startColumn: diagnostic.column, endColumn: diagnostic.column + width } : { startLine: diagnostic.line, startColumn: diagnostic.column };
}

/** What a code-scanning reader wants beside the message: the game, move and position. */
function resultProperties(diagnostic: RecordDiagnostic, record: GameRecord): Record<string, unknown> {
  const properties: Record<string, unknown> = { game: record.index, gameLine: record.line };
  if (diagnostic.ply !== undefined) Object.assign(properties, { ply: diagnostic.ply, moveNumber: diagnostic.moveNumber, side: diagnostic.side });
  if (diagnostic.fen !== undefined) properties.fen = diagnostic.fen;
  if (diagnostic.text !== undefined) properties.text = diagnostic.text;
  if (diagnostic.candidates && diagnostic.candidates.length > 0) properties.candidates = diagnostic.candidates;
  if (diagnostic.suggestions && diagnostic.suggestions.length > 0) properties.suggestions = diagnostic.suggestions;
  if (diagnostic.severity === 'error' && record.repairs && record.repairs.length > 0) properties.repairs = record.repairs.map((repair) => repair.message);
  return properties;
}

export function createSarifWriter(options: WriterOptions): ReportWriter {
  /** Rules in the order their codes first appear, so each result can name its rule's index before the list is written. */
  const ruleIndex = new Map<string, number>();
  let results = 0;

  function result(diagnostic: RecordDiagnostic, record: GameRecord): string {
    let index = ruleIndex.get(diagnostic.code);
    if (index === undefined) {
      index = ruleIndex.size;
      ruleIndex.set(diagnostic.code, index);
    }
    const place = region(diagnostic);
    const location = { physicalLocation: { artifactLocation: artifactLocation(diagnosticFile(diagnostic, record)), ...(place ? { region: place } : {}) } };
    const text = `${diagnostic.message} [game ${record.index}${moveText(diagnostic)}]`;
    const json = JSON.stringify({
      ruleId: diagnostic.code,
      ruleIndex: index,
      level: LEVELS[diagnostic.severity],
      message: { text },
      locations: [location],
      properties: resultProperties(diagnostic, record),
    });
    return `${results++ === 0 ? '\n' : ',\n'}${json}`;
  }

  function rules(): unknown[] {
    return [...ruleIndex.keys()].map((code) => ({ id: code, shortDescription: { text: options.ruleDescriptions[code] ?? code } }));
  }

  return {
    needsMoves: false,
    needsEveryGame: false,
    begin: () => `{"$schema":${JSON.stringify(SARIF_SCHEMA_URI)},"version":"2.1.0","runs":[{"results":[`,
    game: (record) => shownDiagnostics(record, options.show).map((diagnostic) => result(diagnostic, record)).join(''),
    end: (summary: SummaryCounts) => {
      const tool = { driver: { name: 'zapis', version: options.toolVersion, semanticVersion: options.toolVersion, rules: rules() } };
      const invocation = {
        executionSuccessful: summary.unreadable.length === 0,
        toolExecutionNotifications: summary.unreadable.map((bad) => ({
          level: 'error',
          message: { text: `cannot read ${bad.file}: ${bad.reason}` },
          locations: [{ physicalLocation: { artifactLocation: artifactLocation(bad.file) } }],
        })),
      };
      const rest = { tool, invocations: [invocation], columnKind: 'utf16CodeUnits', properties: summaryLineObject(summary, options.shard) };
      // The run's remaining properties, written after the results: drop the braces of the object that holds them.
      return `\n],${JSON.stringify(rest).slice(1, -1)}}]}\n`;
    },
  };
}
