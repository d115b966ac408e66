/**
 * Two records of one game — White's and Black's scoresheets (FIDE Art. 8.5,
 * D.2.9) — compared ply by ply: the last position where both agree, every ply
 * where they differ (each side's move as written, with its place in its file),
 * each sheet's own errors, the tags they disagree on, and a merged game when
 * the moves agree or one record only lacks moves the other has (Art. 8.4 lets
 * a player in time trouble stop writing).
 *
 * A sheet that cannot be replayed to its end is still compared: where both
 * replayed, moves are compared exactly; past the point where the positions
 * part, or past a sheet's error, what each sheet wrote is compared as a move
 * (piece, destination, promotion), so one illegal move does not hide the rest.
 */
import { makeFen, type Move } from '@zapis/core';
import type { LanguageCode, MoveNode, ResultText, WritableGame } from '@zapis/notation';
import type { GameReport } from './analyse.js';
import type { Diagnostic } from './diagnostic.js';
import type { ReplayedMove } from './replay.js';
import { LegalMoves, namesNoPiece, readingFitsLanguages, readingMatches, resolveToken } from './resolve.js';
import { mergeSheetTags, type TagConflict } from './sheet-tags.js';
import { startPosition } from './start-position.js';
import { toWritableGame } from './writable.js';

/** One sheet's move at a ply, as written. */
export interface SheetMove {
  readonly file: string;
  /** The token exactly as written. */
  readonly text: string;
  /** Standard SAN, when the sheet's replay reached this move. */
  readonly san?: string;
  readonly line: number;
  readonly column: number;
  /** The sheet's own error at this move, when it has one. */
  readonly error?: { readonly code: string; readonly message: string };
}

export interface RecordDifference {
  /** 1-based ply (1.e4 is 1, 1...e5 is 2). */
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  /** Both sheets wrote a move and they are not the same move, or one sheet wrote no move at this ply. */
  readonly kind: 'different-moves' | 'missing-move';
  /** What each record has at that ply, or undefined when it has no move there. */
  readonly first?: SheetMove;
  readonly second?: SheetMove;
}

export interface MergedGame {
  /** The record the moves come from ('first' when both give the same moves and the first replays). */
  readonly source: 'first' | 'second';
  /** Plies the other record lacks. */
  readonly missingPlies: readonly number[];
  /** The moves in standard SAN. */
  readonly san: readonly string[];
  /** Tags from both sheets, the result, and notes saying where the moves came from and which tags clash. */
  readonly game: WritableGame;
}

export interface Reconciliation {
  /** True when both records give the same moves and result, and neither has an error. */
  readonly agree: boolean;
  /** Plies both records share from the start. */
  readonly agreedPlies: number;
  /** The last position where both agree. */
  readonly agreedFen: string;
  /** Every ply where the records differ, in order. */
  readonly differences: readonly RecordDifference[];
  /** The first of `differences`. */
  readonly firstDifference?: RecordDifference;
  /** Errors of either sheet (syntax and replay), each with its file and place. */
  readonly sheetErrors: readonly Diagnostic[];
  /** Tags both sheets give with different values. */
  readonly tagConflicts: readonly TagConflict[];
  /** The game's result as both sheets give it ('*' when unknown or contradictory). */
  readonly result: ResultText;
  readonly merged?: MergedGame;
}

/** Tags whose disagreement means the records are not of the same game, or not with the same outcome. */
const DECISIVE_TAGS: readonly string[] = ['Result', 'FEN', 'Variant'];

interface PlyEntry {
  readonly node: MoveNode;
  readonly replayed?: ReplayedMove;
}

function plyEntries(report: GameReport): PlyEntry[] {
  const replayed = new Map<MoveNode, ReplayedMove>();
  for (const move of report.moves) replayed.set(move.token, move);
  return report.parsed.moves.map((node) => {
    const move = replayed.get(node);
    return move ? { node, replayed: move } : { node };
  });
}

/** The ply of the first move from the report's start position. */
function firstPlyOf(report: GameReport): number {
  const [, turn, , , , fullmoves] = report.startFen.split(' ');
  const number = Number(fullmoves);
  return Number.isInteger(number) && number > 0 ? (number - 1) * 2 + (turn === 'b' ? 2 : 1) : 1;
}

function languageSet(report: GameReport): ReadonlySet<LanguageCode> | undefined {
  return report.languages.length > 0 ? new Set(report.languages) : undefined;
}

