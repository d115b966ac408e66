/**
 * The round's PGN accounts for every game: a sheet nobody wrote a move on (fixtures/scans/blank.png, a sheet
 * `zapis print` pre-filled with the round's header, a forfeit's, say) is read with a real reader and exported with
 * its tags and why it has no moves, beside a game that has them. Until December 1 such a game was left out of the
 * PGN, and the export's count quietly lacked it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeDeskGame, gamesOf, roundPgn, type DeskGame } from '../src/index.js';
import { scanPages, scanPath } from './scan-pages.js';
import { oneLine, pgnGames } from './truth.js';

const truth = pgnGames(readFileSync(scanPath('jpeg150.pgn'), 'utf8'))[0];

describe('a round with a sheet nobody wrote a move on', () => {
  let blank: DeskGame;
  let written: DeskGame;
  beforeAll(async () => {
    const [blankPages, writtenPages] = await Promise.all([scanPages('blank.png'), scanPages('jpeg150.jpg')]);
    const { games, failures } = gamesOf([
      { kind: 'scan', id: 'blank', name: 'blank.png', pages: blankPages.pages },
      { kind: 'scan', id: 'written', name: 'jpeg150.jpg', pages: writtenPages.pages },
    ]);
    expect(failures).toEqual([]);
    expect(games).toHaveLength(2);
    [blank, written] = games.map((source) => decodeDeskGame(source));
  });

  it('reads the blank sheet as a game with the printed header and no moves, saying why', () => {
    expect(blank).toMatchObject({ status: 'error', moves: [], tags: { Event: 'Club Championship', Round: '3', Board: '7' } });
    expect(blank.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', message: 'no moves are written on the sheet' }));
    expect(written.moves).toHaveLength(truth.san.length);
  });

  it('exports both games, the blank one with its tags and why it has no moves', () => {
    const round = roundPgn([blank, written]);
    expect(round).toMatchObject({ games: 2, withoutMoves: 1, confirmed: 0, flaggedLeft: written.flagged.length });
    const games = pgnGames(round.pgn);
    expect(games).toHaveLength(2);
    expect(games[0]).toMatchObject({ errors: 0, san: [], tags: { Event: 'Club Championship', Round: '3', Board: '7', Result: '*' } });
    expect(oneLine(round.pgn)).toContain('{zapis desk: no moves could be decoded: no moves are written on the sheet} *');
    expect(games[1].san).toHaveLength(truth.san.length);
    expect(oneLine(round.pgn)).toContain('{zapis desk: 0 moves confirmed by a person;');
  });
});
