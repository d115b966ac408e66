/**
 * The mutable state of a chess position with make/unmake.
 *
 * The board is an Int8Array of piece codes (see pieces.ts). `play` pushes what it
 * needs onto an undo stack and `undo` pops it, so replaying a game or walking a
 * perft tree never allocates a position; `clone` is there when a copy is wanted.
 */
import {
  KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_TARGETS, RAY_LENGTHS, RAYS,
} from './attacks.js';
import {
  BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE,
  colorName, pieceFromCode, type Color, type Piece,
} from './pieces.js';
import { isLightSquare, squareFile, type Square } from './squares.js';
import {
  KIND_CASTLE, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, type Move,
  moveFrom, moveKind, movePromotionIndex, moveTo,
} from './move.js';
import {
  CASTLE_KEYS_HI, CASTLE_KEYS_LO, PIECE_KEYS_HI, PIECE_KEYS_LO, SIDE_KEY_HI, SIDE_KEY_LO, hashToHex,
} from './zobrist.js';

/** Castling slots: colour * 2 + side, side 0 = king side (towards h), 1 = queen side (towards a). */
export const KING_SIDE = 0;
export const QUEEN_SIDE = 1;
export const castleSlot = (colorIndex: number, side: number): number => colorIndex * 2 + side;

/** Plain data describing a position; FEN parsing produces one after validation. */
export interface PositionSetup {
  /** 64 piece codes, a1 first. */
  readonly board: ArrayLike<number>;
  readonly turn: Color;
  /** Rook squares that keep a castling right, per slot (see `castleSlot`), -1 for none. */
  readonly castleRooks: readonly [number, number, number, number];
  readonly epSquare: Square | -1;
  readonly halfmoves: number;
  readonly fullmoves: number;
  readonly chess960: boolean;
}

const UNDO_STRIDE = 8;

/** Index in Position.pieceCounts of the light-square bishops of a colour (white, then black). */
export const LIGHT_BISHOPS = 16;

/** Counts the pieces of `board` into `counts` (see Position.pieceCounts). */
function countPieces(board: Int8Array, counts: Int8Array): void {
  counts.fill(0);
  for (let square = 0; square < 64; square++) {
    const code = board[square];
    if (code === 0) continue;
    counts[code]++;
    if ((code & 7) === BISHOP && isLightSquare(square)) counts[LIGHT_BISHOPS + (code >> 3)]++;
  }
}

/** Is `square` attacked by a piece of `by` on `board`? The hot path of legality. */
export function isSquareAttacked(board: Int8Array, square: Square, by: number): boolean {
  const file = square & 7;
  const pawn = PAWN | (by << 3);
  if (by === WHITE) {
    if (file > 0 && square >= 9 && board[square - 9] === pawn) return true;
    if (file < 7 && square >= 7 && board[square - 7] === pawn) return true;
  } else {
    if (file > 0 && square <= 56 && board[square + 7] === pawn) return true;
    if (file < 7 && square <= 54 && board[square + 9] === pawn) return true;
  }
  const knight = KNIGHT | (by << 3);
  const knightBase = square * 8;
  for (let i = 0, n = KNIGHT_COUNTS[square]; i < n; i++) {
    if (board[KNIGHT_TARGETS[knightBase + i]] === knight) return true;
  }
  const king = KING | (by << 3);
  for (let i = 0, n = KING_COUNTS[square]; i < n; i++) {
    if (board[KING_TARGETS[knightBase + i]] === king) return true;
  }
  const queen = QUEEN | (by << 3);
  const rook = ROOK | (by << 3);
  const bishop = BISHOP | (by << 3);
  for (let direction = 0; direction < 8; direction++) {
    const slider = direction < 4 ? rook : bishop;
    const base = (direction * 64 + square) * 8;
    for (let i = 0, n = RAY_LENGTHS[direction * 64 + square]; i < n; i++) {
      const code = board[RAYS[base + i]];
      if (code !== 0) {
        if (code === queen || code === slider) return true;
        break;
      }
    }
  }
  return false;
}

