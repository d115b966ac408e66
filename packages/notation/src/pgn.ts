/**
 * Entry points: PGN databases and bare move text (as on a scoresheet) to
 * ParsedGame trees. Input is cut into sections (see game-splitter), and each
 * section is lexed and parsed on its own, so memory stays proportional to one
 * game and parseGames can stream.
 */
import type { ParsedGame } from './ast.js';
import { GameBuilder } from './game-builder.js';
import { splitSections } from './game-splitter.js';
import { pgnLexer } from './lexer.js';
import { LineIndex } from './line-index.js';
import { parseSectionTokens } from './parser.js';

/** Lazily parses every game of `text`, in order. Never throws on any input. */
export function* parseGames(text: string): Generator<ParsedGame, void, undefined> {
  const lineIndex = new LineIndex(text);
  let nextIndex = 1;
  for (const section of splitSections(text)) {
    const sectionText = text.slice(section.start, section.end);
    const { tokens, errors } = pgnLexer().tokenize(sectionText);
    const builder = new GameBuilder(lineIndex, section.start, nextIndex);
    builder.setSectionText(sectionText);
    builder.setLexingErrors(errors);
    parseSectionTokens(tokens, builder);
    builder.finish(sectionText.length);
    nextIndex = builder.gameCount;
    yield* builder.games;
  }
}

/**
 * Parses the games of one section `text[start, end)` (as splitSections cuts
 * it), numbering them from `firstIndex`, with spans measured by `lineIndex`
 * over the whole `text`. For callers that read the rest of the text some other way.
 */
export function parseSection(text: string, start: number, end: number, lineIndex: LineIndex, firstIndex: number): ParsedGame[] {
  const sectionText = text.slice(start, end);
  const { tokens, errors } = pgnLexer().tokenize(sectionText);
  const builder = new GameBuilder(lineIndex, start, firstIndex);
  builder.setSectionText(sectionText);
  builder.setLexingErrors(errors);
  parseSectionTokens(tokens, builder);
  builder.finish(sectionText.length);
  return builder.games;
}

/** Parses every game of `text`. */
export function parsePgn(text: string): ParsedGame[] {
  return [...parseGames(text)];
}
