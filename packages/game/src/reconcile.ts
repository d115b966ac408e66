/**
 * Two records of one game — White's and Black's scoresheets (FIDE Art. 8.5,
 * D.2.9) — compared move by move: the last position where both agree, the
 * first move where they differ, and a merged game when one record only lacks
 * moves the other has (Art. 8.4 lets a player in time trouble stop writing).
 */
import { makeFen, type Move } from '@zapis/core';
import type { MoveNode } from '@zapis/notation';
import type { GameReport } from './analyse.js';
import type { ReplayContext } from './replay.js';
import { LegalMoves, resolveToken } from './resolve.js';
import { startPosition } from './start-position.js';

export interface RecordDifference {
  /** 1-based ply of the first move where the records differ. */
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  /** What each record has at that ply (as written), or undefined when it has no move there. */
  readonly first?: { readonly text: string; readonly san?: string; readonly line: number; readonly column: number };
  readonly second?: { readonly text: string; readonly san?: string; readonly line: number; readonly column: number };
}

export interface Reconciliation {
  /** True when both records give the same moves. */
  readonly agree: boolean;
  /** Plies both records share from the start. */
  readonly agreedPlies: number;
  /** The last position where both agree. */
  readonly agreedFen: string;
  readonly firstDifference?: RecordDifference;
  /** When one record only lacks moves the other has: the full game and which record lacked which plies. */
  readonly merged?: {
    readonly san: readonly string[];
    readonly source: 'first' | 'second';
    readonly missingPlies: readonly number[];
  };
}

const sideOf = (ply: number): 'white' | 'black' => (ply % 2 === 1 ? 'white' : 'black');

/**
 * Does the shorter record fit inside the fuller one, only lacking some of its
 * moves? Walk the fuller game; each written token of the other record must be
 * the next move played, or that move is missing from it.
 */
function fitsWithGaps(full: GameReport, partial: readonly MoveNode[], context: ReplayContext): number[] | undefined {
  const start = startPosition(full.parsed.tags);
  if (!start.ok) return undefined;
  const position = start.value;
  const missing: number[] = [];
  let next = 0;
  for (const played of full.moves) {
    const node = partial[next];
    let matched = false;
    if (node !== undefined && node.kind === 'move') {
      const resolution = resolveToken(node, new LegalMoves(position), context.languages);
      matched = resolution.moves.length === 1 && resolution.moves[0] === played.move;
    }
    if (matched) next++;
    else missing.push(played.ply);
    position.play(played.move);
  }
  return next === partial.length ? missing : undefined;
}

export function reconcile(first: GameReport, second: GameReport): Reconciliation {
  const shared = Math.min(first.moves.length, second.moves.length);
  let agreed = 0;
  while (agreed < shared && (first.moves[agreed].move as Move) === second.moves[agreed].move) agreed++;
  const start = startPosition(first.parsed.tags);
  const position = start.ok ? start.value : undefined;
  if (position) for (let i = 0; i < agreed; i++) position.play(first.moves[i].move);
  const agreedFen = position ? makeFen(position) : first.startFen;
  const bothComplete = first.status === 'ok' && second.status === 'ok';
  const sameLength = first.parsed.moves.length === second.parsed.moves.length;
  if (bothComplete && sameLength && agreed === first.moves.length && agreed === second.moves.length) {
    return { agree: true, agreedPlies: agreed, agreedFen };
  }
  const basePly = first.moves[0]?.ply ?? second.moves[0]?.ply ?? 1;
  const ply = basePly + agreed;
  const describe = (report: GameReport) => {
    const node = report.parsed.moves[agreed];
    if (node === undefined) return undefined;
    const replayed = report.moves[agreed];
    return { text: node.text, ...(replayed ? { san: replayed.san } : {}), line: node.span.line, column: node.span.column };
  };
  const firstSide = describe(first);
  const secondSide = describe(second);
  const difference: RecordDifference = {
    ply,
    moveNumber: Math.ceil(ply / 2),
    side: sideOf(ply),
    ...(firstSide ? { first: firstSide } : {}),
    ...(secondSide ? { second: secondSide } : {}),
  };
  const context: ReplayContext = { file: '', languages: undefined, maxVariationDepth: 0, variations: false };
  let merged: Reconciliation['merged'];
  for (const [full, partial, source] of [[first, second, 'first'], [second, first, 'second']] as const) {
    if (full.status !== 'ok' || merged) continue;
    const languages = partial.languages.length > 0 ? new Set(partial.languages) : undefined;
    const missing = fitsWithGaps(full, partial.parsed.moves, { ...context, languages });
    if (missing && missing.length > 0) merged = { san: full.san, source, missingPlies: missing };
  }
  return { agree: false, agreedPlies: agreed, agreedFen, firstDifference: difference, ...(merged ? { merged } : {}) };
}
