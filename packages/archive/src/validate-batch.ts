/**
 * Validates one batch of an archive: a run of whole games cut from a file at
 * game boundaries. Each game goes the fast lane when it can (export SAN, no
 * problems; see quickAnalyse) and through the full grammar and replay
 * otherwise, so every problem is still explained. Games come back in order,
 * numbered within the batch; lines are the file's lines.
 */
import { analyseGame, quickAnalyse, type QuickOptions, type QuickReport } from '@zapis/game';
import { LineIndex, parseSection, splitSections, type LanguageCode } from '@zapis/notation';
import { NOT_LISTED_CODE, capDiagnostics, countAtLeast } from './diagnostic-cap.js';
import { recordFromReport, sourceLineAt, writtenMoves } from './game-record.js';
import { MAX_GAME_TOKENS } from './limits.js';
import { sectionPart } from './section-limit.js';
import type { GameRecord, RecordDiagnostic } from './record.js';
import type { RuleInput, WrittenMove } from './rule-contract.js';
import { DuplicateKeyBuilder, duplicateKeyHash } from './rules/duplicate-games.js';

export interface BatchOptions {
  readonly file: string;
  /** The file line of the batch's first character. */
  readonly firstLine: number;
  /** No line of the batch is longer than this many characters, when known (it spares the over-long line rule a read of each game). */
  readonly longestLine?: number;
  readonly language: LanguageCode | 'auto';
  /** Archive rules and severity settings, applied to every game. */
  readonly rules?: (input: RuleInput) => readonly RecordDiagnostic[];
  readonly relevel?: (diagnostics: readonly RecordDiagnostic[]) => readonly RecordDiagnostic[];
  /** Records keep `san` and `fen` (default true); without them they are much cheaper to send between threads. */
  readonly keepMoves?: boolean;
  /** Records carry their duplicate-game key, so the thread that orders them need not hash. */
  readonly duplicateKeys?: boolean;
  /** Clean games take the fast lane (default true); false reads every game with the full grammar, to compare the two. */
  readonly fastLane?: boolean;
  /** How much this thread may hold (see limits.ts); by default a game is cut at MAX_GAME_TOKENS and nothing is handed back. */
  readonly limits?: BatchLimits;
}

export interface BatchLimits {
  /** Tokens the full grammar reads in one go (default MAX_GAME_TOKENS). */
  readonly sectionTokens?: number;
  /**
   * A game longer than `sectionTokens`: `cut` it there with a `game-too-long`
   * error (default), or `hand-back` the batch from that game on (a worker,
   * whose heap is small, leaves it to the main thread).
   */
  readonly overlong?: 'cut' | 'hand-back';
  /** Hand the batch back after the game that brings its listed findings to this many. */
  readonly diagnosticsBudget?: number;
  /** Hand the batch back after the game that brings its errors to this many (--max-errors). */
  readonly errorBudget?: number;
}

/** A batch validated up to `resumeAt` (a character offset of its text), or to its end when that is undefined. */
export interface BatchPart {
  readonly records: GameRecord[];
  readonly resumeAt?: number;
}

/** A record with nothing found: shared, since records never change their arrays (findings make new ones). */
const NO_DIAGNOSTICS: readonly RecordDiagnostic[] = Object.freeze([]);

/** The duplicate key of a fast-lane game: its moves hashed by the replay kernel, or heard one by one (QuickOptions.onMove). */
function keyOfQuick(key: DuplicateKeyBuilder, quick: QuickReport): number {
  if (quick.moveHash !== undefined) key.resume(quick.moveHash.fnv, quick.moveHash.mix);
  return key.finish(quick.tags);
}

/** A fast-lane game's record, built once with what the run keeps (the hot path: no copies). `key` was built as it was read. */
function recordFromQuick(quick: QuickReport, file: string, line: number, index: number, key: DuplicateKeyBuilder | undefined, keep: boolean): GameRecord {
  // Always the same properties (undefined where absent): one object shape for every game keeps this cheap.
  return {
    file,
    index,
    line,
    tags: quick.tags,
    language: quick.language,
    status: 'ok',
    plies: quick.plies,
    san: keep ? quick.san : undefined,
    fen: keep ? quick.fen : undefined,
    outcome: quick.outcome ? `${quick.outcome.result} ${quick.outcome.reason}` : undefined,
    diagnostics: NO_DIAGNOSTICS,
    duplicateKey: key && quick.plies > 0 ? keyOfQuick(key, quick) : undefined,
  };
}

