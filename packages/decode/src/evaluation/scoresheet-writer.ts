/**
 * Writes a game as a player would on a scoresheet, then as a transcription:
 * one line per move number, in the writer's language and habits (captures
 * with `x`, `:` or nothing, `0-0` or `O-O`, check marks often left out, long
 * form for some writers, the odd half-move not written in time trouble).
 */
import type { MoveDescription } from '@zapis/core';
import { writeMove, type LanguageCode, type MoveStyle } from '@zapis/notation';
import type { Random } from './random.js';

export interface WriterHabits {
  readonly style: MoveStyle;
  /** Probability a check mark is left out. */
  readonly omitCheck: number;
  /** Probability a single move is written in long form (writers who always do have style.form 'long'). */
  readonly occasionalLongForm: number;
  /** Probability a half-move is not written at all. */
  readonly unwritten: number;
}

/** Habits of a random writer of `language`, as seen on real sheets. */
export function randomHabits(language: LanguageCode, random: Random): WriterHabits {
  const polish = language === 'pl';
  const capture = (polish ? [':', 'none', 'x'] : ['x', 'none', ':'])[random.weighted(polish ? [0.55, 0.3, 0.15] : [0.8, 0.15, 0.05])] as MoveStyle['capture'];
  const style: MoveStyle = {
    language,
    capture,
    castling: random.chance(polish ? 0.75 : 0.4) ? '0-0' : 'O-O',
    mate: (['#', '++', 'X'] as const)[random.weighted(polish ? [0.4, 0.2, 0.4] : [0.8, 0.15, 0.05])],
    promotion: (['=', 'plain', '()', '/'] as const)[random.weighted(polish ? [0.3, 0.55, 0.1, 0.05] : [0.6, 0.3, 0.05, 0.05])],
    enPassant: random.chance(0.2) ? 'e.p.' : 'none',
    ...(random.chance(0.1) ? { form: 'long' as const, longSeparator: random.chance(0.6) ? '-' as const : '' as const } : {}),
  };
  return { style, omitCheck: random.chance(0.3) ? 1 : 0.1, occasionalLongForm: 0.02, unwritten: 0.003 };
}

export interface WrittenSheet {
  /** The transcription text, one line per move number. */
  readonly text: string;
  /** What the writer wrote per ply ('' where the half-move was not written). */
  readonly written: readonly string[];
}

export function writeScoresheet(moves: readonly MoveDescription[], habits: WriterHabits, random: Random): WrittenSheet {
  const written = moves.map((description, index) => {
    if (index > 1 && index < moves.length - 1 && random.chance(habits.unwritten)) return '';
    const longForm = habits.style.form === 'long' || random.chance(habits.occasionalLongForm);
    const style: MoveStyle = {
      ...habits.style,
      form: longForm ? 'long' : 'san',
      check: random.chance(habits.omitCheck) ? 'none' : '+',
    };
    return writeMove(description, style);
  });
  const lines: string[] = [];
  for (let index = 0; index < written.length; index += 2) {
    const white = written[index] || '...';
    const black = written[index + 1] ?? '';
    lines.push(`${index / 2 + 1}. ${white}${black ? ` ${black}` : ''}`);
  }
  return { text: lines.join('\n'), written };
}
