export { analyseGame, type AnalyseOptions, type GameReport } from './analyse.js';
export { type Diagnostic, type Severity, GAME_CODES, type GameCode } from './diagnostic.js';
export { findRepairs, type Repair, type RepairEdit } from './repair.js';
export { reconcile, type Reconciliation, type RecordDifference } from './reconcile.js';
export { languageCandidates, LANGUAGE_PREFERENCE, type LanguageCandidate } from './language-detection.js';
export { type ReplayedMove, type ReplayedLine } from './replay.js';
export { startPosition, tagValue } from './start-position.js';
export { toWritableGame, unreplayedText, writeMainline } from './writable.js';
export { quickAnalyse, type QuickReport, type QuickOptions } from './quick-analyse.js';
