/**
 * The shipped notation CRNN (models/notation-crnn.onnx): it loads, reads the
 * held-out-font fixture scans, and an ensemble reading (PP-OCR + CRNN frames)
 * survives the trip to another thread with the same scores.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CtcReader } from '@zapis/ocr';
import { CtcScores } from '@zapis/ocr/internal';
import { loadNodeNotationModel, loadNodeRecognizer } from '@zapis/ocr/node';
import type { NotationModel } from '@zapis/ocr';
import { NOTATION_SYMBOLS } from '@zapis/ocr';
import { decodeGroup } from '../src/read-game.js';
import { outcomeFromPlain, plainOutcome } from '@zapis/ocr';
import { readFixture } from './support/read-fixture.js';

/** The same text with its last rank digit changed: a near miss the reader must score lower. */
const otherRank = (text: string) => text.replace(/[1-8](?=[^1-8]*$)/, (digit) => String((Number(digit) % 8) + 1));

describe('the notation CRNN', () => {
  let model: NotationModel;
  let notation: CtcReader;
  let ensemble: CtcReader;
  beforeAll(async () => {
    model = await loadNodeNotationModel();
    notation = new CtcReader(model, {}, 'notation');
    ensemble = new CtcReader([await loadNodeRecognizer(), await loadNodeNotationModel()], {}, 'ensemble');
  });
  afterAll(async () => {
    await notation.dispose();
    await ensemble.dispose();
  });

  it('loads with the notation symbols and reads a held-out hand on a 200-dpi scan', async () => {
    // Every symbol a move is written with, after the CTC blank: the decoder can score any spelling.
    expect(model.alphabet).toEqual(['', ...new Set(NOTATION_SYMBOLS)]);
    const { read, truth } = await readFixture('scan200-heldout.png', notation);
    expect(read.cells.length).toBe(truth.written.length);
    const top = read.cells.filter((cell, index) => cell.reading.alternatives[0]?.text === truth.written[index]).length;
    // Its best text is what was written in most cells (PP-OCR alone: two in three on this scan).
    expect(top / read.cells.length).toBeGreaterThan(0.8);
    const preferred = read.cells.filter((cell, index) => cell.reading.score!(truth.written[index]) > cell.reading.score!(otherRank(truth.written[index]))).length;
    expect(preferred / read.cells.length).toBeGreaterThan(0.95);
  });

  it('with PP-OCR as an ensemble, decodes an upside-down phone photo and keeps both frame sets across threads', async () => {
    const { read, truth } = await readFixture('phone.jpg', ensemble);
    const first = read.cells[0].reading as { frames?: readonly unknown[] };
    expect(first.frames?.length).toBe(2);
    // A worker thread sends plain data (structured clone); the scorer is rebuilt from both networks' frames.
    const plain = structuredClone(plainOutcome({ ok: true, file: 'phone.jpg', page: 1, read }));
    // Rebuilt with its alternatives and each network's best texts, a reading never searches its frames again, not
    // even when the decoder asks for its witnesses: those searches were most of the time the desk spent grouping.
    const searched = vi.spyOn(CtcScores.prototype, 'bestTexts');
    const rebuilt = outcomeFromPlain(plain);
    if (!rebuilt.ok) throw new Error(rebuilt.message);
    expect(searched).not.toHaveBeenCalled();
    read.cells.forEach((cell, index) => {
      const text = truth.written[index];
      expect(rebuilt.read.cells[index].reading.score!(text)).toBeCloseTo(cell.reading.score!(text), 9);
      expect(rebuilt.read.cells[index].reading.alternatives).toEqual(cell.reading.alternatives);
      // Each network on its own, as the decoder hears it for corrections: the same on both sides of the trip,
      // its ceiling the best it scored any of the cell's best texts.
      const witnesses = cell.reading.witnesses ?? [];
      expect(witnesses).toHaveLength(2);
      witnesses.forEach((witness, network) => {
        const again = rebuilt.read.cells[index].reading.witnesses![network];
        expect(again.ceiling).toBeCloseTo(witness.ceiling, 9);
        expect(again.score(text)).toBeCloseTo(witness.score(text), 9);
        for (const alternative of cell.reading.alternatives) expect(witness.ceiling).toBeGreaterThanOrEqual(witness.score(alternative.text) - 1e-9);
      });
    });
    expect(searched).not.toHaveBeenCalled();
    searched.mockRestore();
    const game = decodeGroup({ players: [{ name: 'phone.jpg', pages: [{ file: 'phone.jpg', page: 1, read: rebuilt.read }] }] });
    expect(game.decoded.ok).toBe(true);
    const moves = game.decoded.ok ? game.decoded.value.moves : [];
    const right = truth.san.filter((san, index) => moves[index]?.san === san).length;
    expect(right / truth.san.length).toBeGreaterThan(0.95);
    // The networks heard one by one change no move, only add corrections to the review list.
    const unheard = { ...rebuilt.read, cells: rebuilt.read.cells.map(({ reading: { witnesses: _witnesses, ...reading }, ...cell }) => ({ ...cell, reading })) };
    const averaged = decodeGroup({ players: [{ name: 'phone.jpg', pages: [{ file: 'phone.jpg', page: 1, read: unheard }] }] });
    if (!averaged.decoded.ok) throw new Error('not decoded');
    expect(moves.map((move) => move.san)).toEqual(averaged.decoded.value.moves.map((move) => move.san));
    averaged.decoded.value.moves.forEach((move, index) => {
      if (move.corrected) expect(moves[index].corrected).toBe(true);
      if (moves[index].corrected) expect(moves[index].review).toBe(true);
    });
  });

  it('reads back a reading stored before readers were ensembles (one network\u2019s frames, not a list)', async () => {
    const { read, truth } = await readFixture('phone.jpg', ensemble);
    const plain = plainOutcome({ ok: true, file: 'phone.jpg', page: 1, read });
    if (!plain.ok) throw new Error(plain.message);
    const withFrames = (frames: (list: readonly unknown[]) => unknown) => ({
      ...plain, read: { ...plain.read, cells: plain.read.cells.map((cell) => ({ ...cell, frames: frames(cell.frames ?? []) })) },
    }) as unknown as typeof plain;
    const stored = outcomeFromPlain(withFrames((list) => list[0]));
    const listed = outcomeFromPlain(withFrames((list) => [list[0]]));
    if (!stored.ok || !listed.ok) throw new Error('not rebuilt');
    stored.read.cells.forEach((cell, index) => {
      expect(cell.reading.score!(truth.written[index])).toBeCloseTo(listed.read.cells[index].reading.score!(truth.written[index]), 9);
    });
  });
});
