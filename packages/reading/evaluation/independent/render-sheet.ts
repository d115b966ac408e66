/** One sheet of the set, from plan to files: print, write, lay on paper, capture, and record the truth. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { printBlankSheet } from './blank-sheet.js';
import { capture, renderDpiFor } from './capture.js';
import type { CorpusGame } from './corpus-range.js';
import { fillSheet } from './fill-sheet.js';
import { pickHand } from './hand.js';
import { applyHomography, type Point } from './homography.js';
import { lay, pickPaper } from './paper.js';
import { Random } from './random.js';
import { encodeRaster } from './raster.js';
import { plyCells } from './sheet-layout.js';
import type { SheetPlan } from './sheet-plan.js';
import { INDEPENDENT_TRUTH_FORMAT, type IndependentTruth, type Quad } from './truth.js';

/** Header values worth printing: the corpus's `?` means unknown. */
function headerOf(game: CorpusGame): Record<string, string> {
  const known = (value: string | undefined) => (value !== undefined && value !== '' && !value.includes('?') ? value : undefined);
  const header: Record<string, string> = {};
  for (const [key, tag] of [['event', 'Event'], ['site', 'Site'], ['round', 'Round'], ['white', 'White'], ['black', 'Black']] as const) {
    const value = known(game.tags[tag]);
    if (value !== undefined) header[key] = value;
  }
  return header;
}

export async function renderSheet(plan: SheetPlan, game: CorpusGame, folder: string): Promise<IndependentTruth> {
  const random = new Random(plan.seed);
  const hand = pickHand(random.fork('hand'), plan.language);
  const dpi = renderDpiFor(plan.kind, random.fork('dpi'));
  const blank = await printBlankSheet({ language: plan.language, style: plan.style, paper: plan.paper, moves: plan.moves, blocks: plan.blocks, header: headerOf(game) }, dpi);
  const { layout, printed } = blank;
  const blankPly = plan.ending === 'gap' ? random.fork('gap').int(8, game.san.length - 8) : undefined;
  const canvas = createCanvas(printed.width, printed.height);
  const filled = fillSheet(canvas.getContext('2d'), { layout, game, language: plan.language, hand, dpi, ...(blankPly ? { blankPly } : {}) }, random.fork('fill'));
  const inkData = canvas.getContext('2d').getImageData(0, 0, printed.width, printed.height).data;
  const inkLayer = { width: printed.width, height: printed.height, data: new Uint8ClampedArray(inkData) };
  const paper = pickPaper(random.fork('paper'));
  const page = lay(printed, inkLayer, hand.ink, paper, dpi, random.fork('lay'));
  const cut = plan.cutCorner ? { corner: random.int(0, 3) as 0 | 1 | 2 | 3, size: (random.range(60, 110) * dpi) / 72 } : undefined;
  const captured = capture(plan.kind, page, dpi, random.fork('capture'), cut);
  const file = `${plan.id}.${captured.format === 'png' ? 'png' : 'jpg'}`;
  await writeFile(join(folder, file), encodeRaster(captured.raster, captured.format, captured.quality, captured.dpi));

  const scale = dpi / 72;
  const quadOf = (x: number, y: number, width: number, height: number): Quad => {
    const corner = (px: number, py: number): Point => rounded(applyHomography(captured.toImage, [px * scale, py * scale]));
    return [corner(x, y), corner(x + width, y), corner(x + width, y + height), corner(x, y + height)];
  };
  const cells = plyCells(layout);
  const lastWrittenPly = filled.written.reduce((last, text, index) => (text === null ? last : index + 1), 0);
  const truth: IndependentTruth = {
    format: INDEPENDENT_TRUTH_FORMAT, version: 1, id: plan.id, file, kind: plan.kind, language: plan.language, style: plan.style,
    layoutId: layout.layoutId, san: game.san, written: filled.written, lastWrittenPly,
    cells: game.san.map((_, index) => {
      const { cell } = cells.get(index + 1)!;
      return quadOf(cell.x, cell.y, cell.width, cell.height);
    }),
    pageCorners: quadOf(0, 0, layout.paper.width, layout.paper.height),
    tags: {
      ...game.tags,
      'gen.kind': plan.kind, 'gen.language': plan.language, 'gen.style': plan.style, 'gen.grid': `m${plan.moves}/b${plan.blocks}`, 'gen.paper': plan.paper,
      'gen.ending': plan.ending, 'gen.hand': hand.font, 'gen.ink': hand.ink.kind, 'gen.paperLook': paper.name,
      'gen.capture': hand.habits.capture, 'gen.checks': String(hand.habits.checks),
      ...(filled.corrections.length > 0 ? { 'gen.corrections': String(filled.corrections.length) } : {}),
      ...(cut ? { 'gen.cutCorner': String(cut.corner) } : {}),
    },
    game: game.number, result: game.result, corrections: filled.corrections,
    making: { seed: plan.seed, dpi, hand: { ...hand }, paper, capture: captured.notes, ...(cut ? { cut } : {}), ...(blankPly ? { blankPly } : {}), ...(filled.resultTicked ? { resultTicked: filled.resultTicked } : {}) },
  };
  await writeFile(join(folder, `${plan.id}.json`), `${JSON.stringify(truth, null, 1)}\n`);
  return truth;
}

const rounded = ([x, y]: Point): Point => [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
