/**
 * Every per-game archive rule (all but duplicates) on one replayed game: the
 * Seven Tag Roster, tag formats, impossible dates, SetUp/FEN, over-long lines
 * and non-export SAN, each located in the game's raw text. Runs for every game
 * of archives of millions: one linear pass over the tag section, one over the
 * lines, and nothing allocated for a clean game; for a fast-lane game, neither
 * pass when its tags are plainly right and its batch has no long line.
 */
import type { RecordDiagnostic, SeverityName } from '../record.js';
import type { RuleConfig, RuleInput } from '../rule-contract.js';
import type { ArchiveRuleCode } from './archive-codes.js';
import { findNonExportMoves, nonExportMessage } from './non-export-san.js';
import { settingFor } from './rule-config.js';
import { findLongLines, lineStartOf, sourceLineAt } from './source-lines.js';
import { FEN_SLOT, SETUP_SLOT, SEVEN_TAG_ROSTER, TagSectionScanner, type TagPlace } from './tag-section.js';
import { PossibleDates } from './possible-dates.js';
import { impossibleDateReason, isResultValue, isRoundValue, isSetUpValue, parseTagDate, quoteValue } from './tag-values.js';

export interface ArchiveFindingOptions {
  /** What "the future" is measured from (default: the time of the call). */
  readonly now?: Date;
}

const NO_FINDINGS: readonly RecordDiagnostic[] = Object.freeze([]);

/** One scanner per thread, reused: its typed arrays are the only memory the tag pass needs. */
const scanner = new TagSectionScanner();

const DATE_SLOT = 2;
const ROUND_SLOT = 3;
const RESULT_SLOT = 6;
/** Roster tags whose value is free text: empty is wrong, "?" is the standard's unknown. */
const TEXT_SLOTS = [0, 1, 4, 5];

/** Collects the findings of one game, each at the severity configured for its code. */
class Findings {
  list: RecordDiagnostic[] | undefined;

  constructor(private readonly input: RuleInput, private readonly config: RuleConfig) {}

  severity(code: ArchiveRuleCode): SeverityName | undefined {
    const setting = settingFor(this.config, code);
    return setting === 'off' ? undefined : setting;
  }

  /** A finding at a place in the text: `line` 0-based within it, `column` 1-based within that line. */
  add(code: ArchiveRuleCode, message: string, line: number, lineStart: number, column: number, width: number): void {
    const severity = this.severity(code);
    if (severity === undefined) return;
    const { input } = this;
    this.push({
      severity,
      code,
      message,
      file: input.record.file,
      line: input.firstLine + line,
      column: line === 0 ? input.firstColumn - 1 + column : column,
      width: Math.max(1, width),
      sourceLine: sourceLineAt(input.text, lineStart, input.firstColumn),
    });
  }

  /** A finding at a tag; at the game's start when the tag scanner did not place it (text the parser read another way). */
  atTag(code: ArchiveRuleCode, message: string, place: TagPlace | undefined): void {
    if (place === undefined) this.add(code, message, 0, 0, 1, 1);
    else this.add(code, message, place.line, place.lineStart, place.offset - place.lineStart + 1, place.width);
  }

  push(diagnostic: RecordDiagnostic): void {
    (this.list ??= []).push(diagnostic);
  }
}

/**
 * The per-game rules under one configuration, for game after game: the
 * settings are looked up once, and Date values are judged once each.
 */
export class ArchiveRules {
  private readonly dates = new PossibleDates();
  private readonly now: number | undefined;
  private readonly checkLines: boolean;
  private readonly checkMoves: boolean;

  constructor(private readonly config: RuleConfig, options: ArchiveFindingOptions = {}) {
    this.now = options.now?.getTime();
    this.checkLines = settingFor(config, 'line-too-long') !== 'off';
    this.checkMoves = settingFor(config, 'non-export-san') !== 'off';
  }

