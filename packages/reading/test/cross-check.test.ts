/**
 * Cross-checked reading (`--reader auto`): one ensemble reading of the cells,
 * decoded by the ensemble and by PP-OCR alone; the decoding with fewer moves in
 * doubt is kept and every move the other decodes otherwise goes to review.
 * Checked against separate decodings of the same fixture scans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedMove } from '@zapis/decode';
import { CtcReader } from '@zapis/ocr';
import { crossCheck } from '@zapis/decode/internal';
import { loadNodeNotationModel, loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup, decodeOtherReading, type ReadGame } from '../src/read-game.js';
import type { SheetRead } from '@zapis/ocr';
import type { CellReading } from '@zapis/ocr';
import { readFixture, SOFT_SCANS, type FixtureTruth } from './support/read-fixture.js';

const groupOf = (read: SheetRead, file: string) => ({ players: [{ name: 'white', pages: [{ file, page: 1, read }] }] });

function movesOf(game: ReadGame): readonly DecodedMove[] {
  if (!game.decoded.ok) throw new Error(`${game.decoded.error.code}: ${game.decoded.error.message}`);
  return game.decoded.value.moves;
}

const reviewShare = (moves: readonly DecodedMove[]) => moves.filter((move) => move.review).length / moves.length;

describe('cross-checked reading', () => {
  let ensemble: CtcReader;
  let ppOcr: CtcReader;
  // The 150-dpi scan, read once: the two readings part at several moves here.
  let jpeg150: { read: SheetRead; truth: FixtureTruth };
  // A soft JPEG (fixtures/soft-scans): the readings part at moves that neither decoding flags on its own.
  let soft: { read: SheetRead; truth: FixtureTruth };
  beforeAll(async () => {
    // PP-OCR and the notation network, without its second look (stretched-lines.ts): on this scan their readings part
    // at 15 plies, some flagged by neither, which is what the cross-check is tested on.
    ensemble = new CtcReader([await loadNodeRecognizer(), await loadNodeNotationModel()], {}, 'auto');
    ppOcr = new CtcReader(await loadNodeRecognizer(), {}, 'ctc');
    jpeg150 = await readFixture('jpeg150.jpg', ensemble);
    soft = await readFixture('soft-alone.jpg', ensemble, SOFT_SCANS);
  });
  afterAll(async () => {
    await ensemble.dispose();
    await ppOcr.dispose();
  });

  it('reads PP-OCR alone from the ensemble\u2019s frames exactly as the PP-OCR reader does', async () => {
    const both = jpeg150;
    const alone = await readFixture('jpeg150.jpg', ppOcr);
    both.read.cells.forEach((cell, index) => {
      const fromEnsemble = cell.reading.alone!();
      const own = alone.read.cells[index].reading;
      expect(fromEnsemble.alternatives).toEqual(own.alternatives);
      for (const text of [both.truth.written[index], 'Kd2', 'e4']) expect(fromEnsemble.score!(text)).toBeCloseTo(own.score!(text), 9);
      // Made once: the decoder's caches live on the reading.
      expect(cell.reading.alone!()).toBe(fromEnsemble);
    });
  });

  it('keeps the decoding with fewer moves in doubt and flags every move where the readers differ', async () => {
    const { read, truth } = soft;
    const group = groupOf(read, 'soft-alone.jpg');
    const byEnsemble = movesOf(decodeGroup(group));
    const aloneGroup = { players: [{ name: 'white', pages: [{ file: 'soft-alone.jpg', page: 1, read: { ...read, cells: read.cells.map((cell) => ({ ...cell, reading: cell.reading.alone!() })) } }] }] };
    const byAlone = movesOf(decodeGroup(aloneGroup));
    const keptAlone = reviewShare(byAlone) <= reviewShare(byEnsemble);
    const [kept, other] = keptAlone ? [byAlone, byEnsemble] : [byEnsemble, byAlone];
    const bare = (san?: string) => san?.replace(/[+#]$/, '');
    const differ = kept.filter((move, index) => bare(other[index]?.san) !== bare(move.san)).map((move) => move.ply);
    // This scan is one where the two readings part: without a difference the test would prove nothing.
    // Measured: 3.
    expect(differ.length).toBeGreaterThanOrEqual(3);

    const checked = decodeGroup(group, { crossCheck: true, review: 'every-doubt' });
    const moves = movesOf(checked);
    expect(checked.crossCheck?.kept).toBe(keptAlone ? 'alone' : 'ensemble');
    expect(moves.map((move) => move.san)).toEqual(kept.map((move) => move.san));
    expect(checked.crossCheck?.differing).toEqual(differ);
    // The game's review list (what `zapis read` counts and lists) holds every flagged move.
    if (!checked.decoded.ok) throw new Error('decoded');
    expect(checked.decoded.value.review).toEqual(moves.filter((move) => move.review).map((move) => move.ply));
    // The kept decoding's own doubts stay listed; each difference is listed with its own reason (below).
    expect(checked.decoded.value.review.length).toBeGreaterThanOrEqual(kept.filter((move) => move.review).length);
    moves.forEach((move, index) => {
      if (differ.includes(move.ply)) {
        expect(move.review).toBe(true);
        expect(move.reviewReasons).toContain('readers-differ');
        expect(move.otherReading).toBe(other[index]?.san);
        // A move flagged for the difference alone names the other reading's move as its rival.
        if (!kept[index].review) expect(move.rival).toMatchObject({ kind: 'move', san: other[index].san });
      } else {
        expect(move.review).toBe(kept[index].review);
        expect(move.reviewReasons).toEqual(kept[index].reviewReasons);
      }
    });
    // The cells shown for the moves are the kept reading's.
    const shown = checked.cells(1)[0]?.cell.reading.alternatives;
    expect(shown).toEqual(keptAlone ? read.cells[0].reading.alone!().alternatives : read.cells[0].reading.alternatives);
    // Every move right on this scan is either kept as read or on the review list: nothing wrong passes unflagged.
    const wrongUnflagged = moves.filter((move, index) => !move.review && move.san.replace(/[+#]$/, '') !== truth.san[index].replace(/[+#]$/, ''));
    expect(wrongUnflagged).toEqual([]);
  });

  it('decodes exactly the same games with the readers\u2019 bounds as without, and scores fewer moves with them', () => {
    const { read } = jpeg150;
    let scored = 0;
    /** A reading counting every text it scores, with its bound or without; PP-OCR alone's too, made once as the reader's is. */
    const counted = (reading: CellReading, withBound: boolean): CellReading => {
      const { score, scoreBound, alone } = reading;
      if (!score || !scoreBound) throw new Error('a CTC reading without a score or a bound');
      // On real frames, the bound of a text's own characters is never below its score.
      for (const text of [...reading.alternatives.map((alternative) => alternative.text), 'Kd2', 'exd5', 'Nxf3+', 'O-O-O']) {
        expect(scoreBound(text), text).toBeGreaterThanOrEqual(score(text));
      }
      let own: CellReading | undefined;
      return {
        ...reading,
        score: (text: string) => { scored += 1; return score(text); },
        scoreBound: withBound ? scoreBound : undefined,
        ...(alone ? { alone: () => (own ??= counted(alone(), withBound)) } : {}),
      };
    };
    const sheet = (withBound: boolean) => groupOf({ ...read, cells: read.cells.map((cell) => ({ ...cell, reading: counted(cell.reading, withBound) })) }, 'jpeg150.jpg');
    // As read, and with a move the readings did not favour confirmed (the last alternative of the first flagged move).
    const asRead = decodeGroup(sheet(false), { crossCheck: true });
    const flagged = movesOf(asRead).find((move) => move.review && move.alternatives.length > 0)!;
    const confirmed = new Map([[flagged.ply, flagged.alternatives[flagged.alternatives.length - 1].san]]);
    for (const options of [{ crossCheck: true }, { crossCheck: true, confirmed }]) {
      scored = 0;
      const without = decodeGroup(sheet(false), options);
      const scoredWithout = scored;
      scored = 0;
      const bounded = decodeGroup(sheet(true), options);
      expect(bounded.decoded).toEqual(without.decoded);
      expect(bounded.crossCheck).toEqual(without.crossCheck);
      // Measured: 28,659 texts scored against 99,010 as read, 44,242 against 147,280 after the confirmation.
      expect(scored).toBeLessThan(0.6 * scoredWithout);
    }
  });

  it('never flags a move a person confirmed, even where the readers differ', async () => {
    const group = groupOf(jpeg150.read, 'jpeg150.jpg');
    const first = decodeGroup(group, { crossCheck: true });
    const ply = first.crossCheck!.differing[0];
    const san = movesOf(first)[ply - 1].san;
    const again = decodeGroup(group, { crossCheck: true, confirmed: new Map([[ply, san]]) });
    const move = movesOf(again)[ply - 1];
    expect(move.confirmed).toBe(true);
    expect(move.review).toBe(false);
    expect(again.crossCheck!.differing).not.toContain(ply);
  });

  it('keeps the reading that leaves fewer moves in doubt on a pre-filled sheet; a failed decoding is never kept', async () => {
    const { read, truth } = await readFixture('prefilled.png', ensemble);
    const checked = decodeGroup(groupOf(read, 'prefilled.png'), { crossCheck: true });
    const [ensembleGame, aloneGame] = [decodeGroup(groupOf(read, 'prefilled.png')), decodeOtherReading(groupOf(read, 'prefilled.png'), {})];
    if (!ensembleGame.decoded.ok || !aloneGame.ok) throw new Error('the pre-filled sheet did not decode');
    const [ensembleDoubt, aloneDoubt] = [reviewShare(ensembleGame.decoded.value.moves), reviewShare(aloneGame.value.moves)];
    expect(checked.crossCheck?.kept).toBe(ensembleDoubt < aloneDoubt ? 'ensemble' : 'alone');
    expect(movesOf(checked).map((move) => move.san)).toEqual(truth.san);
    // Against a reading that decodes nothing, the game that stands is kept, and every move of it is in doubt.
    const failed = { ok: false as const, error: { code: 'empty', message: 'nothing read' } as never };
    const againstNothing = crossCheck(checked.decoded, failed);
    expect(againstNothing.kept).toBe('ensemble');
    expect(againstNothing.differing).toHaveLength(truth.san.length);
    if (!againstNothing.decoded.ok) throw new Error('kept the failure');
    expect(againstNothing.decoded.value.moves.every((move) => move.review && move.reviewReasons.includes('readers-differ'))).toBe(true);
    expect(againstNothing.decoded.value.moves[0].rival).toEqual({ kind: 'game-ends', probability: 0 });
    expect(crossCheck(failed, failed)).toEqual({ kept: 'alone', decoded: failed, differing: [] });
    // Both refuse a confirmed move: the error of the reading that got further stands, so the desk, which decodes
    // again without the refused move, drops the later confirmation, never one the other reading plays.
    const refusedAt = (ply: number) => ({ ok: false as const, error: { code: 'confirmed-illegal' as const, message: `ply ${ply}`, ply } });
    expect(crossCheck(refusedAt(61), refusedAt(49))).toEqual({ kept: 'ensemble', decoded: refusedAt(61), differing: [] });
    expect(crossCheck(refusedAt(40), refusedAt(49))).toEqual({ kept: 'alone', decoded: refusedAt(49), differing: [] });
  });

  it('where both send every move to review keeps the clearly surer decoding, on other ties PP-OCR alone', async () => {
    const { read } = await readFixture('prefilled.png', ensemble);
    const checked = decodeGroup(groupOf(read, 'prefilled.png'), { crossCheck: true });
    if (!checked.decoded.ok) throw new Error('the pre-filled sheet did not decode');
    const game = checked.decoded.value;
    // Every move in doubt in both (both players' sheets, one unreadable: each move a correction on it).
    const doubted = (confidence: number) => ({
      ok: true as const,
      value: { ...game, moves: game.moves.map((move): DecodedMove => ({ ...move, confidence, review: true, reviewReasons: ['corrected'] })) },
    });
    expect(crossCheck(doubted(0.9), doubted(0)).kept).toBe('ensemble');
    expect(crossCheck(doubted(0.9), doubted(0.88)).kept).toBe('alone');
    expect(crossCheck(doubted(0), doubted(0.9)).kept).toBe('alone');
    // A tie with some moves not in doubt keeps PP-OCR alone, however much surer the ensemble is.
    const half = (confidence: number) => ({
      ok: true as const,
      value: { ...game, moves: game.moves.map((move, index): DecodedMove => ({ ...move, confidence, review: index % 2 === 0, reviewReasons: index % 2 === 0 ? ['uncertain'] : [] })) },
    });
    expect(crossCheck(half(0.99), half(0.5)).kept).toBe('alone');
    // Fewer in doubt still wins whatever the confidence.
    const clean = { ok: true as const, value: { ...game, moves: game.moves.map((move): DecodedMove => ({ ...move, confidence: 0.5, review: false, reviewReasons: [] })) } };
    expect(crossCheck(doubted(1), clean).kept).toBe('alone');
    expect(crossCheck(clean, doubted(1)).kept).toBe('ensemble');
  });
});