export class Position {
  /** Piece codes by square. Exposed for the move generator; treat as read-only. */
  readonly board: Int8Array;
  /** King squares by colour index. */
  readonly kings: Int8Array;
  /** Rook squares with castling rights by slot, -1 for none. */
  readonly castleRooks: Int8Array;
  /**
   * How many pieces of each code stand on the board, and at LIGHT_BISHOPS + colour
   * how many of that colour's bishops stand on light squares: a search for the
   * pieces that reach a square stops once it has met them all.
   */
  readonly pieceCounts: Int8Array;
  /** 0 white, 1 black. */
  turnIndex: number;
  /** The en-passant target square as recorded (FEN or the last double push), -1 for none. */
  epSquare: number;
  halfmoves: number;
  fullmoves: number;
  /** Whether castling is written the Chess960 way (king takes rook in UCI, X-FEN files). */
  readonly chess960: boolean;
  hashLo: number;
  hashHi: number;
  private undoStack: Int32Array;
  private undoTop = 0;

  constructor(setup: PositionSetup) {
    this.board = new Int8Array(64);
    this.kings = new Int8Array([-1, -1]);
    this.castleRooks = new Int8Array(4);
    this.pieceCounts = new Int8Array(LIGHT_BISHOPS + 2);
    this.turnIndex = WHITE;
    this.epSquare = -1;
    this.halfmoves = 0;
    this.fullmoves = 1;
    this.chess960 = setup.chess960;
    this.undoStack = new Int32Array(UNDO_STRIDE * 256);
    this.hashLo = 0;
    this.hashHi = 0;
    this.assign(setup);
  }

  /**
   * Makes this position the one `setup` describes (same Chess960 setting), with
   * an empty undo history, reusing its memory: for reading positions that were
   * reached elsewhere (the replay kernel's) without allocating one for each.
   */
  assign(setup: PositionSetup): void {
    if (setup.chess960 !== this.chess960) throw new RangeError('assign: a Chess960 position and a standard one cannot share memory');
    this.board.set(setup.board);
    this.kings.fill(-1);
    for (let square = 0; square < 64; square++) {
      const code = this.board[square];
      if ((code & 7) === KING) this.kings[code >> 3] = square;
    }
    this.castleRooks.set(setup.castleRooks);
    countPieces(this.board, this.pieceCounts);
    this.turnIndex = setup.turn === 'white' ? WHITE : BLACK;
    this.epSquare = setup.epSquare;
    this.halfmoves = setup.halfmoves;
    this.fullmoves = setup.fullmoves;
    this.undoTop = 0;
    this.computeHash();
  }

  /**
   * Makes this position a copy of `source` (same Chess960 setting) with an
   * empty undo history, reusing its memory: for replaying many games one after
   * another without allocating a position for each.
   */
  resetTo(source: Position): void {
    if (source.chess960 !== this.chess960) throw new RangeError('resetTo: a Chess960 position and a standard one cannot share memory');
    this.board.set(source.board);
    this.kings.set(source.kings);
    this.castleRooks.set(source.castleRooks);
    this.pieceCounts.set(source.pieceCounts);
    this.turnIndex = source.turnIndex;
    this.epSquare = source.epSquare;
    this.halfmoves = source.halfmoves;
    this.fullmoves = source.fullmoves;
    this.hashLo = source.hashLo;
    this.hashHi = source.hashHi;
    this.undoTop = 0;
  }

  /** A deep copy with an empty undo history. */
  clone(): Position {
    const copy = Object.create(Position.prototype) as Position;
    const writable = copy as unknown as Record<string, unknown>;
    writable.board = this.board.slice();
    writable.kings = this.kings.slice();
    writable.castleRooks = this.castleRooks.slice();
    writable.pieceCounts = this.pieceCounts.slice();
    writable.turnIndex = this.turnIndex;
    writable.epSquare = this.epSquare;
    writable.halfmoves = this.halfmoves;
    writable.fullmoves = this.fullmoves;
    writable.chess960 = this.chess960;
    writable.hashLo = this.hashLo;
    writable.hashHi = this.hashHi;
    writable.undoStack = new Int32Array(UNDO_STRIDE * 64);
    writable.undoTop = 0;
    return copy;
  }

  get turn(): Color {
    return colorName(this.turnIndex);
  }

  pieceAt(square: Square): Piece | undefined {
    return pieceFromCode(this.board[square]);
  }

  kingSquare(color: Color): Square {
    return this.kings[color === 'white' ? WHITE : BLACK];
  }

  isCheck(): boolean {
    return isSquareAttacked(this.board, this.kings[this.turnIndex], this.turnIndex ^ 1);
  }

  isAttacked(square: Square, by: Color): boolean {
    return isSquareAttacked(this.board, square, by === 'white' ? WHITE : BLACK);
  }

