/**
 * Replays a parsed game against the rules with one set of allowed languages:
 * each token is resolved to the legal move it means, played, and checked; every
 * problem becomes a located diagnostic. Replay of a line stops at the first move
 * that cannot be resolved, or that is not written as a move at all, since every
 * later position would be guesswork.
 */
import {
  GameHistory, INITIAL_FEN, describeMove, isCastle, makeFen, moveTarget, moveTo, type Move, type MoveDescription,
  type Position,
} from '@zapis/core';
import { canReachIgnoringChecks, englishSan, newMoveBuffer } from '@zapis/core/internal';
import type { LanguageCode, MoveNode, MoveToken, ParsedGame, Variation } from '@zapis/notation';
import { closestMoves } from './closeness.js';
import { diagnosticAt, type Diagnostic, type DiagnosticCode, type Severity } from './diagnostic.js';
import { castlingReason } from './castling-reason.js';
import { checkMarks } from './marks.js';
import { playAndDescribe } from './play-move.js';
import { LegalMoves, readingFitsLanguages, resolveToken, singleTarget, type Resolution } from './resolve.js';
import { startPosition, tagNamed } from './start-position.js';

export interface ReplayedMove {
  /** 1-based half-move number in the game (1.e4 is 1, 1...e5 is 2). */
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  readonly move: Move;
  /** Standard English SAN. */
  readonly san: string;
  readonly description: MoveDescription;
  readonly token: MoveToken;
  /** Alternatives to this move, replayed from the position before it. */
  readonly variations: readonly ReplayedLine[];
}

export interface ReplayedLine {
  readonly moves: readonly ReplayedMove[];
  /** Comments before the line's first move. */
  readonly source: Variation;
  /** False when replay stopped at a move it could not resolve. */
  readonly complete: boolean;
}

export interface LineReplay {
  readonly moves: ReplayedMove[];
  readonly diagnostics: Diagnostic[];
  /** Index in the line's nodes where replay stopped, or -1 when it went through. */
  readonly stoppedAt: number;
  /** The error that stopped it. */
  readonly stopCode?: string;
}

export interface ReplayContext {
  readonly file: string;
  readonly languages: ReadonlySet<LanguageCode> | undefined;
  readonly maxVariationDepth: number;
  /** Replay variations too (conversion needs them; a quick legality check of the mainline does not). */
  readonly variations: boolean;
}

const ROLE_NAMES = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** The ply number of the first move from a position. */
export function firstPly(position: Position): number {
  return (position.fullmoves - 1) * 2 + (position.turn === 'white' ? 1 : 2);
}

function moveDiagnostic(
  severity: Severity, code: DiagnosticCode, message: string, token: MoveNode, position: Position, ply: number,
  context: ReplayContext, extra: Partial<Diagnostic> = {},
): Diagnostic {
  return diagnosticAt(severity, code, message, token.span, context.file, {
    ply,
    moveNumber: position.fullmoves,
    side: position.turn,
    fen: makeFen(position),
    text: token.text,
    ...extra,
  });
}

function sanOf(position: Position, move: Move): string {
  return englishSan(describeMove(position, move));
}

