/**
 * Scores the whole output of `zapis read --format json` against a set's truth, per kind of image: not only whether
 * moves are right, but what a user meets — wrong moves accepted without review, plies invented after the game's
 * end, a game reported broken although every move was read, sheets never found, moves pinned to the wrong cell.
 * Moves are compared ply by ply as bare SAN (check marks and castling zeros do not count).
 */
import { basename } from 'node:path';
import { insideQuad } from './independent/homography.js';
import type { ScoredTruth } from './output-truth.js';

export interface OutputMove {
  readonly san: string;
  readonly review: boolean;
  /** The cell the reader says the move is in, image pixels; absent when it gives none. */
  readonly cell?: { readonly file?: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

export interface OutputGame {
  readonly file: string;
  /** Files of the sheets the game was read from; empty for a page that could not be read at all. */
  readonly sheets: readonly string[];
  readonly status: string;
  readonly moves: readonly OutputMove[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function moveOf(value: unknown): OutputMove | undefined {
  if (!isRecord(value) || typeof value.san !== 'string') return undefined;
  const cell = value.cell;
  const placed = isRecord(cell) && ['x', 'y', 'width', 'height'].every((key) => typeof cell[key] === 'number')
    ? { x: cell.x as number, y: cell.y as number, width: cell.width as number, height: cell.height as number, ...(typeof cell.file === 'string' ? { file: cell.file } : {}) }
    : undefined;
  return { san: value.san, review: value.review === true, ...(placed ? { cell: placed } : {}) };
}

/** The NDJSON's games by the base name of every file they were read from (the summary line and stray lines skipped). */
export function parseReadOutput(text: string): Map<string, OutputGame[]> {
  const games = new Map<string, OutputGame[]>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isRecord(value) || typeof value.file !== 'string' || 'summary' in value) continue;
    const sheets = Array.isArray(value.sheets) ? value.sheets.flatMap((sheet) => (isRecord(sheet) && typeof sheet.file === 'string' ? [sheet.file] : [])) : [];
    const game: OutputGame = {
      file: value.file, sheets, status: typeof value.status === 'string' ? value.status : 'ok',
      moves: Array.isArray(value.moves) ? value.moves.flatMap((move) => moveOf(move) ?? []) : [],
    };
    for (const key of new Set([value.file, ...sheets].map((file) => basename(file)))) games.set(key, [...(games.get(key) ?? []), game]);
  }
  return games;
}

/** SAN without check or mate marks, annotation or en-passant mark; castling with the letter O. */
export function bareSan(san: string): string {
  const bare = san.trim().replace(/\s*e\.?p\.?$/u, '').replace(/[+#!?]+$/u, '');
  return /^[0O]-[0O](-[0O])?$/u.test(bare) ? bare.replaceAll('0', 'O') : bare;
}

export interface SheetOutcome {
  readonly file: string;
  readonly kind: string;
  readonly truthPlies: number;
  /** A game was read from the sheet (a page that could not be read at all is not located). */
  readonly located: boolean;
  readonly status?: string;
  readonly readPlies: number;
  readonly right: number;
  readonly autoAccepted: number;
  readonly autoAcceptedWrong: number;
  readonly reviewed: number;
  /** Output plies after the truth's last ply. */
  readonly invented: number;
  /** Truth plies with no output ply. */
  readonly missing: number;
  /** Status error although every truth ply was read right. */
  readonly falseBreak: boolean;
  /** Status ok, as many plies as the truth, all right. */
  readonly exact: boolean;
  /** Plies whose reported cell was compared with the truth's, and of those the ones whose centre is outside it. */
  readonly registrationCompared: number;
  readonly registrationOff: number;
}

/** The game scored for a sheet: the one first read from it, else the first it is part of. */
function gameFor(truth: ScoredTruth, games: readonly OutputGame[]): OutputGame | undefined {
  const read = games.filter((game) => game.sheets.length > 0);
  return read.find((game) => basename(game.file) === truth.file) ?? read[0];
}

export function scoreSheetOutput(truth: ScoredTruth, games: readonly OutputGame[] = []): SheetOutcome {
  const game = gameFor(truth, games);
  const moves = game?.moves ?? [];
  const n = truth.san.length;
  let right = 0, autoAccepted = 0, autoAcceptedWrong = 0, reviewed = 0, compared = 0, off = 0;
  moves.forEach((move, index) => {
    const correct = index < n && bareSan(move.san) === bareSan(truth.san[index]);
    if (correct) right += 1;
    if (move.review) reviewed += 1;
    else {
      autoAccepted += 1;
      if (!correct) autoAcceptedWrong += 1;
    }
    const quad = truth.cells?.[index];
    if (quad && move.cell && (move.cell.file === undefined || basename(move.cell.file) === truth.file)) {
      compared += 1;
      if (!insideQuad([move.cell.x + move.cell.width / 2, move.cell.y + move.cell.height / 2], quad)) off += 1;
    }
  });
  const status = game?.status;
  return {
    file: truth.file, kind: truth.kind, truthPlies: n, located: game !== undefined, ...(status ? { status } : {}), readPlies: moves.length,
    right, autoAccepted, autoAcceptedWrong, reviewed, invented: Math.max(0, moves.length - n), missing: Math.max(0, n - moves.length),
    falseBreak: game !== undefined && status !== 'ok' && right === n,
    exact: status === 'ok' && moves.length === n && right === n,
    registrationCompared: compared, registrationOff: off,
  };
}

/** Off for most plies: more than half of the compared cells miss. */
export const registeredOff = (sheet: SheetOutcome): boolean => sheet.registrationCompared > 0 && sheet.registrationOff * 2 > sheet.registrationCompared;

export interface KindTally {
  readonly kind: string;
  readonly sheets: number;
  readonly plies: number;
  readonly right: number;
  readonly autoAccepted: number;
  readonly autoAcceptedWrong: number;
  readonly reviewed: number;
  readonly readPlies: number;
  readonly invented: number;
  readonly missing: number;
  readonly falseBreaks: number;
  readonly exact: number;
  readonly notLocated: number;
  /** Sheets with cells in the truth and a game read, and of those the ones registered off. */
  readonly registrationSheets: number;
  readonly registeredOff: number;
}

/** The sheets added up per kind (in first-seen order), then over all kinds as `all`. */
export function tallyByKind(sheets: readonly SheetOutcome[]): KindTally[] {
  const kinds = [...new Set(sheets.map((sheet) => sheet.kind))];
  const tally = (kind: string, group: readonly SheetOutcome[]): KindTally => {
    const sum = (pick: (sheet: SheetOutcome) => number) => group.reduce((total, sheet) => total + pick(sheet), 0);
    const count = (test: (sheet: SheetOutcome) => boolean) => group.filter(test).length;
    return {
      kind, sheets: group.length, plies: sum((s) => s.truthPlies), right: sum((s) => s.right), autoAccepted: sum((s) => s.autoAccepted),
      autoAcceptedWrong: sum((s) => s.autoAcceptedWrong), reviewed: sum((s) => s.reviewed), readPlies: sum((s) => s.readPlies),
      invented: sum((s) => s.invented), missing: sum((s) => s.missing), falseBreaks: count((s) => s.falseBreak), exact: count((s) => s.exact),
      notLocated: count((s) => !s.located), registrationSheets: count((s) => s.registrationCompared > 0), registeredOff: count(registeredOff),
    };
  };
  const rows = kinds.map((kind) => tally(kind, sheets.filter((sheet) => sheet.kind === kind)));
  return kinds.length > 1 ? [...rows, tally('all', sheets)] : rows;
}

const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}`);

/** The tallies as a Markdown table. */
export function formatTallies(rows: readonly KindTally[]): string {
  const header = ['kind', 'sheets', 'plies', 'right %', 'auto-acc. wrong', 'auto-acc. right %', 'review %', 'invented', 'missing', 'false breaks', 'ok & exact', 'not located', 'reg. off'];
  const lines = rows.map((row) => [
    row.kind, row.sheets, row.plies, percent(row.right, row.plies), row.autoAcceptedWrong, percent(row.autoAccepted - row.autoAcceptedWrong, row.autoAccepted),
    percent(row.reviewed, row.readPlies), row.invented, row.missing, row.falseBreaks, `${row.exact}/${row.sheets}`, row.notLocated,
    row.registrationSheets === 0 ? '–' : `${row.registeredOff}/${row.registrationSheets}`,
  ].map(String));
  return [header, header.map((cell) => '-'.repeat(Math.max(3, cell.length))), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
