/**
 * The same habits in every command (issue 56, "The same habits everywhere"): folders wherever files are taken,
 * exit 2 for a missing or unreadable input, messages that say what an input is, -j from the machine, one help
 * layout, -v, no PDF on a terminal, and suggestions in the game's own letters.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, runCli, VERSION, type CliIo } from '../src/index.js';
import { READ_JOB_BYTES, readJobsFor } from '../src/read/read-jobs.js';
import { jsonLines, repositoryRoot, run } from './run-cli.js';

/** A Polish game whose 5...Hg4 no queen can play (5...Hg5 and 5...Gg4 can). */
const POLISH_GAME = '[Event "t"]\n\n1. e4 e5 2. Sf3 Sc6 3. Gc4 Gc5 4. c3 d6 5. d4 Hg4 *\n';
const ENGLISH_GAME = '[Event "u"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 d6 5. d4 Qg4 *\n';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zapis-habits-'));
  // A round's folder: games in it and in a folder of it, gzipped or not, beside files that are not games.
  mkdirSync(join(dir, 'round', 'late'), { recursive: true });
  writeFileSync(join(dir, 'round', 'board1.pgn'), ENGLISH_GAME);
  writeFileSync(join(dir, 'round', 'late', 'board2.pgn.gz'), gzipSync(POLISH_GAME));
  writeFileSync(join(dir, 'round', 'notes.md'), 'not a game');
  writeFileSync(join(dir, 'round', '.hidden.pgn'), 'not read');
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'empty', 'notes.md'), 'no games here');
  mkdirSync(join(dir, 'ocr'));
  copyFileSync(join(repositoryRoot, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt'), join(dir, 'ocr', 'sheet.txt'));
  writeFileSync(join(dir, 'polish.pgn'), POLISH_GAME);
  // A text file named as a scan, and a scan named as a game.
  writeFileSync(join(dir, 'notes.jpg'), POLISH_GAME);
  copyFileSync(join(repositoryRoot, 'fixtures', 'scans', 'prefilled.png'), join(dir, 'scan.pgn'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('every command that takes files takes folders', () => {
  it('validate walks a folder and its folders for .pgn and .pgn.gz files, in path order', async () => {
    const result = await run(['validate', 'round', '--format', 'json', '-j', '1'], { cwd: dir });
    const games = jsonLines(result.stdout).filter((line) => line['file'] !== undefined);
    expect(games.map((game) => game['file'])).toEqual([join('round', 'board1.pgn'), join('round', 'late', 'board2.pgn.gz')]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('cannot read');
  });

  it('convert walks a folder the same way', async () => {
    const result = await run(['convert', 'round', '--to', 'en', '-j', '1'], { cwd: dir });
    expect(result.stdout.match(/\[Event "(\w)"\]/g)).toEqual(['[Event "u"]', '[Event "t"]']);
  });

  it('decode walks a folder for transcriptions (.txt)', async () => {
    const result = await run(['decode', 'ocr', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const games = jsonLines(result.stdout).filter((line) => line['file'] !== undefined);
    expect(games.map((game) => game['file'])).toEqual([join('ocr', 'sheet.txt')]);
  });

  it('merge-reports takes a folder of NDJSON reports', async () => {
    const reports = join(dir, 'reports');
    mkdirSync(reports, { recursive: true });
    const written = await run(['validate', 'polish.pgn', '--format', 'json', '-o', join('reports', 'one.ndjson')], { cwd: dir });
    expect(written.code).toBe(1);
    const merged = await run(['merge-reports', 'reports', '--format', 'json'], { cwd: dir });
    expect(merged.code).toBe(1);
    expect(jsonLines(merged.stdout).filter((line) => line['file'] === 'polish.pgn')).toHaveLength(1);
  });

  it('a folder with nothing a command reads is unreadable input: named, exit 2', async () => {
    for (const [args, what] of [
      [['validate', 'empty'], 'PGN files'], [['convert', 'empty', '--to', 'pl'], 'PGN files'], [['decode', 'empty'], 'transcriptions'],
      [['merge-reports', 'empty'], 'NDJSON reports'],
    ] as const) {
      const result = await run([...args], { cwd: dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(`cannot read empty: a folder with no ${what} in it`);
    }
    // Beside a file that is read, the folder still counts: the games are validated, and the run says it missed one.
    const beside = await run(['validate', 'empty', 'polish.pgn', '--format', 'json'], { cwd: dir });
    expect(beside.code).toBe(2);
    const summary = jsonLines(beside.stdout).at(-1)?.['summary'] as { games: number; unreadable: { file: string }[] };
    expect(summary.games).toBe(1);
    expect(summary.unreadable.map((bad) => bad.file)).toEqual(['empty']);
  });
});

describe('missing and unreadable inputs', () => {
  it('a missing file exits 2 in every command, with one line naming it', async () => {
    const commands: readonly (readonly string[])[] = [
      ['validate', 'nosuch.pgn'], ['convert', '--to', 'pl', 'nosuch.pgn'], ['decode', 'nosuch.txt'], ['read', 'nosuch.jpg'],
      ['reconcile', 'nosuch.pgn', 'polish.pgn'], ['merge-reports', 'nosuch.ndjson'], ['print', '--game', 'nosuch.pgn', '-o', 'out.pdf'],
    ];
    for (const args of commands) {
      const result = await run([...args], { cwd: dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/cannot read nosuch\.\w+: no such file/);
      expect(result.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
  });

  it('read says a text file named .jpg is not a scan, and that it holds text, not that a page could not be read', async () => {
    const result = await run(['read', 'notes.jpg'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('zapis: cannot read notes.jpg: not a PNG, JPEG or PDF file; it holds text: zapis validate reads PGN');
    expect(result.stderr).toContain('0 sheets read into 0 games (1 file could not be read)');
    expect(result.stderr).not.toContain('page');
  });

  it('validate and decode say a scan is a scan, and which command reads it', async () => {
    for (const command of ['validate', 'decode']) {
      const result = await run([command, 'scan.pgn'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('zapis: cannot read scan.pgn: not a PGN or text file');
      expect(result.stderr).toContain('; it is a PNG image: zapis read reads scans');
    }
  });
});

describe('-j', () => {
  it('read takes a thread per core, as many as free memory holds, and at least one', () => {
    const gigabytes = (count: number): number => count * 1024 ** 3;
    expect(readJobsFor({ cores: 2, freeBytes: gigabytes(24) })).toBe(2);
    expect(readJobsFor({ cores: 16, freeBytes: gigabytes(2) })).toBe(Math.floor(gigabytes(2) / READ_JOB_BYTES));
    expect(readJobsFor({ cores: 8, freeBytes: READ_JOB_BYTES * 3 - 1 })).toBe(2);
    expect(readJobsFor({ cores: 4, freeBytes: 0 })).toBe(1);
  });

  it('every command with -j says its default in its help: every core; read how memory limits it', async () => {
    for (const command of ['validate', 'convert']) {
      expect((await run([command, '--help'])).stdout).toMatch(/-j, --jobs <n> +\S.*\(default: every core\)/);
    }
    const read = (await run(['read', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(read).toContain(`-j, --jobs <n> threads reading files in parallel (default: one per core, as many as free memory holds at ${READ_JOB_BYTES / 1024 ** 2} MB each)`);
  });
});

// The whole program, as `zapis --help` builds it (a run naming one command loads only that one).
const everyCommand = await buildProgram({ io: { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), cwd: repositoryRoot, isTty: false }, exitCode: 0 });

describe('one help layout for every command', () => {
  const helpOf = async (args: readonly string[]): Promise<string> => {
    const result = await run([...args, '--help']);
    expect(result.code).toBe(0);
    return result.stdout;
  };
  const program = everyCommand;
  const names = program.commands.map((command) => command.name());

  it('has a command for each of the README\u2019s jobs, read among them, in the summary line too', async () => {
    expect(names).toEqual(expect.arrayContaining(['validate', 'convert', 'reconcile', 'decode', 'read', 'print', 'merge-reports']));
    const top = await helpOf([]);
    expect(top.split('\n')[2]).toMatch(/\bread\b/);
  });

  for (const name of ['', ...['validate', 'convert', 'reconcile', 'decode', 'read', 'print', 'demo', 'merge-reports', 'help']]) {
    it(`zapis ${name || '(no command)'}: one summary line, the options, the exit codes, two examples`, async () => {
      const help = await helpOf(name === '' ? [] : [name]);
      const lines = help.split('\n');
      expect(lines[0]).toMatch(/^Usage: zapis/);
      // The summary fits one line of an 80-column terminal: the line after it is blank.
      expect(lines[1]).toBe('');
      expect(lines[2]!.length).toBeGreaterThan(0);
      expect(lines[2]!.length).toBeLessThanOrEqual(80);
      expect(lines[3]).toBe('');
      expect(help).toMatch(/\nOptions:\n/);
      const exitCodes = /\nExit codes:\n((?: {2}\d {2}.*\n){3})/.exec(help);
      expect(exitCodes, 'an Exit codes block of three lines').not.toBeNull();
      expect(exitCodes![1]!.split('\n').filter(Boolean).map((line) => line.slice(2, 3))).toEqual(['0', '1', '2']);
      for (const line of exitCodes![1]!.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      const examples = /\nExamples:\n((?: {2}zapis .*\n?)+)$/.exec(help);
      expect(examples, 'an Examples block at the end').not.toBeNull();
      const shown = examples![1]!.trimEnd().split('\n');
      expect(shown).toHaveLength(2);
      if (name !== '') for (const example of shown) expect(example).toMatch(new RegExp(`^ {2}zapis ${name} .* # \\S`));
    });
  }

  it('read\u2019s --reader and --review are one short line each; what they do is a help topic', async () => {
    const help = await helpOf(['read']);
    const options = help.slice(help.indexOf('Options:'), help.indexOf('Exit codes:'));
    // Each option's text, its wrapped lines joined.
    const texts = options.split(/\n {2}(?=-)/).slice(1).map((text) => text.replace(/\s+/g, ' '));
    for (const text of texts) expect(text.length, text).toBeLessThanOrEqual(200);
    expect(texts.find((text) => text.startsWith('--review <how>'))).toContain('(zapis help review)');
    expect(texts.find((text) => text.startsWith('--reader <name>'))).toContain('(zapis help readers)');
    const review = await run(['help', 'review']);
    expect(review.code).toBe(0);
    expect(review.stdout).toContain('risk');
    expect(review.stdout).toContain('every-doubt');
    expect(review.stdout).toContain('a fitted model finds it likely to be wrong');
    const readers = await run(['help', 'readers']);
    expect(readers.code).toBe(0);
    for (const reader of ['auto', 'ctc', 'ensemble', 'notation', 'tesseract']) expect(readers.stdout).toMatch(new RegExp(`^ {2}${reader} `, 'm'));
  });
});

describe('-v', () => {
  it('prints the version, as --version and -V do', async () => {
    for (const flag of ['-v', '--version', '-V']) {
      const result = await run([flag]);
      expect(result.code, flag).toBe(0);
      expect(result.stdout, flag).toBe(`${VERSION}\n`);
    }
    expect((await run(['--help'])).stdout).toMatch(/-v, --version/);
  });
});

describe('print and a terminal', () => {
  /** The CLI with standard output a terminal or not. */
  async function printTo(stdoutIsTty: boolean, args: readonly string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out: Buffer[] = [];
    let err = '';
    stdout.on('data', (chunk: Buffer) => out.push(chunk));
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const stdin = new PassThrough();
    stdin.end();
    const io: CliIo = { stdout, stderr, stdin, cwd: dir, isTty: stdoutIsTty, stdoutIsTty };
    const code = await runCli(['print', ...args], io);
    return { code, stdout: Buffer.concat(out), stderr: err };
  }

  it('refuses to write a PDF to a terminal, says how to get the file, and still writes it to a pipe or a file', async () => {
    for (const args of [[], ['-o', '-']]) {
      const refused = await printTo(true, args);
      expect(refused.code).toBe(2);
      expect(refused.stdout.length).toBe(0);
      expect(refused.stderr).toBe('zapis: print writes a PDF, which a terminal cannot show: give -o FILE.pdf, or redirect standard output (> FILE.pdf)\n');
    }
    const piped = await printTo(false, []);
    expect(piped.code).toBe(0);
    expect(piped.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    const file = await printTo(true, ['-o', 'sheet.pdf']);
    expect(file.code).toBe(0);
    expect(file.stdout.toString()).toBe('wrote 1 sheet to sheet.pdf\n');
  });
});

describe('suggestions in the game\u2019s letters', () => {
  it('validate lists the legal moves close to a bad Polish move in Polish letters, standard SAN beside; English and JSON stay SAN', async () => {
    const result = await run(['validate', 'polish.pgn'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('5...Hg4 → 5...Hg5 (Qg5 in standard SAN)');
    expect(result.stdout).toContain('= legal moves close to it: Gg4 (Bg4), Hg5 (Qg5), Hh4 (Qh4), Gxd4 (Bxd4), Gb4 (Bb4)\n');
    const github = await run(['validate', 'polish.pgn', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('legal moves close to it: Gg4 (Bg4), Hg5 (Qg5), Hh4 (Qh4), Gxd4 (Bxd4), Gb4 (Bb4)');
    // The same slip in an English game: its letters are SAN's, nothing to add.
    writeFileSync(join(dir, 'english.pgn'), ENGLISH_GAME);
    const english = await run(['validate', 'english.pgn'], { cwd: dir });
    expect(english.stdout).toMatch(/= legal moves close to it: Bg4, Qg5, Qh4(, [^ (]+)*\n/);
    // JSON's candidates are SAN strings whatever the game's letters (ARCHITECTURE.md).
    const json = await run(['validate', 'polish.pgn', '--format', 'json'], { cwd: dir });
    const diagnostics = jsonLines(json.stdout)[0]!['diagnostics'] as { code: string; candidates?: string[] }[];
    expect(diagnostics.find((diagnostic) => diagnostic.code === 'no-piece-can-reach')?.candidates).toEqual(['Bg4', 'Qg5', 'Qh4', 'Bxd4', 'Bb4']);
  });
});
