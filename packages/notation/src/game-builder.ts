/**
 * Builds ParsedGame trees from the parser's token events. Variations are kept
 * on an explicit stack, so nesting depth costs memory, never call stack.
 * Every problem is recorded with its span and the build always continues:
 * this is where the grammar's error recovery lives.
 */
import type { IToken, ILexingError } from 'chevrotain';
import type {
  Comment, MoveToken, Nag, NullMoveToken, ParsedGame, ResultText, SourceSpan, SyntaxProblem, Tag, UnreadableMoveToken,
} from './ast.js';
import type { LineIndex } from './line-index.js';
import { interpretMove } from './move-readings.js';
import { isMoveShaped } from './move-shaped.js';
import { problem, type ProblemCode } from './problems.js';
import { unescapeTagValue } from './text-scan.js';

type MoveNumber = NonNullable<MoveToken['moveNumber']>;

/**
 * What the builder still attaches to a move after making it. The builder's own
 * nodes carry these as writable fields, so no readonly is cast away; they are
 * handed out as the readonly MoveNode they also are. (Not frozen: this is the
 * per-move path of every parse.)
 */
interface MoveAttachments {
  nags: Nag[];
  comments: Comment[];
  variations: BuildingVariation[];
}

type BuildingMove = (MoveToken & MoveAttachments & { drawOffer: boolean; enPassantMark: boolean }) | (NullMoveToken & MoveAttachments)
  | (UnreadableMoveToken & MoveAttachments);

/** A word that holds a ply (`UnreadableMoveToken`), with the move number written before it if any. */
const unreadableNode = (text: string, span: SourceSpan, moveNumber: MoveNumber | undefined): BuildingMove => ({
  kind: 'unreadable', text, span, moveNumber, nags: NONE, comments: NONE, variations: NONE,
});

interface BuildingVariation {
  span: SourceSpan;
  readonly comments: Comment[];
  readonly moves: BuildingMove[];
}

/** One line of play being filled: the mainline or an open variation. */
interface Line {
  readonly moves: BuildingMove[];
  readonly comments: Comment[];
  /** The open variation (absent for the mainline). */
  readonly variation?: BuildingVariation;
  readonly openOffset: number;
  /** Unknown words since the line's last numbered move that do not look like moves (`blah`): a move number may still show one held a ply. */
  readonly debris: { readonly index: number; readonly text: string; readonly span: SourceSpan }[];
}

interface GameInProgress {
  readonly index: number;
  readonly startOffset: number;
  endOffset: number;
  readonly tags: Tag[];
  readonly comments: Comment[];
  readonly moves: BuildingMove[];
  result?: { readonly text: ResultText; readonly span: SourceSpan };
  readonly problems: SyntaxProblem[];
  readonly commentsAfterResult: Comment[];
  phase: 'tags' | 'moves' | 'ended';
}

/**
 * The list of a move that has none yet: one shared array, so a move without
 * annotations allocates nothing. Frozen, so a push that forgot to replace it
 * first throws instead of giving every move the item.
 */
const NONE: never[] = [];
Object.freeze(NONE);

const RESULT_TEXT: Readonly<Record<string, ResultText>> = {
  '1-0': '1-0', '0-1': '0-1', '1/2-1/2': '1/2-1/2', '½-½': '1/2-1/2', '1–0': '1-0', '0–1': '0-1', '½–½': '1/2-1/2',
  '1/2–1/2': '1/2-1/2', '*': '*',
};

/** True when the string token ends with a closing quote that is not escaped. */
function isClosedString(image: string): boolean {
  if (image.length < 2 || image.charCodeAt(image.length - 1) !== 34) return false;
  let backslashes = 0;
  for (let at = image.length - 2; at > 0 && image.charCodeAt(at) === 92; at--) backslashes++;
  return backslashes % 2 === 0;
}

