/**
 * Conversion through batches, worker threads and the fast lane changes
 * nothing a user can see. On real games (English letters and their Polish
 * twin), alone and with bad games put in their middle, runConversion with one
 * job, with three jobs and small batches (many batches, answered out of
 * order), and without the fast lane, writes exactly what `zapis convert`
 * always wrote: every game of the whole text read with the full grammar,
 * replayed and written by writePgn (`reference` below), with the same
 * problems at the same file lines and game numbers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { analyseGame, startPosition, toWritableGame, type GameReport } from '@zapis/game';
import { parseGames, restyleSan as restyle, splitSections, writeMove, writePgn, type MoveStyle, type ParsedGame } from '@zapis/notation';
import { conversionProblems, formatProblem } from '../src/convert-problems.js';
import type { ConvertSettings } from '../src/convert-batch.js';
import { runConversion } from '../src/run-conversion.js';
import { WORKER_SECTION_TOKENS } from '../src/limits.js';
import { firstGames } from './support/first-games.js';

const skip = skipWithoutShared();
const GAMES = 2_000;


interface Converted {
  readonly output: string;
  readonly problems: string[];
  readonly failed: number;
}

/** Each game of a text read once: the reference writes them in every style. */
interface Analysed {
  readonly name: string;
  readonly text: string;
  readonly games: { readonly game: ParsedGame; readonly report: GameReport }[];
}

function analyse(name: string, text: string, settings: ConvertSettings): Analysed {
  return { name, text, games: [...parseGames(text)].map((game) => ({ game, report: analyseGame(game, { file: name, language: settings.language, repair: false }) })) };
}

/** `zapis convert` as it was: the whole text parsed, every game replayed and written by writePgn. */
function reference(inputs: readonly Analysed[], settings: ConvertSettings): Converted {
  const chunks: string[] = [];
  const problems: string[] = [];
  let failed = 0;
  for (const input of inputs) {
    for (const { game, report } of input.games) {
      const found = conversionProblems(report, input.text, 0, report.index);
      problems.push(...found.problems.map((problem) => formatProblem(problem, report.index)));
      if (found.errors > 0) failed++;
      const start = startPosition(game.tags);
      const moveStyle = start.ok && start.value.chess960 ? { ...settings.moveStyle, chess960: true } : settings.moveStyle;
      chunks.push(writePgn(toWritableGame(report, input.text), { moveStyle, drawOffer: settings.drawOffer, glyphs: settings.glyphs, moveNumbers: settings.moveNumbers }));
    }
  }
  return { output: chunks.join('\n'), problems, failed };
}

async function converted(files: readonly { name: string; path: string }[], settings: ConvertSettings, jobs: number, batchBytes?: number): Promise<Converted> {
  let output = '';
  const decoder = new TextDecoder();
  const problems: string[] = [];
  const result = await runConversion({
    inputs: files, jobs, settings, ...(batchBytes ? { batchBytes } : {}),
    onOutput: (chunk) => {
      output += typeof chunk === 'string' ? chunk : decoder.decode(chunk);
    },
    onProblem: (line) => problems.push(line),
  });
  expect(result.unreadable).toEqual([]);
  return { output, problems, failed: result.failed };
}

const POLISH: MoveStyle = { language: 'pl', capture: ':', castling: '0-0', mate: 'X', promotion: 'plain', check: '+', enPassant: 'e.p.' };
const STYLES: Readonly<Record<string, MoveStyle>> = {
  'pl as the CLI writes it': { language: 'pl', capture: 'x', castling: 'O-O', mate: '#', promotion: '=', check: '+' },
  'pl as on a scoresheet, with e.p.': POLISH,
  'de without checks, () promotions': { language: 'de', capture: 'none', promotion: '()', check: 'none', mate: '++' },
  'black figurines, / promotions': { figurine: 'black', promotion: '/', enPassant: 'ep' },
  'lan (the full path: no fast lane for it)': { form: 'long', language: 'fr' },
};

