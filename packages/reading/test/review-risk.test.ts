/**
 * Review by risk (`zapis read`'s default with `--reader auto`): the same game, its review list decided by each
 * move's risk of being wrong instead of every reason to doubt it. Checked on the committed phone photo, read once
 * by the cross-checking reader and decoded both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves, parseFen } from '@zapis/core';
import type { DecodedGame, DecodedMove } from '@zapis/decode';
import { nearestOtherMove } from '@zapis/decode/internal';
import { ALONE_READER, CtcReader, ENSEMBLE_READERS } from '@zapis/ocr';
import { loadNodeNotationModel, loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup, type ReadGame } from '../src/read-game.js';
import { readGameJson } from '../src/read-report.js';
import {
  DEFAULT_REVIEW_RISK, disputeForcesReview, disputeOutvoted, LISTED_ON_ITS_OWN, MOSTLY_IN_DOUBT, reviewByRisk, reviewRiskScores, riskOf, type ReviewRiskModel,
} from '@zapis/decode/internal';
import type { SheetRead } from '@zapis/ocr';
import { ensembleNetworks } from '@zapis/ocr';
import { readFixture, SOFT_SCANS, type FixtureTruth } from './support/read-fixture.js';

const groupOf = (read: SheetRead) => ({ players: [{ name: 'white', pages: [{ file: 'phone.jpg', page: 1, read }] }] });

function gameOf(read: ReadGame): DecodedGame {
  if (!read.decoded.ok) throw new Error(read.decoded.error.message);
  return read.decoded.value;
}

/** Whether a move was the only legal one in its position (a move a rival cannot be named for). */
function onlyLegalMove(move: DecodedMove): boolean {
  const position = parseFen(move.fen);
  return position.ok && legalMoves(position.value).length === 1;
}

