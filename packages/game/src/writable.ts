/**
 * A replayed game as @zapis/notation's writable game, so it can be written in
 * any notation. Comments, NAGs, variations and draw offers come along. What
 * could not be converted (see not-converted.ts) is kept, as written, in a
 * comment after the move it follows, and a move replay could only read by
 * correcting it says so in a comment: conversion never drops or changes text
 * silently.
 */
import { writeMove, type Comment, type MoveStyle, type ResultText, type WritableGame, type WritableMove } from '@zapis/notation';
import type { GameReport } from './analyse.js';
import { notConverted, type NotConverted } from './not-converted.js';
import type { ReplayedLine, ReplayedMove } from './replay.js';

const commentTexts = (comments: readonly Comment[]): string[] => comments.map((comment) => comment.text.trim()).filter((text) => text !== '');

/** A comment may not hold `}`; what it quotes keeps its other characters. */
const quoted = (text: string): string => text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();

interface Anchor {
  /** Where the move's token starts. */
  readonly offset: number;
  /** Text after this offset belongs to a later part of the game (the move stands in a variation that ends there). */
  readonly limit: number;
  readonly comments: string[];
}

function buildLine(line: readonly ReplayedMove[], limit: number, anchors: Anchor[], report: GameReport): WritableMove[] {
  return line.map((move) => {
    const token = move.token;
    const comments = commentTexts(token.comments);
    // A move replay accepted only by correcting what was written (a missing promotion piece read as a queen).
    const correction = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.offset === token.span.offset);
    if (correction) comments.unshift(`zapis: ${quoted(correction.message)}`);
    anchors.push({ offset: token.span.offset, limit, comments });
    const variations = move.variations.filter((variation) => variation.moves.length > 0).map((variation) => writableLine(variation, anchors, report));
    // `comments` stays shared with the anchor: text placed later lands in the written move.
    return { description: move.description, nags: token.nags.map((nag) => nag.value), comments, variations, drawOffer: token.drawOffer };
  });
}

function writableLine(line: ReplayedLine, anchors: Anchor[], report: GameReport): WritableMove[] {
  const span = line.source.span;
  return buildLine(line.moves, span.offset + span.length, anchors, report);
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

/** The comment that keeps one piece of text that was not converted. */
function noteFor(item: NotConverted): string {
  if (item.code === 'escape-line') return `zapis: escape line, as written: ${quoted(item.text)}`;
  return `zapis: not converted, as written: ${quoted(item.text)}`;
}

/**
 * Text that was not converted goes after the nearest move before it that stands in the same line
 * (the mainline, or the variation around it); text before every move goes before the first.
 */
function place(items: readonly NotConverted[], anchors: readonly Anchor[], leading: string[]): void {
  for (const item of items) {
    let best: Anchor | undefined;
    for (const anchor of anchors) {
      if (anchor.offset < item.offset && item.offset < anchor.limit && (best === undefined || anchor.offset > best.offset)) best = anchor;
    }
    (best ? best.comments : leading).push(noteFor(item));
  }
}

/** Pieces of text with only spaces between them (`junk 11. xx`) become one, so they read as written. */
function joinNeighbours(items: readonly NotConverted[], source: string): NotConverted[] {
  const joined: NotConverted[] = [];
  for (const item of items) {
    const previous = joined[joined.length - 1];
    const end = previous ? previous.offset + previous.text.length : 0;
    if (previous && previous.code !== 'escape-line' && item.code !== 'escape-line' && end <= item.offset && source.slice(end, item.offset).trim() === '') {
      joined[joined.length - 1] = { ...previous, text: source.slice(previous.offset, item.offset + item.text.length) };
    } else {
      joined.push(item);
    }
  }
  return joined;
}

export function toWritableGame(report: GameReport, source?: string): WritableGame {
  const anchors: Anchor[] = [];
  const moves = buildLine(report.moves, Number.POSITIVE_INFINITY, anchors, report);
  const leading = commentTexts(report.parsed.comments);
  if (source !== undefined) place(joinNeighbours(notConverted(report, source), source), anchors, leading);
  // Comments after the termination marker: kept after the last move.
  const after = commentTexts(report.parsed.commentsAfterResult ?? []);
  const mainline = anchors.filter((anchor) => anchor.limit === Number.POSITIVE_INFINITY);
  const lastAnchor = mainline[mainline.length - 1];
  if (after.length > 0) (lastAnchor ? lastAnchor.comments : leading).push(...after);
  const tags: [string, string][] = report.parsed.tags.map((tag) => [tag.name, tag.value]);
  const [, turn, , , , fullmoves] = report.startFen.split(' ');
  const result: ResultText | undefined = report.parsed.result?.text;
  return {
    tags,
    comments: leading,
    moves,
    ...(result ? { result } : {}),
    ...(fullmoves ? { firstMove: { number: Number(fullmoves), side: turn === 'b' ? 'black' as const : 'white' as const } } : {}),
  };
}

/** The replayed mainline as text in any notation, one string per half-move. */
export function writeMainline(report: GameReport, style: MoveStyle): string[] {
  return report.moves.map((move) => writeMove(move.description, style));
}
