/**
 * The stable codes of the archive rules (beyond legality), what each means,
 * and the severity each has unless a project configures it otherwise.
 * The result-against-board checks stay with @zapis/game
 * (`result-contradicts-board`, `result-tag-mismatch`); they are configured the same way.
 */
import type { RuleSetting } from '../rule-contract.js';

export const ARCHIVE_RULE_CODES = {
  'missing-tag': 'a tag of the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is absent',
  'tag-order': 'the Seven Tag Roster does not come first, in its standard order',
  'duplicate-tag': 'the same tag name appears more than once in a game (only the last value is kept); one finding per name',
  'malformed-tag': 'a Date, Round, Result or SetUp value is not in the format of the PGN standard, or a roster tag is empty',
  'impossible-date': 'the Date cannot be true: month 13, 30 February, day 00, a year before modern chess, or a day in the future',
  'duplicate-game': 'the same players and the same mainline as an earlier game',
  'non-export-san': 'moves not written in export SAN (0-0, long form, other piece letters …) beyond what the mark codes report',
  'line-too-long': 'a line longer than the configured maximum (255 characters unless configured)',
  'setup-without-fen': 'SetUp "1" without a FEN tag: the position the game starts from is unknown',
  'fen-without-setup': 'a FEN tag without SetUp "1": readers that follow the standard start from the initial position',
  'rule-failure': 'an archive rule failed on this game (a bug in zapis: please report it); the replay still stands and the run goes on',
} as const;

export type ArchiveRuleCode = keyof typeof ARCHIVE_RULE_CODES;

/** Findings about what zapis did not read or list (see limits.ts); not rules, so not configurable. */
export const LIMIT_CODES = {
  'diagnostics-not-listed': 'a game has more findings than a report lists (100, or fewer for --max-errors): the rest are counted, not listed',
  'game-too-long': 'a game runs past 100,000 tokens, more than any real game: it is read up to there and the rest of it is not validated',
} as const;

export type LimitCode = keyof typeof LIMIT_CODES;

/**
 * Errors are for records that say something false or unusable (a date that
 * cannot be, a start position that is unknown); departures from export format
 * whose content is still right are warnings. On a clean archive each should
 * fire on few games, so that a warning is worth reading.
 */
export const DEFAULT_ARCHIVE_SEVERITIES: Readonly<Record<ArchiveRuleCode, RuleSetting>> = {
  'missing-tag': 'warning',
  'tag-order': 'warning',
  'duplicate-tag': 'warning',
  'malformed-tag': 'warning',
  'impossible-date': 'error',
  'duplicate-game': 'warning',
  'non-export-san': 'warning',
  'line-too-long': 'warning',
  'setup-without-fen': 'error',
  'fen-without-setup': 'warning',
  'rule-failure': 'error',
};

/** The PGN standard's hard limit for a line (section 4.3); export format keeps movetext under 80. */
export const DEFAULT_MAX_LINE_LENGTH = 255;

export const isArchiveRuleCode = (code: string): code is ArchiveRuleCode =>
  Object.prototype.hasOwnProperty.call(ARCHIVE_RULE_CODES, code);
