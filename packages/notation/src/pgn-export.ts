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
}

export const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
const ROSTER_DEFAULTS: Readonly<Record<string, string>> = {
  Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
};
const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

export function escapeTagValue(value: string): string {
  return value.replace(/[\\"]/g, (char) => `\\${char}`).replace(/[\r\n\t]+/g, ' ');
}

const tagName = (name: string): string => name.replace(/[^A-Za-z0-9_]/g, '_') || '_';

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
function movetextPieces(game: WritableGame, style: MoveStyle, drawOffer: 'token' | 'comment'): Piece[] {
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
    if (ply % 2 === 0) push(`${number}.`);
    else if (numberNext) push(`${number}...`);
    push(writeMove(move.description, style));
    numberNext = false;
    if (move.drawOffer) push(drawOffer === 'token' ? '(=)' : '{(=)}');
    for (const nag of move.nags ?? []) if (Number.isInteger(nag) && nag >= 0) push(`$${nag}`);
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

/** One game in PGN export format, ending with a blank line. */
export function writePgn(game: WritableGame, options: PgnExportOptions = {}): string {
  const given = tagEntries(game);
  const result = resultOf(game, given);
  const values = new Map<string, string>();
  for (const [name, value] of given) values.set(tagName(name), value);
  values.set('Result', result);
  const lines: string[] = [];
  for (const name of SEVEN_TAG_ROSTER) lines.push(`[${name} "${escapeTagValue(values.get(name) ?? ROSTER_DEFAULTS[name])}"]`);
  const roster: readonly string[] = SEVEN_TAG_ROSTER;
  for (const [name, value] of values) if (!roster.includes(name)) lines.push(`[${name} "${escapeTagValue(value)}"]`);
  lines.push('');
  const pieces = movetextPieces(game, options.moveStyle ?? STANDARD_SAN_STYLE, options.drawOffer ?? 'token');
  pieces.push({ text: result, glued: false });
  lines.push(...layout(pieces, options.maxLineLength ?? 80));
  return `${lines.join('\n')}\n\n`;
}

/** Several games, each in export format. */
export function writePgnDatabase(games: Iterable<WritableGame>, options: PgnExportOptions = {}): string {
  let out = '';
  for (const game of games) out += writePgn(game, options);
  return out;
}
