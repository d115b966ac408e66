/**
 * Issue 18.4: no input may kill a worker. Real bad inputs, made here from a
 * fixed seed: a game of junk tokens, printable garbage, binary data. What
 * bounds memory is checked as behaviour: how many findings a game lists and
 * how the rest are counted, where a batch is handed back and that going on
 * from there gives the same records, where an over-long game is cut, and
 * that a binary input is one unreadable-input report.
 */
import { Readable } from 'node:stream';
import { analyseGame } from '@zapis/game';
import { parsePgn } from '@zapis/notation';
import { describe, expect, it } from 'vitest';
import { notTextReason, runValidation, type GameRecord } from '../src/index.js';
import { MAX_DIAGNOSTICS_PER_GAME, MAX_GAME_TOKENS } from '../src/limits.js';
import { NOT_LISTED_CODE } from '../src/diagnostic-cap.js';
import { validateBatch, validateBatchPart } from '../src/validate-batch.js';
import { sectionPart } from '../src/section-limit.js';
import { garbageBytes } from '@zapis/testkit';
import { validateText } from './support/validation.js';

/** A small deterministic generator (xorshift32), so every run sees the same junk. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const JUNK_TOKENS = ['e4', 'Nf3', 'xx', '1.', 'Qh9', 'dxcf', 'O-O-O', '(', ')', '$1', '!?', '6b6', 'Kx', 'a8=Q', 'zz9', '...', 'Bb5+', 'R1a3', 'garbage', 'Sf3', '12.'];

/** One tagless game of `count` junk tokens, 80-column lines, no result. */
function junkGame(count: number, seed: number): string {
  const next = random(seed);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(JUNK_TOKENS[next() % JUNK_TOKENS.length]);
  return words.join(' ').replace(/(.{1,79}) /g, '$1\n');
}

/** Printable ASCII garbage without NUL bytes (a line break every ~30 characters). */
function printableGarbage(length: number, seed: number): string {
  const next = random(seed);
  let text = '';
  for (let i = 0; i < length; i++) text += next() % 30 === 0 ? '\n' : String.fromCharCode(32 + (next() % 95));
  return text;
}

const GOOD = '[Event "Good"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

const countErrors = (record: GameRecord): number =>
  record.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.code !== NOT_LISTED_CODE).length + (record.omitted?.errors ?? 0);

describe('findings kept per game', () => {
  const junk = junkGame(3_000, 18);

  it(`lists the first ${MAX_DIAGNOSTICS_PER_GAME} of a junk game, counts the rest, and the summary adds up to every finding there is`, async () => {
    const { records, summary } = await validateText(junk);
    expect(records).toHaveLength(1);
    const [record] = records;
    // What the grammar and the replay find in the game, uncapped.
    const everything = analyseGame(parsePgn(junk)[0], { file: '<stdin>' }).diagnostics;
    expect(everything.length).toBeGreaterThan(1_000);
    expect(record.diagnostics).toHaveLength(MAX_DIAGNOSTICS_PER_GAME + 1);
    const marker = record.diagnostics[MAX_DIAGNOSTICS_PER_GAME];
    expect(marker.code).toBe(NOT_LISTED_CODE);
    expect(marker.message).toContain(`${everything.length - MAX_DIAGNOSTICS_PER_GAME} more findings`);
    // The marker stands where the first unlisted finding is.
    expect(marker.line).toBe(everything[MAX_DIAGNOSTICS_PER_GAME].line);
    expect(record.omitted?.count).toBe(everything.length - MAX_DIAGNOSTICS_PER_GAME);
    expect(summary.errors + summary.warnings + summary.infos).toBe(everything.length);
    expect(summary.errors).toBe(everything.filter((diagnostic) => diagnostic.severity === 'error').length);
    expect(summary.notListed).toBe(everything.length - MAX_DIAGNOSTICS_PER_GAME);
    expect(summary.byCode[NOT_LISTED_CODE]).toBeUndefined();
    const byCode = Object.values(summary.byCode).reduce((total, count) => total + count, 0);
    expect(byCode).toBe(everything.length);
  });
});

