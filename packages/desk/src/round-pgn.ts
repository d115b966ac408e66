/**
 * One PGN of the round, written by @zapis/decode's PGN writer
 * (decodedGamePgn): every game with its tags, what was read on corrected
 * moves, review comments on the moves still flagged, confirmed moves marked,
 * and a comment per game saying how many moves a person confirmed. A game
 * with no moves decoded (a blank or unreadable sheet) is written too, its tags
 * and why in a comment: a round's PGN that quietly lacks a board looks whole.
 */
import { describeMove, parseFen, parseUci } from '@zapis/core';
import { decodedGamePgn, type DecodedGame, type DecodedMove, type ReviewReason } from '@zapis/decode';
import type { LanguageCode } from '@zapis/notation';
import { READER_NAMES } from '@zapis/ocr';
import { headerNotesComment } from '@zapis/reading';
import type { DeskGame, DeskMove } from './desk-game.js';

export interface RoundPgn {
  readonly pgn: string;
  /** Games written, one per game given. */
  readonly games: number;
  /** Of those, games with no moves decoded (written with their tags, and why in a comment). */
  readonly withoutMoves: number;
  /** Moves a person confirmed, over the games written. */
  readonly confirmed: number;
  /** Moves still flagged for review, over the games written. */
  readonly flaggedLeft: number;
}

const REVIEW_REASONS: readonly ReviewReason[] = ['uncertain', 'corrected', 'disputed', 'unwritten', 'readers-differ', 'doubtful-sheet', 'searches-differ', 'changed'];

/** The decoder's move back from the desk's (its description from the board before it). */
function decodedMove(move: DeskMove): DecodedMove | undefined {
  const position = parseFen(move.fenBefore);
  if (!position.ok) return undefined;
  const played = parseUci(position.value, move.uci);
  if (played === undefined) return undefined;
  return {
    ply: move.ply, moveNumber: move.moveNumber, side: move.side, san: move.san, uci: move.uci,
    description: describeMove(position.value, played), fen: move.fenBefore, confidence: move.confidence,
    alternatives: move.alternatives, review: move.review,
    remainder: move.remainder ?? { gameEnds: 0, otherMoves: 0, outsideSearch: 0 },
    reviewReasons: move.reviewReasons.filter((reason): reason is ReviewReason => (REVIEW_REASONS as readonly string[]).includes(reason)),
    corrected: move.corrected, confirmed: move.confirmed,
    ...(move.rival ? { rival: move.rival } : {}),
    ...(move.otherReading ? { otherReading: move.otherReading.san } : {}),
    cells: move.read.map((text, sheet) => ({
      sheet, use: text === null ? 'unwritten' as const : 'written' as const,
      ...(text !== null ? { text, corrected: move.readCorrected[sheet] === true } : {}),
      ...(typeof move.disputedBy?.[sheet] === 'string' ? { disputed: true, disputedBy: move.disputedBy[sheet] } : {}),
      ...(move.disputingReaders?.[sheet] ? { disputingReaders: move.disputingReaders[sheet] } : {}),
    })),
  };
}

/** The comment before a game's first move: what a person did, and what is left to look at. */
export function confirmationComment(game: DeskGame): string {
  const flagged = game.flagged.length;
  return `zapis desk: ${game.confirmedCount} move${game.confirmedCount === 1 ? '' : 's'} confirmed by a person; ${flagged} move${flagged === 1 ? '' : 's'} still flagged for review`;
}

export function gamePgn(game: DeskGame): string {
  const moves: DecodedMove[] = [];
  for (const move of game.moves) {
    const decoded = decodedMove(move);
    // A move the desk itself decoded always replays; should one not, the export fails naming it rather than drop the game.
    if (!decoded) throw new Error(`${game.title}: move ${move.ply} (${move.uci}) does not replay from its position`);
    moves.push(decoded);
  }
  const last = game.moves.at(-1);
  const decoded: DecodedGame = {
    language: game.language as LanguageCode, languageScores: [], moves, fen: last?.fenAfter ?? game.startFen, review: game.flagged, unexplained: [], channelScale: 1,
  };
  const comments = [
    ...(game.break ? [`decode: ${game.break.message}`] : []),
    ...game.rejected.map((entry) => `decode: ${entry.message}`),
    ...(moves.length === 0 ? [noMovesComment(game)] : [confirmationComment(game)]),
    ...headerNotesComment(game.headerNotes ?? []),
  ];
  return decodedGamePgn(decoded, { tags: game.tags, ...(game.result ? { result: game.result } : {}), comments, readerNames: READER_NAMES });
}

/** Why a game has no moves: its errors, as the desk shows them. */
function noMovesComment(game: DeskGame): string {
  const errors = game.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.message);
  return `zapis desk: no moves could be decoded${errors.length > 0 ? `: ${errors.join('; ')}` : ''}`;
}

export function roundPgn(games: readonly DeskGame[]): RoundPgn {
  const written: string[] = [];
  let confirmed = 0;
  let flaggedLeft = 0;
  let withoutMoves = 0;
  for (const game of games) {
    const pgn = gamePgn(game);
    written.push(pgn.endsWith('\n') ? pgn : `${pgn}\n`);
    confirmed += game.confirmedCount;
    flaggedLeft += game.flagged.length;
    if (game.moves.length === 0) withoutMoves += 1;
  }
  return { pgn: written.join('\n'), games: written.length, withoutMoves, confirmed, flaggedLeft };
}