  /** Castling rook square for a colour and side, or undefined when that right is gone. */
  castlingRook(color: Color, side: 'king' | 'queen'): Square | undefined {
    const square = this.castleRooks[castleSlot(color === 'white' ? WHITE : BLACK, side === 'king' ? KING_SIDE : QUEEN_SIDE)];
    return square < 0 ? undefined : square;
  }

  /** The incremental Zobrist key (pieces, side, castling rights) as 16 hex digits. */
  get hash(): string {
    return hashToHex(this.hashLo, this.hashHi);
  }

  /** Number of moves `undo` can take back. */
  get undoDepth(): number {
    return this.undoTop / UNDO_STRIDE;
  }

  private computeHash(): void {
    let lo = 0;
    let hi = 0;
    for (let square = 0; square < 64; square++) {
      const code = this.board[square];
      if (code !== 0) {
        lo ^= PIECE_KEYS_LO[code * 64 + square];
        hi ^= PIECE_KEYS_HI[code * 64 + square];
      }
    }
    for (let slot = 0; slot < 4; slot++) {
      const rook = this.castleRooks[slot];
      if (rook >= 0) {
        lo ^= CASTLE_KEYS_LO[slot * 8 + squareFile(rook)];
        hi ^= CASTLE_KEYS_HI[slot * 8 + squareFile(rook)];
      }
    }
    if (this.turnIndex === BLACK) {
      lo ^= SIDE_KEY_LO;
      hi ^= SIDE_KEY_HI;
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

  private countOn(code: number, square: number): void {
    this.pieceCounts[code]++;
    if ((code & 7) === BISHOP && isLightSquare(square)) this.pieceCounts[LIGHT_BISHOPS + (code >> 3)]++;
  }

  private countOff(code: number, square: number): void {
    this.pieceCounts[code]--;
    if ((code & 7) === BISHOP && isLightSquare(square)) this.pieceCounts[LIGHT_BISHOPS + (code >> 3)]--;
  }

  private dropCastleRight(slot: number): void {
    const rook = this.castleRooks[slot];
    if (rook < 0) return;
    this.hashLo ^= CASTLE_KEYS_LO[slot * 8 + (rook & 7)];
    this.hashHi ^= CASTLE_KEYS_HI[slot * 8 + (rook & 7)];
    this.castleRooks[slot] = -1;
  }

  private togglePiece(code: number, square: number): void {
    this.hashLo ^= PIECE_KEYS_LO[code * 64 + square];
    this.hashHi ^= PIECE_KEYS_HI[code * 64 + square];
  }

  /**
   * Plays a move produced by the move generator of this position. The move is
   * trusted: pass only legal moves (see `legalMoves`).
   */
  play(move: Move): void {
    const board = this.board;
    const from = moveFrom(move);
    const to = moveTo(move);
    const kind = moveKind(move);
    const us = this.turnIndex;
    const them = us ^ 1;

    if (this.undoTop + UNDO_STRIDE > this.undoStack.length) {
      const grown = new Int32Array(this.undoStack.length * 2);
      grown.set(this.undoStack);
      this.undoStack = grown;
    }
    const stack = this.undoStack;
    const top = this.undoTop;
    const rooks = this.castleRooks;
    stack[top] = move;
    stack[top + 2] = (rooks[0] + 1) | ((rooks[1] + 1) << 7) | ((rooks[2] + 1) << 14) | ((rooks[3] + 1) << 21);
    stack[top + 3] = this.epSquare;
    stack[top + 4] = this.halfmoves;
    stack[top + 5] = this.hashLo;
    stack[top + 6] = this.hashHi;
    this.undoTop = top + UNDO_STRIDE;

    const piece = board[from];
    let captured = 0;
    this.halfmoves++;
    this.epSquare = -1;

    if (kind === KIND_CASTLE) {
      const rook = board[to];
      const backRank = from & 56;
      const kingSide = (to & 7) > (from & 7);
      const kingTarget = backRank + (kingSide ? 6 : 2);
      const rookTarget = backRank + (kingSide ? 5 : 3);
      board[from] = 0;
      board[to] = 0;
      board[kingTarget] = piece;
      board[rookTarget] = rook;
      this.togglePiece(piece, from);
      this.togglePiece(rook, to);
      this.togglePiece(piece, kingTarget);
      this.togglePiece(rook, rookTarget);
      this.kings[us] = kingTarget;
      this.dropCastleRight(us * 2);
      this.dropCastleRight(us * 2 + 1);
    } else {
      if (kind === KIND_EN_PASSANT) {
        const capturedSquare = us === WHITE ? to - 8 : to + 8;
        captured = board[capturedSquare];
        board[capturedSquare] = 0;
        this.togglePiece(captured, capturedSquare);
        this.countOff(captured, capturedSquare);
      } else {
        captured = board[to];
        if (captured !== 0) {
          this.togglePiece(captured, to);
          this.countOff(captured, to);
          if (rooks[them * 2] === to) this.dropCastleRight(them * 2);
          else if (rooks[them * 2 + 1] === to) this.dropCastleRight(them * 2 + 1);
        }
      }
      const promotion = movePromotionIndex(move);
      const placed = promotion !== 0 ? promotion | (us << 3) : piece;
      if (promotion !== 0) {
        this.countOff(piece, from);
        this.countOn(placed, to);
      }
      board[from] = 0;
      board[to] = placed;
      this.togglePiece(piece, from);
      this.togglePiece(placed, to);
      const role = piece & 7;
      if (role === PAWN || captured !== 0) this.halfmoves = 0;
      if (role === KING) {
        this.kings[us] = to;
        this.dropCastleRight(us * 2);
        this.dropCastleRight(us * 2 + 1);
      } else if (role === ROOK) {
        if (rooks[us * 2] === from) this.dropCastleRight(us * 2);
        else if (rooks[us * 2 + 1] === from) this.dropCastleRight(us * 2 + 1);
      } else if (kind === KIND_DOUBLE_PUSH) {
        // Record the square only when an enemy pawn stands ready to take it.
        const enemyPawn = PAWN | (them << 3);
        const file = to & 7;
        if ((file > 0 && board[to - 1] === enemyPawn) || (file < 7 && board[to + 1] === enemyPawn)) {
          this.epSquare = (from + to) >> 1;
        }
      }
    }
    stack[top + 1] = captured;
    if (us === BLACK) this.fullmoves++;
    this.turnIndex = them;
    this.hashLo ^= SIDE_KEY_LO;
    this.hashHi ^= SIDE_KEY_HI;
  }

  /** Takes back the last move played with `play`. */
  undo(): void {
    if (this.undoTop === 0) throw new RangeError('undo: no move to take back');
    const top = (this.undoTop -= UNDO_STRIDE);
    const stack = this.undoStack;
    const move = stack[top];
    const captured = stack[top + 1];
    const rooks = stack[top + 2];
    const board = this.board;
    const from = moveFrom(move);
    const to = moveTo(move);
    const kind = moveKind(move);
    const them = this.turnIndex;
    const us = them ^ 1;

    if (kind === KIND_CASTLE) {
      const backRank = from & 56;
      const kingSide = (to & 7) > (from & 7);
      const kingTarget = backRank + (kingSide ? 6 : 2);
      const rookTarget = backRank + (kingSide ? 5 : 3);
      const king = board[kingTarget];
      const rook = board[rookTarget];
      board[kingTarget] = 0;
      board[rookTarget] = 0;
      board[from] = king;
      board[to] = rook;
      this.kings[us] = from;
    } else {
      const placed = board[to];
      const promoted = movePromotionIndex(move) !== 0;
      const piece = promoted ? PAWN | (us << 3) : placed;
      if (promoted) {
        this.countOff(placed, to);
        this.countOn(piece, from);
      }
      board[from] = piece;
      if (kind === KIND_EN_PASSANT) {
        const capturedSquare = us === WHITE ? to - 8 : to + 8;
        board[to] = 0;
        board[capturedSquare] = captured;
        this.countOn(captured, capturedSquare);
      } else {
        board[to] = captured;
        if (captured !== 0) this.countOn(captured, to);
      }
      if ((piece & 7) === KING) this.kings[us] = from;
    }
    this.castleRooks[0] = (rooks & 127) - 1;
    this.castleRooks[1] = ((rooks >> 7) & 127) - 1;
    this.castleRooks[2] = ((rooks >> 14) & 127) - 1;
    this.castleRooks[3] = ((rooks >> 21) & 127) - 1;
    this.epSquare = stack[top + 3];
    this.halfmoves = stack[top + 4];
    this.hashLo = stack[top + 5];
    this.hashHi = stack[top + 6];
    if (us === BLACK) this.fullmoves--;
    this.turnIndex = us;
  }
}