describe('review by risk', () => {
  let reader: CtcReader;
  let phone: { read: SheetRead; truth: FixtureTruth };
  let byRisk: ReadGame;
  let everyDoubt: ReadGame;
  beforeAll(async () => {
    reader = new CtcReader(ensembleNetworks(await loadNodeRecognizer(), await loadNodeNotationModel()), {}, 'auto');
    phone = await readFixture('phone.jpg', reader);
    byRisk = decodeGroup(groupOf(phone.read), { crossCheck: true });
    everyDoubt = decodeGroup(groupOf(phone.read), { crossCheck: true, review: 'every-doubt' });
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('decides only the review list: the same moves, every correction still on it, every other doubt kept in the JSON', () => {
    const [risk, every] = [gameOf(byRisk), gameOf(everyDoubt)];
    expect(byRisk.reviewBy).toBe('risk');
    expect(everyDoubt.reviewBy).toBe('every-doubt');
    expect(risk.moves.map((move) => move.san)).toEqual(every.moves.map((move) => move.san));
    const json = readGameJson(byRisk, 1, 'auto');
    every.moves.forEach((before, index) => {
      const after = risk.moves[index];
      // A correction by the ensemble is always shown, and so is one by one of its readers alone ('disputed') where the
      // other decoding decodes another move.
      if (before.reviewReasons.includes('corrected') || disputeForcesReview(before)) expect(after.review).toBe(true);
      // A move sent by risk alone says so; a move left off keeps nothing that claims review, and the JSON keeps its doubts.
      if (after.review && !before.review) expect(after.reviewReasons).toEqual(['doubtful-sheet']);
      if (after.review && before.review) expect(after.reviewReasons).toEqual(before.reviewReasons);
      if (!after.review) {
        expect(after.reviewReasons).toEqual([]);
        expect(after.rival).toBeUndefined();
        expect(json.moves[index].doubts ?? []).toEqual(before.reviewReasons);
      }
      expect(json.moves[index].risk).toBeGreaterThanOrEqual(0);
      expect(json.moves[index].risk).toBeLessThanOrEqual(1);
    });
    expect(risk.review).toEqual(risk.moves.filter((move) => move.review).map((move) => move.ply));
    expect(json.reviewBy).toBe('risk');
  });

  it('sends fewer moves of the phone photo to review, and none of its wrong moves is left off', () => {
    const [risk, every] = [gameOf(byRisk), gameOf(everyDoubt)];
    const wrongLeftOff = risk.moves.filter((move, index) => !move.review && move.san !== phone.truth.san[index]);
    expect(wrongLeftOff).toEqual([]);
    expect(risk.review.length).toBeLessThan(every.review.length);
  });

  it('flags by the model\u2019s threshold and floor: a low threshold sends every move, a high one only corrections (the ensemble\u2019s, or one reader\u2019s the other decoding does not contradict), unwritten moves and moves below the floor', () => {
    const every = gameOf(everyDoubt);
    const scores = reviewRiskScores(every.moves);
    const lowest = Math.min(...scores), highest = Math.max(...scores);
    const all = reviewByRisk(every, { ...DEFAULT_REVIEW_RISK, threshold: lowest });
    expect(all.review.length).toBe(every.moves.length);
    // Sent by risk alone, a move is named 'doubtful-sheet' and given a rival move to show beside it (none only for
    // the only legal move, which the PGN calls so).
    for (const move of all.moves.filter((candidate, index) => !every.moves[index].review)) {
      expect(move.reviewReasons).toEqual(['doubtful-sheet']);
      if (!onlyLegalMove(move)) expect(move.rival?.kind, `ply ${move.ply}`).toBe('move');
      else expect(move.rival).toBeUndefined();
    }
    const none: ReviewRiskModel = { ...DEFAULT_REVIEW_RISK, threshold: highest + 1, floor: 0 };
    const onlyForced = reviewByRisk(every, none);
    const forced = (move: DecodedMove): boolean => ['corrected', 'unwritten'].some((reason) => move.reviewReasons.includes(reason as DecodedMove['reviewReasons'][number]))
      || (move.reviewReasons.includes('disputed') && move.reviewReasons.includes('readers-differ')
        && move.cells.some((cell) => cell.disputed === true && (cell.disputingReaders ?? []).some((name) => name !== ALONE_READER)));
    expect(onlyForced.moves.filter((move) => move.review).map((move) => move.ply)).toEqual(every.moves.filter(forced).map((move) => move.ply));
    const floored = reviewByRisk(every, none, 0.9);
    expect(floored.moves.filter((move) => move.review).map((move) => move.ply))
      .toEqual(every.moves.filter((move) => forced(move) || move.confidence < 0.9).map((move) => move.ply));
    expect(riskOf(DEFAULT_REVIEW_RISK.threshold)).toBeGreaterThan(0);
  });

  it('leaves a dispute that the other decoding contradicts to the risk, and still counts it toward a sheet mostly in doubt', () => {
    // None of the committed single sheets has such a dispute on a sheet not reviewed whole, so some of the photo's
    // moves are given one: the other decoding decodes the same move there (no 'readers-differ').
    const every = gameOf(everyDoubt);
    const scores = reviewRiskScores(every.moves);
    const plain = every.moves.filter((move) => move.reviewReasons.length === 0).slice(0, 12).map((move) => move.ply);
    expect(plain).toHaveLength(12);
    const withDisputes = (reasons: DecodedMove['reviewReasons']): DecodedGame => ({
      ...every,
      moves: every.moves.map((move): DecodedMove => (plain.includes(move.ply) ? { ...move, review: true, reviewReasons: reasons } : move)),
    });
    const contradicted = reviewByRisk(withDisputes(['disputed']));
    for (const ply of plain) expect(contradicted.moves[ply - 1].review, `ply ${ply}`).toBe(scores[ply - 1] >= DEFAULT_REVIEW_RISK.threshold);
    // This photo is read well: its risk leaves them all off, and they keep nothing that claims review.
    for (const ply of plain) expect(contradicted.moves[ply - 1]).toMatchObject({ review: false, reviewReasons: [] });
    // Where the other decoding decodes another move, the same disputes all stay on the list, as they were.
    const standing = reviewByRisk(withDisputes(['disputed', 'readers-differ']));
    for (const ply of plain) expect(standing.moves[ply - 1]).toMatchObject({ review: true, reviewReasons: ['disputed', 'readers-differ'] });
    // Three in five of the moves disputed, none of them forced, and one in four listed on its own (corrected): the
    // whole game is on the list all the same.
    const none: ReviewRiskModel = { ...DEFAULT_REVIEW_RISK, threshold: Number.POSITIVE_INFINITY, floor: 0 };
    const count = every.moves.length;
    const most = Math.ceil(MOSTLY_IN_DOUBT * count);
    const own = Math.ceil(LISTED_ON_ITS_OWN * count);
    const disputedGame = (disputed: number, corrected: number): DecodedGame => ({
      ...every,
      moves: every.moves.map((move, index): DecodedMove => {
        const reviewReasons: DecodedMove['reviewReasons'] = index < corrected ? ['corrected'] : index < disputed ? ['disputed'] : [];
        return { ...move, confidence: 1, review: reviewReasons.length > 0, reviewReasons };
      }),
    });
    expect(reviewByRisk(disputedGame(most, own), none).review).toEqual(every.moves.map((move) => move.ply));
    expect(reviewByRisk(disputedGame(most - 1, own), none).review).toHaveLength(own);
    // Disputed as much, but fewer than one in four listed on their own: one reader's doubt, not the sheet's. Only the
    // corrections are listed.
    expect(reviewByRisk(disputedGame(most, own - 1), none).review).toEqual(every.moves.slice(0, own - 1).map((move) => move.ply));
    expect(reviewByRisk(disputedGame(count, 0), none).review).toEqual([]);
  });

  it('forces review for a dispute only where it stands and the other decoding decodes another move', () => {
    expect(disputeForcesReview({ confidence: 1, reviewReasons: ['disputed', 'readers-differ'] })).toBe(true);
    expect(disputeForcesReview({ confidence: 1, reviewReasons: ['disputed'] })).toBe(false);
    expect(disputeForcesReview({ confidence: 1, reviewReasons: ['readers-differ'] })).toBe(false);
    // Another sheet's cell read as written, undisputed, outvotes it even where the decodings differ.
    expect(disputeForcesReview({ confidence: 1, reviewReasons: ['disputed', 'readers-differ'], cells: [{ cell: 3, disputed: true }, { cell: 3 }] })).toBe(false);
    // PP-OCR alone is the other decoding's reader: its dispute, where its own decoding differs, is one reader
    // objecting twice and is left to the risk. A dispute the notation network joins, or by readers unnamed, forces.
    const disputedBy = (disputingReaders?: string[]) => disputeForcesReview({
      confidence: 1, reviewReasons: ['disputed', 'readers-differ'], cells: [{ cell: 3, disputed: true, ...(disputingReaders ? { disputingReaders } : {}) }],
    });
    expect(disputedBy([ALONE_READER])).toBe(false);
    expect(disputedBy(['notation'])).toBe(true);
    expect(disputedBy([ALONE_READER, 'notation-wide'])).toBe(true);
    expect(disputedBy()).toBe(true);
  });

  it('names the readers of every dispute, in the decoded cells and per player in the JSON, also for a dispute left off the list', async () => {
    // Of the committed sheets, the black copy of the pair read alone has disputes, by each of the readers.
    const black = await readFixture('pair-black.jpg', reader);
    const group = { players: [{ name: 'black', pages: [{ file: 'pair-black.jpg', page: 1, read: black.read }] }] };
    const [risk, every] = [decodeGroup(group, { crossCheck: true }), decodeGroup(group, { crossCheck: true, review: 'every-doubt' })];
    const disputed = gameOf(every).moves.filter((move) => move.cells[0]?.disputed === true);
    expect(disputed.length).toBeGreaterThan(0);
    for (const move of disputed) {
      expect(move.cells[0].disputingReaders?.length, `ply ${move.ply}`).toBeGreaterThan(0);
      for (const name of move.cells[0].disputingReaders ?? []) expect(ENSEMBLE_READERS).toContain(name);
    }
    const named = new Set(disputed.flatMap((move) => move.cells[0].disputingReaders ?? []));
    expect(named.has(ALONE_READER) && named.size > 1).toBe(true);
    // Undisputed cells name nobody.
    expect(gameOf(every).moves.filter((move) => move.cells[0]?.disputed !== true && move.cells[0]?.disputingReaders !== undefined)).toEqual([]);
    const json = readGameJson(risk, 1, 'auto');
    gameOf(every).moves.forEach((move, index) => {
      const names = move.cells[0]?.disputed === true ? move.cells[0].disputingReaders : undefined;
      expect(json.moves[index].disputingReaders, `ply ${move.ply}`).toEqual(names ? [names] : undefined);
      // A dispute the notation network raises where the decodings differ is on the list by risk.
      if (names?.some((name) => name !== ALONE_READER) && move.reviewReasons.includes('readers-differ')) {
        expect(gameOf(risk).moves[index].review, `ply ${move.ply}`).toBe(true);
      }
    });
  });

  it('sends every difference between the readers to review when PP-OCR alone\u2019s reading was kept (a game the model was not fitted on)', async () => {
    // This soft JPEG (fixtures/soft-scans) keeps PP-OCR alone's reading, and the ensemble decodes three of its moves
    // otherwise.
    const jpeg = await readFixture('soft-alone.jpg', reader, SOFT_SCANS);
    const group = { players: [{ name: 'white', pages: [{ file: 'soft-alone.jpg', page: 1, read: jpeg.read }] }] };
    const [risk, every] = [decodeGroup(group, { crossCheck: true }), decodeGroup(group, { crossCheck: true, review: 'every-doubt' })];
    expect(risk.crossCheck?.kept).toBe('alone');
    const differing = gameOf(every).moves.filter((move) => move.reviewReasons.includes('readers-differ')).map((move) => move.ply);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing).toEqual(risk.crossCheck?.differing);
    const moves = gameOf(risk).moves;
    for (const ply of differing) expect(moves[ply - 1].review).toBe(true);
    expect(moves.filter((move, index) => !move.review && move.san.replace(/[+#]$/u, '') !== jpeg.truth.san[index].replace(/[+#]$/u, ''))).toEqual([]);
    // Without the extra reason, the model alone decides them: a model that sends nothing sends none of them.
    const none: ReviewRiskModel = { ...DEFAULT_REVIEW_RISK, threshold: Number.POSITIVE_INFINITY, floor: 0 };
    const byModelOnly = reviewByRisk(gameOf(every), none, 0);
    const withDifferences = reviewByRisk(gameOf(every), none, 0, undefined, ['readers-differ']);
    for (const ply of differing) {
      expect(withDifferences.moves[ply - 1].review).toBe(true);
      if (!gameOf(every).moves[ply - 1].reviewReasons.some((reason) => ['corrected', 'unwritten'].includes(reason)) && !disputeForcesReview(gameOf(every).moves[ply - 1])) {
        expect(byModelOnly.moves[ply - 1].review).toBe(false);
      }
    }
  });

  it('sends the whole game to review when three in five of the moves no person confirmed are on the list', () => {
    const every = gameOf(everyDoubt);
    const none: ReviewRiskModel = { ...DEFAULT_REVIEW_RISK, threshold: Number.POSITIVE_INFINITY, floor: 0 };
    const count = every.moves.length;
    // The first `listed` moves corrected, the others read as written; the moves from `confirmedFrom` on confirmed.
    const gameWith = (listed: number, confirmedFrom = count): DecodedGame => ({
      ...every,
      moves: every.moves.map((move, index): DecodedMove => index >= confirmedFrom
        ? { ...move, confidence: 1, confirmed: true, review: false, reviewReasons: [] }
        : index < listed ? { ...move, review: true, reviewReasons: ['corrected'] } : { ...move, review: false, reviewReasons: [] }),
    });
    const most = Math.ceil(MOSTLY_IN_DOUBT * count);
    expect(most).toBeGreaterThan(4);
    const whole = reviewByRisk(gameWith(most), none);
    expect(whole.review).toEqual(every.moves.map((move) => move.ply));
    for (const move of whole.moves.slice(most)) expect(move.reviewReasons).toEqual(['doubtful-sheet']);
    // Each names a rival: the search's best other move, else the legal move nearest what its cell reads (none only
    // when the move was the only legal one), never the game ending before it.
    let nearestNamed = 0;
    for (const move of whole.moves.slice(most)) {
      const best = move.alternatives[0];
      const nearest = nearestOtherMove(move, every.language);
      if (best) expect(move.rival).toEqual({ kind: 'move', san: best.san, probability: best.probability });
      else if (nearest) {
        expect(move.rival, `ply ${move.ply}`).toEqual({ kind: 'move', san: nearest, probability: 0 });
        nearestNamed += 1;
      } else {
        expect(onlyLegalMove(move), `ply ${move.ply}: the only legal move`).toBe(true);
        expect(move.rival).toBeUndefined();
      }
    }
    expect(nearestNamed).toBeGreaterThan(0);
    expect(reviewByRisk(gameWith(most - 1), none).review).toHaveLength(most - 1);
    // Confirmed moves do not count, and stay off the list: with the rest confirmed, most - 1 of `most` is enough.
    const confirmedRest = reviewByRisk(gameWith(most - 1, most), none);
    expect(confirmedRest.review).toEqual(every.moves.slice(0, most).map((move) => move.ply));
    expect(confirmedRest.moves[most - 1].reviewReasons).toEqual(['doubtful-sheet']);
  });

  it('leaves games that were not cross-checked to every reason to doubt', () => {
    const ensembleOnly = decodeGroup(groupOf(phone.read), { crossCheck: false });
    expect(ensembleOnly.reviewBy).toBe('every-doubt');
    expect(ensembleOnly.risks).toBeUndefined();
  });
});

describe('review by risk of both players\u2019 sheets read together', () => {
  let reader: CtcReader;
  let truth: string[];
  let byRisk: DecodedGame;
  let everyDoubt: DecodedGame;
  beforeAll(async () => {
    reader = new CtcReader(ensembleNetworks(await loadNodeRecognizer(), await loadNodeNotationModel()), {}, 'auto');
    const [white, black] = [await readFixture('pair-white.jpg', reader), await readFixture('pair-black.jpg', reader)];
    truth = white.truth.san;
    const group = {
      players: [
        { name: 'white', pages: [{ file: 'pair-white.jpg', page: 1, read: white.read }] },
        { name: 'black', pages: [{ file: 'pair-black.jpg', page: 1, read: black.read }] },
      ],
    };
    byRisk = gameOf(decodeGroup(group, { crossCheck: true }));
    everyDoubt = gameOf(decodeGroup(group, { crossCheck: true, review: 'every-doubt' }));
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('lets the risk decide a dispute on one sheet when the other sheet reads the move as written, and hides no wrong move', () => {
    const scores = reviewRiskScores(everyDoubt.moves);
    // Black's copy is in a hand the readers find hard: one reader disputes many of its moves that White's copy reads plainly.
    const outvoted = everyDoubt.moves.filter((move) => disputeOutvoted(move));
    expect(outvoted.length).toBeGreaterThan(10);
    for (const move of outvoted) {
      const after = byRisk.moves[move.ply - 1];
      const otherwiseForced = ['corrected', 'unwritten', 'readers-differ'].some((reason) => move.reviewReasons.includes(reason as DecodedMove['reviewReasons'][number]))
        || move.confidence < DEFAULT_REVIEW_RISK.floor;
      if (!otherwiseForced) expect(after.review).toBe(scores[move.ply - 1] >= DEFAULT_REVIEW_RISK.threshold);
    }
    // A dispute no other sheet outvotes stays on the list where the other decoding decodes another move.
    for (const move of everyDoubt.moves.filter((candidate) => disputeForcesReview(candidate))) {
      expect(byRisk.moves[move.ply - 1].review).toBe(true);
    }
    const leftOff = outvoted.filter((move) => !byRisk.moves[move.ply - 1].review);
    expect(leftOff.length).toBeGreaterThan(0);
    expect(byRisk.moves.filter((move, index) => !move.review && move.san !== truth[index])).toEqual([]);
  });

  it('outvotes a dispute only with a cell read as written that no reader disputes', () => {
    const move = { confidence: 1, reviewReasons: ['disputed'] };
    expect(disputeOutvoted({ ...move, cells: [{ cell: 3, disputed: true }, { cell: 3 }] })).toBe(true);
    expect(disputeOutvoted({ ...move, cells: [{ cell: 3, disputed: true }] })).toBe(false);
    expect(disputeOutvoted({ ...move, cells: [{ cell: 3, disputed: true }, { cell: 3, disputed: true }] })).toBe(false);
    expect(disputeOutvoted({ ...move, cells: [{ cell: 3, disputed: true }, { cell: 3, corrected: true }] })).toBe(false);
    // A sheet with no cell for the move (a skipped or missing move) vouches for nothing.
    expect(disputeOutvoted({ ...move, cells: [{ cell: 3, disputed: true }, {}] })).toBe(false);
    expect(disputeOutvoted(move)).toBe(false);
  });
});