  /** The findings of one game, in the order of their places. */
  findings(input: RuleInput): readonly RecordDiagnostic[] {
    const tagsRight = input.tagsAsWritten === true && tagsPlainlyRight(input.record.tags ?? NO_TAGS, this.dates, this.now);
    const readLines = this.linesMayBeTooLong(input);
    // A fast-lane game (moves in export SAN) with plainly right tags, from a batch without long lines: nothing to read again.
    if (tagsRight && !readLines && input.written === undefined) return NO_FINDINGS;
    const findings = new Findings(input, this.config);
    if (!tagsRight) tagFindings(input, findings, this.now ?? Date.now());
    if (readLines) lineFindings(input, this.config, findings);
    if (this.checkMoves) moveFindings(input, findings);
    const list = findings.list;
    if (list === undefined) return NO_FINDINGS;
    if (list.length > 1) list.sort((a, b) => a.line - b.line || a.column - b.column);
    return list;
  }

  /** Whether the over-long line rule is on and the game's lines are not known to be short enough. */
  private linesMayBeTooLong(input: RuleInput): boolean {
    return this.checkLines && (input.longestLine === undefined || input.longestLine > this.config.maxLineLength);
  }
}

/** The findings of one game (for many games, make one ArchiveRules and ask it). */
export function archiveFindings(input: RuleInput, config: RuleConfig, options: ArchiveFindingOptions = {}): readonly RecordDiagnostic[] {
  return new ArchiveRules(config, options).findings(input);
}

function distinctTagNames(tags: Readonly<Record<string, string>>): number {
  let count = 0;
  for (const name in tags) if (Object.prototype.hasOwnProperty.call(tags, name)) count++;
  return count;
}

/**
 * Whether tags read as written (RuleInput.tagsAsWritten) certainly give no
 * finding, so the tag section need not be read again for places: the roster
 * first and in order, with well-formed values, no SetUp or FEN, is all there
 * is to check. One pass over the names, in the order written.
 */
function tagsPlainlyRight(tags: Readonly<Record<string, string>>, dates: PossibleDates, now: number | undefined): boolean {
  let slot = 0;
  for (const name in tags) {
    if (slot >= SEVEN_TAG_ROSTER.length) {
      if (name === 'SetUp' || name === 'FEN') return false;
      continue;
    }
    if (name !== SEVEN_TAG_ROSTER[slot]) return false;
    const value = tags[name];
    if (slot === DATE_SLOT) {
      if (!dates.isPossible(value, now)) return false;
    } else if (slot === ROUND_SLOT) {
      if (!isRoundValue(value)) return false;
    } else if (slot === RESULT_SLOT) {
      if (!isResultValue(value)) return false;
    } else if (value === '') return false; // The other roster tags are free text: empty is wrong.
    slot++;
  }
  return slot === SEVEN_TAG_ROSTER.length;
}

/** Rules run where the game was replayed, on records that always have their tags. */
const NO_TAGS: Readonly<Record<string, string>> = Object.freeze({});

