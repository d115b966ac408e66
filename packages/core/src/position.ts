/**
 * The mutable state of a chess position with make/unmake.
 *
 * The board is an Int8Array of piece codes (see pieces.ts). `play` pushes what it
 * needs onto an undo stack and `undo` pops it, so replaying a game or walking a
 * perft tree never allocates a position; `clone` is there when a copy is wanted.
 */
import { castleSlot, KING_SIDE, QUEEN_SIDE } from './castle-slots.js';
import { isSquareAttacked } from './square-attacked.js';
import {
  BISHOP, BLACK, KING, PAWN, ROOK, WHITE,
  colorName, pieceFromCode, type Color, type Piece,
} from './pieces.js';
import { isLightSquare, squareFile, type Square } from './squares.js';
import {
  KIND_CASTLE, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, type Move,
  moveFrom, moveKind, movePromotionIndex, moveTo, moveToUci,
} from './move.js';
import { generateLegalMoves } from './movegen.js';
import { err, ok, type Result } from './result.js';
import { checkSetup, type SetupError, type SetupOptions } from './setup-check.js';
import {
  CASTLE_KEYS_HI, CASTLE_KEYS_LO, PIECE_KEYS_HI, PIECE_KEYS_LO, SIDE_KEY_HI, SIDE_KEY_LO, hashToHex,
} from './zobrist.js';

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

/** The board as the public API shows it: piece codes by square, a1 first, not writable. */
export interface ReadonlyBoard {
  readonly [square: number]: number;
  readonly length: number;
}

/** Why `play` refused a move. */
export interface IllegalMoveError {
  readonly reason: 'illegal-move';
  readonly message: string;
}

/** `play`'s legal moves: filled and read within one call that calls out to nothing, so no other use can come between. */
const legalScratch = new Int32Array(256);

export class Position {
  // The state lives in `_` fields that the move generator reads directly (no
  // getter in the hot path); they are @internal, so the published types show
  // only the read-only getters below.
  /** @internal Piece codes by square. */
  readonly _board: Int8Array;
  /** @internal King squares by colour index. */
  readonly _kings: Int8Array;
  /** @internal Rook squares with castling rights by slot, -1 for none. */
  readonly _castleRooks: Int8Array;
  /**
   * @internal How many pieces of each code stand on the board, and at LIGHT_BISHOPS + colour
   * how many of that colour's bishops stand on light squares: a search for the
   * pieces that reach a square stops once it has met them all.
   */
  readonly _pieceCounts: Int8Array;
  /** @internal 0 white, 1 black. */
  _turnIndex: number;
  /** @internal */
  _epSquare: number;
  /** @internal */
  _halfmoves: number;
  /** @internal */
  _fullmoves: number;
  /** Whether castling is written the Chess960 way (king takes rook in UCI, X-FEN files). */
  readonly chess960: boolean;
  /** @internal */
  _hashLo: number;
  /** @internal */
  _hashHi: number;
  private undoStack: Int32Array;
  private undoTop = 0;

  private constructor(setup: PositionSetup) {
    this._board = new Int8Array(64);
    this._kings = new Int8Array([-1, -1]);
    this._castleRooks = new Int8Array(4);
    this._pieceCounts = new Int8Array(LIGHT_BISHOPS + 2);
    this._turnIndex = WHITE;
    this._epSquare = -1;
    this._halfmoves = 0;
    this._fullmoves = 1;
    this.chess960 = setup.chess960;
    this.undoStack = new Int32Array(UNDO_STRIDE * 256);
    this._hashLo = 0;
    this._hashHi = 0;
    this.assign(setup);
  }

  /**
   * The position `setup` describes, or the named reason it is impossible:
   * missing or extra kings, the side not to move in check, pawns on a back
   * rank, castling rights without their king and rook, an en-passant square no
   * double step can have left, more than 16 pieces or 8 pawns a side.
   */
  static fromSetup(setup: PositionSetup, options: SetupOptions = {}): Result<Position, SetupError> {
    const problem = checkSetup({ ...setup, turnIndex: setup.turn === 'white' ? WHITE : setup.turn === 'black' ? BLACK : -1 }, options);
    return problem ? err(problem) : ok(new Position(setup));
  }

  /** @internal A position from a setup already checked (parseFen) or produced by replay: no checks. */
  static unchecked(setup: PositionSetup): Position {
    return new Position(setup);
  }

  /** Piece codes by square, a1 first (see `pieceAt` for names). */
  get board(): ReadonlyBoard {
    return this._board;
  }

  /** 0 when white is to move, 1 when black is (see `turn`). */
  get turnIndex(): number {
    return this._turnIndex;
  }

  /** The en-passant target square as recorded (FEN or the last double push), -1 for none. */
  get epSquare(): number {
    return this._epSquare;
  }

  /** Half-moves since the last capture or pawn move. */
  get halfmoves(): number {
    return this._halfmoves;
  }

