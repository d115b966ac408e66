/**
 * Pairings files: CSV (comma, semicolon or tab, as the header row uses; a
 * header row naming the columns) or JSON (an array of pairings, or `{ "round": …, "pairings": [...] }`).
 * Columns, case and punctuation ignored: round, board, white, black,
 * white_rating, black_rating, white_fide_id, black_fide_id, white_federation
 * (or white_club), black_federation, section. Errors name the file and line.
 */
import { parse, CsvError } from 'csv-parse/sync';
import { type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
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
  /** 1-based column on that line (JSON files). */
  readonly column?: number;
  readonly message: string;
}

export const formatPairingsError = (error: PairingsError): string =>
  `${error.file}${error.line === undefined ? '' : `:${error.line}`}${error.line !== undefined && error.column !== undefined ? `:${error.column}` : ''}: ${error.message}`;

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
    const fideId = flat[`${side}.fideId`]?.trim();
    if (fideId && !/^\d{1,12}$/.test(fideId)) return err(`board ${board}: ${side} FIDE ID "${fideId}" is not a number`);
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

/** The same board twice in one round and section: two sets of sheets for one table, a mistake in the file. */
function boardKey(pairing: Pairing): string {
  return `${pairing.round ?? ''}\u0000${pairing.section ?? ''}\u0000${pairing.board}`;
}

const describeBoard = (pairing: Pairing): string =>
  `board ${pairing.board}${pairing.section ? ` of section ${pairing.section}` : ''}${pairing.round ? ` in round ${pairing.round}` : ''}`;

/** A column about a player (white…, black…) that zapis does not know: a typo, not a column to skip. */
const unknownPlayerColumn = (name: string): boolean =>
  columnKey(name) === undefined && /^(white|black)/.test(name.toLowerCase().replace(/[^a-z]/g, ''));

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
  const misspelt = headerRecord.record.find(unknownPlayerColumn);
  if (misspelt !== undefined) {
    return err({ file, line: headerRecord.info.lines, message: `unknown column "${misspelt}" (player columns: white, white_rating, white_fide_id, white_federation, and the same for black)` });
  }
  const pairings: Pairing[] = [];
  const boards = new Map<string, number>();
  for (const { record, info } of rows) {
    const flat: FlatPairing = {};
    keys.forEach((key, index) => {
      if (key !== undefined && record[index] !== undefined) flat[key] = record[index];
    });
    const pairing = toPairing(flat, undefined);
    if (!pairing.ok) return err({ file, line: info.lines, message: pairing.error });
    const first = boards.get(boardKey(pairing.value));
    if (first !== undefined) return err({ file, line: info.lines, message: `${describeBoard(pairing.value)} again (first on line ${first})` });
    boards.set(boardKey(pairing.value), info.lines);
    pairings.push(pairing.value);
  }
  if (pairings.length === 0) return err({ file, message: 'no pairings: only a header row' });
  return ok(pairings);
}

/** 1-based line and column of an offset. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

const isScalar = (node: JsonNode): boolean => node.type === 'string' || node.type === 'number';

/**
 * One JSON pairing as flat columns. Every field must be a known column with a
 * string or number (a player may be an object of name, rating, fideId,
 * federation): an unknown field is refused, since it is a typo or data that
 * would be silently left off the sheet.
 */
function flattenEntry(entry: JsonNode): Result<FlatPairing, { readonly node: JsonNode; readonly message: string }> {
  const flat: FlatPairing = {};
  for (const property of entry.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key === undefined || value === undefined) continue;
    const name = String(key.value);
    if ((name === 'white' || name === 'black') && value.type === 'object') {
      for (const inner of value.children ?? []) {
        const [innerKey, innerValue] = inner.children ?? [];
        if (innerKey === undefined || innerValue === undefined) continue;
        const field = columnKey(`${name}${String(innerKey.value)}`);
        if (field === undefined) return err({ node: innerKey, message: `${name}.${String(innerKey.value)}: unknown field (a player has name, rating, fideId, federation)` });
        if (!isScalar(innerValue)) return err({ node: innerValue, message: `${name}.${String(innerKey.value)}: expected a string or number` });
        flat[field] = String(innerValue.value);
      }
      continue;
    }
    const field = columnKey(name);
    if (field === undefined) return err({ node: key, message: `${name}: unknown field (known: round, board, section, white, black, whiteRating, whiteFideId, whiteFederation and the same for black)` });
    if (!isScalar(value)) return err({ node: value, message: `${name}: expected a string or number` });
    flat[field] = String(value.value);
  }
  return ok(flat);
}

export function parsePairingsJson(text: string, file: string): Result<Pairing[], PairingsError> {
  const at = (node: JsonNode | undefined, message: string): Result<never, PairingsError> =>
    err({ file, ...(node === undefined ? {} : placeOf(text, node.offset)), message });
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (text.trim() === '') return err({ file, message: 'no pairings: the file is empty' });
  if (syntax.length > 0 || root === undefined) {
    const words = printParseErrorCode(syntax[0]?.error ?? 0).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return err({ file, ...placeOf(text, syntax[0]?.offset ?? 0), message: `invalid JSON: ${words}` });
  }
  let list: JsonNode | undefined = root.type === 'array' ? root : undefined;
  let fallbackRound: string | undefined;
  if (root.type === 'object') {
    for (const property of root.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key === undefined || value === undefined) continue;
      if (key.value === 'pairings') list = value;
      else if (key.value === 'round' && isScalar(value)) fallbackRound = String(value.value);
      else if (key.value === 'round') return at(value, 'round: expected a string or number');
      else return at(key, `${String(key.value)}: unknown field (expected "round" and "pairings")`);
    }
  }
  if (list?.type !== 'array') return at(list ?? root, 'expected an array of pairings or { "pairings": [...] }');
  const pairings: Pairing[] = [];
  const boards = new Map<string, number>();
  for (const [index, entry] of (list.children ?? []).entries()) {
    if (entry.type !== 'object') return at(entry, `pairing ${index + 1} is not an object`);
    const flat = flattenEntry(entry);
    if (!flat.ok) return at(flat.error.node, `pairing ${index + 1}: ${flat.error.message}`);
    const pairing = toPairing(flat.value, fallbackRound);
    if (!pairing.ok) return at(entry, `pairing ${index + 1}: ${pairing.error}`);
    const first = boards.get(boardKey(pairing.value));
    if (first !== undefined) return at(entry, `pairing ${index + 1}: ${describeBoard(pairing.value)} again (first in pairing ${first})`);
    boards.set(boardKey(pairing.value), index + 1);
    pairings.push(pairing.value);
  }
  if (pairings.length === 0) return err({ file, message: 'no pairings in the file' });
  return ok(pairings);
}

/** By extension: .json is JSON, anything else CSV. */
export function parsePairings(text: string, file: string): Result<Pairing[], PairingsError> {
  return file.toLowerCase().endsWith('.json') ? parsePairingsJson(text, file) : parsePairingsCsv(text, file);
}