/** Could `node`, read in its sheet's languages, be the move another sheet replayed? */
function tokenMeans(node: MoveNode, report: GameReport, move: ReplayedMove): boolean {
  if (node.kind !== 'move') return false;
  const languages = languageSet(report);
  return node.readings.some((reading) => readingFitsLanguages(reading, languages)
    && readingMatches(reading, move.move, move.description.piece, namesNoPiece(node, reading)));
}

/** Do two tokens, neither replayed, name the same move (piece, destination, promotion)? */
function tokensAgree(a: MoveNode, aReport: GameReport, b: MoveNode, bReport: GameReport): boolean {
  if (a.kind !== 'move' || b.kind !== 'move') return a.kind === b.kind;
  const aLanguages = languageSet(aReport);
  const bLanguages = languageSet(bReport);
  return a.readings.some((x) => readingFitsLanguages(x, aLanguages) && b.readings.some((y) => readingFitsLanguages(y, bLanguages)
    && x.castle === y.castle && x.promotion === y.promotion
    && (x.piece === y.piece || x.anyPiece === true || y.anyPiece === true)
    && (x.to !== undefined && y.to !== undefined ? x.to === y.to : (x.toFile ?? (x.to ?? 0) & 7) === (y.toFile ?? (y.to ?? 0) & 7))));
}

function sameMove(a: PlyEntry, aReport: GameReport, b: PlyEntry, bReport: GameReport, samePosition: boolean): boolean {
  const x = a.replayed;
  const y = b.replayed;
  if (x && y) {
    if (samePosition) return (x.move as Move) === y.move;
    const dx = x.description;
    const dy = y.description;
    return dx.piece === dy.piece && dx.to === dy.to && dx.promotion === dy.promotion && dx.castle === dy.castle;
  }
  if (x) return tokenMeans(b.node, bReport, x);
  if (y) return tokenMeans(a.node, aReport, y);
  return tokensAgree(a.node, aReport, b.node, bReport);
}

function sheetMove(report: GameReport, entry: PlyEntry | undefined): SheetMove | undefined {
  if (entry === undefined) return undefined;
  const { node, replayed } = entry;
  const error = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.offset === node.span.offset);
  return {
    file: report.file,
    text: node.text,
    ...(replayed ? { san: replayed.san } : {}),
    line: node.span.line,
    column: node.span.column,
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
  };
}

function difference(ply: number, kind: RecordDifference['kind'], first: SheetMove | undefined, second: SheetMove | undefined): RecordDifference {
  return {
    ply,
    moveNumber: Math.ceil(ply / 2),
    side: ply % 2 === 1 ? 'white' : 'black',
    kind,
    ...(first ? { first } : {}),
    ...(second ? { second } : {}),
  };
}

/** Does a move number written before `node` (`14.` white, `14...` black) name another ply? */
function numberContradicts(node: MoveNode, ply: number): boolean {
  const written = node.moveNumber;
  if (written === undefined) return false;
  return written.value !== Math.ceil(ply / 2) || (written.dots >= 3) !== (ply % 2 === 0);
}

/**
 * Does the shorter record fit inside the fuller one, only lacking some of its
 * moves? Walk the fuller game; each written token of the other record must be
 * the next move played, or that move is missing from it. Returns the missing
 * plies, or undefined when the records differ in another way. With
 * `byNumbers`, a token is only matched at the ply its written move number
 * names: `13. c4 bxc3 14. bxc3` without move 13 is missing 13. c4 and 13...bxc3,
 * not 13. c4 and 14. bxc3 (after c4, Black's bxc3 en passant would fit too).
 */
function fitsWithGaps(full: GameReport, partial: GameReport, byNumbers: boolean): number[] | undefined {
  const start = startPosition(full.parsed.tags);
  if (!start.ok) return undefined;
  const position = start.value;
  const languages = languageSet(partial);
  const nodes = partial.parsed.moves;
  const missing: number[] = [];
  let next = 0;
  for (const played of full.moves) {
    const node = nodes[next];
    let matched = false;
    if (node !== undefined && node.kind === 'move' && !(byNumbers && numberContradicts(node, played.ply))) {
      const resolution = resolveToken(node, new LegalMoves(position), languages);
      matched = resolution.moves.length === 1 && resolution.moves[0] === played.move;
    }
    if (matched) next++;
    else missing.push(played.ply);
    position.playUnchecked(played.move);
  }
  return next === nodes.length ? missing : undefined;
}

