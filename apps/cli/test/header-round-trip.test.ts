/**
 * Headers you can trust: a sheet `zapis print` pre-filled reads back with every tag as printed, diacritics included;
 * every tag `zapis read` writes passes `zapis validate` without a warning; a header field too doubtful to file is
 * "?" with what was read in the game's comment.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePgn } from '@zapis/notation';
import { repositoryRoot, run } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'zapis-header-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const hasPoppler = ((): boolean => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `zapis read`'s PGN of one scan: its tags and its game comment. */
async function read(scan: string): Promise<{ pgn: string; tags: Record<string, string>; comments: readonly string[] }> {
  const result = await run(['read', '--no-deep', scan]);
  expect(result.code, result.stderr).toBe(0);
  const [game, ...others] = parsePgn(result.stdout);
  expect(others).toHaveLength(0);
  // The comment is wrapped over lines as PGN is: read back as one line.
  return { pgn: result.stdout, tags: Object.fromEntries(game.tags.map((tag) => [tag.name, tag.value])), comments: game.comments.map((comment) => comment.text.replace(/\s+/g, ' ').trim()) };
}

/** What `zapis validate` says of a PGN text: its exit code and every warning or error line. */
async function validate(pgn: string, name: string): Promise<{ code: number; findings: string[] }> {
  const file = join(scratch, name);
  writeFileSync(file, pgn);
  const result = await run(['validate', file]);
  return { code: result.code, findings: `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => /(warning|error)\[/.test(line)) };
}

describe.skipIf(!hasPoppler)('print → read → validate', () => {
  it('gives back every tag of a Polish game with diacritics in its header, with no warning', async () => {
    const tags = {
      Event: 'Mistrzostwa Śląska Juniorów', Site: 'Łódź', Date: '2025.??.??', Round: '3', White: 'Żółkiewski, Grzegorz', Black: 'Wójcik, Małgorzata', Result: '1-0',
    };
    const game = join(scratch, 'polish.pgn');
    writeFileSync(game, `${Object.entries(tags).map(([name, value]) => `[${name} "${value}"]`).join('\n')}\n\n` +
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n');
    const pdf = join(scratch, 'polish.pdf');
    const printed = await run(['print', '--lang', 'pl', '--game', game, '-o', pdf]);
    expect(printed.code, printed.stderr).toBe(0);
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', pdf, join(scratch, 'polish')]);

    const back = await read(join(scratch, 'polish.png'));
    expect(back.tags).toEqual(tags);
    expect(back.comments).toEqual([]);
    expect(await validate(back.pgn, 'polish-read.pgn')).toEqual({ code: 0, findings: [] });
  }, 120_000);
});

describe('tags read off the fixture scans', () => {
  it('files the date of a pre-filled sheet in PGN form or as unknown with what was read, never as read', async () => {
    // Printed "1983.??.??" by an earlier zapis; the reader takes its question marks for sevens.
    const back = await read(join(repositoryRoot, 'fixtures', 'scans', 'prefilled.png'));
    expect(back.tags).toMatchObject({ Site: 'URS', White: 'Malaniuk, Vladimir', Black: 'Romanishin, Oleg' });
    if (back.tags.Date !== '1983.??.??') {
      expect(back.tags.Date).toBe('????.??.??');
      expect(back.comments.join(' ')).toMatch(/Date "\?": read "1983[^"]*" \(confidence 0\.\d+\), (not a date|too unsure to file)/);
    }
    expect(await validate(back.pgn, 'prefilled.pgn')).toEqual({ code: 0, findings: [] });
  }, 120_000);

  it('files sure readings with their spaces, and names those the sheet\'s letters may be missing from', async () => {
    // Printed by an earlier zapis (its QR code carries no names): the header is read by OCR.
    const back = await read(join(repositoryRoot, 'fixtures', 'scans', 'jpeg150.jpg'));
    expect(back.tags).toMatchObject({ Site: 'Belgrade GMA op', White: 'Psakhis, L', Round: '1' });
    expect(back.comments[0]).toMatch(/^zapis read: header: .*Site "Belgrade GMA op", White "Psakhis, L".* were read by a reader without ą ć ę ł ń ś ź ż: check their letters$/);
    expect(await validate(back.pgn, 'jpeg150.pgn')).toMatchObject({ findings: [] });
  }, 120_000);

  it('leaves a field it cannot read surely "?" and says what was read there', async () => {
    // Written by hand, in a hand the reader cannot make out: "01", "Manila", "Cabrilo, Goran", "Portisch Lajos (HUN)".
    const back = await read(join(repositoryRoot, 'fixtures', 'scans', 'phone.jpg'));
    expect(back.tags).toMatchObject({ Event: '?', Site: '?', White: '?', Black: '?' });
    const [comment] = back.comments;
    for (const tag of ['Event', 'Site', 'White', 'Black']) {
      expect(comment, tag).toMatch(new RegExp(`${tag} "\\?": read "[^"]+" \\(confidence 0(\\.\\d+)?\\), too unsure to file`));
    }
    expect(await validate(back.pgn, 'phone.pgn')).toMatchObject({ findings: [] });
  }, 120_000);
});
