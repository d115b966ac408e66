/**
 * The evaluation set generator: same seed, same bytes; the truth is the
 * corpus game; the handwriting lands inside the cells the layout gives.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import type { Rect } from '@zapis/sheet';
import { readCorpusGames, type CorpusGame } from '../evaluation/corpus-games.js';
import { HELD_OUT_FONTS, TRAINING_ONLY_FONTS, TUNING_FONTS, tuningSubset } from '../evaluation/fonts.js';
import { generateEvaluationSet, writeGameByHand } from '../evaluation/generate.js';
import { loadImage } from '../src/load-image.js';
import { locateScanPage } from '../src/read-scan-file.js';
import { Random } from '../evaluation/random.js';
import type { SheetTruth } from '../evaluation/truth.js';
import { readMove } from '@zapis/notation';
import { OTHER_LATIN_LETTERS, writeMoveByHand, type WriterHabits } from '../evaluation/writer-habits.js';

const skip = skipWithoutShared();

/** Reads written text back to SAN with the writer's habits undone (check marks dropped). */
function unwrite(text: string, habits: WriterHabits): string {
  const english: Record<string, string> = { K: 'K', H: 'Q', W: 'R', G: 'B', S: 'N' };
  let san = text.replace(/[+#X]$/u, '');
  if (/^0-0/u.test(san)) return san.replaceAll('0', 'O');
  san = san.replace(':', 'x');
  if (habits.letters === 'pl') san = san.replace(/[KHWGS]/gu, (letter) => english[letter]);
  if (!habits.promotionEquals) san = san.replace(/([18])([QRBN])$/u, '$1=$2');
  return san;
}

describe('writeMoveByHand', () => {
  it('writes Polish letters, colons, zeros and leaves checks out as the habits say', () => {
    const polish: WriterHabits = {
      letters: 'pl', castling: '0-0', capture: ':', otherCaptureRate: 0, omitCaptureRate: 0, checkRate: 0, mate: 'X', promotionEquals: false,
    };
    const random = new Random(3);
    expect(writeMoveByHand('Nxe5+', polish, random)).toBe('S:e5');
    expect(writeMoveByHand('O-O-O', polish, random)).toBe('0-0-0');
    expect(writeMoveByHand('exd8=Q#', polish, random)).toBe('e:d8HX');
    expect(writeMoveByHand('Rb1', polish, random)).toBe('Wb1');
    const english: WriterHabits = { ...polish, letters: 'en', castling: 'O-O', capture: 'x', checkRate: 1, mate: '#', promotionEquals: true };
    expect(writeMoveByHand('Nxe5+', english, random)).toBe('Nxe5+');
    expect(writeMoveByHand('O-O', english, random)).toBe('O-O');
    expect(writeMoveByHand('exd8=Q#', english, random)).toBe('exd8=Q#');
  });

  it('writes every other Latin letter set so that the notation reads the same piece in that language', () => {
    const plain: WriterHabits = {
      letters: 'en', castling: 'O-O', capture: 'x', otherCaptureRate: 0, omitCaptureRate: 0, checkRate: 0, mate: '#', promotionEquals: true,
    };
    const moves = [
      { san: 'Nxe5', piece: 'knight' }, { san: 'Qd1', piece: 'queen' }, { san: 'Bb5', piece: 'bishop' },
      { san: 'Rfe1', piece: 'rook' }, { san: 'Kg1', piece: 'king' }, { san: 'exd8=Q', piece: 'pawn', promotion: 'queen' },
    ] as const;
    const random = new Random(5);
    expect(writeMoveByHand('Nf3', { ...plain, letters: 'fr' }, random)).toBe('Cf3');
    expect(writeMoveByHand('Rb1', { ...plain, letters: 'hu' }, random)).toBe('Bb1');
    for (const letters of OTHER_LATIN_LETTERS) {
      for (const move of moves) {
        const text = writeMoveByHand(move.san, { ...plain, letters }, random);
        const readings = readMove(text).filter((reading) => reading.languages === 'any' || reading.languages.includes(letters));
        expect(readings.map((reading) => [reading.piece, reading.promotion]), `${letters} ${move.san} → ${text}`)
          .toContainEqual([move.piece, 'promotion' in move ? move.promotion : undefined]);
      }
    }
  });
});

describe.skipIf(skip)('evaluation set generator', () => {
  let folder: string;
  let first: SheetTruth[];
  let again: SheetTruth[];
  let other: SheetTruth[];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zapis-eval-test-'));
    const options = { set: 'tune' as const, kinds: ['jpeg150' as const], games: 1 };
    first = await generateEvaluationSet({ ...options, out: join(folder, 'a'), seed: 7 });
    again = await generateEvaluationSet({ ...options, out: join(folder, 'b'), seed: 7 });
    other = await generateEvaluationSet({ ...options, out: join(folder, 'c'), seed: 8 });
  });

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is deterministic for a seed: same game, same truth, same image bytes', async () => {
    expect(first).toHaveLength(1);
    expect(again).toEqual(first);
    const [a, b] = await Promise.all([readFile(join(folder, 'a', first[0].file)), readFile(join(folder, 'b', again[0].file))]);
    expect(a.equals(b)).toBe(true);
    const written = JSON.parse(await readFile(join(folder, 'a', `${first[0].id}.json`), 'utf8')) as SheetTruth;
    expect(written).toEqual(first[0]);
    // Another seed picks another game or another hand.
    expect(other[0].game !== first[0].game || other[0].font !== first[0].font || other[0].written.join() !== first[0].written.join()).toBe(true);
  });

  it('the truth is the corpus game N, and what is written reads back to it', async () => {
    const truth = first[0];
    expect(truth.game).toBeGreaterThanOrEqual(1);
    expect(truth.game).toBeLessThanOrEqual(2000);
    expect(TUNING_FONTS).toContain(truth.font);
    let number = 0;
    let text = '';
    for await (const raw of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), truth.game)) {
      number += 1;
      text = raw.text;
    }
    expect(number).toBe(truth.game);
    // The corpus movetext, read independently of the generator's parser.
    const movetext = text.split('\n').filter((line) => !line.startsWith('[')).join(' ');
    const tokens = movetext.replace(/\d+\.(\.\.)?/gu, ' ').split(/\s+/u).filter((token) => token !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/u.test(token));
    expect(truth.san).toEqual(tokens);
    expect(truth.result).toBe(/\[Result "([^"]+)"\]/u.exec(text)?.[1]);
    expect(truth.written).toHaveLength(truth.san.length);
    const habits = truth.habits!;
    truth.san.forEach((san, ply) => {
      const expected = san.replace(/[+#]$/u, '');
      const back = unwrite(truth.written[ply], habits);
      // A writer who leaves out the capture mark writes e.g. 'Nf3' for 'Nxf3'.
      expect([expected, expected.replace('x', '')]).toContain(back);
    });
  });

  it('ink lands inside the move cells of the written plies, the header fields and the result box; nowhere else', async () => {
    const games = await readCorpusGames([1, 2, 3, 4]);
    const checked: CorpusGame[] = [...games.values()].filter((game) => game.san.length <= 120).slice(0, 2);
    expect(checked.length).toBe(2);
    for (const [index, game] of checked.entries()) {
      const page = await writeGameByHand(game, new Random(100 + index), index === 0 ? TUNING_FONTS : HELD_OUT_FONTS);
      const scale = page.canvas.width / page.layout.paper.width;
      const width = page.canvas.width, height = page.canvas.height;
      const inked = page.canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const blank = page.blank.getContext('2d').getImageData(0, 0, width, height).data;
      const cells = page.layout.moveGrid.rows.flatMap((row) => [row.white, row.black]).sort((a, b) => a.ply - b.ply);
      const allowed: Rect[] = [
        ...cells.filter((slot) => slot.ply <= game.san.length).map((slot) => slot.cell),
        ...page.layout.header.filter((field) => page.handwrittenHeader[field.key] !== undefined).map((field) => field.rect),
        ...page.layout.footer.results.map((box) => box.tick),
      ];
      // Touching the ruling is allowed (writers do), crossing into the next cell is not: 2 pt of slack.
      const slack = 2;
      const inside = (x: number, y: number, rect: Rect): boolean =>
        x >= rect.x - slack && x <= rect.x + rect.width + slack && y >= rect.y - slack && y <= rect.y + rect.height + slack;
      const inkPerCell = new Map<number, number>();
      let outside = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const i = (y * width + x) * 4;
          if (Math.abs(inked[i] - blank[i]) + Math.abs(inked[i + 2] - blank[i + 2]) < 60) continue;
          const px = x / scale, py = y / scale;
          if (!allowed.some((rect) => inside(px, py, rect))) outside += 1;
          const slot = cells.find((candidate) => inside(px, py, candidate.cell));
          if (slot) inkPerCell.set(slot.ply, (inkPerCell.get(slot.ply) ?? 0) + 1);
        }
      }
      expect(outside).toBe(0);
      // Every written ply has ink in its cell; the cells after the game stay empty.
      for (let ply = 1; ply <= game.san.length; ply += 1) expect(inkPerCell.get(ply) ?? 0).toBeGreaterThan(150);
      for (const slot of cells.filter((candidate) => candidate.ply > game.san.length)) expect(inkPerCell.get(slot.ply) ?? 0).toBe(0);
    }
  });

  it('writes a small, condensed hand when asked, and leaves every other choice of the page as it was', async () => {
    const [game] = [...(await readCorpusGames([5])).values()];
    const plain = await writeGameByHand(game, new Random(41), ['kalam']);
    const small = await writeGameByHand(game, new Random(41), ['kalam'], { smallHand: new Random(42) });
    // Same writer, habits and words: only the hand's size and width differ.
    expect(small.written).toEqual(plain.written);
    expect(small.habits).toEqual(plain.habits);
    expect(small.hand.font).toBe(plain.hand.font);
    expect(small.hand.capHeight).toBeCloseTo(plain.hand.capHeight * 0.8, 10);
    expect(small.hand.width).toBeGreaterThanOrEqual(0.55);
    expect(small.hand.width).toBeLessThanOrEqual(0.8);
    // Less ink in every written cell: the letters are smaller and narrower.
    const inkOf = (page: typeof plain): number[] => {
      const { width, height } = page.canvas;
      const inked = page.canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const blank = page.blank.getContext('2d').getImageData(0, 0, width, height).data;
      const scale = width / page.layout.paper.width;
      const cells = page.layout.moveGrid.rows.flatMap((row) => [row.white, row.black]).filter((slot) => slot.ply <= game.san.length);
      return cells.map(({ cell }) => {
        let ink = 0;
        for (let y = Math.floor(cell.y * scale); y < (cell.y + cell.height) * scale; y += 1) {
          for (let x = Math.floor(cell.x * scale); x < (cell.x + cell.width) * scale; x += 1) {
            const i = (y * width + x) * 4;
            if (Math.abs(inked[i] - blank[i]) + Math.abs(inked[i + 2] - blank[i + 2]) >= 60) ink += 1;
          }
        }
        return ink;
      });
    };
    const [plainInk, smallInk] = [inkOf(plain), inkOf(small)];
    expect(smallInk.every((ink, index) => ink > 0 && ink < plainInk[index])).toBe(true);
  });

  it('writes both players\u2019 copies of a game as a pair: one printed sheet, two writers, QR codes that pair them', async () => {
    const options = { set: 'tune' as const, kinds: ['scan200' as const], games: 1, seed: 7, pairs: true };
    const pair = await generateEvaluationSet({ ...options, out: join(folder, 'pair') });
    expect(pair.map((truth) => [truth.id, truth.copy])).toEqual([
      [`tune-${String(first[0].game).padStart(6, '0')}-scan200-white`, 'white'], [`tune-${String(first[0].game).padStart(6, '0')}-scan200-black`, 'black'],
    ]);
    const [white, black] = pair;
    expect(black.san).toEqual(white.san);
    expect(black.sheetLanguage).toBe(white.sheetLanguage);
    expect(black.header.printed).toEqual(white.header.printed);
    expect(white.header.printed.board).toBe('1');
    // Two writers: their own habits and hands (what they wrote, or how, differs).
    expect(JSON.stringify([black.hand, black.written]) === JSON.stringify([white.hand, white.written])).toBe(false);
    // Each copy's QR names the game by its board, and which player's copy it is.
    for (const truth of pair) {
      const image = loadImage(new Uint8Array(await readFile(join(folder, 'pair', truth.file))));
      if (!image.ok) throw new Error(image.error.message);
      const located = locateScanPage(image.value, 1);
      if (!located.ok) throw new Error(located.message);
      expect(located.sheet.qr).toMatchObject({ board: '1', copy: truth.copy });
    }
    await expect(generateEvaluationSet({ ...options, kinds: ['prefilled' as const], out: join(folder, 'pair-prefilled') })).rejects.toThrow(/pre-filled/);
  });

  it('takes lists of tuning and training-only fonts for trials and refuses a held-out one', () => {
    expect(tuningSubset(['kalam', 'architects-daughter'])).toEqual(['kalam', 'architects-daughter']);
    expect(tuningSubset(['kalam', TRAINING_ONLY_FONTS[0]])).toEqual(['kalam', TRAINING_ONLY_FONTS[0]]);
    expect(() => tuningSubset(['kalam', HELD_OUT_FONTS[0]])).toThrow(HELD_OUT_FONTS[0]);
    expect(() => tuningSubset([])).toThrow(/tuning or training-only fonts/);
    // No hand is both trained on and held out.
    expect(TRAINING_ONLY_FONTS.filter((font) => (HELD_OUT_FONTS as readonly string[]).includes(font))).toEqual([]);
  });
});
