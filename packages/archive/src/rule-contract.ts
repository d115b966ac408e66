/**
 * What archive rules see and how their severities are configured. Rules run
 * after a game is replayed (in the worker that replayed it), on the record and
 * the game's raw text; duplicates run where games meet in input order.
 */
import type { GameRecord, SeverityName } from './record.js';

/** A mainline move as written, with its place, when the game went through the full parser. */
export interface WrittenMove {
  /** The token as written, annotations (`!`, `?`) left out. */
  readonly text: string;
  /** The same move in standard SAN. */
  readonly san: string;
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  readonly line: number;
  readonly column: number;
}

export interface RuleInput {
  /** The replayed game, before archive rules. */
  readonly record: GameRecord;
  /** The game's raw text (tag section and move text). */
  readonly text: string;
  /** The file line of `text`'s first character. */
  readonly firstLine: number;
  /** The 1-based column of `text`'s first character (1 unless the game started mid-line). */
  readonly firstColumn: number;
  /**
   * The mainline as written. Absent when the game was read by the export-format
   * fast path, which accepts only export SAN (so every move is written as `san`).
   */
  readonly written?: readonly WrittenMove[];
  /**
   * The record's tags are every tag pair of the text, in the order written,
   * none repeated, none of them SetUp or FEN (as the fast path reads them): the
   * tag rules may then judge from the tags alone when nothing is wrong.
   */
  readonly tagsAsWritten?: boolean;
  /**
   * No line of `text` is longer than this many characters (the first counted
   * from its file line's start), when known: the length of the longest line of
   * the batch the game was read from, so the over-long line rule skips the games
   * of a batch that has no such line.
   */
  readonly longestLine?: number;
}

/** `off` drops a code's diagnostics; any code (game, notation or archive) can be configured. */
export type RuleSetting = SeverityName | 'off';

export interface RuleConfig {
  /** Severity per code, overriding the default. */
  readonly severities: Readonly<Record<string, RuleSetting>>;
  /** Lines longer than this many characters are reported by `line-too-long`. */
  readonly maxLineLength: number;
}
