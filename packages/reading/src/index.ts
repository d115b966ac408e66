/**
 * @zapis/reading: pages read by @zapis/ocr to checked games — which pages make one game, the game decoded by
 * @zapis/decode's strategy for scans, each move's cell on the scan, the tags read off the sheets, and the game
 * written as `zapis read` writes it (PGN with review comments, or a JSON object).
 */
export { type PageRead, type PageRef, type PlayerPages, type GameGroup, GameGrouper, groupGames } from './group-games.js';
export { type DecodeGroupOptions, type ReadGame, decodeGroup, decodeOtherReading } from './read-game.js';
export { type GamesOfPagesEvent, type GamesOfPagesOptions, type PageFailure, gamesOfPages } from './games-of-pages.js';
export { type CellOnScan, type ReadCellOnScan, cellPlaces, cellTexts, rectOnImage, rotationOnImage } from './cells-on-scan.js';
export { HEADER_TAG_CONFIDENCE } from './header-tags.js';
export { type ReadProblem, type ReadProblemCode } from './sheet-problems.js';
export {
  type ReadDiagnostic, type ReadDiagnosticCode, type ReadMoveJson, type ReadGameJson, headerNotesComment, readFailureJson, readGameDiagnostics, readGameJson, readGamePgn, readGameSheets,
} from './read-report.js';
