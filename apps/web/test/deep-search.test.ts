/**
 * The desk reads as `zapis read` does. Every fixture scan, given to the desk at once, ends in the game `zapis read`
 * writes for it (the same moves, the same moves to review) once the desk's deep search has answered; before that the
 * narrow search's game is shown, and the desk says it is still working. On a sheet where the two searches differ
 * (a soft JPEG in a joined script hand, fixtures/soft-scans) the game shown changes to `zapis read`'s. A move confirmed while the deep
 * search runs is confirmed before the search ends, and stays so in the game the deep search gives.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserMissing, deskReady, moveItem, openApp, REPOSITORY, roundGrouped, typeTrueMoveWhileDeepSearching, type AppSession } from './browser.js';

const missing = browserMissing();
if (missing) console.warn(`apps/web: ${missing}`);

const scans = join(REPOSITORY, 'fixtures', 'scans');
/** A sheet the two searches decode differently (fixtures/soft-scans/README.md). */
const softScript = join(REPOSITORY, 'fixtures', 'soft-scans', 'soft-script.jpg');
const CLI = join(REPOSITORY, 'apps', 'cli', 'dist', 'bin.js');
/** Every fixture scan, in the order both the command and the desk are given them. */
const scanFiles = readdirSync(scans).filter((name) => /\.(png|jpe?g|pdf)$/iu.test(name)).sort();

/** One game as `zapis read --format json` writes it (the fields compared). */
interface ReadGame {
  readonly file: string;
  readonly san: readonly string[];
  readonly review: readonly number[];
}

