export { SHARED_DIR, REPOSITORY_ROOT, hasShared, sharedPath, skipWithoutShared, SHARED_MISSING_MESSAGE } from './shared.js';
export { readGames, readGnuBook, readText, type RawGame } from './corpus.js';
export { readPerftSuite, type PerftCase } from './perft-suites.js';
export { garbageBytes } from './garbage.js';
export { seededRandom } from './random.js';
export { corpusSample, type CorpusSample } from './corpus-sweep.js';
export { reviewCommentBreaks } from './review-comments.js';