/** Explains why no legal move fits, and recovers the move when the intent is certain enough to go on. */
function explainNoMatch(
  token: MoveToken, legal: LegalMoves, position: Position, ply: number, context: ReplayContext,
): { diagnostic: Diagnostic; recovered?: { move: Move; resolution: Resolution } } {
  const candidates = closestMoves(token, legal, context.languages, 5).map(({ move }) => sanOf(position, move));
  // A promotion written without the new piece: the pawn move is clear, the piece is not.
  const withoutPiece = resolveToken(token, legal, context.languages, { ignorePromotion: true });
  if (withoutPiece.moves.length > 0 && token.readings.every((reading) => reading.promotion === undefined)) {
    const queen = withoutPiece.moves.find((move) => sanOf(position, move).includes('=Q'));
    const options = withoutPiece.moves.map((move) => sanOf(position, move));
    return {
      diagnostic: moveDiagnostic('error', 'missing-promotion-piece', `'${token.text}' reaches the last rank but does not say which piece the pawn becomes; replay goes on with a queen`, token, position, ply, context, { candidates: options, suggestions: options }),
      ...(queen !== undefined ? { recovered: { move: queen, resolution: { moves: [queen], readings: [[]] } } } : {}),
    };
  }
  // Another language's reading is said, never played: the move is wrong in the game's language.
  const elsewhere = otherLanguageReading(token, legal, position, context);
  if (context.languages !== undefined && !token.readings.some((reading) => readingFitsLanguages(reading, context.languages))) {
    const message = `'${token.text}' is not written with the piece letters of ${[...context.languages].join('/')}${elsewhere ? `; ${elsewhere.note}` : ''}`;
    return { diagnostic: moveDiagnostic('error', 'wrong-piece-letter', message, token, position, ply, context, { candidates, ...(elsewhere ? { suggestions: [elsewhere.san] } : {}) }) };
  }
  const note = elsewhere ? ` (${elsewhere.note}, but this game is written in ${[...context.languages!].join('/')})` : '';
  // Could a piece of the kind written reach the square at all, pins and checks aside?
  let reachable = false;
  for (const reading of token.readings) {
    if (reading.to === undefined || reading.castle !== undefined || !readingFitsLanguages(reading, context.languages)) continue;
    for (let from = 0; from < 64 && !reachable; from++) {
      const code = position.board[from];
      if (code === 0 || code >> 3 !== position.turnIndex) continue;
      if (reading.fromFile !== undefined && (from & 7) !== reading.fromFile) continue;
      if (reading.fromRank !== undefined && from >> 3 !== reading.fromRank) continue;
      if (token.form !== 'uci' && ROLE_NAMES[code & 7] !== reading.piece) continue;
      // As readingMatches reads pawns: a capture names the file it leaves, a push names none.
      if (token.form === 'san' && reading.piece === 'pawn' && ((from & 7) !== (reading.to & 7)) !== (reading.fromFile !== undefined)) continue;
      if (canReachIgnoringChecks(position, from, reading.to)) reachable = true;
    }
  }
  const castling = token.readings.find((reading) => reading.castle !== undefined)?.castle;
  if (castling !== undefined) {
    return { diagnostic: moveDiagnostic('error', 'illegal-move', `castling '${token.text}' is not legal: ${castlingReason(position, castling)}${note}`, token, position, ply, context, { candidates }) };
  }
  if (reachable) {
    const reason = position.isCheck() ? 'it does not answer the check' : 'it would leave the king in check';
    return { diagnostic: moveDiagnostic('error', 'illegal-move', `'${token.text}' is not legal: ${reason}${note}`, token, position, ply, context, { candidates }) };
  }
  const castlingHint = castlingWrittenAsKingMove(token, legal) ? ' (castling is written O-O or O-O-O)' : '';
  return { diagnostic: moveDiagnostic('error', 'no-piece-can-reach', `'${token.text}': no ${describePiece(token, context.languages)} of ${position.turn} can move there${castlingHint}${note}`, token, position, ply, context, { candidates }) };
}

/** Is the token a SAN king move onto a square where a legal castling puts the king or takes the rook? */
function castlingWrittenAsKingMove(token: MoveToken, legal: LegalMoves): boolean {
  if (token.form !== 'san') return false;
  for (const reading of token.readings) {
    if (reading.piece !== 'king' || reading.to === undefined) continue;
    for (let i = 0; i < legal.count; i++) {
      const move = legal.moves[i];
      if (isCastle(move) && (moveTarget(move) === reading.to || moveTo(move) === reading.to)) return true;
    }
  }
  return false;
}

