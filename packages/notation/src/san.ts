/**
 * SAN in and out for one position, in any language's piece letters: the two
 * verbs a program wants (`parseSan`, `makeSan`). They live here, not in
 * @zapis/core, because the letter sets of the 26 languages live here and
 * @zapis/core depends on nothing.
 */
import {
  castleSide, describeMove, err, isCastle, legalMoves, moveFrom, movePromotion, moveTarget, ok,
  type Move, type Position, type Result,
} from '@zapis/core';
import type { LanguageCode, MoveReading } from './ast.js';
import { languageProfile } from './languages.js';
import { interpretMove } from './move-readings.js';
import { STANDARD_SAN_STYLE, writeMove } from './move-writer.js';

/** Why `parseSan` found no move. */
export type SanErrorReason = 'unknown-language' | 'not-a-move' | 'not-san' | 'not-this-language' | 'illegal' | 'ambiguous';

export interface SanError {
  readonly reason: SanErrorReason;
  readonly message: string;
}

const ROLE_CODES = ['', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;

function matches(position: Position, reading: MoveReading, move: Move): boolean {
  if (reading.castle !== undefined) return isCastle(move) && castleSide(move) === reading.castle;
  if (isCastle(move) || reading.to === undefined) return false;
  const from = moveFrom(move);
  if (ROLE_CODES[position.board[from] & 7] !== reading.piece) return false;
  if (moveTarget(move) !== reading.to) return false;
  if (reading.fromFile !== undefined && (from & 7) !== reading.fromFile) return false;
  if (reading.fromRank !== undefined && from >> 3 !== reading.fromRank) return false;
  return movePromotion(move) === reading.promotion;
}

/**
 * The legal move of `position` that the SAN `text` names, reading piece letters
 * in `language` only (default English; figurines are read in every language).
 * Check, mate and capture marks are not compared with the move, as in other
 * SAN readers; a move that needs no disambiguation may still carry one. Long
 * form and UCI are not SAN: `parseUci` reads UCI.
 */
export function parseSan(position: Position, text: string, language: LanguageCode = 'en'): Result<Move, SanError> {
  if (!languageProfile(language)) return err({ reason: 'unknown-language', message: `'${language}' is not a language code` });
  const token = text.trim();
  const interpretation = interpretMove(token);
  if (!interpretation) return err({ reason: 'not-a-move', message: `'${token}' is not a move` });
  if (interpretation.form !== 'san' || interpretation.readings.every((reading) => reading.castle === undefined && reading.to === undefined)) {
    return err({ reason: 'not-san', message: `'${token}' is not SAN (it is written in ${interpretation.form === 'san' ? 'a short pawn-capture form' : `${interpretation.form} form`})` });
  }
  const readings = interpretation.readings.filter((reading) => reading.languages === 'any' || reading.languages.includes(language));
  if (readings.length === 0) {
    return err({ reason: 'not-this-language', message: `'${token}' uses a letter that is no piece in language '${language}'` });
  }
  const found = legalMoves(position).filter((move) => readings.some((reading) => matches(position, reading, move)));
  if (found.length === 0) return err({ reason: 'illegal', message: `'${token}' is not a legal move in this position` });
  if (found.length > 1) return err({ reason: 'ambiguous', message: `'${token}' could be ${found.length} legal moves in this position` });
  return ok(found[0]);
}

/**
 * `move` as SAN in `language`'s piece letters (default English): standard SAN
 * marks (`x`, `O-O`, `=Q`, `+`, `#`) with the language's letters. For a house
 * style (Polish `:` and `0-0`, figurines, long form) use `writeMove`.
 * Throws a RangeError for a move that is not legal in `position`: moves come
 * from `legalMoves` or `parseSan` of the same position.
 */
export function makeSan(position: Position, move: Move, language: LanguageCode = 'en'): string {
  if (!languageProfile(language)) throw new RangeError(`makeSan: '${language}' is not a language code`);
  if (!legalMoves(position).includes(move)) throw new RangeError(`makeSan: move ${move} is not legal in this position`);
  return writeMove(describeMove(position, move), { ...STANDARD_SAN_STYLE, language });
}
