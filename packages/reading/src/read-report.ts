/**
 * What `zapis read` prints for a game: the decode output (PGN with review
 * comments, or a JSON game object as ARCHITECTURE.md's contract says) plus,
 * per move, the cell it was read from on the scan.
 */
import { decodedGamePgn, decodedMoveJson, readComment, reviewComment, type CrossCheckSummary, type DecodedMoveJson, type DecodeError, type ReviewBy } from '@zapis/decode';
import type { Diagnostic, DiagnosticCode } from '@zapis/game';
import { writePgn } from '@zapis/notation';
import { READER_NAMES, type PageOutcome } from '@zapis/ocr';
import { cellPlaces, cellText, cellTexts, type CellOnScan } from './cells-on-scan.js';
import type { ReadGame } from './read-game.js';
import type { ReadProblem, ReadProblemCode } from './sheet-problems.js';

/** A diagnostic as `validate` and `decode` report it (ARCHITECTURE.md), plus the page and the cell on the scan. */
export type ReadDiagnostic = Omit<Diagnostic, 'offset' | 'length' | 'suggestions' | 'code'> & {
  readonly code: ReadDiagnosticCode;
  readonly page: number;
  readonly cell?: CellOnScan;
};

/** Every code a read game's diagnostics carry: decoding's, reading's, and the game's. */
export type ReadDiagnosticCode =
  | `decode-${DecodeError['code']}` | 'decode-unwritten' | 'decode-corrected' | 'decode-review' | 'decode-break'
  | ReadProblemCode | DiagnosticCode;

export interface ReadMoveJson extends DecodedMoveJson {
  readonly review: boolean;
  readonly reviewReasons: readonly string[];
  /**
   * With review by risk: the probability (0..1) that the move is wrong, by the review model. It is the model's own
   * estimate, made from `confidence` with what else doubts the move (the other reader, how much of the sheet is in doubt).
   */
  readonly risk?: number;
  /** With review by risk, on a move left off the review list: what the decoder or the cross-check doubted it for. */
  readonly doubts?: readonly string[];
  /** With the reason 'readers-differ': the other reader's move here (absent: its game ends before). */
  readonly otherReading?: string;
  /** With the reason 'disputed': per player, what one reader of the ensemble alone reads in the cell (null: no dispute there). */
  readonly disputedBy?: readonly (string | null)[];
  /**
   * Per player, the readers that dispute the move there ('pp-ocr', 'notation', 'notation-wide'; null: no dispute),
   * also for a dispute left off the list (`doubts`).
   */
  readonly disputingReaders?: readonly (readonly string[] | null)[];
  /** What each player's cell read (null: no cell). */
  readonly read: readonly (string | null)[];
  readonly corrected: boolean;
  /** The first player's cell for the move (the cell a person looks at); all players' in `cells`. */
  readonly cell: CellOnScan | null;
  readonly cells: readonly (CellOnScan | null)[];
  readonly drawOffer?: true;
}

export interface ReadGameJson {
  readonly file: string;
  readonly index: number;
  readonly line: number;
  readonly sheets: readonly { readonly file: string; readonly page: number; readonly copy?: string; readonly layout?: string }[];
  readonly tags: Readonly<Record<string, string>>;
  /** Tags read by OCR from the handwritten header, with the reader's confidence (0..1). */
  readonly tagConfidence: Readonly<Record<string, number>>;
  /** Every header field read by OCR, with its confidence, including those too doubtful to be tags. */
  readonly headerRead: Readonly<Record<string, { readonly text: string; readonly confidence: number }>>;
  /** What to check in the header: each field left unknown (`?`) and what was read there, or a reading that may have lost letters. */
  readonly headerNotes: readonly string[];
  readonly language: string;
  readonly status: 'ok' | 'error';
  readonly plies: number;
  readonly san: readonly string[];
  readonly fen: string;
  readonly result?: string;
  readonly moves: readonly ReadMoveJson[];
  readonly review: readonly number[];
  /** `--reader auto`: the reading kept ('ensemble', or PP-OCR 'alone') and the plies the other reading decodes otherwise. */
  readonly crossCheck?: CrossCheckSummary;
  /** How the review list was made: by each move's risk ('risk', review-risk.ts) or every reason to doubt ('every-doubt'). */
  readonly reviewBy: ReviewBy;
  readonly diagnostics: readonly ReadDiagnostic[];
}

export function readGameDiagnostics(game: ReadGame): ReadDiagnostic[] {
  const first = game.group.players[0].pages[0];
  const base = { file: first.file, page: first.page, line: 1, column: 1 };
  const problems = game.problems.map((problem: ReadProblem): ReadDiagnostic => ({ ...base, ...problem, line: 1, column: 1 }));
  if (!game.decoded.ok) {
    return [{ ...base, severity: 'error', code: `decode-${game.decoded.error.code}`, message: noMovesReason(game.decoded.error) }, ...problems];
  }
  const decoded = game.decoded.value;
  const diagnostics: ReadDiagnostic[] = [];
  for (const move of decoded.moves) {
    if (!move.review) continue;
    const where = game.cells(move.ply).find((cell) => cell !== undefined);
    const read = readComment(move);
    diagnostics.push({
      ...base,
      ...(where ? { file: where.where.file, page: where.where.page, cell: where.where } : {}),
      severity: 'warning',
      // An empty cell inside the game is a gap: the move is the game's, reported at the cell it should be in.
      code: !where || !where.cell.written ? 'decode-unwritten' : move.corrected ? 'decode-corrected' : 'decode-review',
      message: `${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.san}${read ? ` (${read})` : ''}: ${reviewComment(move, READER_NAMES)}`,
      ply: move.ply, moveNumber: move.moveNumber, side: move.side, fen: move.fen,
      ...(where ? { text: cellText(where) } : {}),
      // The rival (another reader's move, or the legal move that best explains the cell) is offered even where the kept decoding gave it no weight.
      candidates: [move.san, ...new Set([
        ...(move.rival?.kind === 'move' ? [move.rival.san] : []), ...(move.otherReading ? [move.otherReading] : []), ...move.alternatives.map((alternative) => alternative.san),
      ].filter((san) => san !== move.san))],
    });
  }
  if (decoded.break) {
    const where = game.cells(decoded.break.ply).find((cell) => cell !== undefined);
    diagnostics.push({
      ...base, ...(where ? { file: where.where.file, page: where.where.page, cell: where.where } : {}),
      severity: 'error', code: 'decode-break', message: decoded.break.message, ply: decoded.break.ply, fen: decoded.break.fen, text: decoded.break.text,
    });
  }
  return [...diagnostics, ...problems];
}

