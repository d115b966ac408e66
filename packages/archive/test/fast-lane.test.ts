/**
 * The fast lane must change nothing a user can see: a batch validated with it
 * gives the same records (findings, places, duplicate keys, moves) as the same
 * batch read game by game with the full grammar. Checked on real games in
 * English letters and on their Polish twin, which the fast lane reads with
 * Polish letters (every game then gets a non-export-san finding whose place
 * comes from the fast lane's token offsets).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { quickAnalyse } from '@zapis/game';
import { splitSections } from '@zapis/notation';
import { ruleHooks } from '../src/rule-hooks.js';
import { DEFAULT_RULE_CONFIG } from '../src/rules/rule-config.js';
import { validateBatch, type BatchOptions } from '../src/validate-batch.js';
import type { GameRecord } from '../src/record.js';
import { firstGames } from './support/first-games.js';

const skip = skipWithoutShared();
const GAMES = 3_000;


/** A record as a report shows it: properties left undefined are not there. */
const shown = (record: GameRecord): unknown => JSON.parse(JSON.stringify(record));

function compare(text: string, keepMoves: boolean, language: BatchOptions['language'] = 'auto'): { mismatches: string[]; records: GameRecord[] } {
  const hooks = ruleHooks(DEFAULT_RULE_CONFIG);
  const options: BatchOptions = {
    file: 'corpus.pgn', firstLine: 1, language, keepMoves, duplicateKeys: true, rules: hooks.rules, relevel: hooks.relevel,
  };
  const fast = validateBatch(text, options);
  const full = validateBatch(text, { ...options, fastLane: false });
  const mismatches: string[] = [];
  if (fast.length !== full.length) mismatches.push(`${fast.length} records with the fast lane, ${full.length} without`);
  for (let i = 0; i < Math.min(fast.length, full.length); i++) {
    const a = JSON.stringify(shown(fast[i]));
    const b = JSON.stringify(shown(full[i]));
    if (a !== b) mismatches.push(`game ${i + 1}:\n  fast ${a.slice(0, 600)}\n  full ${b.slice(0, 600)}`);
  }
  return { mismatches, records: fast };
}

describe.skipIf(skip)('the fast lane against the full grammar, record for record', () => {
  let english = '';
  let polish = '';
  /** Every game of the English corpus with a backslash in a tag value (`\\`, `\'`): the grammar's escapes. */
  const escaped: string[] = [];
  beforeAll(async () => {
    const corpus = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    english = firstGames(corpus, GAMES);
    for (const section of splitSections(corpus)) {
      const game = corpus.slice(section.start, section.end);
      if (/^\[[A-Za-z]+ "[^"\n]*\\/m.test(game)) escaped.push(game);
    }
    polish = firstGames(await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz')), GAMES);
  }, 600_000);

  it.each([true, false])(`gives the same records for ${GAMES} English games (moves kept: %s)`, (keepMoves) => {
    const { mismatches, records } = compare(english, keepMoves);
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(records.length).toBe(GAMES);
  });

  it.each([
    [true, 'auto'], [false, 'auto'], [false, 'pl'],
  ] as const)(`gives the same records for ${GAMES} games in Polish letters (moves kept: %s, language %s)`, (keepMoves, language) => {
    // The comparison means something only if the fast lane reads these games: it does the first.
    expect(quickAnalyse(polish, 0, polish.length, { language })?.language).toBe('pl');
    const { mismatches, records } = compare(polish, keepMoves, language);
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(records.length).toBe(GAMES);
    // The Polish letters are reported once per game, at the first piece move written with them.
    const flagged = records.filter((record) => record.diagnostics.some((diagnostic) => diagnostic.code === 'non-export-san'));
    expect(flagged.length).toBeGreaterThan(GAMES * 0.99);
    expect(records.filter((record) => record.language === 'pl').length).toBeGreaterThan(GAMES * 0.99);
  });

  it('reads tag values with escapes as the grammar does, and takes those games the fast way', () => {
    expect(escaped.length).toBeGreaterThan(200);
    // Every one of them is clean but for its escapes: the fast lane must vouch for it.
    expect(escaped.filter((game) => quickAnalyse(game, 0, game.length) === undefined)).toEqual([]);
    for (const keepMoves of [true, false]) {
      const { mismatches, records } = compare(escaped.join(''), keepMoves);
      expect(mismatches.slice(0, 3)).toEqual([]);
      expect(records.length).toBe(escaped.length);
    }
    const site = validateBatch(escaped.find((game) => game.includes('\\\\'))!, { file: 'x.pgn', firstLine: 1, language: 'auto' })[0].tags?.Site;
    expect(site).toMatch(/[^\\]\\[^\\]/); // `\\` read as one backslash
  });

  it.each(['english', 'polish'] as const)('gives the same records for 300 %s games with one character changed in each', (which) => {
    // A problem anywhere must send the game the full way: a fast lane that vouched for a broken game would change its record.
    const source = which === 'english' ? english : polish;
    const alphabet = 'abcdefgh12345678KQRBNSGWHODTLCx+#=-:. !?0';
    let seed = which === 'english' ? 7 : 11;
    const random = (below: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed % below;
    };
    const games: string[] = [];
    for (const section of splitSections(source)) {
      if (games.length === 300) break;
      const game = source.slice(section.start, section.end);
      const moves = game.indexOf('\n\n') + 2;
      const at = moves + random(Math.max(1, game.trimEnd().length - moves));
      games.push(game.slice(0, at) + alphabet[random(alphabet.length)] + game.slice(at + 1));
    }
    const { mismatches, records } = compare(games.join(''), true);
    expect(mismatches.slice(0, 3)).toEqual([]);
    // The changes did break games (else this says nothing about giving way).
    expect(records.filter((record) => record.status === 'error').length).toBeGreaterThan(90);
  });
});

