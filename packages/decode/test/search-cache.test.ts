/**
 * SearchCache: what one decode hands to the next decode of the same sheets (a review session): the
 * positions met, and the search itself, which the next decode goes on from at the first ply a
 * confirmation changes (search-resume.ts). The games must be exactly those decoded without it — every
 * field, through confirmations added in order and out of order, changed, taken back, past the last
 * cell, and impossible. Real data: the Janowski – Lasker transcription of fixtures/scoresheets, and real
 * games from ../shared written on two players' noisy sheets, decoded jointly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGames, REPOSITORY_ROOT, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { describeMove, legalMoves, parseFen } from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { SearchCache, isStoppedAhead, type DecodedGame, type Sheet } from '../src/index.js';
import { searchSheets as decodeSheets } from '../src/internal.js';
import type { SearchOptions as DecodeOptions } from '../src/index.js';
import { parseTranscription } from '../src/transcription.js';
import { corruptText } from '../src/evaluation/corruption.js';
import { seededRandom } from '../src/evaluation/random.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';
import { randomHabits, writeScoresheet } from '../src/evaluation/scoresheet-writer.js';
import { NOISY } from './noisy-sheet.js';

const transcription = readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt'), 'utf8');
const [janowskiSheet] = parseTranscription(transcription).map((game) => game.sheet);

type Decode = ReturnType<typeof decodeSheets>;

/** A review session's decodes beside fresh ones: each step must agree in every field. */
class Session {
  readonly reuse = new SearchCache();
  readonly confirmed = new Map<number, string>();
  steps = 0;
  constructor(private readonly sheets: readonly Sheet[], private readonly options: DecodeOptions) {}

  decode(): Decode {
    const options = { ...this.options, confirmed: new Map(this.confirmed) };
    const again = decodeSheets(this.sheets, { ...options, reuse: this.reuse });
    const afresh = decodeSheets(this.sheets, options);
    expect(again).toEqual(afresh);
    this.steps++;
    return again;
  }
}

const game = (decoded: Decode): DecodedGame => {
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
};

/** Goes through a game as a person might, checking every decode against a fresh one. */
function review(session: Session): void {
  const first = game(session.decode());
  const flagged = first.review.length > 0 ? first.review : [Math.ceil(first.moves.length / 2)];
  // Down the review list, the first alternative of every other move.
  for (const [index, ply] of flagged.slice(0, 5).entries()) {
    const move = first.moves[ply - 1];
    session.confirmed.set(ply, index % 2 === 0 && move.alternatives[0] ? move.alternatives[0].san : move.san);
    const again = session.decode();
    if (again.ok) expect(again.value.moves[ply - 1].confirmed).toBe(true);
  }
  // Back up the game: an earlier move confirmed after later ones.
  session.confirmed.set(3, first.moves[2].san);
  session.decode();
  // A confirmation changed, and one taken back.
  const last = Math.max(...session.confirmed.keys());
  session.confirmed.set(last, first.moves[last - 1].san);
  session.decode();
  session.confirmed.delete(3);
  session.decode();
  // A move confirmed past the last decoded one, and one that cannot be played: errors agree too.
  session.confirmed.set(first.moves.length + 1, 'Kh1');
  session.decode();
  session.confirmed.delete(first.moves.length + 1);
  session.confirmed.set(2, 'Qd4');
  const impossible = session.decode();
  expect(impossible.ok).toBe(false);
  session.confirmed.delete(2);
  session.decode();
}

describe('decoding again with what the last decode met', () => {
  it('gives the same game as decoding afresh, in every field, through a review of the transcription', () => {
    const session = new Session([janowskiSheet], { language: 'pl' });
    review(session);
    expect(session.steps).toBeGreaterThan(10);
    // The searches were gone on from, not only the positions kept.
    expect(session.reuse.searchCount).toBeGreaterThan(0);
    expect(session.reuse.size).toBeGreaterThan(60);
  });

  it('goes on from the ply a confirmation changes, and starts afresh when another setting is asked for', () => {
    const reuse = new SearchCache();
    const first = game(decodeSheets(janowskiSheet, { language: 'pl', reuse }));
    expect(reuse.lastSearchStart).toBe(0);
    const late = first.moves.length - 2;
    const confirmed = new Map([[late, first.moves[late - 1].san]]);
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }));
    // The confirmed move is searched at 0-based ply late - 1: everything before it is the first search's.
    expect(reuse.lastSearchStart).toBe(late - 1);
    confirmed.set(10, first.moves[9].san);
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }));
    expect(reuse.lastSearchStart).toBe(9);
    // Another beam is another search.
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed, beamSize: 32 }));
    expect(reuse.lastSearchStart).toBe(0);
    reuse.forgetSearches();
    expect(reuse.searchCount).toBe(0);
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }));
    expect(reuse.lastSearchStart).toBe(0);
  });
});

