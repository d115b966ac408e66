/**
 * Every reading of a move token: the letters are looked up in each language
 * profile and identical interpretations are grouped with their languages.
 * Results are cached by token text: real games repeat the same few thousand
 * tokens, so this keeps parsing from allocating readings per move.
 */
import type {
  LanguageCode, MoveForm, MoveReading, MoveToken, PieceRole, PromotionPiece,
} from './ast.js';
import { LANGUAGE_PROFILES, roleOfLetter, type LanguageProfile } from './languages.js';
import { emptyShape, scanMove, type MoveShape } from './move-shape.js';

/** What a move token's text says, apart from where it stands. */
export type MoveInterpretation = Pick<MoveToken, 'readings' | 'form' | 'captureMark' | 'checkMark' | 'promotionStyle' | 'enPassantMark'>;

const FIGURINE_ROLES: readonly PieceRole[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const UCI_PROMOTIONS: Readonly<Record<string, PromotionPiece>> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

function figurineRole(text: string): PieceRole | undefined {
  const code = text.charCodeAt(0);
  if (text.length !== 1 || code < 0x2654 || code > 0x265f) return undefined;
  return FIGURINE_ROLES[(code - 0x2654) % 6];
}

const isPromotionPiece = (role: PieceRole | undefined): role is PromotionPiece =>
  role === 'queen' || role === 'rook' || role === 'bishop' || role === 'knight';

/** A letter's meaning in one language; `null` when the language has no such letter. */
type Meaning<T> = (profile: LanguageProfile) => T | null;

function pieceMeaning(letter: string | undefined): { fixed?: PieceRole; figurine: boolean; inLanguage?: Meaning<PieceRole> } {
  if (letter === undefined) return { fixed: 'pawn', figurine: false };
  const glyph = figurineRole(letter);
  if (glyph) return { fixed: glyph, figurine: true };
  return { figurine: false, inLanguage: (profile) => roleOfLetter(profile, letter) ?? null };
}

function promotionMeaning(letter: string | undefined): { fixed?: PromotionPiece | 'none'; inLanguage?: Meaning<PromotionPiece> } {
  if (letter === undefined) return { fixed: 'none' };
  const uci = UCI_PROMOTIONS[letter];
  if (uci) return { fixed: uci };
  const glyph = figurineRole(letter);
  if (glyph) return isPromotionPiece(glyph) ? { fixed: glyph } : {};
  return {
    inLanguage: (profile) => {
      const role = roleOfLetter(profile, letter);
      return isPromotionPiece(role) ? role : null;
    },
  };
}

function readingsOf(shape: MoveShape, form: MoveForm): MoveReading[] {
  if (shape.castle) return [{ languages: 'any', figurine: false, castle: shape.castle, piece: 'king' }];
  const piece = pieceMeaning(shape.piece);
  const promotion = promotionMeaning(shape.promotion);
  const squares = {
    ...(shape.fromFile >= 0 ? { fromFile: shape.fromFile } : {}),
    ...(shape.fromRank >= 0 ? { fromRank: shape.fromRank } : {}),
    ...(shape.toRank >= 0 ? { to: shape.toRank * 8 + shape.toFile } : { toFile: shape.toFile }),
  };
  const anyPiece = form === 'uci' ? { anyPiece: true } : {};
  const build = (role: PieceRole, promoted: PromotionPiece | 'none', languages: MoveReading['languages']): MoveReading => ({
    languages, figurine: piece.figurine, piece: role, ...squares, ...(promoted !== 'none' ? { promotion: promoted } : {}), ...anyPiece,
  });
  if (piece.fixed && promotion.fixed) return [build(piece.fixed, promotion.fixed, 'any')];
  if (!piece.fixed && !piece.inLanguage) return [];
  if (!promotion.fixed && !promotion.inLanguage) return [];
  const groups = new Map<string, { role: PieceRole; promoted: PromotionPiece | 'none'; languages: LanguageCode[] }>();
  for (const profile of LANGUAGE_PROFILES) {
    const role = piece.fixed ?? piece.inLanguage?.(profile) ?? null;
    const promoted = promotion.fixed ?? promotion.inLanguage?.(profile) ?? null;
    if (role === null || promoted === null) continue;
    if (promoted !== 'none' && role !== 'pawn') continue;
    const key = `${role}/${promoted}`;
    const group = groups.get(key);
    if (group) group.languages.push(profile.code);
    else groups.set(key, { role, promoted, languages: [profile.code] });
  }
  return [...groups.values()].map((group) => build(group.role, group.promoted, group.languages));
}

function formOf(shape: MoveShape): MoveForm {
  if (shape.castle || shape.fromFile < 0 || shape.fromRank < 0) return 'san';
  const uciPromotion = shape.promotion === undefined || (shape.promotionStyle === 'plain' && UCI_PROMOTIONS[shape.promotion] !== undefined);
  const bare = shape.piece === undefined && shape.captureMark === 'none' && !shape.dash && !shape.enPassantMark;
  return bare && uciPromotion ? 'uci' : 'long';
}

/**
 * Interpretations by token text, bounded: at most CACHE_LIMIT entries (then emptied at once, cheaper than
 * tracking use, and real games soon fill it again with the tokens they repeat), and only texts short enough
 * to be a move, so that what a caller passes can never make the cache hold much more than tokens.
 */
const cache = new Map<string, MoveInterpretation | null>();
const CACHE_LIMIT = 50_000;
const LONGEST_CACHED_TEXT = 24;
/** scanMove's output, read before anything else can scan: interpretMove calls out to nothing while it is in use. */
const scratch = emptyShape();

/**
 * Reads a move token (the whole string must be one token). Returns undefined
 * when the text is not a move or no language gives its letters a meaning.
 */
export function interpretMove(text: string): MoveInterpretation | undefined {
  const cached = cache.get(text);
  if (cached !== undefined) return cached ?? undefined;
  let result: MoveInterpretation | null = null;
  if (scanMove(text, 0, text.length, scratch) === text.length) {
    const form = formOf(scratch);
    const readings = readingsOf(scratch, form);
    if (readings.length > 0) {
      result = {
        readings, form, captureMark: scratch.captureMark, checkMark: scratch.checkMark,
        promotionStyle: scratch.promotionStyle, enPassantMark: scratch.enPassantMark,
      };
    }
  }
  if (text.length <= LONGEST_CACHED_TEXT) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, result);
  }
  return result ?? undefined;
}

/** The readings of a move token, or an empty list when it is not one. */
export function readMove(text: string): readonly MoveReading[] {
  return interpretMove(text)?.readings ?? [];
}
