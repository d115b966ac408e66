/**
 * What a worker is asked and answers: the settings it starts with, and one
 * batch of whole games in, its records out. The same job runs in the main
 * thread when one job is asked for.
 */
import type { LanguageCode } from '@zapis/notation';
import { packCleanGames, type CleanGames } from './clean-games.js';
import { decodeTextBytes } from './decode-batch.js';
import type { GameRecord, RecordDiagnostic } from './record.js';
import type { RuleConfig, RuleInput } from './rule-contract.js';
import { settingFor } from './rules/rule-config.js';
import { validateBatchPart, type BatchLimits } from './validate-batch.js';

export interface JobSettings {
  readonly language: LanguageCode | 'auto';
  readonly ruleConfig?: RuleConfig;
  /** Records keep `san` and `fen` (the NDJSON report needs them); default true. */
  readonly keepMoves?: boolean;
  /** The report needs every game's whole record (default true); otherwise clean games are sent as CleanGames. */
  readonly everyGame?: boolean;
  /** How much the thread may hold (a worker's heap is small; see limits.ts). Default: the main thread's. */
  readonly limits?: BatchLimits;
}

export interface BatchRequest {
  readonly file: string;
  readonly firstLine: number;
  /** No line of the batch is longer (in characters), when known. */
  readonly longestLine?: number;
  readonly bytes: Uint8Array;
  /** Start here (a character offset of the batch's text): the rest of a batch handed back. */
  readonly from?: number;
  /** Hand the batch back once it holds this many errors (--max-errors: what is left of it). */
  readonly errorBudget?: number;
}

export interface BatchAnswer {
  /** Set when the batch was handed back unfinished: validate it again from this character offset. */
  readonly resumeAt?: number;
  /** The records, in order; when `clean` is there, only those of the games with something to report. */
  readonly records: GameRecord[];
  readonly clean?: CleanGames;
}

/** Builds the per-game rule functions from the settings (archive rules are plugged in here). */
export type RuleFactory = (config: RuleConfig) => {
  readonly rules: (input: RuleInput) => readonly RecordDiagnostic[];
  readonly relevel: (diagnostics: readonly RecordDiagnostic[]) => readonly RecordDiagnostic[];
};

export function createJob(settings: JobSettings, ruleFactory?: RuleFactory): (request: BatchRequest) => BatchAnswer {
  const hooks = settings.ruleConfig && ruleFactory ? ruleFactory(settings.ruleConfig) : undefined;
  const duplicateSetting = settings.ruleConfig ? settingFor(settings.ruleConfig, 'duplicate-game') : undefined;
  const duplicateKeys = duplicateSetting !== undefined && duplicateSetting !== 'off';
  const packClean = settings.everyGame === false && settings.keepMoves === false;
  /**
   * The text of the batch last handed back unfinished: it comes again with the same bytes, once per
   * ANSWER_DIAGNOSTICS_BUDGET findings; decoded again each time, the scaling bench's megabyte of garbage took 0.96 s, not 0.54.
   * A finished batch's text is let go (a worker's heap is small).
   */
  let unfinishedBytes: Uint8Array | undefined;
  let unfinishedText = '';
  const textOf = (bytes: Uint8Array): string => (bytes === unfinishedBytes ? unfinishedText : decodeTextBytes(bytes));
  return (request) => {
    const limits: BatchLimits | undefined = request.errorBudget === undefined ? settings.limits : { ...settings.limits, errorBudget: request.errorBudget };
    const text = textOf(request.bytes);
    const { records, resumeAt } = validateBatchPart(text, {
      file: request.file,
      firstLine: request.firstLine,
      ...(request.longestLine !== undefined ? { longestLine: request.longestLine } : {}),
      language: settings.language,
      keepMoves: settings.keepMoves !== false,
      duplicateKeys,
      ...(hooks ? { rules: hooks.rules, relevel: hooks.relevel } : {}),
      ...(limits ? { limits } : {}),
    }, request.from ?? 0);
    [unfinishedBytes, unfinishedText] = resumeAt === undefined ? [undefined, ''] : [request.bytes, text];
    const resume = resumeAt === undefined ? {} : { resumeAt };
    if (!packClean) return { records, ...resume };
    const { clean, reported } = packCleanGames(request.file, records);
    return { records: reported, clean, ...resume };
  };
}