export class GameBuilder {
  readonly games: ParsedGame[] = [];
  private game: GameInProgress | undefined;
  private lines: Line[] = [];
  private pendingNumber: MoveNumber | undefined;
  private lexingErrors: readonly ILexingError[] = NONE;
  private nextLexingError = 0;

  constructor(
    private readonly lineIndex: LineIndex,
    /** Offset of the section's first character in the whole input. */
    private readonly base: number,
    private nextIndex: number,
  ) {}

  /** The 1-based index the next game will get. */
  get gameCount(): number {
    return this.nextIndex;
  }

  setLexingErrors(errors: readonly ILexingError[]): void {
    this.lexingErrors = errors;
    this.nextLexingError = 0;
  }

  private span(token: IToken): SourceSpan {
    return this.lineIndex.span(this.base + token.startOffset, token.image.length);
  }

  private spanBetween(startOffset: number, endOffset: number): SourceSpan {
    return this.lineIndex.span(startOffset, endOffset - startOffset);
  }

  private report(code: ProblemCode, span: SourceSpan, detail?: string): void {
    this.ensureGame(span.offset).problems.push(problem(code, span, detail));
  }

  /** Reports lexing errors that come before `offset` (relative to the section). */
  private drainLexingErrors(offset: number): void {
    while (this.nextLexingError < this.lexingErrors.length && this.lexingErrors[this.nextLexingError].offset < offset) {
      const error = this.lexingErrors[this.nextLexingError++];
      // Chevrotain reports each unmatched character; adjacent ones are one problem.
      let length = error.length;
      while (this.nextLexingError < this.lexingErrors.length && this.lexingErrors[this.nextLexingError].offset === error.offset + length) {
        length += this.lexingErrors[this.nextLexingError++].length;
      }
      const span = this.lineIndex.span(this.base + error.offset, length);
      const game = this.ensureGame(span.offset);
      const text = this.textAt(error.offset, length);
      game.problems.push(problem('unknown-token', span, JSON.stringify(text), text));
      this.touch(game, span.offset + span.length);
      this.holdPly(game, text, span);
    }
  }

  private sectionText = '';

  setSectionText(text: string): void {
    this.sectionText = text;
  }

  private textAt(offset: number, length: number): string {
    const text = this.sectionText.slice(offset, offset + Math.min(length, 40));
    return length > 40 ? `${text}…` : text;
  }

  private ensureGame(absoluteOffset: number): GameInProgress {
    if (this.game) return this.game;
    const game: GameInProgress = {
      index: this.nextIndex++, startOffset: absoluteOffset, endOffset: absoluteOffset, tags: [], comments: [], moves: [],
      problems: [], commentsAfterResult: [], phase: 'tags',
    };
    this.game = game;
    this.lines = [{ moves: game.moves, comments: game.comments, openOffset: absoluteOffset, debris: [] }];
    this.pendingNumber = undefined;
    return game;
  }

  private touch(game: GameInProgress, endOffset: number): void {
    if (endOffset > game.endOffset) game.endOffset = endOffset;
  }

  /** The game a move-text token belongs to: a new one after a finished game. */
  private movetextGame(token: IToken): GameInProgress {
    this.drainLexingErrors(token.startOffset);
    const offset = this.base + token.startOffset;
    if (this.game?.phase === 'ended') this.finishGame();
    const game = this.ensureGame(offset);
    game.phase = 'moves';
    this.touch(game, offset + token.image.length);
    return game;
  }

  /** The game an annotation belongs to, without starting a new one after a result. */
  private currentGame(token: IToken): GameInProgress {
    this.drainLexingErrors(token.startOffset);
    const offset = this.base + token.startOffset;
    const game = this.ensureGame(offset);
    this.touch(game, offset + token.image.length);
    return game;
  }

  private get line(): Line {
    return this.lines[this.lines.length - 1];
  }

  private lastMove(): BuildingMove | undefined {
    const moves = this.line.moves;
    return moves.length > 0 ? moves[moves.length - 1] : undefined;
  }