describe('a search that went back over a stretch after a surprise', () => {
  // On this sheet a surprise sends the search back over a stretch that holds ply 30, searched again wide.
  const [noisySheet] = parseTranscription(NOISY).map((each) => each.sheet);

  it('goes on from the ply a confirmation changes inside that stretch, as the search first reached it', () => {
    const reuse = new SearchCache();
    const first = game(decodeSheets(noisySheet, { language: 'pl', reuse }));
    const confirmed = new Map([[30, first.moves[29].san]]);
    expect(decodeSheets(noisySheet, { language: 'pl', reuse, confirmed })).toEqual(decodeSheets(noisySheet, { language: 'pl', confirmed }));
    // When each ply's record was its last reach, this search started before the stretch (at 0-based ply 26).
    expect(reuse.lastSearchStart).toBe(29);
  });

  it('gives the same game as decoding afresh through a review of it', () => {
    const session = new Session([noisySheet], { language: 'pl' });
    review(session);
    expect(session.steps).toBeGreaterThan(10);
  });

  it('never goes back when told not to (backtrack: false), and the review goes on from its search too', () => {
    const goingBack = game(decodeSheets(noisySheet, { language: 'pl' }));
    const straight = game(decodeSheets(noisySheet, { language: 'pl', backtrack: false }));
    // Searched again wide, 14...Qc7 (the truth is Qb8) fits the stretch's cells best; the first pass kept Qb8.
    expect([goingBack.moves[27].san, straight.moves[27].san]).toEqual(['Qc7', 'Qb8']);
    review(new Session([noisySheet], { language: 'pl', backtrack: false }));
  });
});

describe('decoding ahead of a person (SearchCache.ahead)', () => {
  const first = game(decodeSheets(janowskiSheet, { language: 'pl' }));
  const early = 4;
  const alternative = first.moves[early - 1].alternatives[0]?.san ?? first.moves[early - 1].san;

  it('gives the game a decode of the same confirmations gives, and the next decode goes on from it once used', () => {
    const reuse = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse }));
    const confirmed = new Map([[early, alternative]]);
    const ahead = reuse.ahead(() => false, () => decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }));
    expect(ahead).toBeDefined();
    expect(ahead?.value).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed }));
    // Not used: a later confirmation goes on from the last real search (no confirmations), at the earlier ply.
    const later = new Map([[early, alternative], [early + 20, first.moves[early + 19].san]]);
    const unused = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse: unused }));
    unused.ahead(() => false, () => decodeSheets(janowskiSheet, { language: 'pl', reuse: unused, confirmed }));
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse: unused, confirmed: later })).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed: later }));
    expect(unused.lastSearchStart).toBe(early - 1);
    // Used: the same request goes on from the search run ahead, at the later ply.
    ahead?.use();
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed: later })).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed: later }));
    expect(reuse.lastSearchStart).toBe(early + 19);
  });

  it('stops between plies when asked, and what it left behind changes no later decode', () => {
    const reuse = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse }));
    let plies = 0;
    const confirmed = new Map([[early, alternative]]);
    const thrown: unknown[] = [];
    const stopped = reuse.ahead(() => ++plies > 15, () => {
      try {
        return decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed });
      } catch (error) {
        thrown.push(error);
        throw error;
      }
    });
    expect(stopped).toBeUndefined();
    expect(plies).toBe(16);
    // What the decode threw is known for a stop, so that code in between that catches errors can let it through.
    expect(thrown.map(isStoppedAhead)).toEqual([true]);
    expect(isStoppedAhead(new Error('stopped'))).toBe(false);
    // The real decode of the same request, and of another, agree with fresh decodes in every field.
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed })).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed }));
    const other = new Map([[early + 1, first.moves[early].san]]);
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed: other })).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed: other }));
    // One at a time: a decode ahead inside another is refused.
    expect(() => reuse.ahead(() => false, () => reuse.ahead(() => false, () => 1))).toThrow(/already running/);
  });
});