describe('a batch handed back', () => {
  const text = `${GOOD}\n${printableGarbage(60_000, 7)}\n\n${GOOD}`;

  it('stops after the game that spends the budget, and going on from there gives the records of one pass', () => {
    const options = { file: 'garbage.pgn', firstLine: 1, language: 'auto' as const };
    const whole = validateBatch(text, options);
    const parts: GameRecord[] = [];
    let from = 0;
    let handedBack = 0;
    for (;;) {
      const part = validateBatchPart(text, { ...options, limits: { diagnosticsBudget: 500 } }, from);
      const listed = part.records.reduce((total, record) => total + record.diagnostics.length, 0);
      // At most one game past the budget, and a game lists at most its cap and the marker.
      expect(listed).toBeLessThan(500 + MAX_DIAGNOSTICS_PER_GAME + 1);
      parts.push(...part.records);
      if (part.resumeAt === undefined) break;
      expect(part.resumeAt).toBeGreaterThan(from);
      from = part.resumeAt;
      handedBack++;
    }
    expect(handedBack).toBeGreaterThan(3);
    const strip = (records: GameRecord[]): unknown[] => records.map(({ index: _index, ...rest }) => rest);
    expect(strip(parts)).toEqual(strip(whole));
  });

  it('gives the same report with workers (which hand back) as with one job', async () => {
    const input = `${GOOD}\n${junkGame(25_000, 3)}\n\n${GOOD}\n${printableGarbage(150_000, 11)}\n\n${GOOD}`;
    const alone = await validateText(input, { jobs: 1 });
    const shared = await validateText(input, { jobs: 2, batchBytes: 16_384 });
    const strip = (records: GameRecord[]): unknown[] => records.map(({ index: _index, ...rest }) => rest);
    expect(strip(shared.records)).toEqual(strip(alone.records));
    expect(shared.summary.errors).toBe(alone.summary.errors);
    expect(alone.records.at(-1)?.status).toBe('ok');
  }, 120_000);
});

describe('a game longer than any real game', () => {
  it(`is read up to ${MAX_GAME_TOKENS.toLocaleString('en-US')} tokens, cut there with a located game-too-long error, and the next game is read`, async () => {
    const junk = junkGame(MAX_GAME_TOKENS + 5_000, 5);
    const { records, summary } = await validateText(`${junk}\n\n${GOOD}`);
    expect(records).toHaveLength(2);
    const tooLong = records[0].diagnostics.filter((diagnostic) => diagnostic.code === 'game-too-long');
    expect(tooLong).toHaveLength(1);
    expect(tooLong[0].severity).toBe('error');
    // The cut is at the token after the limit: count the tokens before its line and column.
    const lines = junk.split('\n');
    const before = [...lines.slice(0, tooLong[0].line - 1), lines[tooLong[0].line - 1].slice(0, tooLong[0].column - 1)].join(' ');
    expect(before.split(/\s+/).filter((word) => word !== '')).toHaveLength(MAX_GAME_TOKENS);
    expect(tooLong[0].message).toContain(`to line ${lines.length}`);
    expect(records[1].status).toBe('ok');
    expect(records[1].line).toBe(lines.length + 2);
    expect(summary.byCode['game-too-long']).toBe(1);
  }, 120_000);

  it('cuts a long run of games only between a result and the next move number, so the parts read as one', () => {
    const games = Array.from({ length: 3_000 }, (_, at) => (at % 7 === 3 ? '1. e4 Qh9 e5 *' : '1. e4 e5 2. Nf3 Nc6 *')).join('\n');
    const part = sectionPart(games, 0, games.length, 1_000);
    expect(part.overlong).toBeUndefined();
    expect(games.slice(0, part.end)).toMatch(/\*\n$/);
    expect(games.slice(part.end, part.end + 3)).toBe('1. ');
    const options = { file: 'many.pgn', firstLine: 1, language: 'auto' as const, fastLane: false };
    const strip = (records: GameRecord[]): unknown[] => records.map(({ index: _index, ...rest }) => rest);
    expect(strip(validateBatch(games, { ...options, limits: { sectionTokens: 1_000 } }))).toEqual(strip(validateBatch(games, options)));
  });
});

