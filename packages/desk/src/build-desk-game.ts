/**
 * The parts of a DeskGame both paths (texts and scans) build the same way from
 * the decoder's game: the moves with the boards around them, the review list,
 * the confirmed count and the sheets' disagreements.
 */
import { INITIAL_FEN } from '@zapis/core';
import type { DecodedGame, DecodedMove } from '@zapis/decode';
import type { CellOnScan } from '@zapis/reading';
import type { DeskGame, DeskMove } from './desk-game.js';
import { disagreementAt } from './disagreements.js';
import { sanAt, writtenMove, writtenSan } from './written-move.js';

/** What the sheets say of one move. */
export interface SheetsAtMove {
  readonly read: (string | null)[];
  readonly cells: (CellOnScan | null)[];
  readonly readAlternatives: { text: string; confidence: number }[][];
  readonly drawOffer?: boolean;
}

/**
 * The moves offered instead of a move: the decoder's, likeliest first, and for a move the second reader decodes
 * otherwise, that reader's move first (it is why the move is in doubt, though the kept reading may give it no weight).
 */
function offered(move: DecodedMove): { san: string; probability: number }[] {
  const others = move.alternatives.filter((alternative) => alternative.san !== move.san);
  const other = move.reviewReasons.includes('readers-differ') ? move.otherReading : undefined;
  if (other === undefined || other === move.san) return others;
  return [{ san: other, probability: others.find((alternative) => alternative.san === other)?.probability ?? 0 }, ...others.filter((alternative) => alternative.san !== other)];
}

const rounded = (value: number): number => Number(value.toFixed(4));

/** `risks`: by ply index, the review model's probability that each move is wrong, when the review list was made by risk. */
export function deskMoves(decoded: DecodedGame, sheetsAt: (move: DecodedMove) => SheetsAtMove, risks?: readonly { readonly risk: number }[]): DeskMove[] {
  return decoded.moves.map((move, index): DeskMove => {
    const sheets = sheetsAt(move);
    const rival = move.rival;
    return {
      ply: move.ply, moveNumber: move.moveNumber, side: move.side, san: move.san, written: writtenMove(move.description, decoded.language), uci: move.uci,
      fenBefore: move.fen, fenAfter: decoded.moves[index + 1]?.fen ?? decoded.fen,
      confidence: rounded(move.confidence),
      alternatives: offered(move).map((alternative) => {
        const { written, legal } = sanAt(move.fen, alternative.san, decoded.language);
        return { san: alternative.san, written, probability: rounded(alternative.probability), ...(legal ? {} : { changesEarlier: true as const }) };
      }),
      remainder: { ...move.remainder },
      review: move.review, reviewReasons: [...move.reviewReasons], corrected: move.corrected, confirmed: move.confirmed,
      read: sheets.read,
      readCorrected: sheets.read.map((_, sheet) => move.cells[sheet]?.corrected === true),
      ...(move.reviewReasons.includes('disputed') ? { disputedBy: sheets.read.map((_, sheet) => move.cells[sheet]?.disputedBy ?? null) } : {}),
      ...(move.reviewReasons.includes('disputed') && move.cells.some((cell) => cell.disputingReaders !== undefined)
        ? { disputingReaders: sheets.read.map((_, sheet) => move.cells[sheet]?.disputingReaders?.slice() ?? null) } : {}),
      cells: sheets.cells,
      readAlternatives: sheets.readAlternatives,
      ...(rival ? { rival: rival.kind === 'move' ? { kind: 'move' as const, san: rival.san, probability: rounded(rival.probability) } : { kind: 'game-ends' as const, probability: rounded(rival.probability) } } : {}),
      ...(sheets.drawOffer ? { drawOffer: true as const } : {}),
      ...(move.reviewReasons.includes('readers-differ') ? { otherReading: move.otherReading === undefined ? null : { san: move.otherReading, written: writtenSan(move.fen, move.otherReading, decoded.language) } } : {}),
      ...(risks?.[index] ? { risk: risks[index].risk } : {}),
    };
  });
}

/** The fields of a DeskGame that follow from its moves and the decoder's game. */
export function reviewState(decoded: DecodedGame | undefined, moves: readonly DeskMove[], sheetCount: number):
  Pick<DeskGame, 'flagged' | 'confirmedCount' | 'disagreements' | 'startFen' | 'unexplained' | 'break'> {
  const disagreements = sheetCount < 2 || !decoded ? [] : decoded.moves.flatMap((move, index) =>
    disagreementAt(move, moves[index].read) ? [{ ply: move.ply, reads: moves[index].read }] : []);
  return {
    flagged: moves.filter((move) => move.review).map((move) => move.ply),
    confirmedCount: moves.filter((move) => move.confirmed).length,
    disagreements,
    startFen: moves[0]?.fenBefore ?? INITIAL_FEN,
    unexplained: decoded?.unexplained.map((cell) => ({ sheet: cell.sheet, text: cell.text, afterPly: cell.afterPly })) ?? [],
    ...(decoded?.break ? { break: { ply: decoded.break.ply, message: decoded.break.message } } : {}),
  };
}
