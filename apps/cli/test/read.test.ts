/**
 * `zapis read` on the committed fixture scans (fixtures/scans: held-out handwriting fonts, three kinds of
 * degradation, a pre-filled sheet, a two-page PDF, an image with no sheet), and on bad input.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePgn } from '@zapis/notation';
import { READER_NAMES } from '@zapis/ocr';
import { jsonLines, repositoryRoot, run } from './run-cli.js';

const scans = join(repositoryRoot, 'fixtures', 'scans');
/** Folders this file's tests write into, removed when it ends. */
const scratchDirs: string[] = [];
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

interface Truth { readonly san: readonly string[]; readonly result?: string }

function truthOf(file: string, page: number): Truth {
  // White's and Black's copies of one game share one truth file (pair.json).
  const name = file.startsWith('pair-') ? 'pair.json' : file.replace(/\.\w+$/, '.json');
  const truth = JSON.parse(readFileSync(join(scans, name), 'utf8')) as Truth & { pages?: Truth[]; sheets?: Truth[] };
  return truth.pages ? truth.pages[page - 1] : truth.sheets ? truth.sheets[0] : truth;
}

interface MoveJson { san: string; review: boolean; cell: { file: string; page: number; x: number; y: number; width: number; height: number } | null; read: (string | null)[] }
interface GameJson { tags: Record<string, string>; headerRead: Record<string, { text: string; confidence: number }>; headerNotes: string[]; file: string; sheets?: { page: number }[]; status: string; san: string[]; moves: MoveJson[]; result?: string; diagnostics: { code: string; message: string }[] }

