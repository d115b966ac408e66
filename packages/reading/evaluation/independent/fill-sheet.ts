/**
 * A game written on a blank sheet by one hand: every ply in its cell (one character per box on a boxed sheet),
 * now and then a slip crossed out and written again beside it (classic) or a character written over (boxed), a
 * forgotten move's cell left blank when the plan says so, and the result ticked. Draws onto the ink layer.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LanguageCode } from '@zapis/notation';
import type { CorpusGame } from './corpus-range.js';
import type { Hand } from './hand.js';
import { handwrite, type Placement, type Rect, type Written } from './handwriting.js';
import { drawStrokes } from './pen.js';
import { pressed, resample, type PenStroke } from './pen-stroke.js';
import type { Random } from './random.js';
import { plyCells, type SheetLayout } from './sheet-layout.js';
import { slipOf, writtenMove } from './written-moves.js';

export interface Correction {
  readonly ply: number;
  /** What was written first. */
  readonly struck: string;
  readonly how: 'crossed-out' | 'overwritten';
}

export interface FilledSheet {
  /** Per ply, what the cell says (the final move where one was corrected); null for a cell left blank. */
  readonly written: readonly (string | null)[];
  readonly corrections: readonly Correction[];
  readonly resultTicked?: string;
}

export interface FillRequest {
  readonly layout: SheetLayout;
  readonly game: CorpusGame;
  readonly language: LanguageCode;
  readonly hand: Hand;
  readonly dpi: number;
  /** 1-based ply whose cell the writer forgot. */
  readonly blankPly?: number;
}

export function fillSheet(context: SKRSContext2D, request: FillRequest, random: Random): FilledSheet {
  const { layout, game, hand } = request;
  const scale = request.dpi / 72;
  const px = (rect: Rect): Rect => ({ x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale });
  const penWidth = (hand.ink.widthMm / 25.4) * request.dpi;
  const cells = plyCells(layout);
  const written: (string | null)[] = [];
  const corrections: Correction[] = [];
  game.san.forEach((san, index) => {
    const ply = index + 1;
    const cell = cells.get(ply);
    if (!cell) throw new Error(`the sheet has no cell for ply ${ply}`);
    if (ply === request.blankPly) {
      written.push(null);
      return;
    }
    const text = writtenMove(san, request.language, hand.habits);
    written.push(text);
    const placement: Placement = cell.boxes.length > 0 ? { kind: 'boxes', boxes: cell.boxes.map(px) } : { kind: 'line', box: px(cell.cell) };
    const moveRandom = random.fork(`ply:${ply}`);
    const correct = moveRandom.chance(hand.correctionRate);
    const correction = correct ? writeCorrected(context, text, placement, hand, moveRandom, penWidth) : undefined;
    if (correction) corrections.push({ ply, ...correction });
    else drawStrokes(context, handwrite(text, placement, hand, moveRandom, { penWidth }).strokes);
  });
  const tick = layout.footer?.results?.find((result) => result.result === game.result);
  const ticked = tick !== undefined && random.chance(0.75);
  if (ticked) drawStrokes(context, cross(px(tick.tick), penWidth, random, hand.pressureSwing));
  return { written, corrections, ...(ticked ? { resultTicked: game.result } : {}) };
}

/** A slip then the move: crossed out and rewritten to its right (a line cell), or one character written over (boxes). */
function writeCorrected(context: SKRSContext2D, text: string, placement: Placement, hand: Hand, random: Random, penWidth: number): Omit<Correction, 'ply'> | undefined {
  const slip = slipOf(text, random);
  if (slip === text) return undefined;
  if (placement.kind === 'boxes') {
    const slipped = [...slip];
    const at = [...text].findIndex((character, index) => slipped[index] !== character);
    if (at < 0 || at >= placement.boxes.length || at >= slipped.length) return undefined;
    drawStrokes(context, handwrite(slipped[at], { kind: 'boxes', boxes: [placement.boxes[at]] }, hand, random.fork('slip'), { penWidth }).strokes);
    drawStrokes(context, handwrite(text, placement, hand, random, { penWidth: penWidth * 1.15 }).strokes);
    return { struck: slip, how: 'overwritten' };
  }
  const box = placement.box;
  const first = handwrite(slip, { kind: 'line', box }, hand, random.fork('slip'), { penWidth, startX: box.x + box.width * random.range(0.02, 0.08), maxWidth: box.width * 0.42 });
  const startX = first.right + box.width * random.range(0.05, 0.1);
  const room = box.x + box.width * 0.97 - startX;
  if (room < box.width * 0.3) return undefined;
  drawStrokes(context, first.strokes);
  drawStrokes(context, strike(first, penWidth, random, hand.pressureSwing));
  drawStrokes(context, handwrite(text, { kind: 'line', box }, hand, random, { penWidth, startX, maxWidth: room }).strokes);
  return { struck: slip, how: 'crossed-out' };
}

/** One or two lines through the slip, or a zigzag scribble over it. */
function strike(ink: Written, penWidth: number, random: Random, swing: number): PenStroke[] {
  const step = Math.max(0.8, penWidth * 0.4);
  const left = ink.left - penWidth * 2, right = ink.right + penWidth * 2;
  const middle = (ink.top + ink.bottom) / 2, span = ink.bottom - ink.top;
  const style = { width: penWidth, swing };
  if (random.chance(0.3)) {
    const points: [number, number][] = [];
    const turns = random.int(4, 7);
    for (let turn = 0; turn <= turns; turn += 1) points.push([left + ((right - left) * turn) / turns, middle + (turn % 2 === 0 ? -0.35 : 0.35) * span]);
    return [pressed(resample(points, step), style, random)];
  }
  const lines = random.chance(0.5) ? 1 : 2;
  return Array.from({ length: lines }, (_, line) => {
    const y = middle + (lines === 2 ? (line === 0 ? -0.15 : 0.15) * span : 0);
    const slope = random.range(-0.15, 0.15) * span;
    return pressed(resample([[left, y - slope], [right, y + slope]], step), style, random);
  });
}

/** A hand-drawn X in a result tick box. */
function cross(box: Rect, penWidth: number, random: Random, swing: number): PenStroke[] {
  const jitter = () => random.range(-0.12, 0.12) * box.width;
  const step = Math.max(0.8, penWidth * 0.4);
  const a: [number, number] = [box.x + box.width * 0.15 + jitter(), box.y + box.height * 0.15 + jitter()];
  const b: [number, number] = [box.x + box.width * 0.85 + jitter(), box.y + box.height * 0.85 + jitter()];
  const c: [number, number] = [box.x + box.width * 0.85 + jitter(), box.y + box.height * 0.15 + jitter()];
  const d: [number, number] = [box.x + box.width * 0.15 + jitter(), box.y + box.height * 0.85 + jitter()];
  return [pressed(resample([a, b], step), { width: penWidth, swing }, random), pressed(resample([c, d], step), { width: penWidth, swing }, random)];
}