  tag(open: IToken, name: IToken | undefined, value: IToken | undefined, close: IToken | undefined): void {
    this.drainLexingErrors(open.startOffset);
    if (this.game && this.game.phase !== 'tags') this.finishGame();
    const game = this.ensureGame(this.base + open.startOffset);
    const last = close ?? value ?? name ?? open;
    const endOffset = this.base + last.startOffset + last.image.length;
    this.touch(game, endOffset);
    const span = this.spanBetween(this.base + open.startOffset, endOffset);
    const after = (token: IToken): SourceSpan => this.lineIndex.span(this.base + token.startOffset + token.image.length, 0);
    if (!name) this.report('missing-tag-name', value || close ? this.span(value ?? close ?? open) : after(open));
    if (!value) this.report('missing-tag-value', close ? this.span(close) : after(name ?? open));
    else if (!isClosedString(value.image)) this.report('unterminated-string', this.span(value));
    if (!close) this.report('unterminated-tag', after(last));
    if (name && value) {
      const raw = value.image.slice(1, isClosedString(value.image) ? -1 : undefined);
      game.tags.push({ name: name.image, value: unescapeTagValue(raw), span });
    }
  }

  moveNumber(token: IToken): void {
    const game = this.movetextGame(token);
    const span = this.span(token);
    if (this.pendingNumber) game.problems.push(problem('move-number-without-move', this.pendingNumber.span));
    const image = token.image;
    let digits = 0;
    while (digits < image.length && image.charCodeAt(digits) >= 48 && image.charCodeAt(digits) <= 57) digits++;
    this.pendingNumber = { value: Number(image.slice(0, digits)), dots: image.length - digits, span };
  }

  ellipsis(token: IToken): void {
    this.currentGame(token);
    const pending = this.pendingNumber;
    if (!pending) return; // `17.a5...`: the dots after a move mean "and so on".
    const end = this.base + token.startOffset + token.image.length;
    this.pendingNumber = { value: pending.value, dots: pending.dots + token.image.length, span: this.spanBetween(pending.span.offset, end) };
  }

  move(token: IToken): void {
    const game = this.movetextGame(token);
    const interpretation = interpretMove(token.image);
    if (!interpretation) {
      const span = this.span(token);
      game.problems.push(problem('unknown-token', span, JSON.stringify(token.image), token.image));
      this.holdPly(game, token.image, span);
      return;
    }
    const node: BuildingMove = {
      kind: 'move', text: token.image, span: this.span(token), readings: interpretation.readings, form: interpretation.form,
      captureMark: interpretation.captureMark, checkMark: interpretation.checkMark, promotionStyle: interpretation.promotionStyle,
      enPassantMark: interpretation.enPassantMark, drawOffer: false,
      // Always present (possibly undefined) so every move node has one hidden class.
      moveNumber: this.pendingNumber,
      nags: NONE, comments: NONE, variations: NONE,
    };
    this.pendingNumber = undefined;
    this.pushMove(node);
  }

  nullMove(token: IToken): void {
    this.movetextGame(token);
    const node: BuildingMove = {
      kind: 'null', text: token.image, span: this.span(token), moveNumber: this.pendingNumber,
      nags: NONE, comments: NONE, variations: NONE,
    };
    this.pendingNumber = undefined;
    this.pushMove(node);
  }

  nag(token: IToken, value: number): void {
    const game = this.currentGame(token);
    const span = this.span(token);
    const move = game.phase === 'ended' ? undefined : this.lastMove();
    if (!move) {
      game.problems.push(problem(game.phase === 'ended' ? 'text-after-result' : 'misplaced-nag', span, token.image));
      return;
    }
    if (move.nags === NONE) move.nags = [];
    move.nags.push({ value, span });
  }