  /** The move number, starting at 1 and counting up after black moves. */
  get fullmoves(): number {
    return this._fullmoves;
  }

  /** Low 32 bits of the incremental Zobrist key (see `hash`). */
  get hashLo(): number {
    return this._hashLo;
  }

  /** High 32 bits of the incremental Zobrist key (see `hash`). */
  get hashHi(): number {
    return this._hashHi;
  }

  /**
   * How many pieces of each code stand on the board, and at LIGHT_BISHOPS + colour
   * how many of that colour's bishops stand on light squares.
   */
  get pieceCounts(): ReadonlyBoard {
    return this._pieceCounts;
  }

  /**
   * @internal Makes this position the one `setup` describes (same Chess960 setting), with
   * an empty undo history, reusing its memory: for reading positions that were
   * reached elsewhere (the replay kernel's) without allocating one for each.
   * Unchecked: the setup must be a position.
   */
  assign(setup: PositionSetup): void {
    if (setup.chess960 !== this.chess960) throw new RangeError('assign: a Chess960 position and a standard one cannot share memory');
    this._board.set(setup.board);
    this._kings.fill(-1);
    for (let square = 0; square < 64; square++) {
      const code = this._board[square];
      if ((code & 7) === KING) this._kings[code >> 3] = square;
    }
    this._castleRooks.set(setup.castleRooks);
    countPieces(this._board, this._pieceCounts);
    this._turnIndex = setup.turn === 'white' ? WHITE : BLACK;
    this._epSquare = setup.epSquare;
    this._halfmoves = setup.halfmoves;
    this._fullmoves = setup.fullmoves;
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
    this._board.set(source._board);
    this._kings.set(source._kings);
    this._castleRooks.set(source._castleRooks);
    this._pieceCounts.set(source._pieceCounts);
    this._turnIndex = source._turnIndex;
    this._epSquare = source._epSquare;
    this._halfmoves = source._halfmoves;
    this._fullmoves = source._fullmoves;
    this._hashLo = source._hashLo;
    this._hashHi = source._hashHi;
    this.undoTop = 0;
  }

  /** A deep copy with an empty undo history. */
  clone(): Position {
    // A fresh object filled field by field: the constructor would reparse a setup.
    const copy = Object.create(Position.prototype) as Position;
    const writable = copy as unknown as Record<string, unknown>;
    writable._board = this._board.slice();
    writable._kings = this._kings.slice();
    writable._castleRooks = this._castleRooks.slice();
    writable._pieceCounts = this._pieceCounts.slice();
    writable._turnIndex = this._turnIndex;
    writable._epSquare = this._epSquare;
    writable._halfmoves = this._halfmoves;
    writable._fullmoves = this._fullmoves;
    writable.chess960 = this.chess960;
    writable._hashLo = this._hashLo;
    writable._hashHi = this._hashHi;
    // Room for two moves, grown on demand: most clones (a search's) play one or two. 64 bytes stay in V8's own heap;
    // a bigger buffer is allocated outside it, which costs a browser several times what it costs Node.
    writable.undoStack = new Int32Array(UNDO_STRIDE * 2);
    writable.undoTop = 0;
    return copy;
  }

  get turn(): Color {
    return colorName(this._turnIndex);
  }

  pieceAt(square: Square): Piece | undefined {
    return pieceFromCode(this._board[square]);
  }

  kingSquare(color: Color): Square {
    return this._kings[color === 'white' ? WHITE : BLACK];
  }

  isCheck(): boolean {
    return isSquareAttacked(this._board, this._kings[this._turnIndex], this._turnIndex ^ 1);
  }

  isAttacked(square: Square, by: Color): boolean {
    return isSquareAttacked(this._board, square, by === 'white' ? WHITE : BLACK);
  }

  /** Castling rook square for a colour and side, or undefined when that right is gone. */
  castlingRook(color: Color, side: 'king' | 'queen'): Square | undefined {
    const square = this._castleRooks[castleSlot(color === 'white' ? WHITE : BLACK, side === 'king' ? KING_SIDE : QUEEN_SIDE)];
    return square < 0 ? undefined : square;
  }

  /** The incremental Zobrist key (pieces, side, castling rights) as 16 hex digits. */
  get hash(): string {
    return hashToHex(this._hashLo, this._hashHi);
  }

  /** Number of moves `undo` can take back. */
  get undoDepth(): number {
    return this.undoTop / UNDO_STRIDE;
  }

  private computeHash(): void {
    let lo = 0;
    let hi = 0;
    for (let square = 0; square < 64; square++) {
      const code = this._board[square];
      if (code !== 0) {
        lo ^= PIECE_KEYS_LO[code * 64 + square];
        hi ^= PIECE_KEYS_HI[code * 64 + square];
      }
    }
    for (let slot = 0; slot < 4; slot++) {
      const rook = this._castleRooks[slot];
      if (rook >= 0) {
        lo ^= CASTLE_KEYS_LO[slot * 8 + squareFile(rook)];
        hi ^= CASTLE_KEYS_HI[slot * 8 + squareFile(rook)];
      }
    }
    if (this._turnIndex === BLACK) {
      lo ^= SIDE_KEY_LO;
      hi ^= SIDE_KEY_HI;
    }
    this._hashLo = lo;
    this._hashHi = hi;
  }

