/** `zapis decode` through registerDecode on a fresh commander program (program.ts wires it separately). */
import { PassThrough } from 'node:stream';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parsePgn } from '@zapis/notation';
import { registerDecode } from '../src/commands/decode.js';
import { UsageError, type CliIo } from '../src/io.js';
import type { CommandContext } from '../src/program.js';
import { jsonLines, repositoryRoot } from './run-cli.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function runDecode(args: string[], stdin = ''): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const input = new PassThrough();
  input.end(stdin);
  const io: CliIo = { stdout, stderr, stdin: input, cwd: repositoryRoot, isTty: false };
  const context: CommandContext = { io, exitCode: 0 };
  const program = new Command().exitOverride().configureOutput({ writeOut: (text) => void (out += text), writeErr: (text) => void (err += text) });
  registerDecode(program, context);
  try {
    await program.parseAsync(['decode', ...args], { from: 'user' });
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, stdout: out, stderr: `${err}zapis: ${error.message}\n` };
    if (error instanceof CommanderError) return { code: 2, stdout: out, stderr: err };
    throw error;
  }
  return { code: context.exitCode, stdout: out, stderr: err };
}

const fixture = join('fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt');
const truth = (): string[] => {
  const [game] = parsePgn(readFileSync(join(repositoryRoot, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pgn'), 'utf8'));
  return game.moves.map((move) => move.text);
};

describe('zapis decode', () => {
  it('decodes the bundled noisy Polish scoresheet into the true game (PGN, doubtful moves commented)', async () => {
    const result = await runDecode([fixture]);
    expect(result.code).toBe(0);
    const [game] = parsePgn(result.stdout);
    expect(game.moves.map((move) => move.text.replace(/[+#]$/, ''))).toEqual(truth().map((san) => san.replace(/[+#]$/, '')));
    expect(game.tags.find((tag) => tag.name === 'White')?.value).toBe('Janowski, Dawid');
    expect(game.result?.text).toBe('0-1');
    expect(result.stdout.replace(/\s+/g, ' ')).toMatch(/\{review: [a-z, ]+; confidence 0\.\d\d; or [A-Za-z0-9+#=-]+ \(/);
    expect(result.stderr).toMatch(/1 game decoded: 1 ok/);
  });

  it('prints NDJSON with a confidence, alternatives and a review flag per half-move, then a summary', async () => {
    const result = await runDecode([fixture, '--format', 'json', '--lang', 'pl']);
    expect(result.code).toBe(0);
    const [game, summary] = jsonLines(result.stdout);
    expect(game).toMatchObject({ file: fixture, index: 1, language: 'pl', status: 'ok', plies: truth().length });
    const moves = game.moves as { confidence: number; alternatives: string[]; review: boolean; san: string }[];
    expect(moves).toHaveLength(truth().length);
    for (const move of moves) {
      expect(move.confidence).toBeGreaterThanOrEqual(0);
      expect(move.confidence).toBeLessThanOrEqual(1);
      expect(Array.isArray(move.alternatives)).toBe(true);
      if (move.confidence < 0.9) expect(move.review).toBe(true);
    }
    expect((game.review as number[]).length).toBe(moves.filter((move) => move.review).length);
    expect(summary).toMatchObject({ summary: { games: 1, ok: 1, failed: 0 } });
    // As `read` reports it: the confidence, the alternatives' probabilities and the remainder are one distribution.
    type Remainder = { gameEnds: number; otherMoves: number; outsideSearch: number };
    const told = game.moves as { confidence: number; alternativeProbabilities: number[]; remainder?: Remainder }[];
    for (const move of told) {
      const { gameEnds = 0, otherMoves = 0, outsideSearch = 0 } = move.remainder ?? {};
      const sum = move.confidence + move.alternativeProbabilities.reduce((total, probability) => total + probability, 0) + gameEnds + otherMoves + outsideSearch;
      expect(sum).toBeCloseTo(1, 2);
    }
    expect(told.some((move) => move.remainder !== undefined)).toBe(true);
  });

  it('shows what was read on every corrected move, in PGN and JSON, and leaves off the review list those the game leaves no doubt of', async () => {
    // Barden – Adams, Hastings 1951, written the Polish way; 12...c6, 17...Qd7 and 22...Bd7 misread.
    const lines = ['1. e4 e5', '2. Sf3 Sc6', '3. Gc4 Sf6', '4. Sg5 d5', '5. exd5 Sxd5', '6. d4 Gb4+', '7. c3 Ge7', '8. Sxf7 Kxf7',
      '9. Hf3+ Ke6', '10. He4 Gf8', '11. O-O Se7', '12. f4 cb', '13. fxe5 Kd7', '14. Ge2 Ke8', '15. c4 Sc7', '16. Sc3 Ge6',
      '17. Gg5 Hd1', '18. Wad1 Wc8', '19. Gxe7 Hxe7', '20. d5 Hc5+', '21. Kh1 cxd5', '22. cxd5 Gd', '23. e6 Gb5', '24. Hf4 Kd8',
      '25. Gxb5 Sxb5', '26. Sxb5 Hxb5', '27. d6 1-0'];
    const text = `${lines.join('\n')}\n`;
    const pgn = await runDecode(['-', '--lang', 'pl'], text);
    expect(pgn.code).toBe(0);
    const flat = pgn.stdout.replace(/\s+/g, ' ');
    // Only one legal move fits each misread cell and the game around it: shown, not listed.
    expect(flat).toContain('12. f4 c6 {read: cb} 13.');
    expect(flat).toContain('Qd7 {read: Hd1} 18.');
    expect(flat).toContain('Bd7 {read: Gd} 23.');
    expect(flat.match(/\{read: /g)).toHaveLength(3);
    expect(flat).not.toContain('{review:');
    expect(pgn.stderr).toMatch(/53 plies, 0 to review \(3 corrected\)/);
    const [game] = jsonLines((await runDecode(['-', '--lang', 'pl', '--format', 'json'], text)).stdout);
    const moves = game.moves as { ply: number; san: string; read: (string | null)[]; corrected: boolean; review: boolean; reviewReasons: string[]; rival?: { san?: string } }[];
    const corrected = moves.filter((move) => move.corrected);
    expect(corrected.map((move) => [move.ply, move.san, move.read])).toEqual([[24, 'c6', ['cb']], [34, 'Qd7', ['Hd1']], [44, 'Bd7', ['Gd']]]);
    for (const move of corrected) expect(move).toMatchObject({ review: false, reviewReasons: [] });
    expect(moves.filter((move) => move.review)).toHaveLength(0);
    expect(game.review).toEqual([]);
  });

  it('names the strongest rival of every move on the review list, never an empty slot', async () => {
    const result = await runDecode([fixture, '--format', 'json', '--lang', 'pl']);
    const [game] = jsonLines(result.stdout);
    const flagged = (game.moves as { san: string; review: boolean; rival?: { san?: string; gameEnds?: boolean } }[]).filter((move) => move.review);
    expect(flagged.length).toBeGreaterThan(0);
    for (const move of flagged) {
      expect(move.rival).toBeDefined();
      if (!move.rival?.gameEnds) {
        expect(move.rival?.san).toMatch(/^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?$/);
        expect(move.rival?.san).not.toBe(move.san);
      }
    }
    const pgn = (await runDecode([fixture, '--lang', 'pl'])).stdout.replace(/\s+/g, ' ');
    for (const comment of pgn.match(/\{review: [^}]*\}/g) ?? []) expect(comment).toMatch(/; or ([A-Za-z0-9+#=-]+|the game ends before it) \(/);
  });

  it('honours --review-threshold', async () => {
    const strict = jsonLines((await runDecode([fixture, '--format', 'json', '--review-threshold', '0.999999'])).stdout)[0];
    const lax = jsonLines((await runDecode([fixture, '--format', 'json', '--review-threshold', '0'])).stdout)[0];
    expect((strict.review as number[]).length).toBeGreaterThan((lax.review as number[]).length);
  });

  it('reads standard input and decodes two sheets of one game jointly with --pair', async () => {
    const text = '1. e4 e5 2. Sf3 Sc6 3. G?5 a6 *\n1. e4 e5 2. S?3 Sc6 3. Gb5 a6 *\n';
    const result = await runDecode(['-', '--pair', '--format', 'json', '--lang', 'pl'], text);
    expect(result.code).toBe(0);
    const [game, summary] = jsonLines(result.stdout);
    expect(game.san).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
    expect(game.sheets).toBe(2);
    expect(summary).toMatchObject({ summary: { games: 1 } });
  });

  it('refuses an empty text and prose as games, each with its reason, and decodes the games beside them', async () => {
    const text = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\n[Event "a letter"]\nDear arbiter, please find the results of round three enclosed.\n';
    const json = await runDecode(['-', '--format', 'json'], text);
    expect(json.code).toBe(1);
    const [game, prose, summary] = jsonLines(json.stdout);
    expect(game).toMatchObject({ status: 'ok', san: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6'] });
    // Decoded, the letter would be a game of a few "corrected" moves; it is said not to be one instead.
    expect(prose).toMatchObject({ status: 'error', plies: 0, moves: [], tags: { Event: 'a letter' } });
    expect(prose.diagnostics).toEqual([expect.objectContaining({
      severity: 'error', code: 'decode-not-a-game', line: 3, message: expect.stringMatching(/^not a chess game: only \d of 10 words from line 3 read as moves \('Dear arbiter,/u),
    })]);
    expect(summary).toMatchObject({ summary: { games: 2, ok: 1, failed: 1 } });
    const pgn = await runDecode(['-'], text);
    expect(pgn.code).toBe(1);
    expect(parsePgn(pgn.stdout).map((game) => game.moves.map((move) => move.text))).toEqual([['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']]);
    expect(pgn.stderr).toMatch(/^zapis: <stdin>:3: not a chess game: /mu);
    // An empty text is one failed game, not none: the summary and the exit code say so.
    const empty = await runDecode(['-', '--format', 'json'], ' \n\n');
    expect(empty.code).toBe(1);
    expect(jsonLines(empty.stdout)).toEqual([
      expect.objectContaining({ status: 'error', plies: 0, diagnostics: [expect.objectContaining({ code: 'decode-empty', message: 'the text is empty', line: 1 })] }),
      expect.objectContaining({ summary: expect.objectContaining({ games: 1, failed: 1 }) }),
    ]);
  });

  it('reports bad input as errors, not stack traces', async () => {
    const empty = await runDecode(['-', '--format', 'json'], '[Event "empty"]\n');
    expect(empty.code).toBe(1);
    expect(jsonLines(empty.stdout)[0]).toMatchObject({ status: 'error', diagnostics: [{ code: 'decode-no-readings' }] });
    const missing = await runDecode(['no-such-file.txt']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read no-such-file.txt/);
    const badFlag = await runDecode([fixture, '--review-threshold', 'high']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/--review-threshold/);
    const badLanguage = await runDecode([fixture, '--lang', 'xx']);
    expect(badLanguage.code).toBe(2);
    expect(badLanguage.stderr).not.toMatch(/at .*\.ts/);
  });
});
