/**
 * What each sheet of a set will be, drawn from the seed before anything is rendered: its capture kind, language,
 * sheet style and grid, paper, and how the game sits on it (ending early, on the last row, or with a blank cell).
 */
import type { CaptureKind } from './capture.js';
import { Random } from './random.js';

export const SHEET_LANGUAGES = ['pl', 'en', 'de', 'fr'] as const;
export type SheetLanguage = (typeof SHEET_LANGUAGES)[number];

/** Grids printed: moves per sheet and blocks side by side (rows = moves / blocks). */
const GRIDS = {
  classic: [{ moves: 30, blocks: 2 }, { moves: 40, blocks: 2 }, { moves: 60, blocks: 2 }, { moves: 90, blocks: 3 }],
  boxed: [{ moves: 40, blocks: 2 }, { moves: 60, blocks: 2 }, { moves: 60, blocks: 3 }],
} as const;

export type Ending = 'early' | 'last-row' | 'gap';

export interface SheetPlan {
  readonly id: string;
  readonly kind: CaptureKind;
  readonly language: SheetLanguage;
  readonly style: 'classic' | 'boxed';
  readonly moves: number;
  readonly blocks: 2 | 3;
  readonly paper: 'a4' | 'letter';
  /** early: ends well before the last row; last-row: ends on the page's last row; gap: early, with one move left out. */
  readonly ending: Ending;
  readonly cutCorner: boolean;
  /** The sheet's own random stream. */
  readonly seed: number;
}

export function planSheets(kinds: readonly CaptureKind[], perKind: number, seed: number): SheetPlan[] {
  const plans: SheetPlan[] = [];
  for (const kind of kinds) {
    for (let index = 0; index < perKind; index += 1) {
      const random = Random.of(seed, `plan:${kind}:${index}`);
      // A fixed share of each kind ends on the last row or has a gap, so even a small set has both.
      const ending: Ending = index % 6 === 2 ? 'last-row' : index % 6 === 4 ? 'gap' : 'early';
      const style = random.chance(0.5) ? 'classic' : 'boxed';
      const grids = GRIDS[style].filter((grid) => ending !== 'last-row' || grid.moves <= 40);
      const grid = random.pick<{ readonly moves: number; readonly blocks: 2 | 3 }>(grids);
      plans.push({
        id: `ind-${kind}-${String(index + 1).padStart(3, '0')}`, kind,
        language: random.weighted<SheetLanguage>({ pl: 4, en: 3, de: 1.5, fr: 1.5 }),
        style, moves: grid.moves, blocks: grid.blocks, paper: random.chance(0.15) ? 'letter' : 'a4', ending,
        cutCorner: random.chance(0.08), seed: Math.floor(random.next() * 2 ** 31),
      });
    }
  }
  return plans;
}

/** Which ply counts the plan's game may have. */
export function fitsPlan(plan: SheetPlan): (plies: number) => boolean {
  const last = plan.moves * 2;
  if (plan.ending === 'last-row') return (plies) => plies === last || plies === last - 1;
  // Well before the last row: at least four rows stay empty.
  return (plies) => plies >= (plan.ending === 'gap' ? 24 : 20) && plies <= last - 8;
}
