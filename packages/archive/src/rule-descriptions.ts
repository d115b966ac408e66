/** Every code a report can carry, with its one-line meaning (SARIF lists them as rules). */
import { GAME_CODES } from '@zapis/game';
import { PROBLEM_MESSAGES } from '@zapis/notation';
import { ARCHIVE_RULE_CODES, LIMIT_CODES } from './rules/archive-codes.js';

export function ruleDescriptions(): Readonly<Record<string, string>> {
  return { ...PROBLEM_MESSAGES, ...GAME_CODES, ...ARCHIVE_RULE_CODES, ...LIMIT_CODES };
}
