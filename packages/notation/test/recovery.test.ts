import { describe, expect, it } from 'vitest';
import { parsePgn, type MoveNode, type ParsedGame } from '../src/index.js';
import { codes, onlyGame, texts } from './helpers.js';

/** Depth of the deepest variation, walked without recursion (the tree may be 100,000 levels deep). */
function variationDepth(game: ParsedGame): number {
  let deepest = 0;
  const stack: { moves: readonly MoveNode[]; depth: number }[] = [{ moves: game.moves, depth: 0 }];
  while (stack.length > 0) {
    const { moves, depth } = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const move of moves) for (const variation of move.variations) stack.push({ moves: variation.moves, depth: depth + 1 });
  }
  return deepest;
}

function timed<T>(run: () => T): { value: T; seconds: number } {
  const started = performance.now();
  const value = run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

describe('located problems, and the parse goes on', () => {
  it('reports unknown tokens with line and column and keeps the moves around them', () => {
    const game = onlyGame('[Event "x"]\n\n1. e4 pawn e5 2. Nf3 %~<|> Nc6 *');
    expect(texts(game)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(game.problems.map((problem) => [problem.code, problem.span.line, problem.span.column, problem.span.length])).toEqual([
      ['unknown-token', 3, 7, 4], ['unknown-token', 3, 22, 5],
    ]);
  });

  it('keeps a word that stands for a move in the line, with its move number, so the moves after it keep their plies', () => {
    const game = onlyGame('1. e4 e5 2. Rd9 Nc6 3. Bb5 (3. Bc4 Xy3) a6 4. 0-0-0-0 *');
    expect(game.moves.map((move) => `${move.kind}:${move.text}:${move.moveNumber?.value ?? ''}`)).toEqual([
      'move:e4:1', 'move:e5:', 'unreadable:Rd9:2', 'move:Nc6:', 'move:Bb5:3', 'move:a6:', 'unreadable:0-0-0-0:4',
    ]);
    expect(game.moves[4].variations[0].moves.map((move) => move.kind)).toEqual(['move', 'unreadable']);
    expect(game.problems.map((problem) => [problem.code, problem.text])).toEqual([
      ['unknown-token', 'Rd9'], ['unknown-token', 'Xy3'], ['unknown-token', '0-0-0-0'],
    ]);
    // A word that does not look like a move holds a ply only where the move numbers say one is missing there.
    expect(onlyGame('1. e4 e5 2. Nf3 blah 3. Bb5 *').moves.map((move) => `${move.kind}:${move.text}`)).toEqual([
      'move:e4', 'move:e5', 'move:Nf3', 'unreadable:blah', 'move:Bb5',
    ]);
    expect(onlyGame('1. e4 blah e5 2. Nf3 *').moves.map((move) => move.kind)).toEqual(['move', 'move', 'move']);
    expect(onlyGame('1. e4 ?? @ 2... Nf6 *').moves.map((move) => move.kind)).toEqual(['move', 'move']);
    expect(onlyGame('1. e4 @ 1... e5 2. Nf3 *').moves.map((move) => move.kind)).toEqual(['move', 'move', 'move']);
    // Not after the result, and not before the move text begins.
    expect(onlyGame('[Event "x"]\n\nGame12 1. e4 *').moves.map((move) => move.kind)).toEqual(['move']);
    expect(onlyGame('1. e4 * Rd9').moves.map((move) => move.kind)).toEqual(['move']);
  });

  it('ends an unterminated comment before the next game', () => {
    const games = parsePgn('[Event "a"]\n\n1. e4 {never closed\n\n*\n\n[Event "b"]\n\n1. d4 d5 1-0');
    expect(games).toHaveLength(2);
    expect(codes(games[0])).toEqual(['unterminated-comment']);
    expect(games[0].problems[0].span).toMatchObject({ line: 3, column: 7 });
    expect(games[1].tags[0].value).toBe('b');
    expect(texts(games[1])).toEqual(['d4', 'd5']);
    expect(games[1].problems).toEqual([]);
  });

  it('ends an unterminated string at its line', () => {
    const games = parsePgn('[Event "a]\n[Site "b"]\n\n1. e4 *');
    expect(codes(games[0])).toEqual(['unterminated-string', 'unterminated-tag']);
    expect(games[0].tags.map((tag) => [tag.name, tag.value])).toEqual([['Event', 'a]'], ['Site', 'b']]);
    expect(texts(games[0])).toEqual(['e4']);
  });

  it('reports unbalanced parentheses', () => {
    const unclosed = onlyGame('1. e4 e5 (1... c5 (2. Nf3 *');
    expect(codes(unclosed)).toEqual(['unclosed-variation', 'unclosed-variation']);
    expect(unclosed.problems.map((problem) => problem.span.column)).toEqual([10, 19]);
    expect(unclosed.result?.text).toBe('*');
    const extra = onlyGame('1. e4 e5 ) 2. Nf3 *');
    expect(codes(extra)).toEqual(['unmatched-variation-end']);
    expect(texts(extra)).toEqual(['e4', 'e5', 'Nf3']);
  });

  it('keeps garbage between games with the game before it', () => {
    const games = parsePgn('[Event "a"]\n1. e4 1-0\nsome junk here\n[Event "b"]\n1. d4 0-1');
    expect(games).toHaveLength(2);
    expect(codes(games[0])).toEqual(['unknown-token', 'unknown-token', 'unknown-token']);
    expect(games[0].problems[0].span).toMatchObject({ line: 3, column: 1 });
    expect(games[1].problems).toEqual([]);
  });

  it('turns text that is not PGN at all into one game with problems, never nothing', () => {
    const games = parsePgn("I'm not a PGN file...");
    expect(games).toHaveLength(1);
    expect(games[0].problems[0]).toMatchObject({ code: 'unknown-token', span: { offset: 0, line: 1, column: 1 } });
  });

  it('reports annotations and draw offers without a move', () => {
    expect(codes(onlyGame('$1 1. e4 *'))).toEqual(['misplaced-nag']);
    expect(codes(onlyGame('(=) 1. e4 *'))).toEqual(['misplaced-draw-offer']);
    expect(codes(onlyGame('1. e4 2. *'))).toEqual(['move-number-without-move']);
  });
});

describe('hostile input: linear time, no crash, no stack overflow', () => {
  it('survives 100,000 nested variations', () => {
    const text = `1. e4 ${'(1. d4 '.repeat(100_000)}*`;
    const { value: games, seconds } = timed(() => parsePgn(text));
    expect(games).toHaveLength(1);
    expect(variationDepth(games[0])).toBe(100_000);
    expect(games[0].problems.filter((problem) => problem.code === 'unclosed-variation')).toHaveLength(100_000);
    expect(seconds).toBeLessThan(10);
  });

  it('survives 100,000 opening parentheses with no moves', () => {
    const { value: games, seconds } = timed(() => parsePgn('('.repeat(100_000)));
    expect(games).toHaveLength(1);
    expect(games[0].problems.length).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
  });

  it('survives a 50 MB comment', () => {
    const text = `[Event "big"]\n\n1. e4 {${'a comment '.repeat(5_000_000)}} e5 *`;
    const { value: games, seconds } = timed(() => parsePgn(text));
    expect(games).toHaveLength(1);
    expect(texts(games[0])).toEqual(['e4', 'e5']);
    expect(games[0].moves[0].comments[0].span.length).toBe(50_000_002);
    expect(seconds).toBeLessThan(10);
  });

  it('survives a 50 MB unterminated comment', () => {
    const { value: games } = timed(() => parsePgn(`1. e4 {${'x'.repeat(50_000_000)}`));
    expect(codes(games[0])).toEqual(['unterminated-comment']);
  });

  it('survives a 10 MB tag value', () => {
    const text = `[Event "${'v'.repeat(10_000_000)}"]\n[Site "?"]\n\n1. e4 *`;
    const { value: games, seconds } = timed(() => parsePgn(text));
    expect(games[0].tags[0].value).toHaveLength(10_000_000);
    expect(games[0].tags[1].span.line).toBe(2);
    expect(seconds).toBeLessThan(10);
  });

  it('survives many unterminated comments and strings in linear time', () => {
    const text = '1. e4 {\n'.repeat(20_000) + '[A "\n'.repeat(20_000);
    const { value: games, seconds } = timed(() => parsePgn(text));
    expect(games.length).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
  });

  it('survives random binary', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 2; round++) {
      const bytes = Buffer.alloc(200_000);
      for (let index = 0; index < bytes.length; index++) bytes[index] = random() & 0xff;
      const texts = [bytes.toString('latin1'), bytes.toString('utf8'), bytes.toString('utf16le')];
      for (const text of texts) {
        const { value: games, seconds } = timed(() => parsePgn(text));
        expect(games.length).toBeGreaterThan(0);
        for (const game of games) for (const problem of game.problems) {
          expect(problem.span.offset + problem.span.length).toBeLessThanOrEqual(text.length);
          expect(problem.span.line).toBeGreaterThan(0);
        }
        expect(seconds).toBeLessThan(10);
      }
    }
  });
});