/** The one legal move the token names in some other language, if there is exactly one. */
function otherLanguageReading(
  token: MoveToken, legal: LegalMoves, position: Position, context: ReplayContext,
): { san: string; note: string } | undefined {
  if (context.languages === undefined) return undefined;
  const anyLanguage = resolveToken(token, legal, undefined);
  if (anyLanguage.moves.length !== 1) return undefined;
  const san = sanOf(position, anyLanguage.moves[0]);
  const languages = [...new Set(anyLanguage.readings[0].flatMap((reading) => (reading.languages === 'any' ? [] : reading.languages)))];
  return { san, note: `in ${languages.slice(0, 4).join(', ')} it would be ${san}` };
}

function describePiece(token: MoveToken, languages: ReadonlySet<LanguageCode> | undefined): string {
  const roles = [...new Set(token.readings.filter((reading) => readingFitsLanguages(reading, languages)).map((reading) => reading.piece))];
  return roles.length > 0 ? roles.join(' or ') : 'piece';
}

/**
 * Replays a line of move nodes on `position`, which is left at the end of what
 * was replayed. `history` (mainline only) feeds the repetition rules.
 */
export function replayLine(
  position: Position,
  nodes: readonly MoveNode[],
  context: ReplayContext,
  depth: number,
  history?: GameHistory,
): LineReplay {
  const moves: ReplayedMove[] = [];
  const diagnostics: Diagnostic[] = [];
  // One buffer for the legal moves of every ply of this line (a variation replays into its own).
  const legalBuffer = newMoveBuffer();
  const startPly = firstPly(position);
  // One warning a line: a file numbered wrongly throughout would otherwise get one per move.
  let numberingReported = false;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    const ply = startPly + index;
    if (!numberingReported && node.moveNumber !== undefined && node.moveNumber.value !== position.fullmoves) {
      numberingReported = true;
      const written = node.moveNumber;
      diagnostics.push(diagnosticAt('warning', 'move-number-mismatch', `move number ${written.value} stands before move ${position.fullmoves}${position.turn === 'white' ? '.' : '...'} '${node.text}'`, written.span, context.file, {
        ply, moveNumber: position.fullmoves, side: position.turn, fen: makeFen(position), text: `${written.value}${'.'.repeat(written.dots)}`, suggestions: [`${position.fullmoves}${position.turn === 'white' ? '.' : '...'}`],
      }));
    }
    if (node.kind === 'null') {
      diagnostics.push(moveDiagnostic('error', 'null-move', `null move '${node.text}': the game cannot be replayed past it`, node, position, ply, context));
      return { moves, diagnostics, stoppedAt: index, stopCode: 'null-move' };
    }
    // A word that is no move holds its ply (its unknown-token error is the grammar's): every later position would be a guess.
    if (node.kind === 'unreadable') return { moves, diagnostics, stoppedAt: index, stopCode: 'unknown-token' };
    // Fast path: resolve from the moves onto the token's square; anything less
    // than one clear answer is looked at again with every legal move.
    const target = singleTarget(node, context.languages);
    let legal = target >= 0 ? LegalMoves.towards(position, target, legalBuffer) : undefined;
    let resolution = legal ? resolveToken(node, legal, context.languages) : undefined;
    if (legal === undefined || resolution === undefined || resolution.moves.length !== 1) {
      legal = new LegalMoves(position, legalBuffer);
      resolution = undefined;
    }
    if (legal.count === 0) {
      const end = position.isCheck() ? 'checkmate' : 'stalemate';
      diagnostics.push(moveDiagnostic('error', 'moves-after-end', `'${node.text}' follows the end of the game (${end})`, node, position, ply, context));
      return { moves, diagnostics, stoppedAt: index, stopCode: 'moves-after-end' };
    }
    resolution ??= resolveToken(node, legal, context.languages);
    if (resolution.moves.length > 1) {
      const candidates = resolution.moves.map((move) => sanOf(position, move));
      diagnostics.push(moveDiagnostic('error', 'ambiguous-move', `'${node.text}' fits ${candidates.length} legal moves: ${candidates.join(', ')}`, node, position, ply, context, { candidates, suggestions: candidates }));
      return { moves, diagnostics, stoppedAt: index, stopCode: 'ambiguous-move' };
    }
    if (resolution.moves.length === 0) {
      const { diagnostic, recovered } = explainNoMatch(node, legal, position, ply, context);
      diagnostics.push(diagnostic);
      if (recovered === undefined) return { moves, diagnostics, stoppedAt: index, stopCode: diagnostic.code };
      resolution = recovered.resolution;
    }
    const move = resolution.moves[0];
    const variations: ReplayedLine[] = [];
    if (context.variations && node.variations.length > 0) {
      if (depth >= context.maxVariationDepth) {
        diagnostics.push(moveDiagnostic('warning', 'variation-too-deep', `variations nested more than ${context.maxVariationDepth} deep are not replayed`, node, position, ply, context));
      } else {
        for (const variation of node.variations) {
          const branch = position.clone();
          const replayed = replayLine(branch, variation.moves, context, depth + 1);
          diagnostics.push(...replayed.diagnostics);
          variations.push({ moves: replayed.moves, source: variation, complete: replayed.stoppedAt < 0 });
        }
      }
    }
    const moveNumber = position.fullmoves;
    const side = position.turn;
    const played = playAndDescribe(legal, move, history);
    const reading = resolution.readings[0][0];
    if (reading !== undefined) {
      // `exd`: the move is certain, but the square is not written (FIDE C.9.3); replay goes on with it.
      const squareMissing = reading.to === undefined && reading.toFile !== undefined;
      const findings = checkMarks(node, reading, played.description);
      if (findings.length > 0 || squareMissing) {
        position.undo();
        if (squareMissing) {
          diagnostics.push(moveDiagnostic('error', 'missing-destination-rank', `'${node.text}' names the file the pawn captures on but not the square: ${played.san}`, node, position, ply, context, { suggestions: [played.san] }));
        }
        for (const finding of findings) {
          diagnostics.push(moveDiagnostic('warning', finding.code, `'${node.text}': ${finding.message}`, node, position, ply, context, { suggestions: [played.san] }));
        }
        position.playUnchecked(move);
      }
    }
    moves.push({ ply, moveNumber, side, move, san: played.san, description: played.description, token: node, variations });
  }
  return { moves, diagnostics, stoppedAt: -1 };
}

