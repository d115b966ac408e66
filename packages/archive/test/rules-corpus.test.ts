/**
 * The archive rules on the first 20,000 games of the real gnu-book archive,
 * with faults planted in known games (a tag dropped, tags swapped, month 13,
 * 0-0 for O-O, movetext on one line, FEN without SetUp, SetUp without FEN, a
 * tag repeated, an earlier game copied with its players' names in capitals). Which games each rule fires on is checked against a plain
 * regex scan of the same text, and duplicates against a Map of full key strings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import type { GameRecord, RecordDiagnostic } from '../src/record.js';
import { archiveFindings } from '../src/rules/game-rules.js';
import { DuplicateGames } from '../src/rules/duplicate-games.js';
import { DEFAULT_RULE_CONFIG } from '../src/rules/rule-config.js';
import { ruleInputs } from './fixtures/rules/rule-input.js';

const CORPUS = sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz');
const LIMIT = 20_000;
const NOW = new Date(Date.UTC(2024, 5, 15));
const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Faults planted in every n-th game (primes, so no game gets two). */
const PLANTED: Record<string, number> = {
  'missing-tag': 997, 'tag-order': 1009, 'impossible-date': 1013, 'fen-without-setup': 1019,
  'setup-without-fen': 1021, 'line-too-long': 1031, 'duplicate-tag': 1033, 'non-export-san': 211, 'duplicate-game': 1039,
};
/** How far back the copied game is. */
const COPY_DISTANCE = 500;
const DUPLICATES_FOUND = 19;

