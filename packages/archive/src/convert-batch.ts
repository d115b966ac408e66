/**
 * Converts one batch of an archive (whole games cut at game boundaries) to
 * PGN export format in another notation. A game the fast lane vouches for
 * (quickAnalyse: clean export SAN from the standard start) with no comments,
 * NAGs or glyphs has nothing to carry but its tags and moves: its SAN tokens
 * are rewritten in the target style (SanRestyler) and written by
 * writePgnMainline. Every other game is read with the full grammar, replayed
 * and written by writePgn, exactly as `zapis convert` always did; the two give
 * the same text for the games the fast lane takes (tested on the corpus).
 */
import { analyseGame, quickAnalyse, startPosition, toWritableGame, type QuickOptions, type QuickReport } from '@zapis/game';
import {
  LineIndex, SanRestyler, enPassantBySan, parseSection, splitSections, writePgn, writePgnMainline,
  type LanguageCode, type MoveStyle, type ResultText,
} from '@zapis/notation';
import { conversionProblems, type ConvertProblem } from './convert-problems.js';
import { sectionPart } from './section-limit.js';
import { Utf8Sink } from './utf8-sink.js';

export interface ConvertSettings {
  /** Language of the input's piece letters. */
  readonly language: LanguageCode | 'auto';
  readonly moveStyle: MoveStyle;
  /** How a draw offer is written: the `(=)` token or a `{(=)}` comment. */
  readonly drawOffer: 'token' | 'comment';
  /** NAGs 1–6 as glyphs (`e4!`) instead of `$1` (see PgnExportOptions.glyphs). */
  readonly glyphs?: boolean;
  /** Move numbers written (default true). */
  readonly moveNumbers?: boolean;
  /** Clean games take the fast lane (default true); false converts every game the full way, to compare the two. */
  readonly fastLane?: boolean;
}

export interface ConvertLimits {
  /** Tokens the full grammar reads in one go (default: a whole section, however long). */
  readonly sectionTokens?: number;
  /** Hand the batch back (ConvertedPart.resumeAt) before a section longer than `sectionTokens` (a worker's heap is small). */
  readonly overlong?: 'hand-back';
  /** Hand the batch back after the game that brings its problems to this many. */
  readonly problemsBudget?: number;
}

export interface ConvertBatchOptions extends ConvertSettings {
  readonly file: string;
  /** The file line of the batch's first character. */
  readonly firstLine: number;
  readonly limits?: ConvertLimits;
}

/** Games of a batch converted, from where the part starts up to `resumeAt` (or the batch's end). */
export interface ConvertedPart {
  /** The games in export format, in UTF-8, joined as `zapis convert` joins games (a blank line between). */
  readonly output: Uint8Array;
  readonly games: number;
  /** Games with at least one error. */
  readonly failed: number;
  /** In order; each names its game's number in this part. */
  readonly problems: ConvertProblem[];
  readonly resumeAt?: number;
}

/** `{`, `;`, `$`, `!`, `?`: a comment, a NAG or a glyph, which the fast path does not carry. */
const ANNOTATION = new Uint8Array(128);
for (const character of '{;$!?') ANNOTATION[character.charCodeAt(0)] = 1;

/**
 * Whether the move text `text[start, end)` of a game the export subset read
 * holds a comment, NAG or glyph: any of their characters (the subset has no
 * strings in move text, so one cannot hide inside a quoted value).
 */
function hasAnnotations(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 128 && ANNOTATION[code] === 1) return true;
  }
  return false;
}

/** A tag name object keys would reorder (integer-like keys come first): such a game keeps its order the full way. */
const reorderedTag = (name: string): boolean => name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57;

/**
 * Per batch: the fast path. It hears each move of a game as the fast lane
 * reads it (QuickOptions.onMove, as English SAN) and rewrites it at once; a
 * game the fast lane then vouches for is written from those words.
 */
class FastWriter {
  private readonly restyler: SanRestyler;
  private readonly enPassant: string | undefined;
  private readonly moves: string[] = [];
  /** A move could not be rewritten (not expected of export SAN): the game goes the full way. */
  private unwritten = false;
  /** The previous move as English SAN, kept only to tell en passant. */
  private previous: string | undefined;
  readonly quickOptions: QuickOptions;

  constructor(private readonly settings: ConvertSettings) {
    this.restyler = new SanRestyler(settings.moveStyle);
    const mark = settings.moveStyle.enPassant;
    this.enPassant = mark === undefined || mark === 'none' ? undefined : ` ${mark}`;
    this.quickOptions = {
      language: settings.language, fen: false, san: false,
      onStart: () => this.start(),
      onMove: (text, start, end) => this.hear(text, start, end),
    };
  }

