/**
 * @zapis/archive: validating PGN archives at scale — streaming input, worker
 * threads, shards, archive rules and CI report formats.
 */
export { runValidation, type ValidationOptions, type ValidationResult, type Progress } from './run-validation.js';
export { readBatches, shardRange, type Batch, type Shard, type InputSource, type BatchingOptions } from './input-batches.js';
export { decodeTextBytes } from './decode-batch.js';
export { notTextReason } from './text-sniff.js';
export {
  type GameRecord, type RecordDiagnostic, type OmittedDiagnostics, type SeverityName, recordToJson,
} from './record.js';
export { type SummaryCounts, type UnreadableInput } from './summary.js';
export { countAtLeast } from './diagnostic-cap.js';
export { type RuleConfig, type RuleSetting } from './rule-contract.js';
export {
  ARCHIVE_RULE_CODES, DEFAULT_ARCHIVE_SEVERITIES, isArchiveRuleCode, type ArchiveRuleCode,
} from './rules/archive-codes.js';
export { ruleDescriptions } from './rule-descriptions.js';
export {
  DEFAULT_RULE_CONFIG, CONFIG_FILE_NAMES, loadRuleConfig, parseRuleConfigText,
  type LoadRuleConfigOptions, type RuleConfigPatch,
} from './rules/rule-config.js';
export { DuplicateGames } from './rules/duplicate-games.js';
export { REPORT_FORMATS, isReportFormat, createWriter, type ReportFormat } from './format/formats.js';
export { type ReportWriter, type WriterOptions, type ShardPosition } from './format/report-writer.js';
export { mergeReports, type MergeOptions, type DuplicateCheck } from './merge-reports.js';
export { ReportInputError } from './ndjson-reader.js';
export { type ReportLocation } from './ndjson-reader.js';
export { type ReportError } from './merge-reports.js';
export { runConversion, type ConversionOptions, type ConversionResult } from './run-conversion.js';
export { type ConvertSettings } from './convert-batch.js';
export { unreadableReason } from './unreadable-reason.js';
