/**
 * What the marks written on a move say against what the move does: capture,
 * check and mate marks, e.p., and more of the origin square than SAN needs.
 * FIDE Appendix C.13 makes x, +, # and e.p. optional, so these are warnings,
 * each with its own code so a project can turn any of them off.
 */
import type { MoveDescription } from '@zapis/core';
import type { MoveReading, MoveToken } from '@zapis/notation';

export interface MarkFinding {
  readonly code:
    | 'missing-capture-mark' | 'extra-capture-mark' | 'missing-check-mark' | 'extra-check-mark'
    | 'missing-mate-mark' | 'false-mate-mark' | 'over-disambiguation' | 'extra-en-passant-mark';
  readonly message: string;
}

const MATE_MARKS = new Set(['#', '++', 'X']);

function writtenDisambiguation(reading: MoveReading): number {
  return (reading.fromFile !== undefined ? 1 : 0) + (reading.fromRank !== undefined ? 1 : 0);
}

const NEEDED: Record<MoveDescription['disambiguation'], number> = { none: 0, file: 1, rank: 1, both: 2 };

const NONE: readonly MarkFinding[] = [];

export function checkMarks(token: MoveToken, reading: MoveReading, description: MoveDescription): readonly MarkFinding[] {
  if (token.form === 'uci') return NONE;
  // The common case: marks that agree with the move, no disambiguation written.
  if (
    description.capture === (token.captureMark !== 'none') && !token.enPassantMark
    && token.checkMark === (description.mate ? '#' : description.check ? '+' : 'none')
    && reading.fromFile === undefined && reading.fromRank === undefined
  ) return NONE;
  const findings: MarkFinding[] = [];
  if (description.capture && token.captureMark === 'none' && !description.castle) {
    findings.push({ code: 'missing-capture-mark', message: 'the move captures but no capture mark (x or :) is written' });
  } else if (!description.capture && token.captureMark !== 'none') {
    findings.push({ code: 'extra-capture-mark', message: `'${token.captureMark}' is written but the move captures nothing` });
  }
  const mark = token.checkMark;
  if (description.mate) {
    if (!MATE_MARKS.has(mark)) {
      findings.push({ code: 'missing-mate-mark', message: mark === '+' ? 'the move mates but is marked only as check (+)' : 'the move mates but no mate mark (#) is written' });
    }
  } else if (description.check) {
    if (mark === 'none') findings.push({ code: 'missing-check-mark', message: 'the move gives check but no + is written' });
    else if (MATE_MARKS.has(mark)) findings.push({ code: 'false-mate-mark', message: `'${mark}' marks mate but the move only gives check` });
  } else if (mark !== 'none') {
    findings.push({ code: 'extra-check-mark', message: `'${mark}' is written but the move gives no check` });
  }
  if (token.enPassantMark && !description.enPassant) {
    findings.push({ code: 'extra-en-passant-mark', message: "'e.p.' is written but the move is not an en-passant capture" });
  }
  if (token.form === 'san' && description.piece !== 'pawn' && !description.castle) {
    if (writtenDisambiguation(reading) > NEEDED[description.disambiguation]) {
      findings.push({ code: 'over-disambiguation', message: 'more of the origin square is written than needed to tell the move apart' });
    }
  }
  return findings;
}