export function readGameJson(game: ReadGame, index: number, requestedLanguage: string): ReadGameJson {
  const pages = game.group.players.flatMap((player) => player.pages);
  const first = pages[0];
  const decoded = game.decoded.ok ? game.decoded.value : undefined;
  const diagnostics = readGameDiagnostics(game);
  const offers = new Set(game.drawOffers);
  return {
    file: first.file,
    index,
    line: 1,
    sheets: readGameSheets(game),
    tags: game.tags,
    tagConfidence: game.headerConfidence,
    headerRead: game.headerRead,
    headerNotes: game.headerNotes,
    language: decoded?.language ?? requestedLanguage,
    status: diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok',
    plies: decoded?.moves.length ?? 0,
    san: decoded?.moves.map((move) => move.san) ?? [],
    fen: decoded?.fen ?? '',
    ...(game.result ? { result: game.result } : {}),
    moves: decoded?.moves.map((move, index): ReadMoveJson => {
      const cells = game.cells(move.ply);
      const risk = game.risks?.[index];
      return {
        ...decodedMoveJson(move),
        review: move.review,
        reviewReasons: move.reviewReasons,
        ...(risk ? { risk: risk.risk } : {}),
        ...(risk && !move.review && risk.doubts.length > 0 ? { doubts: risk.doubts } : {}),
        ...(move.otherReading ? { otherReading: move.otherReading } : {}),
        ...(move.reviewReasons.includes('disputed') ? { disputedBy: cells.map((_, player) => move.cells[player]?.disputedBy ?? null) } : {}),
        ...(move.cells.some((cell) => cell.disputingReaders !== undefined)
          ? { disputingReaders: cells.map((_, player) => move.cells[player]?.disputingReaders ?? null) } : {}),
        read: cellTexts(cells),
        corrected: move.corrected,
        cell: cells.find((cell) => cell !== undefined)?.where ?? null,
        cells: cellPlaces(cells),
        ...(offers.has(move.ply) ? { drawOffer: true as const } : {}),
      };
    }) ?? [],
    review: decoded?.review ?? [],
    ...(game.crossCheck ? { crossCheck: game.crossCheck } : {}),
    reviewBy: game.reviewBy,
    diagnostics,
  };
}

/** The pages a game was read from, in player order: whose copy each is and its layout, when its QR says. */
export function readGameSheets(game: ReadGame): { file: string; page: number; copy?: string; layout?: string }[] {
  return game.group.players.flatMap((player) => player.pages).map((page) => ({
    file: page.file, page: page.page,
    ...(page.read.located.qr?.copy ? { copy: page.read.located.qr.copy } : {}),
    ...(page.read.located.layout ? { layout: page.read.located.layout.layoutId } : {}),
  }));
}

const FINISHED_RESULTS = ['1-0', '0-1', '1/2-1/2'] as const;

/** Why a game read has no moves, as its diagnostic says. */
const noMovesReason = (error: DecodeError): string => (error.code === 'no-readings' ? 'no moves are written on the sheet' : error.message);

/**
 * The game as PGN: the decode's comments (what was read, why to review) and the tags read off the sheets. A game
 * with no moves decoded (a forfeit's sheet, pre-filled and never written on) is written too, with its tags and why,
 * so that the round's PGN has every game the sheets name.
 */
export function readGamePgn(game: ReadGame): string {
  if (!game.decoded.ok) {
    // A result written on the sheet stands (a forfeit's 1-0) though no move does.
    const result = FINISHED_RESULTS.find((text) => text === game.result) ?? '*';
    return writePgn({
      tags: { ...game.tags, Result: result }, comments: [`zapis read: no moves could be decoded: ${noMovesReason(game.decoded.error)}`, ...headerComment(game)], moves: [], result,
    });
  }
  return decodedGamePgn(game.decoded.value, { tags: game.tags, ...(game.result ? { result: game.result } : {}), readerNames: READER_NAMES, comments: headerComment(game) });
}

/** The game comment on a sheet's header: each field to check (header-tags.ts), none when nothing is. */
export const headerNotesComment = (notes: readonly string[]): string[] => (notes.length > 0 ? [`zapis read: header: ${notes.join('; ')}`] : []);

const headerComment = (game: ReadGame): string[] => headerNotesComment(game.headerNotes);

/** The JSON object for a page that could not be read: a game object with no moves and the error, so nothing is lost. */
export function readFailureJson(failure: Extract<PageOutcome, { ok: false }>) {
  const page = failure.page !== undefined ? { page: failure.page } : {};
  return {
    file: failure.file, ...page, status: 'error' as const, plies: 0, san: [], moves: [],
    diagnostics: [{ severity: 'error' as const, code: `read-${failure.code}`, message: failure.message, file: failure.file, line: 1, column: 1, ...page }],
  };
}