/** Check marks aside (writers leave them out), as the benchmark compares. */
const bare = (san: string) => san.replace(/[+#]$/, '');

describe('zapis read on the fixture scans', () => {
  it('prints what the README shows for jpeg150.jpg, word for word where the README does not cut it', async () => {
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    const shown = /What comes out \(standard output; the summary on standard error\):\n\n```\n([\s\S]*?)\n```/u.exec(readme)?.[1];
    expect(shown, 'the README\u2019s example output').toBeDefined();
    const result = await run(['read', 'fixtures/scans/jpeg150.jpg']);
    expect(result.code).toBe(0);
    const flat = (text: string): string => text.replace(/\s+/gu, ' ').trim();
    const printed = flat(`${result.stdout}\n${result.stderr}`);
    // The README cuts the movetext with "…": every piece between the cuts is printed as it stands.
    const pieces = shown!.split('\u2026').map(flat).filter((piece) => piece !== '');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(printed).toContain(piece);
  });

  it('reads every sheet into its game, flags every move it got wrong, and reports the page with no sheet', async () => {
    const result = await run(['read', 'fixtures/scans', '--format', 'json']);
    // One file has no sheet on it: the run goes on and says so.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fixtures/scans/not-a-sheet.jpg (page 1): no scoresheet found (no markers, no grid)');
    const lines = jsonLines(result.stdout) as unknown as (GameJson & { summary?: Record<string, number> })[];
    const summary = lines.pop()?.summary;
    // The two copies of one game (pair-black.jpg, pair-white.jpg) are paired by their QR codes into one game.
    expect(summary).toMatchObject({ files: 11, pages: 12, sheets: 11, unreadablePages: 1, games: 10 });
    const listed = lines.filter((line) => line.sheets);
    expect(listed.map((game) => `${game.file.split('/').pop()}#${game.sheets![0].page}`)).toEqual([
      'blank.png#1', 'boxed-pl-gap.png#1', 'boxed-pl.png#1', 'jpeg150.jpg#1', 'pair-white.jpg#1', 'phone.jpg#1', 'prefilled.png#1', 'scan200-heldout.png#1', 'two-sheets.pdf#1', 'two-sheets.pdf#2',
    ]);
    // One sheet has no move written on it (blank.png, its header printed): its game is listed, with the error.
    const [blank, ...games] = listed;
    expect(blank).toMatchObject({ status: 'error', san: [], moves: [], tags: { Event: 'Club Championship', Round: '3', Board: '7' } });
    expect(blank.diagnostics).toContainEqual(expect.objectContaining({ code: 'decode-no-readings', message: 'no moves are written on the sheet' }));
    expect(games.find((game) => game.file.endsWith('pair-white.jpg'))?.sheets).toHaveLength(2);
    let plies = 0, right = 0, unflaggedWrong = 0;
    for (const game of games) {
      const truth = truthOf(game.file.split('/').pop()!, game.sheets![0].page);
      expect(game.san.length).toBe(truth.san.length);
      truth.san.forEach((san, index) => {
        const move = game.moves[index];
        plies += 1;
        if (bare(move.san) === bare(san)) right += 1;
        else if (!move.review) unflaggedWrong += 1;
      });
      // Every move points at its cell on the page.
      for (const move of game.moves) {
        expect(move.cell).not.toBeNull();
        expect(move.cell!.width).toBeGreaterThan(20);
        expect(move.cell!.height).toBeGreaterThan(5);
      }
      if (truth.result && truth.result !== '*') expect(game.result).toBe(truth.result);
    }
    // Pre-filled sheets are read exactly; handwriting in fonts never tuned on almost so, and never wrong unflagged.
    const prefilled = games.find((game) => game.file.endsWith('prefilled.png'))!;
    expect(prefilled.san.map(bare)).toEqual(truthOf('prefilled.png', 1).san.map(bare));
    // Printed names are read into the tags; a doubtful handwritten one stays out of them, kept in headerRead.
    expect(prefilled.tags).toMatchObject({ White: 'Malaniuk, Vladimir', Black: 'Romanishin, Oleg', Result: '0-1' });
    for (const game of listed) {
      for (const [tag, read] of Object.entries(game.headerRead)) {
        // What the QR code says of the event, round and board wins over what was read in the header.
        if (['Event', 'Round', 'Board'].includes(tag)) continue;
        // Filed only when sure and in the tag's form (a date in PGN's); else said in headerNotes.
        const filed = game.tags[tag];
        if (filed === undefined) expect(game.headerNotes.join(' ')).toContain(`${tag} "?": read ${JSON.stringify(read.text)}`);
        else if (tag === 'Date') expect(filed).toMatch(/^[\d?]{4}\.[\d?]{2}\.[\d?]{2}$/);
        else expect([read.confidence >= 0.2, filed]).toEqual([true, read.text]);
      }
    }
    expect(unflaggedWrong).toBe(0);
    expect(right / plies).toBeGreaterThan(0.97);
    const missing = lines.find((line) => line.file.endsWith('not-a-sheet.jpg'))!;
    expect(missing.status).toBe('error');
    expect(missing.diagnostics[0].code).toBe('read-no-sheet');
  });

  it('writes PGN with the review comments and the tags read off the sheet, and the crops of flagged cells', async () => {
    const crops = scratchDir('zapis-crops-');
    const result = await run(['read', 'fixtures/scans/jpeg150.jpg', '--crops', crops]);
    expect(result.code).toBe(0);
    const games = parsePgn(result.stdout);
    expect(games.length).toBe(1);
    expect(result.stdout).toContain('[Result "1-0"]');
    expect(result.stdout).toContain('{review:');
    expect(result.stderr).toMatch(/1 sheet read into 1 game; 73 plies, \d+ to review/);
    const flagged = Number(/(\d+) to review/.exec(result.stderr)![1]);
    const written = readdirSync(crops).filter((name) => name.endsWith('.png'));
    expect(written.length).toBe(flagged);
    expect(written[0]).toMatch(/^jpeg150-p1-ply\d{3}-(white|black)\.png$/);
    expect(readFileSync(join(crops, written[0])).subarray(1, 4).toString()).toBe('PNG');
  });

  it('writes a sheet with no move written on it into the PGN too, with its tags and why, and says so on stderr', async () => {
    const result = await run(['read', 'fixtures/scans/blank.png']);
    expect(result.code).toBe(1);
    const [game, ...others] = parsePgn(result.stdout);
    expect(others).toHaveLength(0);
    expect(Object.fromEntries(game.tags.map((tag) => [tag.name, tag.value]))).toMatchObject({ Event: 'Club Championship', Round: '3', Board: '7', Result: '*' });
    expect(game.moves).toHaveLength(0);
    expect(game.comments.map((comment) => comment.text)).toEqual(['zapis read: no moves could be decoded: no moves are written on the sheet']);
    expect(result.stderr).toContain('no moves are written on the sheet');
    // The PGN it writes is a valid game to zapis itself.
    const check = await run(['validate', '--format', 'json', '-'], { stdin: result.stdout });
    expect(check.stdout).toContain('"plies":0');
  });

  it('cross-checks its two readers by default: with every doubt on the list, where their games differ the move is flagged and says why', async () => {
    const file = 'fixtures/scans/jpeg150.jpg';
    // One narrow search each: the deep search of PP-OCR alone's decoding lists where its two searches part, and then
    // the ensemble's is kept here (the test is of the cross-check, with one search each).
    const [auto, alone, ensemble] = await Promise.all([['--review', 'every-doubt'], ['--reader', 'ctc'], ['--reader', 'ensemble']].map((reader) => run(['read', file, '--format', 'json', '--no-deep', ...reader])));
    type Checked = Omit<GameJson, 'moves' | 'diagnostics'> & { crossCheck?: { kept: string; differing: number[] }; review: number[];
      moves: (MoveJson & { ply: number; reviewReasons: string[]; otherReading?: string })[];
      diagnostics: { code: string; message: string; ply?: number; candidates?: string[] }[] };
    const [checked, byAlone, byEnsemble] = [auto, alone, ensemble].map((result) => (jsonLines(result.stdout) as unknown as Checked[])[0]);
    // Check marks aside: after an earlier difference one game's move can check where the other's does not.
    const differ = byAlone.moves.filter((move, index) => bare(byEnsemble.moves[index]?.san ?? '') !== bare(move.san)).map((move) => move.ply);
    expect(differ.length).toBeGreaterThan(0);
    // The ensemble leaves fewer moves in doubt on this scan (it reads 27.Rg7+ since moves are counted right by their
    // SAN), so its game is kept, with the differences flagged.
    expect(checked.crossCheck).toEqual({ kept: 'ensemble', differing: differ });
    expect(checked.san).toEqual(byEnsemble.san);
    for (const ply of differ) {
      const move = checked.moves[ply - 1];
      expect(move.review).toBe(true);
      expect(move.reviewReasons).toContain('readers-differ');
      // The other reader's move is named and offered as a fix.
      expect(move.otherReading).toBe(byAlone.moves[ply - 1].san);
      expect(checked.diagnostics.find((diagnostic) => diagnostic.ply === ply)?.candidates).toContain(byAlone.moves[ply - 1].san);
    }
    expect(checked.review).toEqual(checked.moves.filter((move) => move.review).map((move) => move.ply));
    // Nothing the kept reading flags is unflagged by the cross-check (that it adds flags is the ocr package's cross-check test).
    for (const ply of byEnsemble.review) expect(checked.review).toContain(ply);
    const pgn = await run(['read', file, '--review', 'every-doubt', '--no-deep']);
    // PGN names the other reader's move in the review comment (lines wrap, so spaces are normalised).
    const flat = pgn.stdout.replace(/\s+/g, ' ');
    for (const ply of differ) expect(flat).toContain(`the other reader reads ${byAlone.san[ply - 1]}`);
    expect(pgn.stderr).toContain(`73 plies, ${checked.review.length} to review`);
  });

  it('says which reader disputes a move the ensemble reads as written, and what it reads, never that the move was corrected', async () => {
    const file = 'fixtures/scans/jpeg150.jpg';
    const json = await run(['read', file, '--format', 'json', '--reader', 'ensemble']);
    type Disputed = { moves: { ply: number; san: string; reviewReasons: string[]; corrected: boolean; disputedBy?: (string | null)[]; disputingReaders?: (string[] | null)[] }[] };
    const game = (jsonLines(json.stdout) as unknown as Disputed[])[0];
    const disputed = game.moves.filter((move) => move.reviewReasons.includes('disputed'));
    expect(disputed.length).toBeGreaterThan(0);
    for (const move of disputed) {
      expect(move.corrected).toBe(false);
      expect(move.disputedBy).toHaveLength(1);
    }
    const pgn = (await run(['read', file, '--reader', 'ensemble'])).stdout.replace(/\s+/g, ' ');
    const first = disputed[0];
    // The PGN names the readers that dispute it, as the JSON does.
    const readers = first.disputingReaders?.[0] ?? [];
    expect(readers.length).toBeGreaterThan(0);
    const who = readers.map((reader) => READER_NAMES[reader]).join(' and ');
    expect(pgn).toContain(`{review: ${who} alone ${readers.length > 1 ? 'read' : 'reads'} ${first.disputedBy![0] || 'nothing'};`);
    // What was read is the move: no `{read: …}` before its review comment.
    expect(pgn).not.toContain(` ${first.san} {read:`);
  });

  it('makes the review list by risk by default, by every doubt on request, and refuses risk for a reader it was not fitted on', async () => {
    type RiskMove = MoveJson & { confidence: number; reviewReasons: string[]; risk?: number; doubts?: string[] };
    const gameOf = (stdout: string) => jsonLines(stdout).find((line) => 'moves' in line) as unknown as { reviewBy: string; moves: RiskMove[] };
    const [byRisk, everyDoubt] = await Promise.all([
      run(['read', 'fixtures/scans/jpeg150.jpg', '--format', 'json']),
      run(['read', 'fixtures/scans/jpeg150.jpg', '--format', 'json', '--review', 'every-doubt']),
    ]);
    const [risk, every] = [gameOf(byRisk.stdout), gameOf(everyDoubt.stdout)];
    expect([risk.reviewBy, every.reviewBy]).toEqual(['risk', 'every-doubt']);
    expect(risk.moves.map((move) => move.san)).toEqual(every.moves.map((move) => move.san));
    risk.moves.forEach((move, index) => {
      expect(move.risk).toBeGreaterThanOrEqual(0);
      // Corrections and moves below 90% stay on the list; a doubt left off is still in the JSON.
      if (every.moves[index].reviewReasons.includes('corrected') || move.confidence < 0.9) expect(move.review).toBe(true);
      if (!move.review) expect(move.doubts ?? []).toEqual(every.moves[index].reviewReasons);
    });
    expect(every.moves.every((move) => move.risk === undefined)).toBe(true);
    const refused = await run(['read', 'fixtures/scans/jpeg150.jpg', '--reader', 'ctc', '--review', 'risk']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('zapis: --review risk needs --reader auto: the review model was fitted on its cross-checked readings');
  });

  it('searches a badly read scan again by default: the 150-dpi scan read right, a hard hand read better than --no-deep', async () => {
    const gameOf = (stdout: string) => jsonLines(stdout).find((line) => 'moves' in line) as unknown as GameJson;
    const [narrow, deep, asked, hardOnce, hardSearched] = await Promise.all([
      run(['read', 'fixtures/scans/jpeg150.jpg', '--format', 'json', '--no-deep']),
      run(['read', 'fixtures/scans/jpeg150.jpg', '--format', 'json']),
      run(['read', 'fixtures/scans/jpeg150.jpg', '--format', 'json', '--deep']),
      run(['read', 'fixtures/soft-scans/soft-script.jpg', '--format', 'json', '--no-deep']),
      run(['read', 'fixtures/soft-scans/soft-script.jpg', '--format', 'json']),
    ]);
    expect([narrow.code, deep.code, asked.code, hardOnce.code, hardSearched.code]).toEqual([0, 0, 0, 0, 0]);
    const wrongOf = (truth: readonly string[]) => (game: GameJson) => game.moves.filter((move, index) => bare(move.san) !== bare(truth[index])).length;
    const wrong = wrongOf(truthOf('jpeg150.jpg', 1).san);
    const searched = gameOf(deep.stdout);
    expect(searched.moves).toHaveLength(truthOf('jpeg150.jpg', 1).san.length);
    expect(wrong(searched)).toBe(0);
    expect(wrong(gameOf(narrow.stdout))).toBe(0);
    // A soft JPEG in a joined script hand (fixtures/soft-scans): one narrow search gets more moves wrong (measured: 39
    // and 17 of 80).
    const hard = wrongOf((JSON.parse(readFileSync(join(scans, '..', 'soft-scans', 'soft-script.json'), 'utf8')) as Truth).san);
    expect(hard(gameOf(hardSearched.stdout))).toBeLessThan(hard(gameOf(hardOnce.stdout)));
    // --deep asks for the default.
    expect(gameOf(asked.stdout).moves).toEqual(searched.moves);
  });

  it('reads a sheet given twice as two games, says so, and drops neither sheet’s cells', async () => {
    // pair-white.jpg's QR names its game by event, round and board 1, and its copy: a second copy of it is the same sheet again.
    const result = await run(['read', 'fixtures/scans/pair-white.jpg', 'fixtures/scans/pair-white.jpg']);
    expect(result.code).toBe(0);
    const games = parsePgn(result.stdout);
    expect(games.length).toBe(2);
    // Both are the whole game: the second copy neither continues the first nor replaces its cells.
    const [first, second] = result.stdout.split('[Event').slice(1);
    expect(second).toBe(first);
    const plies = (JSON.parse(readFileSync(join(scans, 'pair.json'), 'utf8')) as { sheets: { san: string[] }[] }).sheets[0].san.length;
    expect(games[0].moves.length).toBe(plies);
    expect(result.stderr).toContain('fixtures/scans/pair-white.jpg (page 1): warning: the same sheet as fixtures/scans/pair-white.jpg page 1 (its QR names the same game, copy and sheet): read as a game of its own');
    expect(result.stderr).toMatch(new RegExp(`2 sheets read into 2 games; ${2 * plies} plies, \\d+ to review`));
  });

  it('keeps sheets whose QR names no board apart: the same event and round are every game\u2019s of the round', async () => {
    // jpeg150.jpg's QR has its round and no board: given twice, nothing says it is the same game, so nothing is merged or paired.
    const result = await run(['read', 'fixtures/scans/jpeg150.jpg', 'fixtures/scans/jpeg150.jpg']);
    expect(result.code).toBe(0);
    expect(parsePgn(result.stdout).map((game) => game.moves.length)).toEqual([73, 73]);
    expect(result.stderr).not.toContain('the same sheet as');
    expect(result.stderr).toMatch(/2 sheets read into 2 games; 146 plies, \d+ to review/);
  });

  it('on a terminal, says how far reading is on one line, cleared before anything else is said; -q says nothing', async () => {
    const files = ['fixtures/scans/not-a-sheet.jpg', 'fixtures/scans/prefilled.png'];
    const shown = await run(['read', ...files], { tty: true });
    expect(shown.code).toBe(1);
    const clearLine = '\x1b[K';
    const progress = shown.stderr.split('\r').filter((line) => line.startsWith('reading: ')).map((line) => line.split(clearLine)[0]);
    expect(progress).toEqual([
      expect.stringMatching(/^reading: 1 page read from 1 of 2 files, \d+\.\d s a page, about \d+ s left$/u),
      expect.stringMatching(/^reading: 2 pages read from 2 of 2 files, \d+\.\d s a page$/u),
    ]);
    // The failure and the summary each start a clean line: the progress line was cleared before them.
    expect(shown.stderr).toContain(`\r${clearLine}zapis: fixtures/scans/not-a-sheet.jpg (page 1): no scoresheet found`);
    expect(shown.stderr).toContain(`\r${clearLine}1 sheet read into 1 game (1 page could not be read)`);
    expect(parsePgn(shown.stdout)).toHaveLength(1);
    const quiet = await run(['read', ...files, '-q'], { tty: true });
    expect(quiet.stderr).not.toContain('reading:');
    expect(quiet.stdout).toBe(shown.stdout);
    // Not a terminal (a pipe, CI's log): no progress either.
    expect((await run(['read', ...files])).stderr).not.toContain('reading:');
  });

  it('writes each game as soon as no later page can change it, while the rest is still being read', async () => {
    const files = ['fixtures/scans/prefilled.png', 'fixtures/scans/jpeg150.jpg', 'fixtures/scans/not-a-sheet.jpg'];
    const result = await run(['read', ...files, '--format', 'json']);
    expect(result.code).toBe(1);
    // prefilled.png's game is whole once the next page is not a later sheet of it: it is out before the third file is read.
    const said = result.timeline.map(({ stream, text }) => {
      if (stream === 'stderr') return `stderr: ${text.trim()}`;
      const line = JSON.parse(text) as { file?: string; summary?: unknown };
      return `stdout: ${line.summary !== undefined ? 'summary' : String(line.file)}`;
    });
    expect(said).toEqual([
      'stdout: fixtures/scans/prefilled.png',
      'stderr: zapis: fixtures/scans/not-a-sheet.jpg (page 1): no scoresheet found (no markers, no grid); a sheet zapis did not print needs --template',
      'stdout: fixtures/scans/jpeg150.jpg',
      'stdout: fixtures/scans/not-a-sheet.jpg',
      'stdout: summary',
    ]);
    expect((jsonLines(result.stdout).at(-1) as { summary: Record<string, number> }).summary).toMatchObject({ files: 3, pages: 3, sheets: 2, unreadablePages: 1, games: 2, ok: 2 });
  });

  it('names a move as the rival of each move of a sheet reviewed whole, never the game ending before it in mid-game', async () => {
    // pair-black.jpg read in French letters, which it was not written in: so much of it is in doubt that every move
    // is listed (the moves with no other reason say so first).
    const result = await run(['read', 'fixtures/scans/pair-black.jpg', '--lang', 'fr']);
    const comments = result.stdout.replace(/\s+/gu, ' ').match(/\{review: [^}]*\}/gu) ?? [];
    const wholeSheet = comments.filter((comment) => comment.startsWith('{review: much of this sheet is in doubt;'));
    expect(wholeSheet.length).toBeGreaterThan(1);
    for (const comment of wholeSheet) expect(comment).toMatch(/; or [A-Za-z0-9+#=-]+ \((\d\.\d\d|<0\.01)\)/u);
    expect(result.stdout).not.toContain('the game ends before it (0.00)');
  });

  it('reads the scans in a folder’s folders too, and names the images it cannot read', async () => {
    // A round kept as White's copies at the top and Black's in a folder of their own, with a note, a phone's HEIC and a TIFF.
    const round = scratchDir('zapis-read-round-');
    mkdirSync(join(round, 'black'));
    copyFileSync(join(scans, 'pair-white.jpg'), join(round, 'pair-white.jpg'));
    copyFileSync(join(scans, 'pair-black.jpg'), join(round, 'black', 'pair-black.jpg'));
    writeFileSync(join(round, 'notes.txt'), 'board 1\n');
    writeFileSync(join(round, 'black', 'IMG_0001.HEIC'), 'not read');
    writeFileSync(join(round, 'board-2.tiff'), 'not read');
    writeFileSync(join(round, '.DS_Store'), '');
    const result = await run(['read', round, '--format', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`zapis: ${round}: warning: 2 images not in PNG, JPEG or PDF left unread (black/IMG_0001.HEIC, board-2.tiff); convert them to read them\n`);
    const [game, summary] = jsonLines(result.stdout) as unknown as [GameJson, { summary: Record<string, number> }];
    // Both copies are found, and paired into one game by their QR codes.
    expect(summary.summary).toMatchObject({ files: 2, sheets: 2, games: 1 });
    expect(game.sheets).toHaveLength(2);
  });

  it('reads with two worker threads exactly as with one', async () => {
    const files = ['fixtures/scans/phone.jpg', 'fixtures/scans/prefilled.png', 'fixtures/scans/two-sheets.pdf'];
    const one = await run(['read', ...files, '--format', 'json']);
    const two = await run(['read', ...files, '--format', 'json', '-j', '2']);
    expect(two.code).toBe(one.code);
    const strip = (text: string) => jsonLines(text).filter((line) => !('summary' in line));
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
  });
});

describe('zapis read on a round printed by zapis print --pairings', () => {
  it('reads all 40 pages of the PDF in order and pairs each board\u2019s two copies by their QR codes', async () => {
    const dir = scratchDir('zapis-read-round-');
    const rows = Array.from({ length: 20 }, (_, index) => `${index + 1},White ${index + 1},,Black ${index + 1},`);
    writeFileSync(join(dir, 'round.csv'), `board,white,white_rating,black,black_rating\n${rows.join('\n')}\n`);
    const printed = await run(['print', '--pairings', 'round.csv', '--event', 'Liga', '--round', '5', '-o', 'round.pdf'], { cwd: dir });
    expect(printed.code).toBe(0);
    const result = await run(['read', 'round.pdf', '--format', 'json'], { cwd: dir });
    const lines = jsonLines(result.stdout) as unknown as (GameJson & { tags: Record<string, string>; summary?: Record<string, number> })[];
    const summary = lines.pop()!.summary!;
    expect(summary).toMatchObject({ pages: 40, sheets: 40, unreadablePages: 0, games: 20 });
    expect(lines.map((game) => game.tags.Board)).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
    for (const [index, game] of lines.entries()) {
      expect(game.sheets!.map((sheet) => sheet.page)).toEqual([2 * index + 1, 2 * index + 2]);
      expect(game.tags).toMatchObject({ Event: 'Liga', Round: '5' });
      // Blank sheets: nothing written is an error for that game, not a made-up game.
      expect(game.status).toBe('error');
      expect(game.diagnostics[0].code).toBe('decode-no-readings');
    }
    expect(result.code).toBe(1);
  });
});

describe('zapis read on a sheet zapis did not print', () => {
  const sheet = 'fixtures/scans-foreign/federation.jpg';
  const truth = JSON.parse(readFileSync(join(repositoryRoot, 'fixtures', 'scans-foreign', 'federation.json'), 'utf8')) as Truth;

  const check = (game: GameJson) => {
    expect(game.san.length).toBe(truth.san.length);
    truth.san.forEach((san, index) => {
      const move = game.moves[index];
      if (bare(move.san) !== bare(san)) expect(move.review).toBe(true);
    });
    const right = truth.san.filter((san, index) => bare(game.moves[index].san) === bare(san)).length;
    expect(right / truth.san.length).toBeGreaterThan(0.95);
  };

  it('reads it with --template, by the ruling lines of its move grid', async () => {
    const result = await run(['read', sheet, '--template', 'packages/ocr/fixtures/templates/federation-2x30.json', '--format', 'json']);
    expect(result.code).toBe(0);
    const [game] = jsonLines(result.stdout) as unknown as GameJson[];
    check(game);
    expect(game.diagnostics.some((diagnostic) => diagnostic.code === 'read-grid-without-template')).toBe(false);
  });

  it('finds its two-block grid without a template, and says it did', async () => {
    const result = await run(['read', sheet, '--format', 'json']);
    expect(result.code).toBe(0);
    const [game] = jsonLines(result.stdout) as unknown as GameJson[];
    check(game);
    const warning = game.diagnostics.find((diagnostic) => diagnostic.code === 'read-grid-without-template');
    expect(warning?.message).toContain('--template');
  });
});

describe('zapis read on bad input', () => {
  const folder = scratchDir('zapis-read-bad-');
  const jpeg = readFileSync(join(scans, 'jpeg150.jpg'));
  writeFileSync(join(folder, 'empty.png'), '');
  const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251));
  writeFileSync(join(folder, 'noise.bin'), noise);
  // JPEG's first bytes, then noise.
  writeFileSync(join(folder, 'noise.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise]));
  writeFileSync(join(folder, 'truncated.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 3)));
  writeFileSync(join(folder, 'truncated.pdf'), readFileSync(join(scans, 'two-sheets.pdf')).subarray(0, 5000));
  // A PDF that opens but holds no page (its page tree is empty).
  writeFileSync(join(folder, 'no-pages.pdf'), '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  writeFileSync(join(folder, 'bad-template.json'), '{ "format": "zapis-sheet-template", "version": 1,\n  "grid": { "blocks": [ { "rows": "x" } ] } }');

  it('says what is wrong with each file, goes on, and exits 2 (files it cannot read are unreadable input)', async () => {
    const result = await run(['read', join(folder, 'empty.png'), join(folder, 'noise.bin'), join(folder, 'noise.jpg'), join(folder, 'truncated.jpg'), join(folder, 'truncated.pdf'), join(folder, 'no-pages.pdf'), 'fixtures/scans/prefilled.png']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('empty.png: empty file');
    expect(result.stderr).toContain('noise.bin: not a PNG, JPEG or PDF file');
    expect(result.stderr).toMatch(/noise\.jpg \(page 1\): corrupt or truncated JPEG/);
    expect(result.stderr).toMatch(/truncated\.jpg \(page 1\): corrupt or truncated JPEG/);
    expect(result.stderr).toMatch(/truncated\.pdf: corrupt or unreadable PDF/);
    expect(result.stderr).toMatch(/no-pages\.pdf: a PDF with no pages/);
    expect(result.stderr).toMatch(/1 sheet read into 1 game \(6 files could not be read\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    // The good file is still read.
    expect(parsePgn(result.stdout).length).toBe(1);
  });

  it('refuses a bad template with its location, and a folder without scans', async () => {
    // A crops folder that cannot be made is said before anything is read, never a stack trace after.
    const crops = await run(['read', 'fixtures/scans/prefilled.png', '--crops', join(folder, 'empty.png')]);
    expect(crops.code).toBe(2);
    expect(crops.stderr).toBe(`zapis: --crops: cannot make the folder ${join(folder, 'empty.png')}: a file of that name is in the way\n`);
    const template = await run(['read', 'fixtures/scans/prefilled.png', '--template', join(folder, 'bad-template.json')]);
    expect(template.code).toBe(2);
    expect(template.stderr).toMatch(/bad-template\.json:2:\d+: grid\.blocks\[0\]\.rows: expected an integer/);
    const empty = scratchDir('zapis-read-empty-');
    const none = await run(['read', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no scans to read');
    // Beside scans, a folder with none is named and counted, never dropped: the scans are read, the exit code is 2.
    const beside = await run(['read', empty, 'fixtures/scans/prefilled.png', '--format', 'json']);
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain(`${empty}: a folder with no scans in it (PNG, JPEG or PDF)`);
    const objects = beside.stdout.trim().split('\n').map((line) => JSON.parse(line) as { file?: string; status?: string; summary?: unknown });
    expect(objects.filter((object) => object.status === 'ok')).toHaveLength(1);
    expect(objects.find((object) => object.file === empty)?.status).toBe('error');
    const missing = await run(['read', join(folder, 'missing.png')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing.png: no such file');
  });
});
