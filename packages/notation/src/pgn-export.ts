/**
 * PGN export format (PGN standard, section 8): the Seven Tag Roster first and
 * in order, then other tags; movetext in standard English SAN with `O-O` and
 * `=Q`, lines of at most 80 columns. Input is a small writable game that
 * knows nothing of legality: @zapis/game fills it from a replay.
 */
import type { MoveDescription } from '@zapis/core';
import type { ResultText } from './ast.js';
import { STANDARD_SAN_STYLE, writeMove, type MoveStyle } from './move-writer.js';

export interface WritableMove {
  readonly description: MoveDescription;
  readonly nags?: readonly number[];
  /** Comments written after the move. */
  readonly comments?: readonly string[];
  /** Alternatives to this move; each is a line of moves starting at this move's ply. */
  readonly variations?: readonly (readonly WritableMove[])[];
  readonly drawOffer?: boolean;
}

export interface WritableGame {
  /** Tag pairs in order (or a record); the Seven Tag Roster is filled in with `?` where missing. */
  readonly tags?: readonly (readonly [string, string])[] | Readonly<Record<string, string>>;
  /** Comments before the first move. */
  readonly comments?: readonly string[];
  readonly moves: readonly WritableMove[];
  /** Termination marker; defaults to the Result tag, then `*`. */
  readonly result?: ResultText;
  /** Number and side of the first move, for games from a set-up position (default 1, white). */
  readonly firstMove?: { readonly number: number; readonly side: 'white' | 'black' };
}

export interface PgnExportOptions {
  /** Longest movetext line (default 80). A single word longer than this gets a line of its own. */
  readonly maxLineLength?: number;
  /** Move style (default standard English SAN); export format proper wants the default. */
  readonly moveStyle?: MoveStyle;
  /** How a draw offer is written: the `(=)` token (default) or a `{(=)}` comment for strict readers. */
  readonly drawOffer?: 'token' | 'comment';
  /**
   * Write a move's first NAG, when it is one of $1–$6, as the glyph a publisher prints
   * after the move (`e4!`, `Nf3?!`) instead of `$1`; default false (export format wants `$n`).
   */
  readonly glyphs?: boolean;
  /** Write move numbers (default true); false gives bare moves (`e2e4 e7e5 g1f3`), as engines take UCI. */
  readonly moveNumbers?: boolean;
}

/** The move-quality glyphs of NAGs 1–6 (PGN standard 10), as the lexer reads them back. */
export const NAG_GLYPHS: Readonly<Record<number, string>> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

export const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
const ROSTER_DEFAULTS: Readonly<Record<string, string>> = {
  Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
};
const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

/** A value with nothing to escape, as nearly every one is: it is written as it is, with no copy. */
const NEEDS_ESCAPE = /[\\"\r\n\t]/;

export function escapeTagValue(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\"]/g, (char) => `\\${char}`).replace(/[\r\n\t]+/g, ' ');
}

const NOT_NAME = /[^A-Za-z0-9_]/;
const tagName = (name: string): string => (NOT_NAME.test(name) ? name.replace(/[^A-Za-z0-9_]/g, '_') : name) || '_';

function tagEntries(game: WritableGame): [string, string][] {
  const tags = game.tags ?? [];
  return Array.isArray(tags) ? tags.map(([name, value]) => [name, value]) : Object.entries(tags as Record<string, string>);
}

function resultOf(game: WritableGame, tags: readonly [string, string][]): ResultText {
  if (game.result) return game.result;
  const tagged = tags.find(([name]) => name === 'Result')?.[1];
  return tagged && RESULTS.includes(tagged) ? (tagged as ResultText) : '*';
}

/** A piece of movetext; `glued` pieces join the previous one without a space (`(` and `)`). */
interface Piece {
  readonly text: string;
  readonly glued: boolean;
}

function commentWords(text: string): string[] {
  const words = text.replace(/}/g, ')').split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return ['{}'];
  words[0] = `{${words[0]}`;
  words[words.length - 1] += '}';
  return words;
}

type Task =
  | { readonly kind: 'line'; readonly moves: readonly WritableMove[]; index: number; ply: number }
  | { readonly kind: 'open' }
  | { readonly kind: 'close' };

const OPEN: Task = { kind: 'open' };
const CLOSE: Task = { kind: 'close' };

