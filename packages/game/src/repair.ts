/**
 * When a game fails, find the smallest edit of what was written that makes the
 * whole rest of the game legal: one token replaced by the legal move one letter
 * away, two moves swapped, or one missing move put back. The error often shows
 * later than the slip that caused it (a knight written for a bishop is legal
 * until the bishop is needed), so edits are tried a few moves back from it.
 * A word that is no move (`Rd9`) can only be replaced: by the legal moves that
 * make the rest legal, when they are few, or one letter from it.
 */
import { describeMove, type Move, type MoveDescription, type Position } from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { writeMove, type LanguageCode, type MoveNode, type MoveToken, type ParsedGame } from '@zapis/notation';
import { distance } from 'fastest-levenshtein';
import { tokenDistance } from './closeness.js';
import { firstPly, replayLine, type GameReplay, type ReplayContext } from './replay.js';
import { LegalMoves } from './resolve.js';
import { startPosition } from './start-position.js';
import { writeLike } from './token-style.js';

export type RepairEdit =
  | { readonly kind: 'replace'; readonly ply: number; readonly written: string; readonly san: string; readonly replacement: string }
  | { readonly kind: 'swap'; readonly ply: number; readonly otherPly: number; readonly written: string; readonly otherWritten: string }
  | { readonly kind: 'insert'; readonly ply: number; readonly san: string };

export interface Repair {
  readonly edit: RepairEdit;
  /** Where the (first) edited move is written. */
  readonly line: number;
  readonly column: number;
  /** Plies whose record the repair changes. */
  readonly editedPlies: readonly number[];
  /** A sentence for people, e.g. "8...Se7 → 8...Be7 makes the rest of the game legal". */
  readonly message: string;
  /** The repaired mainline in standard SAN. */
  readonly san: readonly string[];
}

/** How many plies before the failure edits are tried. */
const WINDOW = 12;
const MAX_REPAIRS = 3;

const plyLabel = (ply: number): string => `${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '...'}`;

function positionAfter(start: Position, moves: readonly Move[], count: number): Position {
  const position = start.clone();
  for (let i = 0; i < count; i++) position.playUnchecked(moves[i]);
  return position;
}

/** Replays `nodes` from `position` (a clone is used); the SAN list when every move is legal. */
function replaysClean(position: Position, nodes: readonly MoveNode[], context: ReplayContext): string[] | undefined {
  const line = replayLine(position.clone(), nodes, context, 0);
  if (line.stoppedAt >= 0 || line.diagnostics.some((d) => d.severity === 'error')) return undefined;
  return line.moves.map((move) => move.san);
}

export function findRepairs(game: ParsedGame, replay: GameReplay, context: ReplayContext): Repair[] {
  const start = startPosition(game.tags);
  if (!start.ok || replay.stoppedAt < 0) return [];
  const nodes = game.moves;
  const failure = replay.stoppedAt;
  const played = replay.moves.map((move) => move.move);
  const sanBefore = replay.moves.map((move) => move.san);
  const basePly = firstPly(start.value);
  const repairs: (Repair & { rank: number })[] = [];
  const first = Math.max(0, failure - WINDOW);
  const language = context.languages ? [...context.languages][0] : undefined;

  // Every edit before it, or of any other kind, leaves the word in the game: the replay stops there again.
  if (nodes[failure]?.kind === 'unreadable') return unreadableReplaced(start.value, nodes, failure, played, sanBefore, basePly, context, language);

  for (let index = failure; index >= first; index--) {
    const before = positionAfter(start.value, played, index);
    const prefix = sanBefore.slice(0, index);
    const node = nodes[index];
    const ply = basePly + index;
    const distanceBack = failure - index;

    // One token replaced by a legal move one letter away.
    if (node.kind === 'move') {
      const legal = new LegalMoves(before);
      for (let i = 0; i < legal.count; i++) {
        const move = legal.moves[i];
        if (index < failure && move === played[index]) continue;
        if (tokenDistance(node, move, legal, context.languages) !== 1) continue;
        const after = before.clone();
        after.playUnchecked(move);
        const rest = replaysClean(after, nodes.slice(index + 1), context);
        if (rest) {
          const description = describeMove(before, move);
          repairs.push(replaced(nodes, index, ply, description, writeLike(node, description, language), prefix, rest, distanceBack));
        }
      }
    }

    // Two moves swapped: neighbours, or the same player's consecutive moves.
    for (const gap of [1, 2]) {
      const other = index + gap;
      if (other >= nodes.length || other > failure + 2) continue;
      const swapped = [...nodes.slice(index)];
      [swapped[0], swapped[gap]] = [swapped[gap], swapped[0]];
      const rest = replaysClean(before, swapped, context);
      if (rest) {
        repairs.push({
          ...placeOf(nodes, index),
          edit: { kind: 'swap', ply, otherPly: ply + gap, written: nodes[index].text, otherWritten: nodes[other].text },
          editedPlies: [ply, ply + gap],
          message: `${plyLabel(ply)}${nodes[index].text} and ${plyLabel(ply + gap)}${nodes[other].text} were written in the wrong order; swapped, the rest of the game is legal`,
          san: [...prefix, ...rest],
          rank: distanceBack + 0.5,
        });
      }
    }

    // One missing move put back.
    const legal = new LegalMoves(before);
    for (let i = 0; i < legal.count; i++) {
      const move = legal.moves[i];
      const after = before.clone();
      after.playUnchecked(move);
      const rest = replaysClean(after, nodes.slice(index), context);
      if (rest) {
        const san = englishSan(describeMove(before, move));
        repairs.push({
          ...placeOf(nodes, index),
          edit: { kind: 'insert', ply, san },
          editedPlies: [ply],
          message: `a move seems missing before '${(nodes[index] as MoveToken).text}': with ${plyLabel(ply)}${san} the rest of the game is legal`,
          san: [...prefix, san, ...rest],
          rank: distanceBack + 0.75,
        });
      }
    }
    if (repairs.length >= MAX_REPAIRS * 4) break;
  }
  repairs.sort((a, b) => a.rank - b.rank);
  return repairs.slice(0, MAX_REPAIRS).map(({ rank: _rank, ...repair }) => repair);
}