  comment(token: IToken, kind: 'brace' | 'line'): void {
    const game = this.currentGame(token);
    const image = token.image;
    const closed = kind === 'line' || (image.length > 1 && image.charCodeAt(image.length - 1) === 125);
    const span = this.span(token);
    if (!closed) game.problems.push(problem('unterminated-comment', span));
    const text = image.slice(1, kind === 'brace' && closed ? -1 : undefined).trim();
    const comment: Comment = { text, span, kind };
    if (game.phase === 'ended') {
      game.commentsAfterResult.push(comment);
      return;
    }
    const move = game.phase === 'moves' ? this.lastMove() : undefined;
    if (move) {
      if (move.comments === NONE) move.comments = [];
      move.comments.push(comment);
    } else this.line.comments.push(comment);
  }

  openVariation(token: IToken): void {
    const game = this.currentGame(token);
    const span = this.span(token);
    if (game.phase === 'ended') {
      game.problems.push(problem('text-after-result', span, '('));
      return;
    }
    game.phase = 'moves';
    let owner = this.lastMove();
    if (!owner) {
      // `((…))` or `( … )` before any move: attach to what the enclosing line is an alternative to.
      game.problems.push(problem('variation-without-move', span));
      const enclosing = this.lines.length > 1 ? this.lines[this.lines.length - 2] : undefined;
      const enclosingMoves = enclosing?.moves;
      owner = enclosingMoves?.at(-1);
    }
    if (this.pendingNumber) {
      game.problems.push(problem('move-number-without-move', this.pendingNumber.span));
      this.pendingNumber = undefined;
    }
    const variation: BuildingVariation = { span, comments: [], moves: [] };
    if (owner) {
      if (owner.variations === NONE) owner.variations = [];
      owner.variations.push(variation);
    }
    this.lines.push({ moves: variation.moves, comments: variation.comments, variation, openOffset: span.offset, debris: [] });
  }

  closeVariation(token: IToken): void {
    const game = this.currentGame(token);
    const span = this.span(token);
    if (this.lines.length <= 1) {
      game.problems.push(problem(game.phase === 'ended' ? 'text-after-result' : 'unmatched-variation-end', span, ')'));
      return;
    }
    this.closeLine(span.offset + span.length);
  }

  private closeLine(endOffset: number): void {
    const line = this.lines.pop();
    if (this.pendingNumber && this.game) {
      this.game.problems.push(problem('move-number-without-move', this.pendingNumber.span));
      this.pendingNumber = undefined;
    }
    if (line?.variation) line.variation.span = this.spanBetween(line.openOffset, endOffset);
  }

  private closeOpenVariations(game: GameInProgress, endOffset: number): void {
    while (this.lines.length > 1) {
      const line = this.line;
      game.problems.push(problem('unclosed-variation', this.spanBetween(line.openOffset, line.openOffset + 1)));
      this.closeLine(endOffset);
    }
  }

  drawOffer(token: IToken): void {
    const game = this.currentGame(token);
    const move = game.phase === 'ended' ? undefined : this.lastMove();
    if (move?.kind !== 'move') {
      game.problems.push(problem('misplaced-draw-offer', this.span(token)));
      return;
    }
    move.drawOffer = true;
  }

  enPassantMark(token: IToken): void {
    const game = this.currentGame(token);
    const move = game.phase === 'ended' ? undefined : this.lastMove();
    if (move?.kind !== 'move') {
      game.problems.push(problem('unknown-token', this.span(token), token.image, token.image));
      return;
    }
    move.enPassantMark = true;
  }

  result(token: IToken): void {
    const game = this.currentGame(token);
    const span = this.span(token);
    if (game.phase === 'ended') {
      game.problems.push(problem('text-after-result', span, token.image));
      return;
    }
    this.closeOpenVariations(game, span.offset);
    if (this.pendingNumber) {
      game.problems.push(problem('move-number-without-move', this.pendingNumber.span));
      this.pendingNumber = undefined;
    }
    game.result = { text: RESULT_TEXT[token.image] ?? '*', span };
    game.phase = 'ended';
  }

