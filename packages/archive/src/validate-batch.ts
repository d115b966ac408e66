/**
 * Validates one batch of an archive: a run of whole games cut from a file at
 * game boundaries. Each game goes the fast lane when it can (export SAN, no
 * problems; see quickAnalyse) and through the full grammar and replay
 * otherwise, so every problem is still explained. Games come back in order,
 * numbered within the batch; lines are the file's lines.
 */
import { analyseGame, quickAnalyse, type QuickReport } from '@zapis/game';
import { LineIndex, parseSection, splitSections, type LanguageCode } from '@zapis/notation';
import { recordFromReport, writtenMoves } from './game-record.js';
import type { GameRecord, RecordDiagnostic } from './record.js';
import type { RuleInput } from './rule-contract.js';

export interface BatchOptions {
  readonly file: string;
  /** The file line of the batch's first character. */
  readonly firstLine: number;
  readonly language: LanguageCode | 'auto';
  /** Archive rules and severity settings, applied to every game. */
  readonly rules?: (input: RuleInput) => readonly RecordDiagnostic[];
  readonly relevel?: (diagnostics: readonly RecordDiagnostic[]) => readonly RecordDiagnostic[];
}

function recordFromQuick(quick: QuickReport, file: string, line: number, index: number): GameRecord {
  return {
    file,
    index,
    line,
    tags: quick.tags,
    language: quick.language,
    status: 'ok',
    plies: quick.plies,
    san: quick.san,
    fen: quick.fen,
    ...(quick.outcome ? { outcome: `${quick.outcome.result} ${quick.outcome.reason}` } : {}),
    diagnostics: [],
  };
}

/** Archive rules and severities on a replayed game; the status follows the final severities. */
function withRules(record: GameRecord, input: Omit<RuleInput, 'record'>, options: BatchOptions): GameRecord {
  const extra = options.rules ? options.rules({ ...input, record }) : [];
  const combined = extra.length > 0 ? [...record.diagnostics, ...extra] : record.diagnostics;
  const diagnostics = options.relevel && combined.length > 0 ? options.relevel(combined) : combined;
  if (diagnostics === record.diagnostics) return record;
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  const status = sorted.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok';
  return { ...record, diagnostics: sorted, status };
}

/** Every game of `text` (whole games only), in order. */
export function validateBatch(text: string, options: BatchOptions): GameRecord[] {
  const records: GameRecord[] = [];
  const lineIndex = new LineIndex(text);
  const shift = options.firstLine - 1;
  let at = 0;
  while (at < text.length) {
    const quick = quickAnalyse(text, at, text.length, { language: options.language });
    if (quick !== undefined) {
      const span = lineIndex.span(quick.start, 0);
      const record = recordFromQuick(quick, options.file, span.line + shift, records.length + 1);
      records.push(withRules(record, { text: text.slice(quick.start, quick.end), firstLine: span.line + shift, firstColumn: span.column }, options));
      at = quick.end;
      continue;
    }
    const section = splitSections(text, at).next();
    if (section.done) break;
    const { start, end } = section.value;
    for (const game of parseSection(text, start, end, lineIndex, records.length + 1)) {
      const report = analyseGame(game, { file: options.file, language: options.language });
      const record = recordFromReport(report, text, shift, game.index);
      const gameEnd = game.span.offset + game.span.length;
      records.push(withRules(record, {
        text: text.slice(game.span.offset, gameEnd),
        firstLine: game.span.line + shift,
        firstColumn: game.span.column,
        written: writtenMoves(report, shift),
      }, options));
    }
    at = end;
  }
  return records;
}
