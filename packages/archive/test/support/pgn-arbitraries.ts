/**
 * fast-check generators of PGN-ish text: real games to mutate, and a small
 * grammar of PGN pieces (tags, move numbers, SAN-like tokens, comments,
 * variations, results, escapes) mixed with garbage, so that generated inputs
 * reach both the fast lane and every recovery path of the full grammar.
 */
import fc from 'fast-check';

const TAGS = '[Event "Fuzz"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n';

/** Short legal games (checked by the tests that use them): clean export SAN that takes the fast lane. */
export const LEGAL_GAMES: readonly string[] = [
  `${TAGS}[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6\n9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6\n15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n`,
  `${TAGS}[Result "*"]\n\n1. e4 d5 2. e5 f5 3. exf6 e5 4. fxg7 Ke7 5. gxh8=Q Nf6 *\n`,
  `${TAGS}[Result "1/2-1/2"]\n\n1. d4 d5 2. c4 {Queen's Gambit} e6 $1 3. Nc3 Nf6 1/2-1/2\n`,
  `${TAGS}[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n`,
];

/** A legal game with variations, escapes and glyphs: never the fast lane, always fine for the grammar. */
export const RICH_GAME =
  `${TAGS}[Result "1-0"]\n%escaped line\n1. e4! (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 ; a line comment\n2... Nc6 3. Bb5 a6 1-0\n`;

const SAN_WORDS = [
  'e4', 'e5', 'd4', 'd5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'O-O-O', 'exd5', 'Qxf7#', 'e8=Q', 'Kxe2',
  'Rad1', 'N1f3', 'Qh4+', 'bxc3', '0-0', 'Sf3', 'Hd4', 'Ke2', 'Z0', '--', 'e.p.', 'ep', 'Qe7', 'c6', 'Bg5',
];
const RESULTS = ['1-0', '0-1', '1/2-1/2', '*', '½-½', '1–0'];
const GARBAGE_PIECES = [
  '[', ']', '"', '{', '}', '(', ')', ';', '%', '$', '$999999', '!', '??', '\\', '\u0000', '\u00ff', 'é', 'Ж', '\u2028',
  '\ufeff', '\u00a0', '+-', '=', '…', '....', '12345678901234567890', '[Event', '[Event "', '"]', '#', '\t',
];
const TAG_NAMES = ['Event', 'Site', 'Date', 'Result', 'White', 'Black', 'FEN', 'SetUp', 'Variant', 'X_1', ''];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\n\n'];

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

const tagValue = fc.string({ maxLength: 12 }).map((value) => value.replace(/[\r\n]/g, ' '));

/** A tag pair, sometimes broken: missing quote, bracket, name or value, or an escape. */
const tagName = fc.oneof(
  { weight: 3, arbitrary: pick(TAG_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'abeNOQZ0189_x-+'), minLength: 1, maxLength: 5 }) },
);
const tagPair: fc.Arbitrary<string> = fc.tuple(tagName, tagValue, fc.nat(9)).map(([name, value, damage]) => {
  switch (damage) {
    case 0: return `[${name} "${value}`;
    case 1: return `[${name} "${value}"`;
    case 2: return `[${name}]`;
    case 3: return `[${name} "${value}\\"]`;
    case 4: return `[ "${value}"]`;
    default: return `[${name} "${value}"]`;
  }
});