  /** A token that has no place where it stands (an unknown word, a stray string or bracket). */
  unexpected(token: IToken, code: ProblemCode): void {
    const game = this.currentGame(token);
    const span = this.span(token);
    game.problems.push(problem(game.phase === 'ended' && code !== 'unknown-token' ? 'text-after-result' : code, span, JSON.stringify(token.image.slice(0, 40)), token.image));
    if (code === 'unknown-token') this.holdPly(game, token.image, span);
  }

  /**
   * An unknown word that stands for a move keeps its place in the line (`UnreadableMoveToken`): the moves after it
   * are numbered as written, and the replay stops there instead of playing the next move in its place. Only in the
   * move text (after a move or a move number), never after the result.
   */
  private holdPly(game: GameInProgress, text: string, span: SourceSpan): void {
    if (game.phase === 'ended' || (game.phase !== 'moves' && !this.pendingNumber)) return;
    if (!isMoveShaped(text)) {
      if (game.phase === 'moves') this.line.debris.push({ index: this.line.moves.length, text, span });
      return;
    }
    game.phase = 'moves';
    const node = unreadableNode(text, span, this.pendingNumber);
    this.pendingNumber = undefined;
    this.pushMove(node);
  }

  /** A node into the current line; a numbered one first settles the unknown words before it (settleDebris). */
  private pushMove(node: BuildingMove): void {
    if (node.moveNumber) this.settleDebris(node.moveNumber);
    this.line.moves.push(node);
  }

  /**
   * `2. Nf3 blah 3. Bb5`: the numbers say one half-move stands between Nf3 and Bb5, and only the word is there, so
   * it held Black's move (else Bb5 would be replayed as Black's). One word and one half-move short only: anything
   * else is left as the numbers' mismatch to report.
   */
  private settleDebris(number: MoveNumber): void {
    const line = this.line;
    // The per-move path of every parse: nothing to settle, nothing allocated.
    if (line.debris.length === 0) return;
    const debris = line.debris.splice(0);
    if (debris.length !== 1) return;
    const moves = line.moves;
    let numbered = moves.length - 1;
    while (numbered >= 0 && moves[numbered].moveNumber === undefined) numbered--;
    const previous = numbered >= 0 ? moves[numbered].moveNumber : undefined;
    const [word] = debris;
    if (!previous || word.index <= numbered) return;
    // The half-move a number stands before, counted from any fixed origin: `3.` White's, `3...` Black's.
    const halfMove = (written: MoveNumber): number => 2 * written.value + (written.dots >= 3 ? 1 : 0);
    if (halfMove(number) - halfMove(previous) !== moves.length - numbered + 1) return;
    moves.splice(word.index, 0, unreadableNode(word.text, word.span, undefined));
  }

  /** Ends the section: reports what is left open and hands over the last game. */
  finish(sectionLength: number): void {
    this.drainLexingErrors(sectionLength + 1);
    if (this.game) this.finishGame();
  }

  private finishGame(): void {
    const game = this.game;
    if (!game) return;
    this.closeOpenVariations(game, game.endOffset);
    if (this.pendingNumber) game.problems.push(problem('move-number-without-move', this.pendingNumber.span));
    this.pendingNumber = undefined;
    game.problems.sort((a, b) => a.span.offset - b.span.offset);
    const parsed: ParsedGame = {
      index: game.index,
      span: this.spanBetween(game.startOffset, game.endOffset),
      tags: game.tags,
      comments: game.comments,
      moves: game.moves,
      ...(game.result ? { result: game.result } : {}),
      problems: game.problems,
      ...(game.commentsAfterResult.length > 0 ? { commentsAfterResult: game.commentsAfterResult } : {}),
    };
    this.games.push(parsed);
    this.game = undefined;
    this.lines = [];
  }
}