/** Movetext pieces, walked with an explicit task stack so deep variations cannot overflow the call stack. */
function movetextPieces(game: WritableGame, options: PgnExportOptions): Piece[] {
  const style = options.moveStyle ?? STANDARD_SAN_STYLE;
  const drawOffer = options.drawOffer ?? 'token';
  const glyphs = options.glyphs === true;
  const numbers = options.moveNumbers !== false;
  const pieces: Piece[] = [];
  let glueNext = false;
  /** The next black move needs its number: start of a line, after a comment or a variation. */
  let numberNext = true;
  const push = (text: string): void => {
    pieces.push({ text, glued: glueNext });
    glueNext = false;
  };
  for (const comment of game.comments ?? []) for (const word of commentWords(comment)) push(word);
  const first = game.firstMove ?? { number: 1, side: 'white' };
  const stack: Task[] = [{ kind: 'line', moves: game.moves, index: 0, ply: (first.number - 1) * 2 + (first.side === 'black' ? 1 : 0) }];
  while (stack.length > 0) {
    const task = stack[stack.length - 1];
    if (task.kind === 'open') {
      stack.pop();
      push('(');
      glueNext = true;
      numberNext = true;
      continue;
    }
    if (task.kind === 'close') {
      stack.pop();
      glueNext = true;
      push(')');
      numberNext = true;
      continue;
    }
    if (task.index >= task.moves.length) {
      stack.pop();
      continue;
    }
    const move = task.moves[task.index];
    const ply = task.ply;
    const number = Math.floor(ply / 2) + 1;
    if (numbers) {
      if (ply % 2 === 0) push(`${number}.`);
      else if (numberNext) push(`${number}...`);
    }
    const nags = move.nags ?? [];
    // Only a first NAG becomes a glyph: glued to the move it reads back first, so the NAGs keep their order.
    const glyph = glyphs && nags.length > 0 ? NAG_GLYPHS[nags[0]] : undefined;
    push(glyph === undefined ? writeMove(move.description, style) : writeMove(move.description, style) + glyph);
    numberNext = false;
    if (move.drawOffer) push(drawOffer === 'token' ? '(=)' : '{(=)}');
    for (let index = glyph === undefined ? 0 : 1; index < nags.length; index++) {
      const nag = nags[index];
      if (Number.isInteger(nag) && nag >= 0) push(`$${nag}`);
    }
    for (const comment of move.comments ?? []) {
      for (const word of commentWords(comment)) push(word);
      numberNext = true;
    }
    task.index++;
    task.ply++;
    const variations = move.variations ?? [];
    // Pushed in reverse so the first variation is written first; the line resumes after the last `)`.
    for (let v = variations.length - 1; v >= 0; v--) {
      stack.push(CLOSE, { kind: 'line', moves: variations[v], index: 0, ply }, OPEN);
    }
  }
  return pieces;
}

/** Joins pieces into lines of at most `width` columns (glued pieces stay with their neighbour). */
function layout(pieces: readonly Piece[], width: number): string[] {
  const words: string[] = [];
  for (const piece of pieces) {
    if (piece.glued && words.length > 0) words[words.length - 1] += piece.text;
    else words.push(piece.text);
  }
  return wordLines(words, width);
}

/** Words into lines of at most `width` columns; a longer word gets a line of its own. */
function wordLines(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length === 0) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** The tag section: the Seven Tag Roster in order (the result given), then the other tags, then a blank line. */
function tagLines(given: readonly (readonly [string, string])[], result: ResultText): string[] {
  const values = new Map<string, string>();
  for (const [name, value] of given) values.set(tagName(name), value);
  values.set('Result', result);
  const lines: string[] = [];
  for (const name of SEVEN_TAG_ROSTER) lines.push(`[${name} "${escapeTagValue(values.get(name) ?? ROSTER_DEFAULTS[name])}"]`);
  const roster: readonly string[] = SEVEN_TAG_ROSTER;
  for (const [name, value] of values) if (!roster.includes(name)) lines.push(`[${name} "${escapeTagValue(value)}"]`);
  lines.push('');
  return lines;
}

/** One game in PGN export format, ending with a blank line. */
export function writePgn(game: WritableGame, options: PgnExportOptions = {}): string {
  const given = tagEntries(game);
  const result = resultOf(game, given);
  const lines = tagLines(given, result);
  const pieces = movetextPieces(game, options);
  pieces.push({ text: result, glued: false });
  lines.push(...layout(pieces, options.maxLineLength ?? 80));
  return `${lines.join('\n')}\n\n`;
}

/**
 * A game from the standard start whose mainline is already written, one word
 * a half-move, in the style wanted, with no comments, NAGs or variations: the
 * fast path of conversion. The text is exactly what writePgn gives for the
 * same game (the same tags, layout and numbering).
 */
export interface WrittenMainline {
  readonly tags: readonly (readonly [string, string])[];
  readonly moves: readonly string[];
  readonly result: ResultText;
}

/** `1.`, `2.`, … made once, up to a move number few games reach (later ones are made each time). */
const moveNumberTexts: string[] = [];
const KEPT_MOVE_NUMBERS = 1024;
function moveNumberText(number: number): string {
  if (number > KEPT_MOVE_NUMBERS) return `${number}.`;
  while (moveNumberTexts.length < number) moveNumberTexts.push(`${moveNumberTexts.length + 1}.`);
  return moveNumberTexts[number - 1];
}

/**
 * writePgn for a mainline already written (see WrittenMainline); of the
 * options, only the line length and move numbers apply. The hot path of
 * conversion: lines are laid out as wordLines lays them, without the arrays.
 */
export function writePgnMainline(game: WrittenMainline, options: Pick<PgnExportOptions, 'maxLineLength' | 'moveNumbers'> = {}): string {
  const width = options.maxLineLength ?? 80;
  const numbers = options.moveNumbers !== false;
  // Joined at the end, so the text is one flat string (a string built by `+=` is a tree that costs the collector).
  const lines = tagLines(game.tags, game.result);
  let line = '';
  const add = (word: string): void => {
    if (line.length === 0) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  };
  const moves = game.moves;
  for (let ply = 0; ply < moves.length; ply++) {
    if (numbers && ply % 2 === 0) add(moveNumberText((ply >> 1) + 1));
    add(moves[ply]);
  }
  add(game.result);
  lines.push(line);
  return `${lines.join('\n')}\n\n`;
}

/** Several games, each in export format. */
export function writePgnDatabase(games: Iterable<WritableGame>, options: PgnExportOptions = {}): string {
  let out = '';
  for (const game of games) out += writePgn(game, options);
  return out;
}
