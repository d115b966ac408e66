/**
 * The hostile inputs of issue 4 (100,000 nested variations, a 50 MB comment, a 10 MB tag value, binary garbage,
 * unterminated strings and comments), each at a small and a ten times larger size, and the file they are validated
 * in: three good games, the hostile piece, three good games. Shared by the hostile-input tests (every piece located,
 * the good games around it intact) and the scaling benchmark (time linear in size).
 */
import { garbageBytes } from '@zapis/testkit';
import { AssembledInput, type Piece } from './assembled-input.js';

const MB = 1 << 20;

export interface Expected {
  /** The diagnostic that locates the hostile piece. */
  readonly code: string;
  readonly severity: 'error' | 'warning';
  /** Its line, from the line the hostile piece starts on. */
  readonly line: (piece: Piece) => number;
}

export interface HostileCase {
  readonly name: string;
  /** The hostile text at a small and at a ten times larger size. */
  readonly make: (large: boolean) => string | Uint8Array;
  readonly expected: Expected;
}

const HEADER = '[Event "Hostile"]\n[Site "?"]\n[Result "*"]\n\n1. e4 ';
/** The line of the move text in a piece that starts with HEADER. */
const movetextLine = (piece: Piece): number => piece.line + 4;

/** A long comment body over many lines (about `bytes` bytes), so line counting is exercised too. */
const commentBody = (bytes: number): string => `${'a very long annotation, '.repeat(4)}\n`.repeat(Math.ceil(bytes / 97));

export const CASES: readonly HostileCase[] = [
  {
    name: '100,000 nested variations, never closed',
    make: (large) => `${HEADER}${'(1. d4 '.repeat(large ? 100_000 : 10_000)}*`,
    expected: { code: 'unclosed-variation', severity: 'error', line: movetextLine },
  },
  {
    name: '100,000 nested variations, closed (legal, too deep to replay)',
    make: (large) => {
      const depth = large ? 100_000 : 10_000;
      return `${HEADER}${'(1. d4 '.repeat(depth)}${')'.repeat(depth)} e5 *`;
    },
    expected: { code: 'variation-too-deep', severity: 'warning', line: movetextLine },
  },
  {
    name: 'a 50 MB comment that never closes',
    make: (large) => `${HEADER}{${commentBody(large ? 50 * MB : 5 * MB)}`,
    expected: { code: 'unterminated-comment', severity: 'error', line: movetextLine },
  },
  {
    name: 'a 50 MB comment on one line, closed, then a wrong move',
    make: (large) => `${HEADER}{${'x'.repeat(large ? 50 * MB : 5 * MB)}} e5 Qxh7 *`,
    expected: { code: 'no-piece-can-reach', severity: 'error', line: movetextLine },
  },
  {
    name: 'a 10 MB tag value that never closes',
    make: (large) => `[Event "${'v'.repeat(large ? 10 * MB : MB)}\n[Site "?"]\n\n1. e4 *`,
    expected: { code: 'unterminated-string', severity: 'error', line: (piece) => piece.line },
  },
  {
    name: 'an unterminated string in move text',
    make: (large) => `${HEADER}"${'v'.repeat(large ? 10 * MB : MB)}\ne5 *`,
    expected: { code: 'unexpected-string', severity: 'error', line: movetextLine },
  },
  {
    name: 'binary garbage',
    make: (large) => garbageBytes(large ? MB : MB / 10),
    expected: { code: 'unknown-token', severity: 'error', line: (piece) => piece.line },
  },
];

export interface Layout {
  readonly input: AssembledInput;
  readonly before: readonly Piece[];
  readonly hostile: Piece;
  readonly after: readonly Piece[];
}

/** Three good games, the hostile piece, three good games, with blank lines between. */
export function layout(good: readonly string[], hostile: string | Uint8Array): Layout {
  const input = new AssembledInput();
  const before = good.slice(0, 3).map((game, at) => {
    const piece = input.add(`good ${at + 1}`, game);
    input.gap();
    return piece;
  });
  const hostilePiece = input.add('hostile', hostile);
  input.gap();
  const after = good.slice(3, 6).map((game, at) => {
    const piece = input.add(`good ${at + 4}`, game);
    input.gap();
    return piece;
  });
  return { input, before, hostile: hostilePiece, after };
}