export interface GameReplay {
  readonly startFen: string;
  /** The ply number of the first move (1 from the standard start). */
  readonly startPly: number;
  readonly moves: ReplayedMove[];
  readonly diagnostics: Diagnostic[];
  readonly stoppedAt: number;
  readonly stopCode?: string;
  /** The final position (after the last replayed move). */
  readonly position?: Position;
  readonly history?: GameHistory;
}

/** Replays the mainline of a parsed game with the given languages. */
export function replayMainline(game: ParsedGame, context: ReplayContext): GameReplay {
  const start = startPosition(game.tags);
  if (!start.ok) {
    const tag = tagNamed(game.tags, 'FEN');
    const span = tag?.span ?? game.span;
    return {
      startFen: '',
      startPly: 1,
      moves: [],
      diagnostics: [diagnosticAt('error', 'invalid-fen-tag', `the FEN tag is not a valid position (${start.error.field}: ${start.error.message})`, span, context.file, { text: tag?.value ?? '' })],
      stoppedAt: 0,
      stopCode: 'invalid-fen-tag',
    };
  }
  const position = start.value;
  const startFen = tagNamed(game.tags, 'FEN') === undefined && !position.chess960 ? INITIAL_FEN : makeFen(position);
  const history = new GameHistory(position);
  const startPly = firstPly(position);
  const line = replayLine(position, game.moves, context, 0, history);
  return { startFen, startPly, ...line, position, history };
}
