/**
 * The kernel against @zapis/core, which knows the rules independently: random
 * games played with core's legal moves and written in core's SAN must replay
 * to the same final position and outcome; and a token changed at a random
 * ply must be accepted exactly when it is the SAN of some legal move there.
 */
import { describe, expect, it } from 'vitest';
import {
  GameHistory, Position, describeMove, initialPosition, legalMoves, makeFen, type Move, type Outcome,
} from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { ReplayKernel } from '../src/index.js';

/** English piece letters by character code, as the kernel reads them. */
const ENGLISH = new Uint8Array(128);
for (const [letter, role] of [['N', 2], ['B', 3], ['R', 4], ['Q', 5], ['K', 6]] as const) ENGLISH[letter.charCodeAt(0)] = role;

/** A small seeded generator: the same games in every run. */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    state ^= state >>> 12;
    return (state >>> 0) % below;
  };
}

interface PlayedGame {
  readonly sans: string[];
  readonly fen: string;
  readonly outcome: Outcome | undefined;
}

/** A random game: captures and promotions are preferred half the time, so games reach endings, mates and dead positions. */
function randomGame(random: (below: number) => number, maxPlies: number): PlayedGame {
  const history = new GameHistory(initialPosition());
  const sans: string[] = [];
  while (sans.length < maxPlies && history.outcome() === undefined) {
    const position = history.position;
    const moves = legalMoves(position);
    const descriptions = moves.map((move) => describeMove(position, move));
    const forcing = descriptions.filter((description) => description.capture || description.promotion !== undefined || description.castle !== undefined);
    const pool = forcing.length > 0 && random(2) === 0 ? forcing : descriptions;
    const chosen = pool[random(pool.length)];
    sans.push(englishSan(chosen));
    history.playUnchecked(chosen.move as Move);
  }
  return { sans, fen: makeFen(history.position), outcome: history.outcome() };
}

function load(kernel: ReplayKernel, sans: readonly string[]): void {
  kernel.clear();
  for (const san of sans) kernel.add(san, 0, san.length);
}

function finalFen(kernel: ReplayKernel): string {
  // Checked on the way in: the kernel's final position must be a possible one.
  const position = Position.fromSetup(kernel.finalPosition());
  if (!position.ok) throw new Error(`the kernel's final position is impossible: ${position.error.message}`);
  return makeFen(position.value);
}

