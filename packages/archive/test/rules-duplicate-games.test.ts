import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runValidation } from '../src/index.js';
import type { GameRecord } from '../src/record.js';
import { DuplicateGames, duplicateKeyHash } from '../src/rules/duplicate-games.js';
import { KeyTable } from '../src/rules/key-table.js';
import { DEFAULT_RULE_CONFIG, mergeRuleConfig } from '../src/rules/rule-config.js';

let nextIndex = 1;
function record(white: string, black: string, san: readonly string[], extra: Partial<GameRecord> = {}): GameRecord {
  const index = nextIndex++;
  return {
    file: 'a.pgn', index, line: index * 10, tags: { White: white, Black: black }, language: 'en',
    status: 'ok', plies: san.length, san, fen: '', diagnostics: [], ...extra,
  };
}

const RUY = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'];

describe('DuplicateGames', () => {
  it('reports the second and later copies, naming the first', () => {
    const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
    const first = record('Kowalski, Jan', 'Nowak, Anna', RUY);
    expect(duplicates.check(first)).toBeUndefined();
    expect(duplicates.check(record('Kowalski, Jan', 'Nowak, Anna', RUY.slice(0, 4)))).toBeUndefined();
    const second = record('  KOWALSKI,   jan ', 'nowak, anna', RUY);
    expect(duplicates.check(second)).toEqual({
      severity: 'warning', code: 'duplicate-game', message: `the same players and the same 5 moves as game ${first.index} (line ${first.line})`,
      file: 'a.pgn', line: second.line, column: 1, width: 1,
    });
    const third = record('Kowalski, Jan', 'Nowak, Anna', RUY, { file: 'b.pgn' });
    expect(duplicates.check(third)?.message).toBe(`the same players and the same 5 moves as game ${first.index} of a.pgn (line ${first.line})`);
    expect(duplicates.size).toBe(2);
  });

  it('tells games apart by colours, players, moves and start position', () => {
    const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
    const games = [
      record('A', 'B', RUY),
      record('B', 'A', RUY),
      record('A', 'C', RUY),
      record('AB', '', RUY),
      record('A', 'B', ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4']),
      record('A', 'B', RUY, { tags: { White: 'A', Black: 'B', FEN: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' } }),
      record('A', 'B', ['e4e5', 'Nf3', 'Nc6', 'Bb5']),
    ];
    expect(games.map((game) => duplicates.check(game))).toEqual(games.map(() => undefined));
  });

  it('leaves out games without moves and games whose replay failed', () => {
    const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
    expect(duplicates.check(record('A', 'B', []))).toBeUndefined();
    expect(duplicates.check(record('A', 'B', []))).toBeUndefined();
    expect(duplicates.check(record('A', 'B', RUY, { status: 'error' }))).toBeUndefined();
    expect(duplicates.check(record('A', 'B', RUY, { status: 'error' }))).toBeUndefined();
    expect(duplicates.size).toBe(0);
  });

  it('follows the configured severity, and remembers nothing when off', () => {
    const asError = new DuplicateGames(mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'duplicate-game': 'error' } }));
    asError.check(record('A', 'B', RUY));
    expect(asError.check(record('A', 'B', RUY))?.severity).toBe('error');
    const off = new DuplicateGames(mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'duplicate-game': 'off' } }));
    off.check(record('A', 'B', RUY));
    expect(off.check(record('A', 'B', RUY))).toBeUndefined();
    expect(off.size).toBe(0);
  });

  it('hashes to exact integers below 2^53, with no collision among 200,000 distinct games', () => {
    const seen = new Set<number>();
    const files = 'abcdefgh';
    for (let game = 0; game < 200_000; game++) {
      // Near-identical keys: the same players, moves differing in one square.
      const san = ['e4', 'e5', `N${files[game % 8]}${1 + (game >> 3) % 8}`, String(game)];
      const hash = duplicateKeyHash({ tags: { White: 'Player', Black: 'Other' }, san });
      expect(Number.isSafeInteger(hash) && hash >= 0).toBe(true);
      seen.add(hash);
    }
    expect(seen.size).toBe(200_000);
  });
});

describe('duplicate keys in a validation run', () => {
  it('are the same whether a game took the fast lane (key built from its tokens) or the full grammar (key from its SAN)', async () => {
    const tags = '[Event "x"]\n[Site "y"]\n[Date "2001.01.01"]\n[Round "1"]\n[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n[Result "*"]\n\n';
    const plain = `${tags}1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n`;
    // A variation sends this copy through the full grammar; its mainline and players are the same.
    const withVariation = `${tags}1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bb5 *\n\n`;
    const other = `${tags}1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n`;
    for (const jobs of [1, 2]) {
      const records: GameRecord[] = [];
      const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
      await runValidation({
        inputs: [{ name: 'games' }], stdin: Readable.from([Buffer.from(plain + withVariation + other + plain)]), jobs, language: 'auto',
        ruleConfig: DEFAULT_RULE_CONFIG, keepMoves: false, everyGame: false, duplicates: (found) => duplicates.check(found),
        onRecord: (found) => {
          records.push(found);
        },
      });
      const repeats = records.map((found) => found.diagnostics.filter((d) => d.code === 'duplicate-game').map((d) => d.message));
      expect(repeats, `${jobs} jobs`).toEqual([[], ['the same players and the same 5 moves as game 1 (line 1)'], [], ['the same players and the same 5 moves as game 1 (line 1)']]);
    }
  });
});

describe('KeyTable', () => {
  it('holds 53-bit keys with their numbers through growing, and answers -1 for the rest', () => {
    const table = new KeyTable();
    const keys = Array.from({ length: 5000 }, (_, index) => (index * 0x9e3779b1 + 7) * 1021 % 2 ** 53);
    keys.forEach((key, index) => table.add(key, index));
    expect(table.size).toBe(keys.length);
    keys.forEach((key, index) => expect(table.get(key)).toBe(index));
    expect(table.get(2 ** 53 - 1)).toBe(-1);
    expect(table.get(0)).toBe(keys.includes(0) ? keys.indexOf(0) : -1);
  });
});