describe('a confirmation the readings did not favour', () => {
  it('is no sign of a lost game: the search neither goes back over it nor searches the game again wide', () => {
    const first = game(decodeSheets(janowskiSheet, { language: 'pl' }));
    const last = first.moves[first.moves.length - 1];
    const position = parseFen(last.fen);
    if (!position.ok) throw new Error(position.error.message);
    /** A decode that goes on from the first one's search: the plies it searched, the searches it keeps, its game. */
    const searched = (san: string): { plies: number; searches: number; moves: DecodedGame['moves'] } => {
      const reuse = new SearchCache();
      game(decodeSheets(janowskiSheet, { language: 'pl', reuse }));
      let plies = 0;
      const confirmed = new Map([[last.ply, san]]);
      const ahead = reuse.ahead(() => (plies++, false), () => decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }));
      ahead?.use();
      return { plies, searches: reuse.searchCount, moves: game(ahead!.value).moves };
    };
    const favoured = searched(last.san);
    expect(favoured.searches).toBe(1);
    // Legal moves at the last ply that nothing read there resembles (what a person picks for an illegible cell),
    // where the game still ends there: the same plies searched as for the move the cell reads, and no wide search.
    const offered = new Set([last.san, ...last.alternatives.map((alternative) => alternative.san)]);
    const unlikely = legalMoves(position.value).map((move) => englishSan(describeMove(position.value, move))).filter((san) => !offered.has(san));
    let checked = 0;
    for (const san of unlikely) {
      if (checked === 2) break;
      const other = searched(san);
      if (other.moves.length !== last.ply) continue;
      expect(other.moves[last.ply - 1]).toMatchObject({ san, confirmed: true });
      expect([san, other.plies, other.searches]).toEqual([san, favoured.plies, 1]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('a second decode of other readings of the same sheets (SearchCache.forOtherReadings)', () => {
  // The other readings: the same transcription with a few cells read otherwise, as a second reader would.
  const [otherSheet] = parseTranscription(transcription.replace('2. Tf3 Sc6', '2. Tf3 Sc5')).map((each) => each.sheet);
  const both = (reuse: SearchCache, confirmed: ReadonlyMap<number, string>): [Decode, Decode] => [
    decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed }),
    decodeSheets(otherSheet, { language: 'pl', reuse: reuse.forOtherReadings(), confirmed }),
  ];
  const afresh = (confirmed: ReadonlyMap<number, string>): [Decode, Decode] => [
    decodeSheets(janowskiSheet, { language: 'pl', confirmed }), decodeSheets(otherSheet, { language: 'pl', confirmed }),
  ];
  const first = game(decodeSheets(janowskiSheet, { language: 'pl' }));
  const early = new Map([[4, first.moves[3].san]]);
  const later = new Map([[4, first.moves[3].san], [24, first.moves[23].san]]);

  it('is one object per reuse, and has none of its own', () => {
    const reuse = new SearchCache();
    expect(reuse.forOtherReadings()).toBe(reuse.forOtherReadings());
    expect(reuse.forOtherReadings()).not.toBe(reuse);
    expect(() => reuse.forOtherReadings().forOtherReadings()).toThrow(/none of its own/);
    expect(() => reuse.forOtherReadings().ahead(() => false, () => 1)).toThrow(/first readings/);
  });

  it('keeps each reading\u2019s search apart: both go on from the ply a confirmation changes, to the games decoded afresh', () => {
    expect(JSON.stringify(otherSheet)).not.toBe(JSON.stringify(janowskiSheet));
    const reuse = new SearchCache();
    expect(both(reuse, new Map())).toEqual(afresh(new Map()));
    expect(both(reuse, early)).toEqual(afresh(early));
    expect([reuse.lastSearchStart, reuse.forOtherReadings().lastSearchStart]).toEqual([3, 3]);
    expect(both(reuse, later)).toEqual(afresh(later));
    expect([reuse.lastSearchStart, reuse.forOtherReadings().lastSearchStart]).toEqual([23, 23]);
    // Letting go of the searches lets go of both.
    reuse.forgetSearches();
    expect([reuse.searchCount, reuse.forOtherReadings().searchCount]).toEqual([0, 0]);
  });

  it('runs ahead with the first readings: it stops in the second decode too, and its searches are kept only when used', () => {
    const reuse = new SearchCache();
    both(reuse, new Map());
    let firstPlies = 0;
    // How many plies the first decode searches ahead: the stop is asked past them, in the second decode.
    reuse.ahead(() => (++firstPlies, false), () => decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed: early }));
    let plies = 0;
    const stopped = reuse.ahead(() => ++plies > firstPlies + 5, () => both(reuse, early));
    expect(stopped).toBeUndefined();
    expect(plies).toBe(firstPlies + 6);
    // Not used: the second reading still goes on from its last real search (no confirmations), at ply 4.
    expect(both(reuse, later)).toEqual(afresh(later));
    expect(reuse.forOtherReadings().lastSearchStart).toBe(3);
    const ahead = reuse.ahead(() => false, () => both(reuse, early));
    expect(ahead?.value).toEqual(afresh(early));
    ahead?.use();
    expect(both(reuse, later)).toEqual(afresh(later));
    expect([reuse.lastSearchStart, reuse.forOtherReadings().lastSearchStart]).toEqual([23, 23]);
  });
});