describe('the replay kernel against @zapis/core', () => {
  const kernel = new ReplayKernel();
  const random = generator(20261123);
  const games = Array.from({ length: 600 }, (_, index) => randomGame(random, index % 3 === 0 ? 600 : 250));

  it('replays random games to the same position and outcome', () => {
    const reasons = new Map<string, number>();
    for (const game of games) {
      load(kernel, game.sans);
      expect(kernel.replay(ENGLISH)).toBe(game.sans.length);
      expect(finalFen(kernel)).toBe(game.fen);
      expect(kernel.outcome()).toEqual(game.outcome);
      const reason = game.outcome?.reason ?? 'none';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    // The sample reaches these ways a game ends (else the comparison above misses one); fivefold repetition is crafted below.
    for (const reason of ['checkmate', 'stalemate', 'dead-position', 'seventy-five-moves', 'none']) {
      expect(reasons.get(reason) ?? 0, `games ending in ${reason}`).toBeGreaterThan(0);
    }
  });

  it('accepts a changed token exactly when it is the SAN of a legal move there', () => {
    const edits: ((san: string) => string)[] = [
      (san) => san.replace('x', ''), // capture mark dropped
      (san) => san.replace(/[+#]$/, ''), // check or mate mark dropped
      (san) => `${san}+`, // a check mark too many
      (san) => san.replace(/^([NBRQK])/, '$1a'), // a disambiguation too many (or a wrong one)
      (san) => san.replace(/^[NBRQK]/, 'N'), // another piece
      (san) => san.replace(/=([NBRQ])/, ''), // promotion letter dropped
      (san) => san.replace(/[1-8]/, (rank) => String(((Number(rank) + 2) % 8) + 1)), // another square
    ];
    let accepted = 0;
    let rejected = 0;
    for (const [index, game] of games.entries()) {
      if (game.sans.length < 2) continue;
      const ply = random(game.sans.length);
      const changed = edits[index % edits.length](game.sans[ply]);
      if (changed === game.sans[ply]) continue;
      // Core's word: the SANs of the legal moves at that ply.
      const history = new GameHistory(initialPosition());
      for (const san of game.sans.slice(0, ply)) {
        const move = legalMoves(history.position).find((candidate) => englishSan(describeMove(history.position, candidate)) === san)!;
        history.playUnchecked(move);
      }
      const legal = legalMoves(history.position).map((move) => englishSan(describeMove(history.position, move)));
      load(kernel, [...game.sans.slice(0, ply), changed]);
      const played = kernel.replay(ENGLISH);
      if (legal.includes(changed)) {
        expect(played).toBe(ply + 1);
        accepted++;
      } else {
        expect(played, `${changed} at ply ${ply + 1} (legal: ${legal.join(' ')})`).toBe(ply);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(300);
    expect(accepted).toBeGreaterThan(0);
  });

  it.each([
    ['fivefold repetition', 'Nf3 Nf6 Ng1 Ng8 '.repeat(4).trim(), 16, { result: '1/2-1/2', reason: 'fivefold-repetition' }],
    ['only fourfold', 'Nf3 Nf6 Ng1 Ng8 '.repeat(3).trim(), 12, undefined],
    ['a mate marked', 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#', 7, { result: '1-0', reason: 'checkmate', winner: 'white' }],
    ['a mate marked as check', 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7+', 6, undefined],
    ['a capture without its mark', 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qf7#', 6, undefined],
    ['castling out of check', 'Nf3 e5 g3 Bc5 Bg2 Bxf2+ O-O', 6, undefined],
    ['the king taking instead', 'Nf3 e5 g3 Bc5 Bg2 Bxf2+ Kxf2', 7, undefined],
    ['en passant at once', 'e4 a6 e5 d5 exd6', 5, undefined],
    ['en passant a move late', 'e4 a6 e5 d5 a3 a5 exd6', 6, undefined],
    ['a promotion without its piece', 'a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 b8', 8, undefined],
    ['a promotion', 'a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 b8=Q', 9, undefined],
    // The knight on c3 is pinned by the bishop on b4: only the other knight may go to e2, and it needs no letter.
    ['a pinned knight left out', 'e4 e5 Nc3 Bb4 d3 Nf6 Ne2', 7, undefined],
    ['a pinned knight moving', 'e4 e5 Nc3 Bb4 d3 Nf6 Nce2', 6, undefined],
    ['a pinned knight making a letter superfluous', 'e4 e5 Nc3 Bb4 d3 Nf6 Nge2', 6, undefined],
    // The bishop on d2 is pinned by the bishop on b4: it may stay on that line or take the pinner, nothing else.
    ['a pinned bishop taking its pinner', 'd4 e5 dxe5 Bb4+ Bd2 Nc6 Bxb4', 7, undefined],
    ['a pinned bishop along its pin', 'd4 e5 dxe5 Bb4+ Bd2 Nc6 Bc3', 7, undefined],
    ['a pinned bishop leaving its pin', 'd4 e5 dxe5 Bb4+ Bd2 Nc6 Bf4', 6, undefined],
    // The knight leaving e5 opens the e-file from the queen on e2 to the king.
    ['a discovered check marked', 'e4 e5 Nf3 Nf6 Nxe5 Nxe4 Qe2 Nf6 Nc6+', 9, undefined],
    ['a discovered check unmarked', 'e4 e5 Nf3 Nf6 Nxe5 Nxe4 Qe2 Nf6 Nc6', 8, undefined],
  ] as const)('crafted: %s', (_name, moves, played, outcome) => {
    const sans = moves.split(' ');
    load(kernel, sans);
    expect(kernel.replay(ENGLISH)).toBe(played);
    if (played === sans.length) expect(kernel.outcome()).toEqual(outcome);
  });

  it('rejects tokens longer than any SAN, and games longer than it holds', () => {
    load(kernel, ['e4', 'e5', 'Nf3aaaaaaaaaaaaaaaa']);
    expect(kernel.replay(ENGLISH)).toBe(2);
    kernel.clear();
    let added = 0;
    while (kernel.add('Nf3', 0, 3)) added++;
    expect(added).toBe(kernel.capacity);
  });
});
