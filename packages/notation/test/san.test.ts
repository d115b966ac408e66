/**
 * parseSan and makeSan on real games: the first games of the gnu-book corpus in
 * English letters and their Polish twins must read move by move to legal moves,
 * be written back exactly as the corpus writes them, and name the same moves in
 * both languages. Bad SAN gets its named reason.
 */
import { describe, expect, it } from 'vitest';
import { initialPosition, parseFen, type Move, type Position } from '@zapis/core';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { makeSan, parseSan, type LanguageCode } from '../src/index.js';

const skip = skipWithoutShared();
const GAMES = 400;

interface Game {
  readonly start: Position;
  readonly tokens: readonly string[];
}

/** The start position and the move tokens of a clean export-format game (no comments or variations in this corpus). */
function gameOf(text: string): Game {
  const fen = /^\[FEN "([^"]*)"\]/m.exec(text)?.[1];
  const parsed = fen === undefined ? undefined : parseFen(fen);
  if (parsed && !parsed.ok) throw new Error(`bad FEN in the corpus: ${fen}`);
  const movetext = text.split('\n').filter((line) => !line.startsWith('[')).join(' ');
  if (/[{(;$]/.test(movetext)) throw new Error('the corpus was expected to hold no comments, variations or NAGs');
  const tokens = movetext.replace(/\d+\.+/g, ' ').split(/\s+/).filter((token) => token !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token));
  return { start: parsed?.value ?? initialPosition(), tokens };
}

/** Reads and rewrites every move of `game` in `language`; returns the moves. */
function roundTrip(game: Game, language: LanguageCode, failures: string[]): Move[] {
  const position = game.start.clone();
  const moves: Move[] = [];
  for (const token of game.tokens) {
    const parsed = parseSan(position, token, language);
    if (!parsed.ok) {
      failures.push(`${language} ${token}: ${parsed.error.reason}: ${parsed.error.message}`);
      break;
    }
    const written = makeSan(position, parsed.value, language);
    if (written !== token) failures.push(`${language} ${token} written back as ${written}`);
    moves.push(parsed.value);
    const played = position.play(parsed.value);
    if (!played.ok) failures.push(`${language} ${token}: ${played.error.message}`);
  }
  return moves;
}

describe.skipIf(skip)('parseSan and makeSan on real games in two languages', () => {
  it(`reads and writes the first ${GAMES} gnu-book games in English and in Polish letters, move for move`, async () => {
    const english = readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES);
    const polish = readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz'), GAMES);
    const failures: string[] = [];
    let games = 0;
    let plies = 0;
    for await (const englishGame of english) {
      const polishGame = (await polish.next()).value;
      if (!polishGame) throw new Error('the Polish twin has fewer games');
      const inEnglish = roundTrip(gameOf(englishGame.text), 'en', failures);
      const inPolish = roundTrip(gameOf(polishGame.text), 'pl', failures);
      if (inPolish.join() !== inEnglish.join()) failures.push(`game at line ${englishGame.line}: the Polish twin names other moves`);
      games++;
      plies += inEnglish.length;
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(games).toBe(GAMES);
    expect(plies).toBeGreaterThan(GAMES * 40);
  });
});

describe('parseSan names what is wrong', () => {
  const start = initialPosition();
  const cases: readonly [string, LanguageCode, string][] = [
    ['Nf3', 'pl', 'not-this-language'],
    ['Sf3', 'en', 'not-this-language'],
    ['e5', 'en', 'illegal'],
    ['Nd2', 'en', 'illegal'],
    ['hello', 'en', 'not-a-move'],
    ['g1f3', 'en', 'not-san'],
    ['Ng1-f3', 'en', 'not-san'],
    ['e4', 'xx' as LanguageCode, 'unknown-language'],
  ];
  for (const [text, language, reason] of cases) {
    it(`${text} in ${language}: ${reason}`, () => {
      const parsed = parseSan(start, text, language);
      expect(parsed.ok || parsed.error.reason).toBe(reason);
    });
  }

  it('an ambiguous knight move, and its disambiguated forms', () => {
    const parsed = parseFen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const position = parsed.value;
    const ambiguous = parseSan(position, 'Nd2');
    expect(ambiguous.ok || ambiguous.error.reason).toBe('ambiguous');
    const fromB = parseSan(position, 'Nbd2');
    const fromG = parseSan(position, 'Sfd2', 'pl');
    expect(fromB.ok && makeSan(position, fromB.value)).toBe('Nbd2');
    expect(fromG.ok && makeSan(position, fromG.value, 'pl')).toBe('Sfd2');
  });

  it('makeSan refuses a move of another position', () => {
    const parsed = parseFen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const knight = parseSan(parsed.value, 'Ne3');
    if (!knight.ok) throw new Error(knight.error.message);
    const crowded = initialPosition();
    expect(() => makeSan(crowded, knight.value)).toThrow(RangeError);
  });
});
