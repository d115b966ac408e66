/**
 * A replayed game as @zapis/notation's writable game, so it can be written in
 * any notation. Comments, NAGs, variations and draw offers come along; what
 * could not be replayed is kept, as written, in a comment after the last move
 * that could — conversion never drops text silently.
 */
import { writeMove, type Comment, type MoveStyle, type ResultText, type WritableGame, type WritableMove } from '@zapis/notation';
import type { GameReport } from './analyse.js';
import type { ReplayedLine, ReplayedMove } from './replay.js';

const commentTexts = (comments: readonly Comment[]): string[] => comments.map((comment) => comment.text.trim()).filter((text) => text !== '');

function writableMove(move: ReplayedMove): WritableMove {
  const token = move.token;
  return {
    description: move.description,
    nags: token.nags.map((nag) => nag.value),
    comments: commentTexts(token.comments),
    variations: move.variations.filter((line) => line.moves.length > 0).map(writableLine),
    drawOffer: token.drawOffer,
  };
}

function writableLine(line: ReplayedLine): WritableMove[] {
  return line.moves.map(writableMove);
}

/** The source text from the first move that was not replayed to the end of the movetext. */
export function unreplayedText(report: GameReport, source: string): string | undefined {
  const nodes = report.parsed.moves;
  if (report.moves.length >= nodes.length) return undefined;
  const first = nodes[report.moves.length];
  const last = nodes[nodes.length - 1];
  const end = report.parsed.result ? report.parsed.result.span.offset : last.span.offset + last.span.length;
  return source.slice(first.span.offset, Math.max(end, first.span.offset + first.span.length)).trim();
}

export function toWritableGame(report: GameReport, source?: string): WritableGame {
  const moves = report.moves.map(writableMove);
  const rest = source === undefined ? undefined : unreplayedText(report, source);
  const note = rest ? `zapis: not converted, as written: ${rest.replace(/[{}]/g, '')}` : undefined;
  const tags: [string, string][] = report.parsed.tags.map((tag) => [tag.name, tag.value]);
  const [, turn, , , , fullmoves] = report.startFen.split(' ');
  const result: ResultText | undefined = report.parsed.result?.text;
  if (note && moves.length > 0) {
    const last = moves[moves.length - 1];
    moves[moves.length - 1] = { ...last, comments: [...(last.comments ?? []), note] };
  }
  return {
    tags,
    comments: [...commentTexts(report.parsed.comments), ...(note && moves.length === 0 ? [note] : [])],
    moves,
    ...(result ? { result } : {}),
    ...(fullmoves ? { firstMove: { number: Number(fullmoves), side: turn === 'b' ? 'black' as const : 'white' as const } } : {}),
  };
}

/** The replayed mainline as text in any notation, one string per half-move. */
export function writeMainline(report: GameReport, style: MoveStyle): string[] {
  return report.moves.map((move) => writeMove(move.description, style));
}
