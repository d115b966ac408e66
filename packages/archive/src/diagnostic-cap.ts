/**
 * Keeping a game's findings to a bounded list: the first ones in source
 * order are listed, the rest counted (by severity and code, so every count
 * of the report stays true) and named by one `diagnostics-not-listed`
 * finding where the first unlisted one stands.
 */
import { MAX_DIAGNOSTICS_PER_GAME } from './limits.js';
import type { GameRecord, OmittedDiagnostics, RecordDiagnostic } from './record.js';

/** The finding that stands for those not listed; it is never counted itself. */
export const NOT_LISTED_CODE = 'diagnostics-not-listed';

const RANK = { info: 0, warning: 1, error: 2 } as const;

function countOmitted(dropped: readonly RecordDiagnostic[], before: OmittedDiagnostics | undefined): OmittedDiagnostics {
  let errors = before?.errors ?? 0;
  let warnings = before?.warnings ?? 0;
  let infos = before?.infos ?? 0;
  const byCode: Record<string, number> = { ...before?.byCode };
  for (const diagnostic of dropped) {
    if (diagnostic.code === NOT_LISTED_CODE) continue;
    if (diagnostic.severity === 'error') errors++;
    else if (diagnostic.severity === 'warning') warnings++;
    else infos++;
    byCode[diagnostic.code] = (byCode[diagnostic.code] ?? 0) + 1;
  }
  return { count: errors + warnings + infos, errors, warnings, infos, byCode };
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function notListedFinding(first: RecordDiagnostic, omitted: OmittedDiagnostics, why: string): RecordDiagnostic {
  const parts = [omitted.errors > 0 ? plural(omitted.errors, 'error') : '', omitted.warnings > 0 ? plural(omitted.warnings, 'warning') : '', omitted.infos > 0 ? plural(omitted.infos, 'info') : '']
    .filter((part) => part !== '');
  // As severe as the worst finding it stands for, so a report that shows those shows it.
  const severity = omitted.errors > 0 ? 'error' : omitted.warnings > 0 ? 'warning' : 'info';
  return {
    severity, code: NOT_LISTED_CODE, file: first.file, line: first.line, column: first.column, width: 1,
    message: `${plural(omitted.count, 'more finding')} in this game from here on ${omitted.count === 1 ? 'is' : 'are'} not listed (${parts.join(', ')}): ${why}`,
  };
}

/** Why the per-game cap cut a list. */
export const CAP_REASON = `zapis lists the first ${MAX_DIAGNOSTICS_PER_GAME} of a game`;

/**
 * The record with at most `keep` findings listed (a `diagnostics-not-listed`
 * finding added after them), or the record itself when it has no more.
 * `keepErrors` stops the list after that many errors instead (--max-errors).
 */
export function capDiagnostics(record: GameRecord, keep: number = MAX_DIAGNOSTICS_PER_GAME, why: string = CAP_REASON, keepErrors = Infinity): GameRecord {
  const diagnostics = record.diagnostics;
  let end = 0;
  let errors = 0;
  while (end < diagnostics.length && end < keep && errors < keepErrors) {
    if (diagnostics[end].code === NOT_LISTED_CODE) break;
    if (diagnostics[end].severity === 'error') errors++;
    end++;
  }
  if (end >= diagnostics.length) return record;
  const dropped = diagnostics.slice(end);
  const omitted = countOmitted(dropped, record.omitted);
  if (omitted.count === 0) return record;
  const first = dropped.find((diagnostic) => diagnostic.code !== NOT_LISTED_CODE) ?? dropped[0];
  const kept = [...diagnostics.slice(0, end), notListedFinding(first, omitted, why)];
  return { ...record, diagnostics: kept, omitted };
}

/** The findings a record stands for, listed or not, at or above `least` (severity rank), the marker left out. */
export function countAtLeast(record: GameRecord, least: 'error' | 'warning' | 'info'): number {
  let count = 0;
  for (const diagnostic of record.diagnostics) {
    if (diagnostic.code !== NOT_LISTED_CODE && RANK[diagnostic.severity] >= RANK[least]) count++;
  }
  const omitted = record.omitted;
  if (omitted) count += omitted.errors + (RANK.warning >= RANK[least] ? omitted.warnings : 0) + (RANK.info >= RANK[least] ? omitted.infos : 0);
  return count;
}
