/**
 * How one player writes moves: piece letters (Polish or English; training data
 * also the other Latin letter sets), capture and castling marks, whether checks
 * are noted. Turns the true SAN into the text the writer puts in the cell; the
 * truth keeps both.
 */
import { languageProfile, letterOf, roleOfLetter, type LanguageProfile, type PieceRole } from '@zapis/notation';
import type { Random } from './random.js';

/** The national letter sets the notation network can spell (ASCII); languages sharing a set appear once. */
export const OTHER_LATIN_LETTERS = ['de', 'fr', 'es', 'it', 'pt', 'ro', 'nl', 'cs', 'hu', 'fi', 'is', 'et'] as const;

export type Letters = 'en' | 'pl' | (typeof OTHER_LATIN_LETTERS)[number];

export interface WriterHabits {
  readonly letters: Letters;
  /** '0-0' (zero) or 'O-O' (letter). */
  readonly castling: '0-0' | 'O-O';
  /** The usual capture mark, and how often the writer uses the other one (':' vs 'x') or none. */
  readonly capture: 'x' | ':';
  readonly otherCaptureRate: number;
  readonly omitCaptureRate: number;
  /** How often a check is marked with '+'. */
  readonly checkRate: number;
  /** How mate is written when it is written: '#', 'X' (Polish habit) or '+'. */
  readonly mate: '#' | 'X' | '+';
  /** Promotion as 'e8=Q' or 'e8Q'. */
  readonly promotionEquals: boolean;
}

function profileOf(letters: Letters): LanguageProfile {
  const profile = languageProfile(letters);
  if (!profile) throw new Error(`no letter set for ${letters}`);
  return profile;
}

/** The piece a SAN letter names (the regex that calls it passes only K, Q, R, B, N). */
function roleOf(english: LanguageProfile, letter: string): PieceRole {
  const role = roleOfLetter(english, letter);
  if (!role) throw new Error(`not a SAN piece letter: ${letter}`);
  return role;
}

export function randomHabits(random: Random): WriterHabits {
  const letters: Letters = random.chance(0.5) ? 'pl' : 'en';
  return {
    letters,
    castling: random.chance(letters === 'pl' ? 0.85 : 0.45) ? '0-0' : 'O-O',
    capture: letters === 'pl' ? (random.chance(0.75) ? ':' : 'x') : random.chance(0.9) ? 'x' : ':',
    otherCaptureRate: random.pick([0, 0, 0.05, 0.15]),
    omitCaptureRate: random.pick([0, 0, 0, 0.05]),
    checkRate: random.pick([0, 0.2, 0.5, 0.9, 1]),
    mate: letters === 'pl' ? random.pick(['#', 'X', 'X', '+'] as const) : random.pick(['#', '#', '+'] as const),
    promotionEquals: random.chance(0.6),
  };
}

/** The text a writer with these habits puts in the cell for one SAN move. */
export function writeMoveByHand(san: string, habits: WriterHabits, random: Random): string {
  const mate = san.endsWith('#');
  const check = san.endsWith('+');
  let core = san.replace(/[+#!?]+$/u, '');
  if (core.startsWith('O-O')) {
    core = habits.castling === '0-0' ? core.replaceAll('O', '0') : core;
  } else {
    const captureMark = random.chance(habits.omitCaptureRate)
      ? ''
      : random.chance(habits.otherCaptureRate) ? (habits.capture === 'x' ? ':' : 'x') : habits.capture;
    core = core.replace('x', captureMark);
    if (!habits.promotionEquals) core = core.replace('=', '');
    if (habits.letters !== 'en') {
      const [english, written] = [profileOf('en'), profileOf(habits.letters)];
      core = core.replace(/[KQRBN]/gu, (piece) => letterOf(written, roleOf(english, piece)));
    }
  }
  if (mate) return core + (random.chance(Math.max(habits.checkRate, 0.6)) ? habits.mate : '');
  if (check && random.chance(habits.checkRate)) return `${core}+`;
  return core;
}