/** The tag rules, from a read of the tag section that places each finding. */
function tagFindings(input: RuleInput, findings: Findings, now: number): void {
  const tags = input.record.tags ?? NO_TAGS;
  scanner.scan(input.text);

  let missing: string[] | undefined;
  for (let slot = 0; slot < SEVEN_TAG_ROSTER.length; slot++) if (!scanner.has(slot)) (missing ??= []).push(SEVEN_TAG_ROSTER[slot]);
  if (missing !== undefined) {
    const message = missing.length === 1
      ? `the ${missing[0]} tag of the Seven Tag Roster is missing`
      : `the tags ${missing.join(', ')} of the Seven Tag Roster are missing`;
    findings.add('missing-tag', message, 0, 0, 1, 1);
  }

  const outOfOrder = scanner.outOfOrder();
  if (outOfOrder !== undefined) {
    findings.atTag('tag-order', `${outOfOrder.name} comes after ${outOfOrder.after}; the Seven Tag Roster goes first, in the order ${SEVEN_TAG_ROSTER.join(', ')}`, outOfOrder.place);
  }

  if (scanner.tagCount > distinctTagNames(tags)) {
    for (const repeat of scanner.repeats()) {
      const times = repeat.count === 2 ? 'twice' : `${repeat.count} times`;
      findings.atTag('duplicate-tag', `the ${repeat.name} tag appears ${times}; only the last value is kept`, repeat.place);
    }
  }

  for (const slot of TEXT_SLOTS) {
    const name = SEVEN_TAG_ROSTER[slot];
    if (tags[name] === '') findings.atTag('malformed-tag', `the ${name} tag is empty; the standard writes "?" for an unknown value`, scanner.place(slot));
  }

  const date = tags.Date;
  if (date !== undefined && scanner.has(DATE_SLOT)) {
    const parsed = parseTagDate(date);
    if (parsed === undefined) {
      findings.atTag('malformed-tag', `the Date ${quoteValue(date)} is not in the form YYYY.MM.DD (?? for unknown parts, e.g. 1992.08.??)`, scanner.place(DATE_SLOT));
    } else {
      const reason = impossibleDateReason(parsed, now);
      if (reason !== undefined) findings.atTag('impossible-date', `the Date ${quoteValue(date)} cannot be right: ${reason}`, scanner.place(DATE_SLOT));
    }
  }

  const round = tags.Round;
  if (round !== undefined && scanner.has(ROUND_SLOT) && !isRoundValue(round)) {
    findings.atTag('malformed-tag', `the Round ${quoteValue(round)} is not a round number like "3" or "3.2", "?" (unknown) or "-" (not applicable)`, scanner.place(ROUND_SLOT));
  }

  const result = tags.Result;
  if (result !== undefined && scanner.has(RESULT_SLOT) && !isResultValue(result)) {
    findings.atTag('malformed-tag', `the Result ${quoteValue(result)} is not one of 1-0, 0-1, 1/2-1/2, *`, scanner.place(RESULT_SLOT));
  }

  setUpFindings(tags, findings);
}

function setUpFindings(tags: Readonly<Record<string, string>>, findings: Findings): void {
  const setUp = tags.SetUp;
  const fen = tags.FEN;
  if (setUp !== undefined && scanner.has(SETUP_SLOT) && !isSetUpValue(setUp)) {
    findings.atTag('malformed-tag', `the SetUp ${quoteValue(setUp)} is neither "0" nor "1"`, scanner.place(SETUP_SLOT));
  }
  if (fen !== undefined && scanner.has(FEN_SLOT) && setUp !== '1') {
    const message = setUp === undefined
      ? 'a FEN tag without SetUp "1": readers that follow the standard start from the initial position'
      : `a FEN tag with SetUp ${quoteValue(setUp)}: the standard asks for SetUp "1" with a FEN`;
    findings.atTag('fen-without-setup', message, scanner.place(FEN_SLOT));
  }
  if (setUp === '1' && fen === undefined && scanner.has(SETUP_SLOT)) {
    findings.atTag('setup-without-fen', 'SetUp "1" says the game starts from a set-up position, but there is no FEN tag', scanner.place(SETUP_SLOT));
  }
}

function lineFindings(input: RuleInput, config: RuleConfig, findings: Findings): void {
  const max = config.maxLineLength;
  const long = findLongLines(input.text, input.firstColumn, max);
  if (long === undefined) return;
  const more = long.count > 1 ? ` (${long.count} lines of this game are, the longest ${long.longest})` : '';
  // The caret starts at the first character past the limit.
  const column = max + 1 - (long.line === 0 ? input.firstColumn - 1 : 0);
  findings.add('line-too-long', `the line has ${long.length} characters, more than ${max}${more}`, long.line, long.lineStart, column, long.length - max);
}

function moveFindings(input: RuleInput, findings: Findings): void {
  const found = findNonExportMoves(input);
  if (found === undefined) return;
  const severity = findings.severity('non-export-san');
  if (severity === undefined) return;
  const { first } = found;
  const line = first.line - input.firstLine;
  findings.push({
    severity,
    code: 'non-export-san',
    message: nonExportMessage(found, input.written?.length ?? found.count),
    file: input.record.file,
    line: first.line,
    column: first.column,
    ply: first.ply,
    moveNumber: first.moveNumber,
    side: first.side,
    text: first.text,
    suggestions: [first.san],
    width: first.text.length,
    sourceLine: sourceLineAt(input.text, lineStartOf(input.text, line), input.firstColumn),
  });
}