const moveNumber = fc.tuple(fc.integer({ min: 0, max: 120 }), pick(['.', '...', '', '. ', '..', '…'])).map(([n, dots]) => `${n}${dots}`);
const sanLike = fc.oneof(
  { weight: 4, arbitrary: pick(SAN_WORDS) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'abcdefgh12345678NBRQKOx=+#-'), minLength: 1, maxLength: 6 }) },
);
const comment = fc.oneof(
  fc.string({ maxLength: 20 }).map((text) => `{${text.replace(/}/g, '')}}`),
  fc.string({ maxLength: 20 }).map((text) => `{${text}`),
  fc.string({ maxLength: 20 }).map((text) => `;${text.replace(/[\r\n]/g, '')}\n`),
);
const piece = fc.oneof(
  { weight: 6, arbitrary: sanLike },
  { weight: 3, arbitrary: moveNumber },
  { weight: 1, arbitrary: comment },
  { weight: 1, arbitrary: pick(['(', ')', '( ', ' )']) },
  { weight: 1, arbitrary: pick(RESULTS) },
  { weight: 1, arbitrary: pick(['$1', '$12', '$12345', '$123456', '$', '!', '?!', '!!!', '(=)', '+-', '=']) },
  { weight: 1, arbitrary: pick(GARBAGE_PIECES) },
  { weight: 1, arbitrary: tagPair.map((tag) => `\n${tag}\n`) },
);
const separator = fc.oneof({ weight: 6, arbitrary: fc.constant(' ') }, { weight: 2, arbitrary: pick(LINE_BREAKS) }, { weight: 1, arbitrary: fc.constant('') });

/** Move text: pieces with separators. */
const movetext = fc.array(fc.tuple(piece, separator), { maxLength: 40 }).map((items) => items.map(([text, gap]) => text + gap).join(''));

/** One generated game: a tag section (maybe none) and move text, maybe a result. */
const generatedGame = fc.tuple(fc.array(tagPair, { maxLength: 5 }), pick(LINE_BREAKS), movetext, fc.option(pick(RESULTS))).map(
  ([tags, gap, moves, result]) => `${tags.join('\n')}${tags.length > 0 ? gap : ''}${moves}${result === null ? '' : ` ${result}`}`,
);

/** Text made of legal games, generated games and garbage, in any order. */
export const grammarPgn: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: generatedGame },
      { weight: 2, arbitrary: pick(LEGAL_GAMES) },
      { weight: 1, arbitrary: fc.constant(RICH_GAME) },
      { weight: 1, arbitrary: fc.array(pick(GARBAGE_PIECES), { maxLength: 6 }).map((parts) => parts.join('')) },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .chain((parts) => fc.array(pick(LINE_BREAKS), { minLength: parts.length, maxLength: parts.length }).map((gaps) => parts.map((part, at) => part + gaps[at]).join('')));

/** One edit of a text: a byte-level change, or a cut / duplicated segment. */
export type Mutation =
  | { readonly kind: 'flip'; readonly at: number; readonly value: number }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number; readonly to: number }
  | { readonly kind: 'cut'; readonly at: number };

const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(position, fc.integer({ min: 0, max: 255 })).map(([at, value]): Mutation => ({ kind: 'flip', at, value })),
  fc.tuple(position, fc.integer({ min: 1, max: 40 })).map(([at, length]): Mutation => ({ kind: 'delete', at, length })),
  fc.tuple(position, fc.oneof(pick(GARBAGE_PIECES), pick(SAN_WORDS), pick(RESULTS), pick(LINE_BREAKS))).map(([at, text]): Mutation => ({ kind: 'insert', at, text })),
  fc.tuple(position, fc.integer({ min: 1, max: 300 }), position).map(([at, length, to]): Mutation => ({ kind: 'duplicate', at, length, to })),
  position.map((at): Mutation => ({ kind: 'cut', at })),
);

/** Applies mutations to `text`; positions are fractions of the current length, so any mutation fits any text. */
export function mutate(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const change of mutations) {
    const at = Math.floor(change.at * (out.length + 1));
    switch (change.kind) {
      case 'flip':
        out = out.slice(0, at) + String.fromCharCode(change.value) + out.slice(at + 1);
        break;
      case 'delete':
        out = out.slice(0, at) + out.slice(at + change.length);
        break;
      case 'insert':
        out = out.slice(0, at) + change.text + out.slice(at);
        break;
      case 'duplicate': {
        const segment = out.slice(at, at + change.length);
        const to = Math.floor(change.to * (out.length + 1));
        out = out.slice(0, to) + segment + out.slice(to);
        break;
      }
      case 'cut':
        out = out.slice(0, at);
        break;
    }
  }
  return out;
}
