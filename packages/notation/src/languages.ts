/**
 * Language profiles as data: adding a language is adding one entry to
 * LANGUAGE_PROFILES. Everything else (the move-token lexer's letter set,
 * readings, writers, clash lists) is derived from this table.
 * Source: docs/languages.md (generated from this table) and the FIDE Laws, Appendix C.2–C.3.
 */
import type { LanguageCode, PieceRole, PromotionPiece } from './ast.js';

export interface PieceLetters {
  readonly king: string;
  readonly queen: string;
  readonly rook: string;
  readonly bishop: string;
  readonly knight: string;
}

export interface LanguageProfile {
  readonly code: LanguageCode;
  /** English name of the language. */
  readonly name: string;
  readonly letters: PieceLetters;
  /** A pawn letter some writers use (`Pe4`, German `Be4`); FIDE algebraic notation writes none. */
  readonly pawn?: string;
  /** What a reader should know about this language's letters (clashes are also computed: see letterClashes). */
  readonly notes?: string;
}

const latinDefault = { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'S' } as const;

export const LANGUAGE_PROFILES: readonly LanguageProfile[] = [
  { code: 'en', name: 'English', letters: { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N' }, pawn: 'P' },
  {
    code: 'pl', name: 'Polish', letters: { king: 'K', queen: 'H', rook: 'W', bishop: 'G', knight: 'S' }, pawn: 'P',
    notes: 'captures often `:` or omitted (`ed5`); mate often `X`; castling `0-0`; promotion `d8H`',
  },
  { code: 'de', name: 'German', letters: latinDefault, pawn: 'B', notes: 'B = Bauer (pawn)' },
  { code: 'fr', name: 'French', letters: { king: 'R', queen: 'D', rook: 'T', bishop: 'F', knight: 'C' }, pawn: 'P', notes: 'R = roi (king)' },
  { code: 'es', name: 'Spanish', letters: { king: 'R', queen: 'D', rook: 'T', bishop: 'A', knight: 'C' }, pawn: 'P' },
  { code: 'it', name: 'Italian', letters: { king: 'R', queen: 'D', rook: 'T', bishop: 'A', knight: 'C' }, pawn: 'P' },
  { code: 'pt', name: 'Portuguese', letters: { king: 'R', queen: 'D', rook: 'T', bishop: 'B', knight: 'C' }, pawn: 'P' },
  { code: 'ro', name: 'Romanian', letters: { king: 'R', queen: 'D', rook: 'T', bishop: 'N', knight: 'C' }, pawn: 'P', notes: 'N = nebun (bishop)' },
  { code: 'nl', name: 'Dutch', letters: { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'P' }, notes: 'P = paard (knight)' },
  { code: 'cs', name: 'Czech', letters: { king: 'K', queen: 'D', rook: 'V', bishop: 'S', knight: 'J' }, pawn: 'P', notes: 'S = střelec (bishop)' },
  { code: 'sk', name: 'Slovak', letters: { king: 'K', queen: 'D', rook: 'V', bishop: 'S', knight: 'J' }, pawn: 'P' },
  { code: 'hu', name: 'Hungarian', letters: { king: 'K', queen: 'V', rook: 'B', bishop: 'F', knight: 'H' }, notes: 'B = bástya (rook), H = huszár (knight)' },
  { code: 'sv', name: 'Swedish', letters: latinDefault, pawn: 'B', notes: 'B = bonde (pawn)' },
  { code: 'da', name: 'Danish', letters: latinDefault, pawn: 'B' },
  { code: 'no', name: 'Norwegian', letters: latinDefault, pawn: 'B' },
  { code: 'fi', name: 'Finnish', letters: { king: 'K', queen: 'D', rook: 'T', bishop: 'L', knight: 'R' }, notes: 'R = ratsu (knight)' },
  { code: 'is', name: 'Icelandic', letters: { king: 'K', queen: 'D', rook: 'H', bishop: 'B', knight: 'R' }, notes: 'H = hrókur (rook), R = riddari (knight)' },
  { code: 'et', name: 'Estonian', letters: { king: 'K', queen: 'L', rook: 'V', bishop: 'O', knight: 'R' } },
  { code: 'hr', name: 'Croatian', letters: latinDefault, pawn: 'P' },
  { code: 'sr', name: 'Serbian', letters: latinDefault, pawn: 'P' },
  { code: 'bs', name: 'Bosnian', letters: latinDefault, pawn: 'P' },
  { code: 'sl', name: 'Slovenian', letters: latinDefault },
  { code: 'tr', name: 'Turkish', letters: { king: 'Ş', queen: 'V', rook: 'K', bishop: 'F', knight: 'A' }, pawn: 'P', notes: 'K = kale (rook)' },
  { code: 'ru', name: 'Russian', letters: { king: 'Кр', queen: 'Ф', rook: 'Л', bishop: 'С', knight: 'К' }, notes: 'К alone = конь (knight)' },
  { code: 'uk', name: 'Ukrainian', letters: { king: 'Кр', queen: 'Ф', rook: 'Т', bishop: 'С', knight: 'К' } },
  { code: 'bg', name: 'Bulgarian', letters: { king: 'Ц', queen: 'Д', rook: 'Т', bishop: 'О', knight: 'К' } },
];

const profileByCode = new Map<LanguageCode, LanguageProfile>(LANGUAGE_PROFILES.map((profile) => [profile.code, profile]));

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGE_PROFILES.map((profile) => profile.code);

export function languageProfile(code: LanguageCode): LanguageProfile | undefined {
  return profileByCode.get(code);
}

export const isLanguageCode = (code: string): code is LanguageCode => profileByCode.has(code as LanguageCode);

/** Whether two languages write moves in the same piece letters (a game reads the same in either). */
export function writesMovesAlike(a: LanguageCode, b: LanguageCode): boolean {
  const first = languageProfile(a), second = languageProfile(b);
  return first !== undefined && second !== undefined && PIECE_ROLES_WITH_LETTERS.every((role) => first.letters[role] === second.letters[role]);
}

export const PIECE_ROLES_WITH_LETTERS: readonly Exclude<PieceRole, 'pawn'>[] = ['king', 'queen', 'rook', 'bishop', 'knight'];

/** The role a piece letter has in a language, or undefined when the language does not use it. */
export function roleOfLetter(profile: LanguageProfile, letter: string): PieceRole | undefined {
  for (const role of PIECE_ROLES_WITH_LETTERS) if (profile.letters[role] === letter) return role;
  if (profile.pawn === letter) return 'pawn';
  return undefined;
}

export function letterOf(profile: LanguageProfile, role: PieceRole): string {
  return role === 'pawn' ? '' : profile.letters[role];
}

export function promotionLetterOf(profile: LanguageProfile, piece: PromotionPiece): string {
  return profile.letters[piece];
}

/** Every piece letter of every profile (pawn letters included), longest first so `Кр` wins over `К`. */
export const ALL_PIECE_LETTERS: readonly string[] = [
  ...new Set(LANGUAGE_PROFILES.flatMap((profile) => [
    ...PIECE_ROLES_WITH_LETTERS.map((role) => profile.letters[role]),
    ...(profile.pawn ? [profile.pawn] : []),
  ])),
].sort((a, b) => b.length - a.length);

export interface LetterClash {
  readonly letter: string;
  /** Each meaning with the languages that give the letter that meaning. */
  readonly meanings: readonly { readonly role: PieceRole; readonly languages: readonly LanguageCode[] }[];
}

/** Letters that mean different pieces in different languages, derived from the table. */
export function letterClashes(profiles: readonly LanguageProfile[] = LANGUAGE_PROFILES): LetterClash[] {
  const clashes: LetterClash[] = [];
  const letters = new Set(profiles.flatMap((profile) => [...Object.values(profile.letters), ...(profile.pawn ? [profile.pawn] : [])]));
  for (const letter of letters) {
    const byRole = new Map<PieceRole, LanguageCode[]>();
    for (const profile of profiles) {
      const role = roleOfLetter(profile, letter);
      if (!role) continue;
      const list = byRole.get(role) ?? [];
      list.push(profile.code);
      byRole.set(role, list);
    }
    if (byRole.size > 1) clashes.push({ letter, meanings: [...byRole].map(([role, languages]) => ({ role, languages })) });
  }
  return clashes;
}