/** The games `zapis read` makes of `files` (read together, as the desk is given them), in its order. */
async function zapisRead(files: readonly string[]): Promise<ReadGame[]> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is not built: pnpm --filter @zapis/cli build`);
  const run = promisify(execFile);
  // Exit 1 is expected (a page that is no sheet, a sheet with no moves): the games are written all the same.
  const { stdout } = await run(process.execPath, [CLI, 'read', '--format', 'json', '--quiet', '-j', '2', ...files], { cwd: scans, maxBuffer: 256 << 20 })
    .catch((error: { stdout?: string; message: string }) => {
      if (typeof error.stdout !== 'string' || error.stdout === '') throw new Error(`zapis read failed: ${error.message}`);
      return { stdout: error.stdout };
    });
  return stdout.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Partial<ReadGame>)
    .filter((game): game is ReadGame => Array.isArray(game.san) && Array.isArray(game.review) && typeof game.file === 'string');
}

/** The selected game's moves and the plies it flags, as the move list shows them. */
async function shownGame(page: Page): Promise<{ san: string[]; review: number[] }> {
  const items = page.locator('[data-testid=move-list] li[data-ply]');
  const san = await items.evaluateAll((list) => list.map((item) => item.getAttribute('data-san') ?? ''));
  const review = await page.locator('[data-testid=move-list] li[data-review=true]').evaluateAll((list) => list.map((item) => Number(item.getAttribute('data-ply'))));
  return { san, review };
}

/** Waits until the selected game shows its first answer while its deep search still runs, and returns it. */
async function firstAnswer(page: Page): Promise<{ san: string[]; review: number[] }> {
  await page.waitForSelector('[data-testid=game][data-decoding=false][data-deep=searching] [data-testid=move-list] li[data-ply]', { timeout: 240_000 });
  return shownGame(page);
}

const deepSearchDone = (page: Page) => page.waitForSelector('[data-testid=game][data-decoding=false][data-deep=done]', { timeout: 240_000 });

describe.skipIf(missing !== undefined)('the desk reads as zapis read does', () => {
  let app: AppSession;
  /** `zapis read` of every fixture scan together, and of the soft script sheet alone. */
  let everyScan: ReadGame[];
  let scriptAlone: ReadGame[];

  beforeAll(async () => {
    // Read before the browser starts: both read scans, on the same cores.
    everyScan = await zapisRead(scanFiles);
    scriptAlone = await zapisRead([softScript]);
    app = await openApp();
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    const { page } = app;
    await page.click('[data-testid=tab-review]');
    await page.click('text=/Clear everything|Wyczyść wszystko/');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=inputs] li, [data-testid=games] li').length === 0);
    // A fresh page, so that no work of this test (a decode ahead of the person, say) is still running in the desk's
    // workers when the next test's scan arrives: each test times its first answer against its own deep search.
    await page.reload();
    await deskReady(page);
  });

  it('shows the first answer at once, says it is still searching, and ends in zapis read\u2019s game (jpeg150.jpg)', async () => {
    const { page } = app;
    const expected = everyScan.find((game) => game.file === 'jpeg150.jpg');
    expect(expected, 'zapis read gives a game for jpeg150.jpg').toBeDefined();
    await page.setInputFiles('[data-testid=file-input]', join(scans, 'jpeg150.jpg'));
    // The narrow search's game, shown while the deep search runs, with a status saying so.
    await firstAnswer(page);
    const status = page.locator('[data-testid=deep-search]');
    expect(await status.isVisible()).toBe(true);
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toBe('Searching this sheet again, more thoroughly, as zapis read does: moves may still change. What you confirm is kept.');
    expect(await page.textContent('[data-testid=games] li[data-deep=searching] .badge.deep')).toBe('searching deeper');
    await app.screenshot('11-deep-search-running');
    await page.selectOption('[data-testid=ui-language]', 'pl');
    const polish = await page.evaluate(() => document.querySelector('[data-testid=deep-search]')?.textContent ?? null);
    await page.selectOption('[data-testid=ui-language]', 'en');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Unless the search answered in the moment the language changed, the status was in Polish.
    if (polish !== null) expect(polish).toMatch(/^Przeszukuję ten blankiet ponownie/u);

    await deepSearchDone(page);
    expect(await status.count()).toBe(0);
    const final = await shownGame(page);
    await app.screenshot('12-deep-search-done');
    expect(final.san).toEqual(expected!.san);
    expect(final.review).toEqual(expected!.review);
  }, 600_000);

  it('changes the game shown to zapis read\u2019s when the deep search decodes it otherwise (soft-script.jpg)', async () => {
    const { page } = app;
    expect(scriptAlone).toHaveLength(1);
    const [expected] = scriptAlone;
    await page.setInputFiles('[data-testid=file-input]', softScript);
    const first = await firstAnswer(page);
    await deepSearchDone(page);
    const final = await shownGame(page);
    // The narrow search's game was shown first, and it is not zapis read's; the game shown now is.
    expect(first.san).not.toEqual(expected.san);
    expect(final.san).toEqual(expected.san);
    expect(final.review).toEqual(expected.review);
  }, 600_000);

  it('confirms a move while the deep search runs, and keeps it confirmed in the game the search gives', async () => {
    const { page } = app;
    const truth = (JSON.parse(readFileSync(join(scans, 'jpeg150.json'), 'utf8')) as { san: string[] }).san;
    const correctionsBefore = await page.evaluate(() => (window as unknown as { zapisCorrectionTimes?: number[] }).zapisCorrectionTimes?.length ?? 0);
    await page.setInputFiles('[data-testid=file-input]', join(scans, 'jpeg150.jpg'));
    // A move the narrow search has wrong, corrected by the person: the right move typed.
    const { ply, deep: stillSearching } = await typeTrueMoveWhileDeepSearching(page, truth);
    await deepSearchDone(page);
    const corrections = (await page.evaluate(() => (window as unknown as { zapisCorrectionTimes?: number[] }).zapisCorrectionTimes ?? [])).slice(correctionsBefore);
    const worker = await page.evaluate(() => {
      const bench = window as unknown as { zapisDecodeTimes?: number[]; zapisDecodedAhead?: boolean[] };
      return { decode: bench.zapisDecodeTimes?.at(-1) ?? 0, ahead: bench.zapisDecodedAhead?.at(-1) ?? false };
    });
    console.log(`apps/web: a correction while the deep search ran: ${corrections.map((ms) => ms.toFixed(0)).join(', ')} ms, ${worker.decode.toFixed(0)} ms of it in the worker${worker.ahead ? ' (decoded ahead)' : ''} (deep search ${stillSearching === 'searching' ? 'still running' : 'done'} when it was shown)`);
    // The correction was shown while the search still ran: it did not wait for it. How fast is the bench's to say
    // (`pnpm --filter @zapis/web bench`, "a move typed while the deep search runs"): a timed test fails on a busy machine.
    expect(stillSearching).toBe('searching');
    expect(corrections).toHaveLength(1);
    // The deep search's game keeps it: confirmed, and the game around it the true one.
    expect(await moveItem(page, ply).getAttribute('data-confirmed')).toBe('true');
    expect(await moveItem(page, ply).getAttribute('data-san')).toBe(truth[ply - 1]);
    expect((await shownGame(page)).san).toEqual(truth);
    // A correction once the search has answered goes on from the deep search (the deep worker's): measured, and kept.
    const next = (await shownGame(page)).review.find((flagged) => flagged !== ply);
    if (next !== undefined) {
      await moveItem(page, next).locator('button').click();
      await page.waitForSelector(`[data-testid=move-detail][data-ply="${next}"]`);
      await page.keyboard.press('a');
      await page.waitForSelector(`[data-testid=move-list] li[data-ply="${next}"][data-confirmed=true]`);
      await page.waitForSelector('[data-testid=game][data-decoding=false][data-deep=done]');
      const after = (await page.evaluate(() => (window as unknown as { zapisCorrectionTimes?: number[] }).zapisCorrectionTimes ?? [])).slice(correctionsBefore + 1);
      console.log(`apps/web: a correction after the deep search answered: ${after.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      expect(await moveItem(page, ply).getAttribute('data-confirmed')).toBe('true');
      expect((await shownGame(page)).san).toEqual(truth);
    }
  }, 600_000);

  it('ends every fixture scan in the game zapis read writes for it: the same moves, the same moves to review', async () => {
    const { page } = app;
    const expected = everyScan;
    const started = performance.now();
    await page.setInputFiles('[data-testid=file-input]', scanFiles.map((name) => join(scans, name)));
    await roundGrouped(page, scanFiles.length, 900_000);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=games] li').length > 0
      && document.querySelectorAll('[data-testid=games] li:not([data-deep=done])').length === 0, undefined, { timeout: 900_000 });
    const ids = await page.locator('[data-testid=games] li').evaluateAll((items) => items.map((item) => item.getAttribute('data-game-id') ?? ''));
    const shown: { san: string[]; review: number[] }[] = [];
    for (const id of ids) {
      await page.click(`[data-testid=games] li[data-game-id="${id}"] button`);
      await page.waitForSelector(`[data-testid=game][data-game-id="${id}"][data-decoding=false][data-deep=done]`, { timeout: 120_000 });
      shown.push(await shownGame(page));
    }
    console.log(`apps/web: ${scanFiles.length} fixture scans read and searched deep in the desk in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Game by game, named by the file zapis read found it in.
    expect(shown.length, `games: ${expected.map((game) => game.file).join(', ')}`).toBe(expected.length);
    expected.forEach((game, index) => {
      expect(shown[index].san, `${game.file} (game ${index + 1}): moves`).toEqual(game.san);
      expect(shown[index].review, `${game.file} (game ${index + 1}): moves to review`).toEqual(game.review);
    });
  }, 900_000);
});