describe.skipIf(skip)('runConversion on real games', () => {
  let folder: string;
  const files: Record<string, { name: string; path: string; text: string }> = {};

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'zapis-convert-'));
    for (const letters of ['en', 'pl'] as const) {
      const whole = await readText(sharedPath('corpora', 'gnu-book', `games-000001-100000${letters === 'pl' ? '.pl' : ''}.pgn.gz`));
      const text = firstGames(whole, GAMES);
      const path = join(folder, `${letters}.pgn`);
      writeFileSync(path, text);
      files[letters] = { name: `${letters}.pgn`, path, text };
    }
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it(`writes ${GAMES} English-letter games in every style as the full path does, with one job, three jobs and without the fast lane`, async () => {
    const input = files.en;
    const analysed = analyse(input.name, input.text, { language: 'auto', moveStyle: {}, drawOffer: 'token' });
    expect(analysed.games).toHaveLength(GAMES);
    for (const [name, moveStyle] of Object.entries(STYLES)) {
      const settings: ConvertSettings = { language: 'auto', moveStyle, drawOffer: 'token' };
      const expected = reference([analysed], settings);
      const one = await converted([input], settings, 1);
      expect(one.output === expected.output, `${name}: one job`).toBe(true);
      expect(one.problems).toEqual(expected.problems);
      const three = await converted([input], settings, 3, 64 << 10);
      expect(three.output === expected.output, `${name}: three jobs`).toBe(true);
      expect(three.problems).toEqual(expected.problems);
    }
    const settings: ConvertSettings = { language: 'auto', moveStyle: POLISH, drawOffer: 'token', fastLane: false };
    expect((await converted([input], settings, 1)).output === reference([analysed], settings).output).toBe(true);
    // The corpus has en-passant captures, and they are marked.
    expect(reference([analysed], settings).output).toMatch(/[a-h]:[a-h][36] e\.p\./);
  }, 600_000);

  it('reads Polish letters in the fast lane and writes them as the full path does', async () => {
    const input = files.pl;
    const analysed = analyse(input.name, input.text, { language: 'auto', moveStyle: {}, drawOffer: 'token' });
    for (const moveStyle of [{ language: 'en' } as const, POLISH]) {
      const settings: ConvertSettings = { language: 'auto', moveStyle, drawOffer: 'comment' };
      const expected = reference([analysed], settings);
      const three = await converted([input], settings, 3, 64 << 10);
      expect(three.output === expected.output).toBe(true);
      expect(three.problems).toEqual(expected.problems);
    }
  }, 600_000);

  it('bad games in the middle of a file are located at their file lines and game numbers, and the run goes on', async () => {
    const games = [...splitSections(files.en.text)].slice(0, 300).map((section) => files.en.text.slice(section.start, section.end));
    const bad = [
      '[Event "illegal"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n',
      '[Event "junk"]\n\n1. e4 e5 2. Nf3 blah Nc6 3. Bb5 ) a6 "str" *\n\n',
      '[Event "annotated"]\n\n{before} 1. e4! e5 $14 2. Nf3 (2. f4 exf4) Nc6?! {after} 3. Bb5 *\n\n',
      '[Event "promotion without a piece"]\n[SetUp "1"]\n[FEN "8/P7/8/8/8/8/8/k6K w - - 0 1"]\n\n1. a8 Kb2 *\n\n',
      '%escape line\n[Event "no result"]\n\n1. d4 d5 2. c4\n\n',
      `[Event "too long for a worker"]\n\n1. e4 ${'{note} '.repeat(WORKER_SECTION_TOKENS + 500)}e5 2. Nf3 *\n\n`,
    ];
    const mixed = [...games.slice(0, 120), ...bad.slice(0, 3), ...games.slice(120, 200), ...bad.slice(3), ...games.slice(200)].join('');
    const second = [...bad, ...games.slice(0, 50)].join('');
    const paths = [{ name: 'mixed.pgn', text: mixed }, { name: 'second.pgn', text: second }].map((file) => {
      const path = join(folder, file.name);
      writeFileSync(path, file.text);
      return { ...file, path };
    });
    for (const moveStyle of [STYLES['pl as the CLI writes it'], POLISH]) {
      const settings: ConvertSettings = { language: 'auto', moveStyle, drawOffer: 'token', glyphs: true };
      const expected = reference(paths.map((file) => analyse(file.name, file.text, settings)), settings);
      expect(expected.failed).toBe(6);
      expect(expected.problems.some((line) => /^mixed\.pgn:2037:17: error\[unknown-token\]: game 122: not converted: 'blah'/.test(line))).toBe(true);
      expect(expected.problems.some((line) => /^second\.pgn:3:10: error\[no-piece-can-reach\]: game 1: not converted: '2\. Ke3 Nc6'/.test(line))).toBe(true);
      for (const [jobs, batchBytes] of [[1, undefined], [3, 16 << 10], [2, 4 << 10]] as const) {
        const result = await converted(paths, settings, jobs, batchBytes);
        expect(result.output === expected.output, `${jobs} jobs, batches of ${batchBytes ?? 'default'} bytes`).toBe(true);
        expect(result.problems).toEqual(expected.problems);
        expect(result.failed).toBe(expected.failed);
      }
    }
  }, 600_000);
});

describe('restyled SAN is writeMove’s text', () => {
  it('for every move of a few games with every capture, castling, promotion and mate mark', () => {
    const text = [
      '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. O-O c6 8. Re1 Nbd7 9. Bd2 Bb4 10. a3 O-O-O *',
      '1. f3 e5 2. g4 Qh4# 0-1',
      '[SetUp "1"]\n[FEN "8/1P4k1/8/8/8/8/6p1/K7 w - - 0 1"]\n\n1. b8=N g1=Q+ 2. Ka2 Qg2+ 3. Kb3 Qf3+ 4. Kc4 Qe4+ 5. Kc5 Qd5+ 6. Kb6 Qd8+ 7. Ka6 *',
      '1. Nf3 Nf6 2. Nc3 Nc6 3. Nb1 Nb8 4. Nd4 e5 5. Nb5 a6 6. N5c3 *',
    ].join('\n\n');
    const styles: MoveStyle[] = [{}, ...Object.values(STYLES).filter((style) => style.form === undefined), { castling: '0-0', mate: 'X', promotion: 'plain', language: 'cs' }];
    let compared = 0;
    for (const game of parseGames(text)) {
      const report = analyseGame(game, { file: 'x', language: 'en' });
      expect(report.status).toBe('ok');
      for (const move of report.moves) {
        for (const style of styles) {
          expect(restyle(move.san, style)).toBe(writeMove(move.description, { ...style, enPassant: 'none' }));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});