function plant(originals: readonly string[], index: number): string {
  const game = originals[index - 1];
  const every = (code: string): boolean => index % PLANTED[code] === 0;
  if (every('duplicate-game')) {
    return originals[index - 1 - COPY_DISTANCE]
      .replace(/^\[Event "/m, '[Event "Copy of ')
      .replace(/^\[(White|Black) "(.*)"\]$/gm, (_, tag: string, name: string) => `[${tag} "  ${name.toUpperCase()} "]`);
  }  if (every('missing-tag')) return game.replace(/^\[Date .*\n/m, '');
  if (every('tag-order')) return game.replace(/^(\[Round .*\n)(\[White .*\n)/m, '$2$1');
  if (every('impossible-date')) return game.replace(/^\[Date "(\d{4}|\?{4})\.[\d?]{2}\./m, '[Date "$1.13.');
  if (every('fen-without-setup')) return game.replace(/^\[Result .*\n/m, `$&[FEN "${INITIAL_FEN}"]\n`);
  if (every('setup-without-fen')) return game.replace(/^\[Result .*\n/m, '$&[SetUp "1"]\n');
  if (every('duplicate-tag')) return game.replace(/^\[Result .*\n/m, '$&[ECO "A00"]\n');
  if (every('line-too-long')) {
    const split = game.indexOf('\n\n');
    return game.slice(0, split + 2) + game.slice(split + 2).trimEnd().replace(/\n/g, ' ') + '\n\n';
  }
  if (every('non-export-san')) {
    const split = game.indexOf('\n\n');
    return game.slice(0, split) + game.slice(split).replace(/O-O(-O)?/g, (castling) => castling.replace(/O/g, '0'));
  }
  return game;
}

/** What a plain scan of a game's text says each rule should find (independent of the rules' own scanner). */
function expectedCodes(game: string, now: Date): Set<string> {
  const codes = new Set<string>();
  const tags = [...game.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)].map((match) => ({ name: match[1], value: match[2] }));
  const names = tags.map((tag) => tag.name);
  const value = (name: string): string | undefined => [...tags].reverse().find((tag) => tag.name === name)?.value;
  if (ROSTER.some((name) => !names.includes(name))) codes.add('missing-tag');
  if (new Set(names).size < names.length) codes.add('duplicate-tag');
  const roster = names.filter((name) => ROSTER.includes(name));
  const inOrder = roster.every((name, index) => names[index] === name && (index === 0 || ROSTER.indexOf(name) > ROSTER.indexOf(roster[index - 1])));
  if (!inOrder) codes.add('tag-order');
  const date = value('Date');
  const round = value('Round');
  const result = value('Result');
  const dateMatch = date === undefined ? undefined : /^(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)$/.exec(date);
  if ((date !== undefined && !dateMatch)
    || (round !== undefined && !/^(\?|-|\d+(\.\d+)*)$/.test(round))
    || (result !== undefined && !['1-0', '0-1', '1/2-1/2', '*'].includes(result))
    || ['Event', 'Site', 'White', 'Black'].some((name) => value(name) === '')) codes.add('malformed-tag');
  if (dateMatch) {
    const [year, month, day] = dateMatch.slice(1).map((part) => (part.startsWith('?') ? undefined : Number(part)));
    const probe = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1));
    const real = (month === undefined || (month >= 1 && month <= 12)) && (day === undefined || (day >= 1 && day <= 31))
      && (month === undefined || day === undefined || probe.getUTCDate() === day);
    const future = year !== undefined && probe.getTime() > now.getTime() + 36 * 3600_000;
    if (!real || future || (year !== undefined && year < 1400)) codes.add('impossible-date');
  }
  if (value('FEN') !== undefined && value('SetUp') !== '1') codes.add('fen-without-setup');
  if (value('SetUp') === '1' && value('FEN') === undefined) codes.add('setup-without-fen');
  if (game.split('\n').some((line) => line.length > 255)) codes.add('line-too-long');
  if (/(^|[\s.])0-0/m.test(game)) codes.add('non-export-san');
  return codes;
}

interface Checked {
  readonly record: GameRecord;
  readonly findings: readonly RecordDiagnostic[];
  readonly expected: Set<string>;
  readonly castlings: number;
}

const SKIP = skipWithoutShared();

describe.skipIf(SKIP)('archive rules on 20,000 real games with planted faults', () => {
  const checked: Checked[] = [];
  const duplicates: RecordDiagnostic[] = [];

  beforeAll(async () => {
    const whole = await readText(CORPUS);
    const originals: string[] = [];
    let start = 0;
    while (originals.length < LIMIT) {
      const next = whole.indexOf('\n[Event ', start + 1);
      originals.push(whole.slice(start, next < 0 ? whole.length : next + 1));
      if (next < 0) break;
      start = next + 1;
    }
    const games = originals.map((_, index) => plant(originals, index + 1));
    const text = games.join('');
    const duplicateGames = new DuplicateGames(DEFAULT_RULE_CONFIG);
    let index = 0;
    for (const input of ruleInputs(text, { file: 'gnu-book.pgn' })) {
      const game = games[index++];
      const findings = archiveFindings(input, DEFAULT_RULE_CONFIG, { now: NOW });
      const duplicate = duplicateGames.check(input.record);
      if (duplicate) duplicates.push(duplicate);
      checked.push({ record: input.record, findings, expected: expectedCodes(game, NOW), castlings: game.match(/(^|[\s.])0-0/gm)?.length ?? 0 });
    }
  });

  it('reads every game', () => {
    expect(checked.length).toBe(LIMIT);
    expect(checked.map((game) => game.record.index)).toEqual(checked.map((_, index) => index + 1));
  });

  it('fires on exactly the games a plain scan says, for every rule', () => {
    const codes = [...new Set([...Object.keys(PLANTED), 'malformed-tag'])].sort();
    for (const code of codes) {
      const found = checked.filter((game) => game.findings.some((finding) => finding.code === code)).map((game) => game.record.index);
      const expected = checked.filter((game) => game.expected.has(code)).map((game) => game.record.index);
      expect({ code, found }).toEqual({ code, found: expected });
    }
  });

  it('fires on the real faults and the planted ones, and nothing else', () => {
    const gamesByCode: Record<string, number> = {};
    for (const game of checked) for (const code of new Set(game.findings.map((finding) => finding.code))) gamesByCode[code] = (gamesByCode[code] ?? 0) + 1;
    const planted = (code: string): number => Math.floor(LIMIT / PLANTED[code]);
    expect(gamesByCode).toEqual({
      'missing-tag': planted('missing-tag'),
      'tag-order': planted('tag-order'),
      'impossible-date': planted('impossible-date'),
      'fen-without-setup': planted('fen-without-setup'),
      'setup-without-fen': planted('setup-without-fen'),
      // Four of the 19 games put on one line are too short to pass 255 characters.
      'line-too-long': planted('line-too-long') - 4,
      'duplicate-tag': planted('duplicate-tag'),
      // Games with castling among every 211th.
      'non-export-san': checked.filter((game) => game.castlings > 0).length,
      // The archive's own faults: five negative rounds such as "-1536".
      'malformed-tag': 5,
    });
    expect(gamesByCode['non-export-san']).toBeGreaterThan(60);
  });

  it('counts each game\'s 0-0 moves and points at the first', () => {
    for (const game of checked.filter((entry) => entry.castlings > 0)) {
      const finding = game.findings.find((entry) => entry.code === 'non-export-san')!;
      expect(finding.message).toMatch(new RegExp(`^${game.castlings} of ${game.record.plies} moves (is|are) not in export SAN; the first is \\d+\\.(\\.\\.)? '0-0(-0)?' \\(export SAN: O-O(-O)?\\)$`));
      expect(finding.sourceLine?.slice(finding.column - 1, finding.column + 2)).toBe('0-0');
    }
  });

  it('finds the duplicates a Map of full keys finds, naming the same first games', () => {
    const first = new Map<string, GameRecord>();
    const expected: string[] = [];
    for (const { record } of checked) {
      if (record.status !== 'ok' || !record.san || record.san.length === 0) continue;
      const name = (value: string | undefined): string => (value ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
      const key = [name(record.tags?.White), name(record.tags?.Black), record.tags?.FEN ?? '', ...record.san].join('\u0000');
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, record);
      else expected.push(`${record.line}: game ${earlier.index} (line ${earlier.line})`);
    }
    expect(duplicates.map((finding) => `${finding.line}: ${/game \d+ \(line \d+\)/.exec(finding.message)?.[0]}`)).toEqual(expected);
    expect(expected.length).toBe(DUPLICATES_FOUND);
  });
});