describe('priming the decoder\u2019s wider search (SearchCache.primeWideSearch)', () => {
  // A move nobody wrote, confirmed at ply 11: the game then looks lost, and the decoder searches again, wide.
  const lost = new Map([[11, 'Nd4']]);
  const afresh = decodeSheets(janowskiSheet, { language: 'pl', confirmed: lost });

  it('keeps a wide search that the next lost-looking decode goes on from, and changes no game', () => {
    const primed = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse: primed }));
    let during: Decode | undefined;
    expect(primed.primeWideSearch(() => false, () => (during = decodeSheets(janowskiSheet, { language: 'pl', reuse: primed })))).toBe(true);
    expect(during).toEqual(decodeSheets(janowskiSheet, { language: 'pl' }));
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse: primed, confirmed: lost })).toEqual(afresh);
    // The last search, the wide one, went on from the confirmed ply (0-based 10).
    expect(primed.lastSearchStart).toBe(10);
    // Not primed: the same decode searches the whole game again, wide.
    const plain = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse: plain }));
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse: plain, confirmed: lost })).toEqual(afresh);
    expect(plain.lastSearchStart).toBe(0);
  });

  it('leaves a lost-looking game as the narrow search decoded it when told to (searchWideWhenLost), primed or not', () => {
    const narrow = decodeSheets(janowskiSheet, { language: 'pl', confirmed: lost, searchWideWhenLost: false });
    // The narrow beam given: no wider search follows.
    expect(narrow).toEqual(decodeSheets(janowskiSheet, { language: 'pl', confirmed: lost, beamWidth: 9, beamSize: 64, layoutSize: 64 }));
    // Searched again wide, this game comes out otherwise (else this test would prove nothing).
    expect(game(narrow).moves.map((move) => move.san)).not.toEqual(game(afresh).moves.map((move) => move.san));
    // Priming still runs the wide search, to be kept for a decode that searches wide; the game stays the narrow one.
    const primed = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse: primed }));
    let during: Decode | undefined;
    const decode = (): Decode => (during = decodeSheets(janowskiSheet, { language: 'pl', reuse: primed, confirmed: lost, searchWideWhenLost: false }));
    expect(primed.primeWideSearch(() => false, decode)).toBe(true);
    expect(during).toEqual(narrow);
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse: primed, confirmed: lost })).toEqual(afresh);
    // Its wide search was kept: the decode that searched wide went on from it at the end of the game.
    expect(primed.lastSearchStart).toBeGreaterThan(60);
  });

  it('stops between plies when asked, keeps nothing half done, and changes no game', () => {
    const reuse = new SearchCache();
    game(decodeSheets(janowskiSheet, { language: 'pl', reuse }));
    let plies = 0;
    expect(reuse.primeWideSearch(() => ++plies > 30, () => decodeSheets(janowskiSheet, { language: 'pl', reuse }))).toBe(false);
    expect(decodeSheets(janowskiSheet, { language: 'pl', reuse, confirmed: lost })).toEqual(afresh);
    expect(reuse.lastSearchStart).toBe(0);
  });
});

const skip = skipWithoutShared();

async function gamesFrom(first: number, count: number): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    if (++index < first) continue;
    const reference = referenceGame(raw.text);
    if (reference && reference.san.length >= 30) games.push(reference);
    if (games.length >= count) break;
  }
  return games;
}

describe.skipIf(skip)('decoding again, two players\u2019 noisy sheets of real games', () => {
  it('gives the same games as decoding afresh through a review of each', async () => {
    const games = await gamesFrom(90_101, 3);
    expect(games).toHaveLength(3);
    for (const [index, reference] of games.entries()) {
      const random = seededRandom(100 + index);
      const sheets = [0, 1].map(() => {
        const written = writeScoresheet(reference.moves, randomHabits('pl', random), random);
        return parseTranscription(corruptText(written.text, 0.06, random))[0].sheet;
      });
      review(new Session(sheets, { language: 'pl' }));
    }
  }, 600_000);
});
