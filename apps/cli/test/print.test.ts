/** `zapis print` in-process, through runCli like every command. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

const workDir = (): string => mkdtempSync(join(tmpdir(), 'zapis-print-'));
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

  it('does not print a game that does not replay, and says where it breaks', async () => {
    const dir = workDir();
    const result = await runPrint(['--game', join(repositoryRoot, 'fixtures/seed-samples/2023-sample.pgn'), '-o', join(dir, 'bad.pdf')], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/2023-sample\.pgn:3:21: error\[illegal-move\]: castling '0-0' is not legal: f8 is occupied; no sheet printed/);
    expect(existsSync(join(dir, 'bad.pdf'))).toBe(false);
  });
});