  private countOn(code: number, square: number): void {
    this._pieceCounts[code]++;
    if ((code & 7) === BISHOP && isLightSquare(square)) this._pieceCounts[LIGHT_BISHOPS + (code >> 3)]++;
  }

  private countOff(code: number, square: number): void {
    this._pieceCounts[code]--;
    if ((code & 7) === BISHOP && isLightSquare(square)) this._pieceCounts[LIGHT_BISHOPS + (code >> 3)]--;
  }

  private dropCastleRight(slot: number): void {
    const rook = this._castleRooks[slot];
    if (rook < 0) return;
    this._hashLo ^= CASTLE_KEYS_LO[slot * 8 + (rook & 7)];
    this._hashHi ^= CASTLE_KEYS_HI[slot * 8 + (rook & 7)];
    this._castleRooks[slot] = -1;
  }

  private togglePiece(code: number, square: number): void {
    this._hashLo ^= PIECE_KEYS_LO[code * 64 + square];
    this._hashHi ^= PIECE_KEYS_HI[code * 64 + square];
  }

  /**
   * Plays `move` when it is legal in this position; otherwise leaves the
   * position as it was and says why. Generates the legal moves to check: use
   * `playUnchecked` for moves that come from the move generator.
   */
  play(move: Move): Result<void, IllegalMoveError> {
    const count = generateLegalMoves(this, legalScratch);
    for (let i = 0; i < count; i++) {
      if (legalScratch[i] === move) {
        this.playUnchecked(move);
        return ok(undefined);
      }
    }
    return err({ reason: 'illegal-move', message: `move ${moveToUci(move, this.chess960)} (${move}) is not legal in this position` });
  }

  /**
   * The fast path of `play`: plays a move produced by the move generator of
   * this position without checking it. An illegal move corrupts the position.
   */
  playUnchecked(move: Move): void {
    const board = this._board;
    const from = moveFrom(move);
    const to = moveTo(move);
    const kind = moveKind(move);
    const us = this._turnIndex;
    const them = us ^ 1;

    if (this.undoTop + UNDO_STRIDE > this.undoStack.length) {
      const grown = new Int32Array(this.undoStack.length * 2);
      grown.set(this.undoStack);
      this.undoStack = grown;
    }
    const stack = this.undoStack;
    const top = this.undoTop;
    const rooks = this._castleRooks;
    stack[top] = move;
    stack[top + 2] = (rooks[0] + 1) | ((rooks[1] + 1) << 7) | ((rooks[2] + 1) << 14) | ((rooks[3] + 1) << 21);
    stack[top + 3] = this._epSquare;
    stack[top + 4] = this._halfmoves;
    stack[top + 5] = this._hashLo;
    stack[top + 6] = this._hashHi;
    this.undoTop = top + UNDO_STRIDE;

    const piece = board[from];
    let captured = 0;
    this._halfmoves++;
    this._epSquare = -1;

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
      this._kings[us] = kingTarget;
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
      if (role === PAWN || captured !== 0) this._halfmoves = 0;
      if (role === KING) {
        this._kings[us] = to;
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
          this._epSquare = (from + to) >> 1;
        }
      }
    }
    stack[top + 1] = captured;
    if (us === BLACK) this._fullmoves++;
    this._turnIndex = them;
    this._hashLo ^= SIDE_KEY_LO;
    this._hashHi ^= SIDE_KEY_HI;
  }

  /** Takes back the last move played with `play` or `playUnchecked`. */
  undo(): void {
    if (this.undoTop === 0) throw new RangeError('undo: no move to take back');
    const top = (this.undoTop -= UNDO_STRIDE);
    const stack = this.undoStack;
    const move = stack[top] as Move;
    const captured = stack[top + 1];
    const rooks = stack[top + 2];
    const board = this._board;
    const from = moveFrom(move);
    const to = moveTo(move);
    const kind = moveKind(move);
    const them = this._turnIndex;
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
      this._kings[us] = from;
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
      if ((piece & 7) === KING) this._kings[us] = from;
    }
    this._castleRooks[0] = (rooks & 127) - 1;
    this._castleRooks[1] = ((rooks >> 7) & 127) - 1;
    this._castleRooks[2] = ((rooks >> 14) & 127) - 1;
    this._castleRooks[3] = ((rooks >> 21) & 127) - 1;
    this._epSquare = stack[top + 3];
    this._halfmoves = stack[top + 4];
    this._hashLo = stack[top + 5];
    this._hashHi = stack[top + 6];
    if (us === BLACK) this._fullmoves--;
    this._turnIndex = us;
  }
}
