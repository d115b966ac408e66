/**
 * Pairings files: CSV (comma, semicolon or tab, as the header row uses; a
 * header row naming the columns) or JSON (an array of pairings, or `{ "round": …, "pairings": [...] }`).
 * Columns, case and punctuation ignored: round, board, white, black,
 * white_rating, black_rating, white_fide_id, black_fide_id, white_federation
 * (or white_club), black_federation, section. Errors name the file and line.
 */
import { parse, CsvError } from 'csv-parse/sync';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { type PlayerInfo } from '@zapis/sheet';
import { err, ok, type Result } from '@zapis/core';

export interface Pairing {
  readonly round?: string;
  readonly board: string;
  readonly section?: string;
  readonly white: PlayerInfo;
  readonly black: PlayerInfo;
}

export interface PairingsError {
  readonly file: string;
  /** 1-based line, when the problem can be placed on one. */
  readonly line?: number;
  readonly message: string;
}

export const formatPairingsError = (error: PairingsError): string =>
  `${error.file}${error.line === undefined ? '' : `:${error.line}`}: ${error.message}`;

const COLUMN_ALIASES: Readonly<Record<string, string>> = {
  round: 'round', rd: 'round', runda: 'round',
  board: 'board', bd: 'board', table: 'board', szachownica: 'board',
  section: 'section', group: 'section',
  white: 'white.name', whitename: 'white.name', black: 'black.name', blackname: 'black.name',
  whiterating: 'white.rating', whiteelo: 'white.rating', blackrating: 'black.rating', blackelo: 'black.rating',
  whitefideid: 'white.fideId', whitefide: 'white.fideId', blackfideid: 'black.fideId', blackfide: 'black.fideId',
  whitefederation: 'white.federation', whitefed: 'white.federation', whiteclub: 'white.federation',
  blackfederation: 'black.federation', blackfed: 'black.federation', blackclub: 'black.federation',
};

const columnKey = (name: string): string | undefined => COLUMN_ALIASES[name.toLowerCase().replace(/[^a-z]/g, '')];

type FlatPairing = Record<string, string>;

function toPairing(flat: FlatPairing, fallbackRound: string | undefined): Result<Pairing, string> {
  const board = flat.board?.trim();
  const white = flat['white.name']?.trim();
  const black = flat['black.name']?.trim();
  if (!board) return err('missing board');
  if (!white) return err(`board ${board}: missing White's name`);
  if (!black) return err(`board ${board}: missing Black's name`);
  for (const side of ['white', 'black'] as const) {
    const rating = flat[`${side}.rating`]?.trim();
    if (rating && !/^\d{1,4}$/.test(rating)) return err(`board ${board}: ${side} rating "${rating}" is not a number`);
  }
  const player = (side: 'white' | 'black', name: string): PlayerInfo => {
    const info: Record<string, string> = { name };
    for (const field of ['rating', 'fideId', 'federation']) {
      const value = flat[`${side}.${field}`]?.trim();
      if (value) info[field] = value;
    }
    return info;
  };
  const round = flat.round?.trim() || fallbackRound;
  const section = flat.section?.trim();
  return ok({
    ...(round ? { round } : {}),
    board,
    ...(section ? { section } : {}),
    white: player('white', white),
    black: player('black', black),
  });
}

/** The delimiter the header row uses: semicolon or tab when present (names often hold commas), else comma. */
function csvDelimiter(text: string): string {
  const headerLine = text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.startsWith('#')) ?? '';
  if (headerLine.includes(';')) return ';';
  if (headerLine.includes('\t')) return '\t';
  return ',';
}

export function parsePairingsCsv(text: string, file: string): Result<Pairing[], PairingsError> {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true, delimiter: csvDelimiter(text), trim: true, skip_empty_lines: true, comment: '#', info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return err({ file, ...(line === undefined ? {} : { line }), message: error.message.replace(/^\S+: /, '') });
    }
    throw error;
  }
  if (records.length === 0) return err({ file, message: 'no pairings: the file is empty' });
  const [headerRecord, ...rows] = records;
  const keys = headerRecord.record.map(columnKey);
  for (const required of ['board', 'white.name', 'black.name']) {
    if (!keys.includes(required)) {
      return err({ file, line: headerRecord.info.lines, message: `header row has no "${required.replace('.name', '')}" column (columns: ${headerRecord.record.join(', ')})` });
    }
  }
  const pairings: Pairing[] = [];
  for (const { record, info } of rows) {
    const flat: FlatPairing = {};
    keys.forEach((key, index) => {
      if (key !== undefined && record[index] !== undefined) flat[key] = record[index];
    });
    const pairing = toPairing(flat, undefined);
    if (!pairing.ok) return err({ file, line: info.lines, message: pairing.error });
    pairings.push(pairing.value);
  }
  if (pairings.length === 0) return err({ file, message: 'no pairings: only a header row' });
  return ok(pairings);
}

/** Where JSON.parse failed: Node's own message does not always say, so ask a parser that reports offsets. */
function jsonSyntaxError(text: string): { line: number; message: string } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  const [first] = errors;
  if (first === undefined) return undefined;
  const line = text.slice(0, first.offset).split('\n').length;
  const words = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { line, message: words };
}

function flatten(entry: Record<string, unknown>): FlatPairing {
  const flat: FlatPairing = {};
  for (const [name, value] of Object.entries(entry)) {
    if ((name === 'white' || name === 'black') && typeof value === 'object' && value !== null) {
      for (const [field, inner] of Object.entries(value as Record<string, unknown>)) {
        const key = columnKey(`${name}${field}`);
        if (key && (typeof inner === 'string' || typeof inner === 'number')) flat[key] = String(inner);
      }
      continue;
    }
    const key = columnKey(name);
    if (key && (typeof value === 'string' || typeof value === 'number')) flat[key] = String(value);
  }
  return flat;
}

export function parsePairingsJson(text: string, file: string): Result<Pairing[], PairingsError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const located = jsonSyntaxError(text);
    if (located) return err({ file, line: located.line, message: `invalid JSON: ${located.message}` });
    return err({ file, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  const wrapper = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const list = Array.isArray(data) ? data : wrapper?.pairings;
  const fallbackRound = wrapper && (typeof wrapper.round === 'string' || typeof wrapper.round === 'number') ? String(wrapper.round) : undefined;
  if (!Array.isArray(list)) return err({ file, line: 1, message: 'expected an array of pairings or { "pairings": [...] }' });
  const pairings: Pairing[] = [];
  for (const [index, entry] of list.entries()) {
    if (typeof entry !== 'object' || entry === null) return err({ file, message: `pairing ${index + 1} is not an object` });
    const pairing = toPairing(flatten(entry as Record<string, unknown>), fallbackRound);
    if (!pairing.ok) return err({ file, message: `pairing ${index + 1}: ${pairing.error}` });
    pairings.push(pairing.value);
  }
  if (pairings.length === 0) return err({ file, message: 'no pairings in the file' });
  return ok(pairings);
}

/** By extension: .json is JSON, anything else CSV. */
export function parsePairings(text: string, file: string): Result<Pairing[], PairingsError> {
  return file.toLowerCase().endsWith('.json') ? parsePairingsJson(text, file) : parsePairingsCsv(text, file);
}
