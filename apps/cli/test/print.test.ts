/** `zapis print` in-process, through runCli like every command. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLayoutJson, type SheetLayout } from '@zapis/sheet';
import { EXIT_OK } from '../src/io.js';
import { repositoryRoot, run } from './run-cli.js';

interface Run {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

async function runPrint(args: string[], cwd: string): Promise<Run> {
  const result = await run(['print', ...args], { cwd });
  return { code: result.code, stdout: result.stdoutBytes, stderr: result.stderr };
}

const workDirs: string[] = [];
const workDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'zapis-print-'));
  workDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});
// poppler-utils (Debian): page counts and text are checked where it is installed.
const hasPoppler = ['pdftotext', 'pdfinfo'].every((tool) => spawnSync(tool, ['-v'], { stdio: 'ignore' }).status === 0);
if (!hasPoppler) console.warn('poppler-utils not found: print tests check PDF headers only (apt-get install -y poppler-utils)');

/** Pages per pdfinfo; without poppler, only that the file is a PDF (and `expected` is returned). */
function pageCount(file: string, expected: number): number {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  if (!hasPoppler) return expected;
  const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

interface Box { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
interface PdfWord extends Box { readonly page: number; readonly text: string }

const contains = (area: Box, point: { x: number; y: number }): boolean =>
  point.x >= area.x && point.x <= area.x + area.width && point.y >= area.y && point.y <= area.y + area.height;

/** Words and their boxes (points from the top-left, like layouts) per `pdftotext -bbox`. */
function pdfWords(file: string): PdfWord[] {
  const xhtml = spawnSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout;
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of xhtml.matchAll(/<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page') {
      page += 1;
      continue;
    }
    const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
    words.push({ page, text: match[5], x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin });
  }
  return words;
}

describe('zapis print', () => {
  it('prints a blank Polish sheet with the header pre-filled, and its layout JSON', async () => {
    const dir = workDir();
    const result = await runPrint(
      ['--lang', 'pl', '--style', 'boxed', '--paper', 'a5', '--event', 'Memoriał Przepiórki', '--round', '3', '--board', '7',
        '--white', 'Żak, Ola', '--black', 'Łoś, Piotr', '--layout-json', 'layout.json', '-o', 'sheet.pdf'],
      dir,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.toString()).toBe('wrote 1 sheet to sheet.pdf\n');
    expect(pageCount(join(dir, 'sheet.pdf'), 1)).toBe(1);
    const layout = parseLayoutJson(readFileSync(join(dir, 'layout.json'), 'utf8'));
    expect(layout.ok).toBe(true);
    if (!layout.ok) return;
    expect(layout.value).toMatchObject({ layoutId: 'zapis/boxed/a5/m60/b2/c7', language: 'pl', paper: { name: 'a5' } });
    expect(layout.value.qr.payload).toMatchObject({ event: 'Memoriał Przepiórki', round: '3', board: '7' });
    if (hasPoppler) {
      const text = spawnSync('pdftotext', ['-raw', join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' }).stdout;
      for (const word of ['KARTA ZAPISU PARTII', 'Żak, Ola', 'Łoś, Piotr', 'Szachownica', 'Podpis czarnego']) expect(text).toContain(word);
    }
  });

  it('writes the PDF to standard output without -o', async () => {
    const result = await runPrint(['--moves', '40', '--blocks', '2'], workDir());
    expect(result.code).toBe(0);
    expect(result.stdout.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints a round from a CSV pairings file: two sheets per board', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'round.csv'), 'board,white,white_rating,black,black_rating\n1,"Nowak, Jan",2100,"Kruk, Ewa",2050\n2,Groß,1900,Lefèvre,1850\n3,A,,B,\n');
    const result = await runPrint(['--pairings', 'round.csv', '--event', 'Liga', '--round', '5', '--layout-json', 'round.json', '-o', 'round.pdf'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(pageCount(join(dir, 'round.pdf'), 6)).toBe(6);
    const layouts = JSON.parse(readFileSync(join(dir, 'round.json'), 'utf8')) as SheetLayout[];
    expect(layouts.map((layout) => [layout.qr.payload.board, layout.sheet.copy])).toEqual([
      ['1', 'white'], ['1', 'black'], ['2', 'white'], ['2', 'black'], ['3', 'white'], ['3', 'black'],
    ]);
  });

  it('names the file and line of a malformed pairings row, exit 2 (bad usage), no stack trace, no PDF', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'round.csv'), 'board,white,black\n1,A,B\n2,C\n');
    const result = await runPrint(['--pairings', 'round.csv', '-o', 'round.pdf'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^zapis: round\.csv:3: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'round.pdf'))).toBe(false);
  });

  it('answers a missing pairings file with one line and exit 2', async () => {
    const result = await runPrint(['--pairings', 'nope.csv', '-o', 'x.pdf'], workDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('zapis: cannot read nope.csv: no such file\n');
  });

  it.each([
    [['--lang', 'xx'], /unknown language "xx"/],
    [['--style', 'fancy'], /unknown style "fancy"/],
    [['--paper', 'a3'], /unknown paper "a3"/],
    [['--moves', 'many'], /--moves takes a whole number/],
    [['--moves', '0'], /moves per sheet must be a whole number from 1/],
    [['--blocks', '4'], /--blocks takes 2 or 3/],
    [['--copy', 'red'], /--copy takes white or black/],
    [['--game', 'game.pgn'], /cannot read game.pgn: no such file/],
    [['--pairings', 'r.csv', '--white', 'A'], /come from the pairings file/],
  ])('refuses %j with exit 2 and one line', async (args, message) => {
    const result = await runPrint([...args, '-o', 'x.pdf'], workDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reports an unwritable output as usage, not a crash', async () => {
    const result = await runPrint(['-o', '/nonexistent-dir/sheet.pdf'], workDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^zapis: cannot write \/nonexistent-dir\/sheet\.pdf/);
  });

  it('fills a sheet from a PGN game, moves in the sheet\'s language and in order', async () => {
    const dir = workDir();
    const result = await runPrint(['--lang', 'pl', '--game', join(repositoryRoot, 'fixtures/seed-samples/2001-sample.pgn'), '-o', join(dir, 'game.pdf')], dir);
    expect(result.code).toBe(EXIT_OK);
    expect(pageCount(join(dir, 'game.pdf'), 1)).toBe(1);
    if (hasPoppler) {
      const text = spawnSync('pdftotext', ['-raw', join(dir, 'game.pdf'), '-'], { encoding: 'utf8' }).stdout;
      const moves = 'd4 Sf6 c4 e6 Sc3 Gb4 Gd2 0-0 e4 d5 e:d5 e:d5 c:d5 G:c3 G:c3 S:d5 Sf3 b6 Hb3 S:c3 b:c3 c5 Ge2 c:d4 S:d4 We8 0-0 Sd7 a4 Sc5 Hb4 Gb7 a5';
      expect(text.replace(/\s+/g, ' ')).toContain(moves);
    }
  });

  it('prints a game from a set-up position: moves start at the FEN\'s move number, Black\'s half first', async () => {
    const dir = workDir();
    // A Lucena-type ending: Black to move at move 57.
    writeFileSync(join(dir, 'setup.pgn'), [
      '[Event "Endgame study"]', '[White "A"]', '[Black "B"]', '[Result "1-0"]', '[SetUp "1"]', '[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 b - - 0 57"]', '',
      '57... Ra1 58. Rd1+ Ke7 59. Kc7 Rc1+ 60. Kb6 Rb1+ 61. Kc6 Rc1+ 62. Kb5 1-0', '',
    ].join('\n'));
    const result = await runPrint(['--game', 'setup.pgn', '--layout-json', 'setup.json', '-o', 'setup.pdf'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT_OK);
    // Moves 57–62 fall on sheet 1 (1–60) and sheet 2 (61–120).
    const layouts = JSON.parse(readFileSync(join(dir, 'setup.json'), 'utf8')) as SheetLayout[];
    expect(layouts.map((layout) => [layout.moveGrid.firstMove, layout.moveGrid.lastMove])).toEqual([[1, 60], [61, 120]]);
    expect(pageCount(join(dir, 'setup.pdf'), 2)).toBe(2);
    if (!hasPoppler) return;
    const words = pdfWords(join(dir, 'setup.pdf'));
    const cellOf = (page: number, text: string): string => {
      const word = words.find((candidate) => candidate.page === page && candidate.text === text);
      expect(word, text).toBeDefined();
      const centre = { x: (word?.x ?? 0) + (word?.width ?? 0) / 2, y: (word?.y ?? 0) + (word?.height ?? 0) / 2 };
      const row = layouts[page - 1].moveGrid.rows.find((candidate) => [candidate.white, candidate.black].some((half) => contains(half.cell, centre)));
      const side = row && contains(row.white.cell, centre) ? 'white' : 'black';
      return row ? `${row.moveNumber} ${side}` : 'no cell';
    };
    expect(['Ra1', 'Rd1+', 'Ke7', 'Kc7', 'Rc1+', 'Kb6'].map((move) => cellOf(1, move)))
      .toEqual(['57 black', '58 white', '58 black', '59 white', '59 black', '60 white']);
    expect(['Kc6', 'Kb5'].map((move) => cellOf(2, move))).toEqual(['61 white', '62 white']);
    // Nothing is written before move 57.
    const firstRows = layouts[0].moveGrid.rows.filter((row) => row.moveNumber < 57).flatMap((row) => [row.white.cell, row.black.cell]);
    expect(words.filter((word) => word.page === 1 && firstRows.some((cell) => contains(cell, { x: word.x + 1, y: word.y + word.height / 2 })))).toEqual([]);
  });

  it('prints the date\'s known parts, the time control in words, and a warning for a name cut to fit (exit 0)', async () => {
    const dir = workDir();
    const longName = 'Rodriguez Talavera Juan Carlos de la Santísima Trinidad Hohenzollern-Sigmaringen '.repeat(4).slice(0, 270);
    writeFileSync(join(dir, 'tags.pgn'), [
      '[Event "Club championship"]', '[Site "?"]', '[Date "2024.??.??"]', '[Round "?"]', `[White "${longName}"]`, '[Black "Kruk, Ewa"]',
      '[Result "*"]', '[TimeControl "40/7200:1800+30"]', '', '1. e4 e5 2. Nf3 *', '',
    ].join('\n'));
    const english = await runPrint(['--game', 'tags.pgn', '-o', 'en.pdf'], dir);
    expect(english.code).toBe(EXIT_OK);
    expect(english.stderr).toMatch(/^zapis: warning: page 1: white\.name \("White", 270 characters\) does not fit its box; printed cut as "Rodriguez Talavera/);
    expect(english.stderr.trim().split('\n')).toHaveLength(1);
    const russian = await runPrint(['--game', 'tags.pgn', '--lang', 'ru', '-o', 'ru.pdf'], dir);
    expect(russian.code).toBe(EXIT_OK);
    if (!hasPoppler) return;
    const text = (file: string): string => spawnSync('pdftotext', ['-raw', join(dir, file), '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text('en.pdf')).toContain('120 min / 40 moves, 30 min + 30 s');
    expect(text('en.pdf')).toContain(' 2024 ');
    expect(text('en.pdf')).not.toContain('?');
    expect(text('ru.pdf')).toContain('120 мин / 40 ходов, 30 мин + 30 с');
    // Moves in the sheet language's letters: Кf3 is the Russian knight.
    expect(text('ru.pdf')).toContain('e4 e5 Кf3');
  });

  it('does not print a game that does not replay, and says where it breaks', async () => {
    const dir = workDir();
    const result = await runPrint(['--game', join(repositoryRoot, 'fixtures/seed-samples/2023-sample.pgn'), '-o', join(dir, 'bad.pdf')], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/2023-sample\.pgn:3:21: error\[illegal-move\]: castling '0-0' is not legal: f8 is occupied; no sheet printed/);
    expect(existsSync(join(dir, 'bad.pdf'))).toBe(false);
  });
});
