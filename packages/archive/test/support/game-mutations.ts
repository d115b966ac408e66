/**
 * Seeded corruptions of real games for the mutation differential, the two
 * kinds of issue 18: one move replaced by a move token of another game, or
 * one character of the move text replaced, inserted or deleted inside a move
 * token or right next to it. Everything else of the game stays byte for byte;
 * the same seed gives the same mutations.
 */
import { readGames, sharedPath } from '@zapis/testkit';
import { strictPeer, type Letters, type PeerToken } from './strict-peer.js';

import { seededRandom } from '@zapis/testkit';

export { seededRandom };

/** One corpus game in one language, with its move tokens. */
export interface CorpusGame {
  /** 1-based place in the corpus file (the same game in both files). */
  readonly index: number;
  readonly letters: Letters;
  readonly text: string;
  readonly moves: readonly PeerToken[];
  /** The strict peer accepts the game as it is. */
  readonly peerOk: boolean;
}

const CORPUS_FILES: Readonly<Record<Letters, string>> = {
  en: 'games-000001-100000.pgn.gz',
  pl: 'games-000001-100000.pl.pgn.gz',
};

/** The first `count` games of the gnu-book corpus in `letters` (streamed: the rest of the file is not read). */
export async function readCorpusGames(letters: Letters, count: number): Promise<CorpusGame[]> {
  const games: CorpusGame[] = [];
  for await (const raw of readGames(sharedPath('corpora', 'gnu-book', CORPUS_FILES[letters]), count)) {
    const text = raw.text.trimEnd();
    const verdict = strictPeer(text, letters);
    games.push({ index: games.length + 1, letters, text, moves: verdict.tokens.filter((token) => token.kind === 'move'), peerOk: verdict.ok });
  }
  return games;
}

export type MutationKind = 'move-swap' | 'char-replace' | 'char-insert' | 'char-delete';
export const MUTATION_KINDS: readonly MutationKind[] = ['move-swap', 'char-replace', 'char-insert', 'char-delete'];

export interface Mutation {
  readonly id: number;
  readonly letters: Letters;
  /** The corpus game changed (1-based). */
  readonly game: number;
  readonly kind: MutationKind;
  /** The ply of the move token touched, in the original game. */
  readonly ply: number;
  /** The touched token with two characters of context either side, before and after the change. */
  readonly before: string;
  readonly after: string;
  /** For a move swap, the game the move came from. */
  readonly donor?: number;
  /** The whole changed game. */
  readonly text: string;
}

/**
 * Characters put in by a one-character change: digits, files, the piece
 * letters of English and Polish, capture, check, promotion and castling marks,
 * and the space that separates tokens.
 */
export const MUTATION_ALPHABET = 'abcdefgh' + 'KQRBN' + 'HWGS' + '0123456789' + 'x:+#=-O' + ' ';

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** The touched stretch: the token with two characters either side (the characters next to it may change too). */
const around = (text: string, start: number, end: number): string => text.slice(Math.max(0, start - 2), end + 2);

function swapMove(random: () => number, game: CorpusGame, token: PeerToken, donors: readonly CorpusGame[]): { text: string; after: string; donor: number } | undefined {
  for (let attempt = 0; attempt < 20; attempt++) {
    const donor = pick(random, donors);
    if (donor.index === game.index || donor.moves.length === 0) continue;
    const replacement = pick(random, donor.moves).text;
    if (replacement === token.text) continue;
    const text = game.text.slice(0, token.start) + replacement + game.text.slice(token.end);
    return { text, after: around(text, token.start, token.start + replacement.length), donor: donor.index };
  }
  return undefined;
}

function changeCharacter(random: () => number, game: CorpusGame, token: PeerToken, kind: Exclude<MutationKind, 'move-swap'>): { text: string; after: string } {
  const { text } = game;
  if (kind === 'char-insert') {
    // Before the token's first character up to after its last: always next to it or inside it.
    const at = token.start + Math.floor(random() * (token.text.length + 1));
    const char = pick(random, [...MUTATION_ALPHABET]);
    const changed = text.slice(0, at) + char + text.slice(at);
    return { text: changed, after: around(changed, token.start, token.end + 1) };
  }
  // The character before the token, any of its own, or the one after it (each exists: tokens stand between tags and result).
  const at = token.start - 1 + Math.floor(random() * (token.text.length + 2));
  if (kind === 'char-delete') {
    const changed = text.slice(0, at) + text.slice(at + 1);
    return { text: changed, after: around(changed, token.start, token.end - 1) };
  }
  const choices = [...MUTATION_ALPHABET].filter((char) => char !== text[at]);
  const changed = text.slice(0, at) + pick(random, choices) + text.slice(at + 1);
  return { text: changed, after: around(changed, token.start, token.end) };
}

export interface MutationPlan {
  readonly seed: number;
  readonly count: number;
  /** Games that may be changed, per language, aligned by position (the same game in both). */
  readonly games: Readonly<Record<Letters, readonly CorpusGame[]>>;
}

/**
 * `count` mutations, alternating English and Polish letters and cycling
 * through the four kinds (half are move swaps), each on a game drawn at random.
 */
export function mutations(plan: MutationPlan): Mutation[] {
  const random = seededRandom(plan.seed);
  const result: Mutation[] = [];
  const kinds: readonly MutationKind[] = ['move-swap', 'char-replace', 'move-swap', 'char-insert', 'move-swap', 'char-delete'];
  for (let id = 0; result.length < plan.count && id < plan.count * 4; id++) {
    const letters: Letters = result.length % 2 === 0 ? 'en' : 'pl';
    const kind = kinds[Math.floor(result.length / 2) % kinds.length];
    const pool = plan.games[letters];
    const game = pick(random, pool);
    if (game.moves.length === 0) continue;
    const moveIndex = Math.floor(random() * game.moves.length);
    const token = game.moves[moveIndex];
    const changed: { text: string; after: string; donor?: number } | undefined =
      kind === 'move-swap' ? swapMove(random, game, token, pool) : changeCharacter(random, game, token, kind);
    if (changed === undefined) continue;
    result.push({
      id: result.length + 1,
      letters,
      game: game.index,
      kind,
      ply: moveIndex + 1,
      before: around(game.text, token.start, token.end),
      after: changed.after,
      ...(changed.donor !== undefined ? { donor: changed.donor } : {}),
      text: changed.text,
    });
  }
  return result;
}