/** `[21, 22, 23, 30]` → `21-23, 30`. */
export function plyRanges(plies: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < plies.length; i++) {
    let j = i;
    while (j + 1 < plies.length && plies[j + 1] === plies[j] + 1) j++;
    parts.push(j === i ? `${plies[i]}` : `${plies[i]}-${plies[j]}`);
    i = j;
  }
  return parts.join(', ');
}

function mergedGame(
  full: GameReport, other: GameReport, source: 'first' | 'second', missing: readonly number[],
  tags: ReturnType<typeof mergeSheetTags>, files: readonly [string, string],
): MergedGame {
  const base = toWritableGame(full);
  const notes: string[] = [];
  if (missing.length > 0) {
    notes.push(`zapis: ${other.file || 'one sheet'} lacks ${missing.length === 1 ? 'ply' : 'plies'} ${plyRanges(missing)}; those moves are from ${full.file || 'the other sheet'}`);
  }
  for (const conflict of tags.conflicts) {
    notes.push(`zapis: the sheets disagree on ${conflict.name}: "${conflict.first}" (${files[0] || 'first sheet'}), "${conflict.second}" (${files[1] || 'second sheet'})`);
  }
  return {
    source,
    missingPlies: missing,
    san: full.san,
    game: { ...base, tags: tags.tags, comments: [...notes, ...(base.comments ?? [])], result: tags.result },
  };
}

export function reconcile(first: GameReport, second: GameReport): Reconciliation {
  const a = plyEntries(first);
  const b = plyEntries(second);
  const sameStart = first.startFen === second.startFen && first.startFen !== '';
  let agreed = 0;
  if (sameStart) {
    while (agreed < a.length && agreed < b.length && a[agreed].replayed && b[agreed].replayed
      && (a[agreed].replayed?.move as Move) === b[agreed].replayed?.move) agreed++;
  }
  const start = startPosition(first.parsed.tags);
  const position = start.ok ? start.value : undefined;
  if (position) for (let i = 0; i < agreed; i++) position.playUnchecked(first.moves[i].move);
  const agreedFen = position ? makeFen(position) : first.startFen;
  const basePly = firstPlyOf(first);

  let differences: RecordDifference[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) {
      differences.push(difference(basePly + k, 'missing-move', sheetMove(first, x), sheetMove(second, y)));
    } else if (!sameMove(x, first, y, second, sameStart && k <= agreed)) {
      differences.push(difference(basePly + k, 'different-moves', sheetMove(first, x), sheetMove(second, y)));
    }
  }

  const tags = mergeSheetTags(first.parsed, second.parsed);
  const files = [first.file, second.file] as const;
  let merged: MergedGame | undefined;
  if (differences.length === 0) {
    if (first.status === 'ok') merged = mergedGame(first, second, 'first', [], tags, files);
    else if (second.status === 'ok') merged = mergedGame(second, first, 'second', [], tags, files);
  } else {
    for (const [full, partial, source] of [[first, second, 'first'], [second, first, 'second']] as const) {
      if (full.status !== 'ok' || merged) continue;
      const missing = fitsWithGaps(full, partial, true) ?? fitsWithGaps(full, partial, false);
      if (missing === undefined) continue;
      merged = mergedGame(full, partial, source, missing, tags, files);
      // Explained as gaps: the partial record has no move at each missing ply, and nothing else differs.
      const fullEntries = source === 'first' ? a : b;
      differences = missing.map((ply) => {
        const entry = fullEntries[ply - basePly];
        const written = sheetMove(full, entry);
        return source === 'first' ? difference(ply, 'missing-move', written, undefined) : difference(ply, 'missing-move', undefined, written);
      });
    }
  }

  const sheetErrors = [...first.diagnostics, ...second.diagnostics].filter((diagnostic) => diagnostic.severity === 'error');
  const decisiveConflict = tags.conflicts.some((conflict) => DECISIVE_TAGS.includes(conflict.name));
  return {
    agree: differences.length === 0 && sheetErrors.length === 0 && !decisiveConflict,
    agreedPlies: agreed,
    agreedFen,
    differences,
    ...(differences.length > 0 ? { firstDifference: differences[0] } : {}),
    sheetErrors,
    tagConflicts: tags.conflicts,
    result: tags.result,
    ...(merged ? { merged } : {}),
  };
}