/**
 * What the archive rules see of a game. Always the same properties, in the
 * same order (undefined where absent): the rules read this object for every
 * game, and one shape keeps those reads cheap.
 */
function ruleInput(
  record: GameRecord, text: string, firstLine: number, firstColumn: number, written: readonly WrittenMove[] | undefined, tagsAsWritten: boolean,
  longestLine: number | undefined,
): RuleInput {
  return { record, text, firstLine, firstColumn, written, tagsAsWritten, longestLine };
}

/**
 * The moves of a fast-lane game written in another language's letters, with
 * their places, as writtenMoves gives them for a full report (the start is the
 * standard position: the fast lane reads no set-up).
 */
function writtenTokens(text: string, offsets: readonly number[], san: readonly string[], lineIndex: LineIndex, shift: number): WrittenMove[] {
  const moves: WrittenMove[] = [];
  for (let index = 0; index < san.length; index++) {
    const start = offsets[2 * index];
    const place = lineIndex.span(start, 0);
    moves.push({
      text: text.slice(start, offsets[2 * index + 1]),
      san: san[index],
      ply: index + 1,
      moveNumber: (index >> 1) + 1,
      side: index % 2 === 0 ? 'white' : 'black',
      line: place.line + shift,
      column: place.column,
    });
  }
  return moves;
}

/** The archive rules' findings; a rule that throws is a finding of its own, so the game and the run go on. */
function rulesOrFailure(input: RuleInput, rules: NonNullable<BatchOptions['rules']>): readonly RecordDiagnostic[] {
  try {
    return rules(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{
      severity: 'error', code: 'rule-failure', message: `an archive rule failed on this game (${reason}); this is a bug in zapis, please report it`,
      file: input.record.file, line: input.firstLine, column: input.firstColumn, width: 1,
    }];
  }
}

/** Archive rules and severities on a replayed game; the status follows the final severities. */
function withRules(input: RuleInput, options: BatchOptions): GameRecord {
  const record = input.record;
  const extra = options.rules ? rulesOrFailure(input, options.rules) : NO_DIAGNOSTICS;
  const combined = extra.length > 0 ? [...record.diagnostics, ...extra] : record.diagnostics;
  const diagnostics = options.relevel && combined.length > 0 ? options.relevel(combined) : combined;
  if (diagnostics === record.diagnostics) return record;
  // Arrays of diagnostics are never changed once made: one of a single finding need not be copied to be sorted.
  const sorted = diagnostics.length > 1 ? [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column) : diagnostics;
  const status = sorted.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok';
  return { ...record, diagnostics: sorted, status };
}

/** A full-path record as sent on: its duplicate key added (clean games only), its moves dropped when not kept. */
function finished(record: GameRecord, options: BatchOptions): GameRecord {
  const duplicateKey = options.duplicateKeys && record.san && record.san.length > 0 && record.status === 'ok'
    ? duplicateKeyHash({ tags: record.tags, san: record.san })
    : undefined;
  if (options.keepMoves !== false) return duplicateKey === undefined ? record : { ...record, duplicateKey };
  const { san: _san, fen: _fen, ...rest } = record;
  return duplicateKey === undefined ? rest : { ...rest, duplicateKey };
}

/** The error for a game cut at `cut` (MAX_GAME_TOKENS); the rest of it, to `skipTo`, is not read. */
function tooLongFinding(text: string, cut: number, skipTo: number, lineIndex: LineIndex, file: string, shift: number, tokens: number): RecordDiagnostic {
  const place = lineIndex.span(cut, 0);
  // The last line skipped: the one holding the last character before `skipTo` that is not blank.
  let last = skipTo;
  while (last > cut + 1 && /\s/.test(text[last - 1])) last--;
  const to = lineIndex.span(last - 1, 0);
  return {
    severity: 'error', code: 'game-too-long', file, line: place.line + shift, column: place.column, width: 1,
    message: `this game runs past ${tokens.toLocaleString('en-US')} tokens, more than any real game: it is read up to here, and the rest of it ` +
      `(${(skipTo - cut).toLocaleString('en-US')} characters, to line ${to.line + shift}) is not validated`,
    sourceLine: sourceLineAt(text, cut, place.column),
  };
}

/** `record` with `finding` added after everything it lists, so the cap never hides it. */
function withLastFinding(record: GameRecord, finding: RecordDiagnostic): GameRecord {
  return { ...record, status: 'error', diagnostics: [...record.diagnostics, finding] };
}