  get usable(): boolean {
    return this.settings.fastLane !== false && this.restyler.restyles;
  }

  private start(): void {
    this.moves.length = 0;
    this.unwritten = false;
    this.previous = undefined;
  }

  private hear(text: string, start: number, end: number): void {
    const written = this.restyler.restyleAt(text, start, end);
    if (written === undefined) {
      this.unwritten = true;
      return;
    }
    if (this.enPassant === undefined) {
      this.moves.push(written);
      return;
    }
    const san = text.slice(start, end);
    const enPassant = enPassantBySan(this.previous, san, this.moves.length % 2 === 0);
    this.previous = san;
    this.moves.push(enPassant ? written + this.enPassant : written);
  }

  /** The game the fast lane just vouched for, in export format; undefined when the fast path cannot write it as the full path would. */
  write(text: string, quick: QuickReport): string | undefined {
    if (this.unwritten || this.moves.length !== quick.plies || hasAnnotations(text, quick.moves, quick.end)) return undefined;
    const tags = Object.entries(quick.tags);
    for (const [name] of tags) if (reorderedTag(name)) return undefined;
    const result = resultOf(text, quick);
    return result && writePgnMainline({ tags, moves: this.moves, result }, this.settings);
  }
}

/** The game's termination marker: the export subset reads only the four of the standard, and nothing but space after it. */
function resultOf(text: string, quick: QuickReport): ResultText | undefined {
  let at = quick.end;
  while (at > quick.start && text.charCodeAt(at - 1) <= 32) at--;
  switch (text.charCodeAt(at - 1)) {
    case 42: return '*';
    case 50: return '1/2-1/2';
    case 48: return '1-0';
    case 49: return '0-1';
  }
  return undefined;
}

/** Every game of `text` from `from` on, converted in order, until the end or a limit hands the rest back. */
export function convertBatchPart(text: string, options: ConvertBatchOptions, from = 0): ConvertedPart {
  // About as many bytes out as in: the games are written again, with a few more tags and spaces.
  const output = new Utf8Sink(Math.ceil((text.length - from) * 1.2));
  let games = 0;
  const add = (game: string): void => {
    output.write(games === 0 ? game : `\n${game}`);
    games++;
  };
  const problems: ConvertProblem[] = [];
  let failed = 0;
  const limits = options.limits ?? {};
  const sectionTokens = limits.sectionTokens ?? Infinity;
  const problemsBudget = limits.problemsBudget ?? Infinity;
  const fast = new FastWriter(options);
  const exportOptions = {
    drawOffer: options.drawOffer,
    ...(options.glyphs !== undefined ? { glyphs: options.glyphs } : {}),
    ...(options.moveNumbers !== undefined ? { moveNumbers: options.moveNumbers } : {}),
  };
  let lineIndex: LineIndex | undefined;
  const shift = options.firstLine - 1;
  const part = (resumeAt?: number): ConvertedPart => ({
    output: output.bytes(), games, failed, problems, ...(resumeAt !== undefined ? { resumeAt } : {}),
  });
  let at = from;
  while (at < text.length) {
    if (games > 0 && problems.length >= problemsBudget) return part(at);
    const quick = fast.usable ? quickAnalyse(text, at, text.length, fast.quickOptions) : undefined;
    const written = quick && fast.write(text, quick);
    if (quick !== undefined && written !== undefined) {
      add(written);
      at = quick.end;
      continue;
    }
    const section = splitSections(text, at).next();
    if (section.done) break;
    const { start, end } = section.value;
    const cut = sectionPart(text, start, end, sectionTokens);
    if (cut.overlong && limits.overlong === 'hand-back') return part(at);
    lineIndex ??= new LineIndex(text);
    for (const game of parseSection(text, start, cut.end, lineIndex, games + 1)) {
      const report = analyseGame(game, { file: options.file, language: options.language, repair: false });
      const found = conversionProblems(report, text, shift, games + 1);
      for (const problem of found.problems) problems.push(problem);
      if (found.errors > 0) failed++;
      // Chess960 UCI writes castling as king takes rook (e1h1); standard chess keeps the king's step (e1g1).
      const startingAt = startPosition(game.tags);
      const moveStyle = startingAt.ok && startingAt.value.chess960 ? { ...options.moveStyle, chess960: true } : options.moveStyle;
      add(writePgn(toWritableGame(report, text), { moveStyle, ...exportOptions }));
    }
    // Without a limit a section is read whole (cut.end === end); a worker hands an over-long one back above.
    at = Math.max(cut.end, at + 1);
  }
  return part();
}
