/**
 * @zapis/notation: chess notation syntax. Parses PGN and move text in every
 * language profile into trees with source spans (every move token carries all
 * its readings), and writes moves and games back in any language and style.
 */
export * from './ast.js';
export { parsePgn, parseGames, parseSection } from './pgn.js';
export { interpretMove, readMove, type MoveInterpretation } from './move-readings.js';
export {
  LANGUAGE_PROFILES, LANGUAGE_CODES, ALL_PIECE_LETTERS, languageProfile, roleOfLetter, letterOf, promotionLetterOf,
  letterClashes, type LanguageProfile, type PieceLetters, type LetterClash,
} from './languages.js';
export { PROBLEM_MESSAGES, type ProblemCode } from './problems.js';
export { LineIndex } from './line-index.js';
export { writeMove, POLISH_STYLE, STANDARD_SAN_STYLE, type MoveStyle } from './move-writer.js';
export {
  writePgn, writePgnDatabase, escapeTagValue, SEVEN_TAG_ROSTER,
  type WritableGame, type WritableMove, type PgnExportOptions,
} from './pgn-export.js';
export { writePgnMainline, NAG_GLYPHS, type WrittenMainline } from './pgn-export.js';
export { restyleSan, enPassantBySan, SanRestyler } from './san-restyle.js';
export { scanExportGame, scanExportMoves, scanExportTags, type ExportGameVisitor, type ExportScan, type ExportTags } from './export-scanner.js';
export { splitSections, type TextSection } from './game-splitter.js';