/** Findings listed by `record`, the not-listed marker left out. */
function listedCount(record: GameRecord): number {
  const diagnostics = record.diagnostics;
  return diagnostics.length > 0 && diagnostics[diagnostics.length - 1].code === NOT_LISTED_CODE ? diagnostics.length - 1 : diagnostics.length;
}

/** Every game of `text` (whole games only), in order. */
export function validateBatch(text: string, options: BatchOptions): GameRecord[] {
  return validateBatchPart(text, options).records;
}

/**
 * The games of `text` from `from` on, in order, until the end or until a
 * budget of `options.limits` says to hand the rest back (`resumeAt`). A
 * part always holds at least one game when there is one.
 */
export function validateBatchPart(text: string, options: BatchOptions, from = 0): BatchPart {
  const records: GameRecord[] = [];
  const limits = options.limits ?? {};
  const sectionTokens = limits.sectionTokens ?? MAX_GAME_TOKENS;
  const diagnosticsBudget = limits.diagnosticsBudget ?? Infinity;
  const errorBudget = limits.errorBudget ?? Infinity;
  let listed = 0;
  let errors = 0;
  /** Adds a record to the part, its findings capped unless that was done already. */
  const take = (record: GameRecord, capped = false): void => {
    const kept = record.diagnostics.length > 0 && !capped ? capDiagnostics(record) : record;
    if (kept.diagnostics.length > 0) {
      listed += listedCount(kept);
      errors += countAtLeast(kept, 'error');
    }
    records.push(kept);
  };
  const spent = (): boolean => listed >= diagnosticsBudget || errors >= errorBudget;
  const lineIndex = new LineIndex(text);
  const keep = options.keepMoves !== false;
  // The duplicate key is hashed from the move tokens as the fast lane reads them: no SAN strings need be made.
  const key = options.duplicateKeys ? new DuplicateKeyBuilder() : undefined;
  const quickOptions: QuickOptions = {
    language: options.language, fen: keep, san: keep,
    ...(key ? { moveHash: true, onMove: (source: string, from: number, to: number) => key.addMove(source, from, to), onStart: () => key.start() } : {}),
  };
  const shift = options.firstLine - 1;
  let at = from;
  while (at < text.length) {
    if (records.length > 0 && spent()) return { records, resumeAt: at };
    const quick = options.fastLane !== false ? quickAnalyse(text, at, text.length, quickOptions) : undefined;
    if (quick !== undefined) {
      const span = lineIndex.span(quick.start, 0);
      const record = recordFromQuick(quick, options.file, span.line + shift, records.length + 1, key, keep);
      const written = quick.written && writtenTokens(text, quick.written, quick.san ?? [], lineIndex, shift);
      take(withRules(ruleInput(record, text.slice(quick.start, quick.end), span.line + shift, span.column, written, true, options.longestLine), options));
      at = quick.end;
      continue;
    }
    const section = splitSections(text, at).next();
    if (section.done) break;
    const { start, end: sectionEnd } = section.value;
    const part = sectionPart(text, start, sectionEnd, sectionTokens);
    if (part.overlong && limits.overlong === 'hand-back') return { records, resumeAt: at };
    const games = parseSection(text, start, part.end, lineIndex, records.length + 1);
    for (const game of games) {
      const report = analyseGame(game, { file: options.file, language: options.language });
      const record = recordFromReport(report, text, shift, game.index);
      const gameEnd = game.span.offset + game.span.length;
      const input = ruleInput(record, text.slice(game.span.offset, gameEnd), game.span.line + shift, game.span.column, writtenMoves(report, shift), false, options.longestLine);
      const checked = finished(withRules(input, options), options);
      if (part.overlong && game === games[games.length - 1]) {
        const capped = checked.diagnostics.length > 0 ? capDiagnostics(checked) : checked;
        take(withLastFinding(capped, tooLongFinding(text, part.end, part.overlong.skipTo, lineIndex, options.file, shift, sectionTokens)), true);
      } else {
        take(checked);
      }
    }
    if (part.overlong && games.length === 0) {
      // Only comments and the like up to the cut: the finding still needs a game to stand in.
      const place = lineIndex.span(start, 0);
      take({
        file: options.file, index: records.length + 1, line: place.line + shift, language: 'any', status: 'error', plies: 0, tags: {},
        diagnostics: [tooLongFinding(text, part.end, part.overlong.skipTo, lineIndex, options.file, shift, sectionTokens)],
      }, true);
    }
    at = part.overlong ? part.overlong.skipTo : Math.max(part.end, at + 1);
  }
  return { records };
}