describe('random bytes between games', () => {
  // Bytes that are text by their head (no NUL): runs of random characters the lexer reads as about one token per two.
  const randomText = Buffer.from(garbageBytes(400_000, 7).map((byte) => (byte === 0 ? 32 : byte))).toString('utf8');

  it('are counted by the tokens the lexer makes of them, so a part read in one go stays within its bound', () => {
    const bound = 20_000;
    const part = sectionPart(randomText, 0, randomText.length, bound);
    const findings = parsePgn(randomText.slice(0, part.end)).reduce((total, game) => total + game.problems.length, 0);
    // Counted as one token a run, these 378,845 characters were read whole: 60,740 findings at once.
    expect(part.end).toBeLessThan(randomText.length);
    expect(findings).toBeGreaterThan(bound / 2);
    expect(findings).toBeLessThan(bound * 1.5);
  });

  it('are reported where they are, in parts or cut with a game-too-long error naming the rest, and the games after them read', async () => {
    // As they come, their `[`s start sections and their `{`s comments; without those, `;`, `"`, `%` and digits (no move
    // number after a result to cut at) they are one game, read up to MAX_GAME_TOKENS, the rest named in one error.
    for (const garbage of [randomText, randomText.replace(/[\d[{;"%]/gu, 'x')]) {
      const { records, summary } = await validateText(`${GOOD}\n${garbage}\n\n${GOOD}`);
      expect(records[0].line).toBe(1);
      expect(records[0].tags?.Event).toBe('Good');
      expect(records.at(-1)?.status).toBe('ok');
      expect(records.at(-1)?.tags?.Event).toBe('Good');
      expect(summary.byCode['unknown-token']).toBeGreaterThan(MAX_GAME_TOKENS / 2);
      const tooLong = records.flatMap((record) => record.diagnostics).filter((diagnostic) => diagnostic.code === 'game-too-long');
      expect(tooLong).toHaveLength(garbage === randomText ? 0 : 1);
      for (const finding of tooLong) expect(finding.message).toMatch(/the rest of it \([\d,]+ characters, to line \d+\) is not validated$/);
    }
  }, 120_000);
});

describe('binary input', () => {
  it('is one unreadable input, not a PGN or text file, with where its first NUL byte is', async () => {
    const bytes = garbageBytes(200_000, 42);
    const { records, summary } = await validateText(bytes);
    expect(records).toHaveLength(0);
    expect(summary.unreadable).toHaveLength(1);
    const first = bytes.indexOf(0);
    expect(summary.unreadable[0].reason).toMatch(new RegExp(`^not a PGN or text file \\(binary data: a NUL byte at byte ${first + 1}, line \\d+\\)`));
  });

  it('names UTF-16', () => {
    const utf16 = Buffer.from(`\ufeff${GOOD}`, 'utf16le');
    expect(notTextReason(utf16)).toMatch(/UTF-16/);
  });

  it('is decided by the head only: games first, then binary data, is read as text with the data as located errors', () => {
    const head = Buffer.concat([Buffer.from(GOOD), Buffer.from([0, 1, 2, 0])]);
    expect(notTextReason(head)).toBeUndefined();
    expect(notTextReason(Buffer.from(GOOD))).toBeUndefined();
  });
});

describe('--max-errors', () => {
  it('stops at the limit: that many errors listed, the rest of the last game counted, nothing after it read', async () => {
    const bad = '[Event "Bad"]\n\n1. e4 e5 2. Qh9 Nc6 3. Bb9 *\n\n';
    const listed: GameRecord[] = [];
    const result = await runValidation({
      inputs: [{ name: '<stdin>' }], stdin: Readable.from([Buffer.from(bad.repeat(500))]), jobs: 1, language: 'auto', maxErrors: 3,
      onRecord: (record) => {
        listed.push(record);
      },
    });
    expect(result.stoppedEarly).toBe(true);
    expect(listed.length).toBeLessThan(3);
    const shownErrors = listed.flatMap((record) => record.diagnostics).filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.code !== NOT_LISTED_CODE);
    expect(shownErrors).toHaveLength(3);
    expect(result.summary.errors).toBe(listed.reduce((total, record) => total + countErrors(record), 0));
    expect(result.lastGame?.index).toBe(listed.length);
  });
});
