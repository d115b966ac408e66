/**
 * An independent strict reader of one game, for the mutation differential:
 * the move text is cut into tokens by the PGN standard's own rules (a symbol
 * starts with a letter or digit and runs on over letters, digits and
 * `_+#=:-/`, so `6b6` is one token; `.` stands alone, so `20.` is a move
 * number), piece letters of the game's known language are mapped to English,
 * and chessops judges each move. The first token that is not a legal move in
 * that language is the game's first error. Nothing of zapis is used.
 *
 * Where it is lenient, on purpose (each case is recorded as a note, so a
 * disagreement can be explained): a missing or needless check or mate mark, a
 * missing or needless capture mark on a piece move, more of the origin square
 * than needed, `0-0` for `O-O`, a move number that disagrees with the ply or
 * that no move follows (PGN's grammar allows a move number anywhere).
 * `:` for a capture in any language and `++` for mate (FIDE C.13).
 * Where it is strict: any capital that is not a piece letter of the language,
 * `-` outside castling, a promotion without `=` or
 * with a small letter, a pawn move with a rank before its square
 * (`2h3`, `e2e4`), a pawn "capture" along its own file (`dxd5`), a capture
 * with no square (`exd`), and a character that starts no PGN token (`=`, `-`).
 */
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import type { Move } from 'chessops/types';

export type Letters = 'en' | 'pl';

/** Piece letters of each language, mapped to English (`K Q R B N`). */
const PIECE_LETTERS: Readonly<Record<Letters, Readonly<Record<string, string>>>> = {
  en: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
  pl: { K: 'K', H: 'Q', W: 'R', G: 'B', S: 'N' },
};

