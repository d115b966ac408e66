/**
 * Differential test against chessops on real games: after every ply of the first
 * 10,000 games of the gnu-book corpus, the legal-move sets, the FEN and the SAN of
 * the move played must agree. Every 4th of them under `pnpm test`, every one
 * under `pnpm test:corpus`.
 */
import { describe, expect, it } from 'vitest';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { makeFen as chessopsFen } from 'chessops/fen';
import type { Position as ChessopsPosition } from 'chessops/chess';
import { corpusSample, readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import {
  INITIAL_FEN, describeMove, legalMoves, makeFen, moveFrom, movePromotion, moveTo, parseFen,
} from '../src/index.js';
import { englishSan } from '../src/internal.js';

const skip = skipWithoutShared();
const GAMES = 10_000;
const sample = corpusSample(4);
const PROMOTION_LETTER: Record<string, string> = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' };

function chessopsMoveSet(position: ChessopsPosition): string[] {
  const moves: string[] = [];
  const lastRank = position.turn === 'white' ? 7 : 0;
  for (const [from, dests] of position.allDests()) {
    const isPawn = position.board.pawn.has(from);
    for (const to of dests) {
      if (isPawn && to >> 3 === lastRank) for (const letter of ['q', 'r', 'b', 'n']) moves.push(`${from}-${to}${letter}`);
      else moves.push(`${from}-${to}`);
    }
  }
  return moves.sort();
}

describe.skipIf(skip)('differential test against chessops', () => {
  it(`replays ${sample.describe('the first 10,000 games')} of the gnu-book corpus ply by ply`, async () => {
    let read = 0;
    let games = 0;
    let plies = 0;
    const mismatches: string[] = [];
    for await (const raw of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES)) {
      if (!sample.includes(read++)) continue;
      games++;
      const [game] = parsePgn(raw.text);
      const setup = startingPosition(game.headers);
      if (setup.isErr) throw new Error(`game at line ${raw.line}: chessops cannot set up the start`);
      const theirs = setup.value;
      const parsed = parseFen(game.headers.get('FEN') ?? INITIAL_FEN);
      if (!parsed.ok) throw new Error(`game at line ${raw.line}: ${parsed.error.message}`);
      const ours = parsed.value;
      let ply = 0;
      for (const node of game.moves.mainline()) {
        ply++;
        const where = `game ${read} (line ${raw.line}) ply ${ply} ${node.san}`;
        const ourSet = legalMoves(ours)
          .map((move) => `${moveFrom(move)}-${moveTo(move)}${movePromotion(move) ? PROMOTION_LETTER[movePromotion(move)!] : ''}`)
          .sort();
        const theirSet = chessopsMoveSet(theirs);
        if (ourSet.join(' ') !== theirSet.join(' ')) mismatches.push(`${where}: move sets differ`);
        const theirMove = parseSan(theirs, node.san);
        if (!theirMove || !('from' in theirMove)) {
          mismatches.push(`${where}: chessops cannot read the move`);
          break;
        }
        const ourMove = legalMoves(ours).find(
          (move) => moveFrom(move) === theirMove.from && moveTo(move) === theirMove.to
            && movePromotion(move) === theirMove.promotion,
        );
        if (ourMove === undefined) {
          mismatches.push(`${where}: no such move of ours`);
          break;
        }
        const ourSan = englishSan(describeMove(ours, ourMove));
        const theirSan = makeSan(theirs, theirMove);
        if (ourSan !== theirSan) mismatches.push(`${where}: SAN ${ourSan} vs ${theirSan}`);
        ours.play(ourMove);
        theirs.play(theirMove);
        plies++;
        const ourFen = makeFen(ours);
        const theirFen = chessopsFen(theirs.toSetup());
        if (ourFen !== theirFen) mismatches.push(`${where}: FEN ${ourFen} vs ${theirFen}`);
        if (mismatches.length > 20) break;
      }
      if (mismatches.length > 20) break;
    }
    expect(mismatches).toEqual([]);
    expect(read).toBe(GAMES);
    expect(games).toBe(sample.size(GAMES));
    expect(plies).toBeGreaterThan(games * 40);
  });
});
