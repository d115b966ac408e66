/**
 * @zapis/archive: validating PGN archives at scale — streaming input, worker
 * threads, shards, archive rules and CI report formats.
 */
export * from './record.js';
export * from './summary.js';
export * from './rule-contract.js';
export { runValidation, type ValidationOptions, type ValidationResult, type Progress } from './run-validation.js';
export { readBatches, shardRange, type Batch, type Shard, type InputSource, type BatchingOptions } from './input-batches.js';
export { nextGameStart, countLineBreaks } from './game-boundary.js';
export { SectionScanner } from './section-scanner.js';
export { validateBatch, type BatchOptions } from './validate-batch.js';
export { decodeBatch } from './decode-batch.js';
export { ruleDescriptions } from './rule-descriptions.js';
export * from './format/report-writer.js';
export * from './format/formats.js';
export * from './rules/archive-codes.js';
export * from './rules/rule-config.js';
export { DuplicateGames, duplicateKeyHash } from './rules/duplicate-games.js';
export { archiveFindings } from './rules/game-rules.js';
export * from './merge-reports.js';
export { ReportInputError } from './ndjson-reader.js';
export { recordFromReport, writtenMoves } from './game-record.js';
export { validateBatchPart, type BatchLimits, type BatchPart } from './validate-batch.js';
export { capDiagnostics, countAtLeast, NOT_LISTED_CODE } from './diagnostic-cap.js';
export { notTextReason, NotTextError } from './text-sniff.js';
export { LIMIT_CODES } from './rules/archive-codes.js';
export * from './limits.js';
export { runConversion, type ConversionOptions, type ConversionResult } from './run-conversion.js';
export { convertBatchPart, type ConvertSettings, type ConvertBatchOptions, type ConvertLimits, type ConvertedPart } from './convert-batch.js';
export { conversionProblems, formatProblem, type ConvertProblem } from './convert-problems.js';