/**
 * The unreadable word at `index` replaced by each legal move that makes the rest of the game legal, those written
 * most like the word first. Where more than a few do, only those one letter from it are offered.
 */
function unreadableReplaced(start: Position, nodes: readonly MoveNode[], index: number, played: readonly Move[], sanBefore: readonly string[],
  basePly: number, context: ReplayContext, language: LanguageCode | undefined): Repair[] {
  const before = positionAfter(start, played, index);
  const node = nodes[index];
  const rest = nodes.slice(index + 1);
  const ply = basePly + index;
  const repairs: (Repair & { rank: number })[] = [];
  const legal = new LegalMoves(before);
  for (let i = 0; i < legal.count; i++) {
    const move = legal.moves[i];
    const after = before.clone();
    after.playUnchecked(move);
    const restSan = replaysClean(after, rest, context);
    if (!restSan) continue;
    const description = describeMove(before, move);
    const replacement = writeMove(description, language ? { language } : {});
    repairs.push(replaced(nodes, index, ply, description, replacement, sanBefore.slice(0, index), restSan, distance(node.text, replacement)));
  }
  // Equally close: in the order a reader scans them.
  repairs.sort((a, b) => a.rank - b.rank || (a.edit.kind === 'replace' && b.edit.kind === 'replace' ? a.edit.replacement.localeCompare(b.edit.replacement) : 0));
  // Many moves fit what follows (always, when nothing does): the rest does not tell them apart, only the letters might.
  const told = repairs.length <= MAX_REPAIRS ? repairs : repairs.filter((repair) => repair.rank <= 1);
  return told.slice(0, MAX_REPAIRS).map(({ rank: _rank, ...repair }) => repair);
}

/** The repair that writes `replacement` (the move `description`, played at `ply`) in place of the token at `index`. */
function replaced(nodes: readonly MoveNode[], index: number, ply: number, description: MoveDescription, replacement: string,
  prefix: readonly string[], rest: readonly string[], rank: number): Repair & { rank: number } {
  const written = nodes[index].text;
  const san = englishSan(description);
  const inSan = replacement === san ? '' : ` (${san} in standard SAN)`;
  return {
    ...placeOf(nodes, index),
    edit: { kind: 'replace', ply, written, san, replacement },
    editedPlies: [ply],
    message: `${plyLabel(ply)}${written} → ${plyLabel(ply)}${replacement}${inSan} makes the rest of the game legal`,
    san: [...prefix, san, ...rest],
    rank,
  };
}

/** The line and column of the node a ply was written at. */
function placeOf(nodes: readonly MoveNode[], index: number): { line: number; column: number } {
  const node = nodes[Math.min(index, nodes.length - 1)];
  return { line: node.span.line, column: node.span.column };
}