/** SAN shapes after the letters are mapped (castling is read apart): a pawn names at most its file, and only a piece is disambiguated by rank. */
const PIECE_SHAPE = /^[KQRBN][a-h]?[1-8]?x?[a-h][1-8][+#]?$/;
const PAWN_SHAPE = /^(?:([a-h])(x)?)?([a-h])[1-8](=[QRBN])?[+#]?$/;
const CASTLING = /^(O-O(?:-O)?|0-0(?:-0)?)([+#])?$/;
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

export type TokenKind = 'move' | 'move-number' | 'result' | 'stray';

/** A token of the move text that stands where a move could: a symbol, or a character that starts no PGN token. */
export interface PeerToken {
  readonly kind: TokenKind;
  readonly text: string;
  /** Offsets in the game text. */
  readonly start: number;
  readonly end: number;
}

export type NoteKind = 'check-mark' | 'capture-mark' | 'disambiguation' | 'castling-zeros' | 'colon-capture' | 'move-number';

/** A leniency of the peer: the token was accepted although it is not export SAN (or the move number is off). */
export interface PeerNote {
  readonly ply: number;
  readonly kind: NoteKind;
  readonly written: string;
  /** The export SAN of the move played (English letters), or the expected move number. */
  readonly expected: string;
}

/** What kind of fault the peer found first. */
export type FaultKind =
  | 'illegal-move' | 'foreign-letter' | 'not-san' | 'pawn-capture-same-file' | 'stray-character'
  | 'after-result' | 'text-fault' | 'no-termination' | 'result-contradicts-board' | 'bad-fen';

export interface PeerVerdict {
  readonly ok: boolean;
  readonly fault?: FaultKind;
  /** Ply of the first token that is not a legal move; undefined when the game is fine or its only fault has no ply. */
  readonly firstErrorPly?: number;
  /** What was wrong at the first error (move or game level). */
  readonly reason?: string;
  /** The token at the first error, as written. */
  readonly token?: string;
  /** Legal moves played before the first error. */
  readonly plies: number;
  readonly notes: readonly PeerNote[];
  /** Every token of the move text with the ply it stands at (for placing diagnostics that carry no ply). */
  readonly tokens: readonly PeerToken[];
  /** Where the move text begins in the game text. */
  readonly movetextStart: number;
  /** The ply of the first move (1 unless a FEN tag puts black to move). */
  readonly firstPly: number;
}

const isSymbolStart = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSymbolPart = (char: string): boolean => /[A-Za-z0-9_+#=:/-]/.test(char);

/** Where the tag pairs end: the move text starts at the first line that is not a tag. */
function movetextStartOf(text: string): number {
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text[at] !== '[') return at;
    const end = text.indexOf('\n', at);
    if (end < 0) return text.length;
    at = end + 1;
  }
  return at;
}

const tagValue = (text: string, name: string): string | undefined =>
  new RegExp(`^\\[${name}\\s+"([^"]*)"\\]`, 'm').exec(text.slice(0, movetextStartOf(text)))?.[1];

export interface TokenisedMovetext {
  readonly tokens: PeerToken[];
  /** A fault of the text itself (unclosed comment, stray `)`), at the token index it stands before. */
  readonly faults: { readonly before: number; readonly reason: string }[];
}

/**
 * The PGN tokens of the move text that matter to the moves. Comments,
 * NAGs, suffix annotations and whole variations are skipped (variations are
 * not replayed: the corpus has none, and the differential is about the
 * mainline).
 */
export function tokeniseMovetext(text: string, start: number): TokenisedMovetext {
  const tokens: PeerToken[] = [];
  const faults: { before: number; reason: string }[] = [];
  let at = start;
  let depth = 0;
  while (at < text.length) {
    const char = text[at];
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (char === '{') {
      const close = text.indexOf('}', at);
      if (close < 0) {
        faults.push({ before: tokens.length, reason: 'comment { not closed' });
        break;
      }
      at = close + 1;
      continue;
    }
    if (char === ';') {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end + 1;
      continue;
    }
    if (char === '%' && (at === 0 || text[at - 1] === '\n')) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end + 1;
      continue;
    }
    if (char === '(') {
      depth++;
      at++;
      continue;
    }
    if (char === ')') {
      if (depth === 0) faults.push({ before: tokens.length, reason: ') closes no variation' });
      else depth--;
      at++;
      continue;
    }
    if (char === '.' || char === '!' || char === '?') {
      at++;
      continue;
    }
    if (char === '$' && /[0-9]/.test(text[at + 1] ?? '')) {
      at++;
      while (at < text.length && /[0-9]/.test(text[at])) at++;
      continue;
    }
    let end = at + 1;
    if (char === '*') {
      if (depth === 0) tokens.push({ kind: 'result', text: '*', start: at, end });
      at = end;
      continue;
    }
    if (!isSymbolStart(char.charCodeAt(0))) {
      // Not the start of any PGN token (`+`, `-`, `=`, `:`, `#` on their own …): a stray character where a move should be.
      if (depth === 0) tokens.push({ kind: 'stray', text: char, start: at, end });
      at = end;
      continue;
    }
    while (end < text.length && isSymbolPart(text[end])) end++;
    const symbol = text.slice(at, end);
    if (depth === 0) {
      const kind: TokenKind = /^[0-9]+$/.test(symbol) ? 'move-number' : RESULTS.has(symbol) ? 'result' : 'move';
      tokens.push({ kind, text: symbol, start: at, end });
    }
    at = end;
  }
  if (depth > 0) faults.push({ before: tokens.length, reason: 'variation ( not closed' });
  return { tokens, faults };
}

type Reading =
  | { readonly ok: true; readonly san: string; readonly notes: NoteKind[] }
  | { readonly ok: false; readonly fault: FaultKind; readonly reason: string };

/** The token in English letters and export shape, or why it is not a move of `letters` at all. */
function readToken(written: string, letters: Letters): Reading {
  const castling = CASTLING.exec(written);
  if (castling) {
    const zeros = castling[1].startsWith('0');
    return { ok: true, san: castling[1].replace(/0/g, 'O') + (castling[2] ?? ''), notes: zeros ? ['castling-zeros'] : [] };
  }
  // Digits glued before a move (`6b6`, `12O-O`): one PGN symbol, and no move.
  if (/^[0-9]/.test(written)) return { ok: false, fault: 'not-san', reason: `'${written}' is not SAN` };
  const notes: NoteKind[] = [];
  // FIDE C.13: `++` or `#` is mate.
  const mateMarked = written.endsWith('++');
  if (mateMarked) notes.push('check-mark');
  const body = mateMarked ? `${written.slice(0, -2)}#` : written;
  let mapped = '';
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    // Only the first character and the one after `=` name pieces; a capital elsewhere fails the shape below.
    if (char >= 'A' && char <= 'Z' && (index === 0 || body[index - 1] === '=')) {
      const english = PIECE_LETTERS[letters][char];
      if (english === undefined) return { ok: false, fault: 'foreign-letter', reason: `'${char}' is not a piece letter in ${letters}` };
      mapped += english;
    } else if (char === ':') {
      // Polish writes captures with `:` (FIDE C.13.3 of the Polish Laws); zapis reads it in every language and
      // capture marks are optional (C.13), so the peer is lenient here too, and notes it.
      notes.push('colon-capture');
      mapped += 'x';
    } else {
      mapped += char;
    }
  }
  if (PIECE_SHAPE.test(mapped)) return { ok: true, san: mapped, notes };
  const pawn = PAWN_SHAPE.exec(mapped);
  if (!pawn) return { ok: false, fault: 'not-san', reason: `'${mapped}' is not SAN` };
  // A pawn never captures along its own file: chessops would read `dxd5` as the push d5.
  if (pawn[1] !== undefined && pawn[1] === pawn[3]) return { ok: false, fault: 'pawn-capture-same-file', reason: 'pawn capture along its own file' };
  return { ok: true, san: mapped, notes };
}

const withoutSuffix = (san: string): string => san.replace(/[+#]$/, '');

/** How a legal token differs from the export SAN of its move: each difference is one of the peer's leniencies. */
function styleNotes(written: string, canonical: string): NoteKind[] {
  const notes: NoteKind[] = [];
  if ((/[+#]$/.exec(written)?.[0] ?? '') !== (/[+#]$/.exec(canonical)?.[0] ?? '')) notes.push('check-mark');
  const bodyWritten = withoutSuffix(written);
  const bodyCanonical = withoutSuffix(canonical);
  if (bodyWritten.includes('x') !== bodyCanonical.includes('x')) notes.push('capture-mark');
  if (bodyWritten.replace('x', '') !== bodyCanonical.replace('x', '')) notes.push('disambiguation');
  return notes;
}

/** The position the game starts from: the FEN tag's, or the standard one. */
function startPosition(text: string): Chess | string {
  const fen = tagValue(text, 'FEN');
  if (fen === undefined) return Chess.default();
  const setup = parseFen(fen);
  if (setup.isErr) return `FEN tag: ${setup.error.message}`;
  const position = Chess.fromSetup(setup.value);
  return position.isErr ? `FEN tag: ${position.error.message}` : position.value;
}

/** The winner a mate on the board gives, or a draw for stalemate; undefined when the board decides nothing. */
function boardResult(position: Chess): string | undefined {
  if (position.isCheckmate()) return position.turn === 'white' ? '0-1' : '1-0';
  if (position.isStalemate()) return '1/2-1/2';
  return undefined;
}

/** Reads one game (tags and move text) whose piece letters are `letters`. */
export function strictPeer(text: string, letters: Letters): PeerVerdict {
  const movetextStart = movetextStartOf(text);
  const { tokens, faults } = tokeniseMovetext(text, movetextStart);
  const start = startPosition(text);
  const firstPly = typeof start === 'string' || start.turn === 'white' ? 1 : 2;
  const notes: PeerNote[] = [];
  const base = { notes, tokens, movetextStart, firstPly };
  if (typeof start === 'string') return { ok: false, fault: 'bad-fen', reason: start, plies: 0, ...base };
  const position = start;
  let plies = 0;
  let result: PeerToken | undefined;
  let moveNumberSeen: number | undefined;
  const fail = (index: number, fault: FaultKind, reason: string): PeerVerdict =>
    ({ ok: false, fault, firstErrorPly: firstPly + plies, reason, token: tokens[index]?.text, plies, ...base });
  for (let index = 0; index < tokens.length; index++) {
    const fault = faults.find((candidate) => candidate.before === index);
    if (fault) return fail(index, 'text-fault', fault.reason);
    const token = tokens[index];
    const ply = firstPly + plies;
    if (result) return fail(index, 'after-result', `'${token.text}' after the termination marker ${result.text}`);
    if (token.kind === 'result') {
      // PGN's grammar lets a move number stand anywhere; that no move follows it is only noted.
      if (moveNumberSeen !== undefined) notes.push({ ply, kind: 'move-number', written: String(moveNumberSeen), expected: 'a move after it' });
      moveNumberSeen = undefined;
      result = token;
      continue;
    }
    if (token.kind === 'move-number') {
      if (moveNumberSeen !== undefined) notes.push({ ply, kind: 'move-number', written: String(moveNumberSeen), expected: 'a move after it' });
      moveNumberSeen = Number(token.text);
      continue;
    }
    if (token.kind === 'stray') return fail(index, 'stray-character', `'${token.text}' starts no PGN token`);
    const reading = readToken(token.text, letters);
    if (!reading.ok) return fail(index, reading.fault, reading.reason);
    const move: Move | undefined = parseSan(position, reading.san);
    if (move === undefined) return fail(index, 'illegal-move', `'${reading.san}' is not a legal move in ${makeFen(position.toSetup())}`);
    const canonical = makeSan(position, move);
    for (const kind of [...reading.notes, ...styleNotes(reading.san, canonical)]) notes.push({ ply, kind, written: token.text, expected: canonical });
    const expectedNumber = Math.ceil(ply / 2);
    if (moveNumberSeen !== undefined && moveNumberSeen !== expectedNumber) {
      notes.push({ ply, kind: 'move-number', written: String(moveNumberSeen), expected: String(expectedNumber) });
    }
    moveNumberSeen = undefined;
    position.play(move);
    plies++;
  }
  const trailing = faults.find((candidate) => candidate.before === tokens.length);
  if (trailing) return fail(tokens.length, 'text-fault', trailing.reason);
  if (!result) return { ok: false, fault: 'no-termination', reason: 'no termination marker', plies, ...base };
  const decided = boardResult(position);
  if (decided !== undefined && result.text !== decided) {
    return { ok: false, fault: 'result-contradicts-board', reason: `result ${result.text} contradicts the board (${decided})`, plies, ...base };
  }
  return { ok: true, plies, ...base };
}

/** The ply a place in the move text stands at: that of the move token containing it, or of the next move. */
export function plyAt(verdict: PeerVerdict, offset: number): number | undefined {
  if (offset < verdict.movetextStart) return undefined;
  let ply = verdict.firstPly;
  for (const token of verdict.tokens) {
    if (token.kind !== 'move' && token.kind !== 'stray') continue;
    if (offset < token.end) return ply;
    ply++;
  }
  return ply;
}
