/**
 * @zapis/notation: chess notation syntax. Parses PGN and move text in every
 * language profile into trees with source spans (every move token carries all
 * its readings), and writes moves and games back in any language and style.
 */
export type {
  SourceSpan, LanguageCode, PieceRole, PromotionPiece, MoveReading, CaptureMark, CheckMark, PromotionStyle, MoveForm,
  Comment, Nag, MoveTextNode, MoveToken, NullMoveToken, UnreadableMoveToken, MoveNode, Variation, Tag, ResultText, SyntaxProblem, ParsedGame,
} from './ast.js';
export { parsePgn, parseGames, parseSection } from './pgn.js';
export { readMove } from './move-readings.js';
export { parseSan, makeSan, type SanError, type SanErrorReason } from './san.js';
export {
  LANGUAGE_PROFILES, LANGUAGE_CODES, isLanguageCode, languageProfile, writesMovesAlike, roleOfLetter, letterOf, letterClashes, type LanguageProfile, type PieceLetters, type LetterClash,
} from './languages.js';
export { PROBLEM_MESSAGES, type ProblemCode } from './problems.js';
export { LineIndex } from './line-index.js';
export { writeMove, POLISH_STYLE, STANDARD_SAN_STYLE, type MoveStyle } from './move-writer.js';
export {
  writePgn, writePgnDatabase,
  type WritableGame, type WritableMove, type PgnExportOptions,
} from './pgn-export.js';
export { writePgnMainline, type WrittenMainline } from './pgn-export.js';
export { restyleSan, enPassantBySan, SanRestyler } from './san-restyle.js';
export { scanExportMoves, scanExportTags, type ExportScan, type ExportTags } from './export-scanner.js';
export { splitSections, type TextSection } from './game-splitter.js';
