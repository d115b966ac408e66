/**
 * The desk in real Chromium when the browser's storage never answers (seen in
 * Chromium now and then after a reload): a page whose every IndexedDB open
 * stays silent still starts, says so, reviews what it is given, and leaves the
 * session saved before it untouched for the next page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserMissing, deskReady, gameSettled, openApp, pageErrors, REPOSITORY, SCREENSHOTS } from './browser.js';

const missing = browserMissing();
if (missing) console.warn(`apps/web: ${missing}`);

const pasted = readFileSync(join(REPOSITORY, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt'), 'utf8');
const plies = (page: Page): Promise<number> => page.locator('[data-testid=move-list] li[data-ply]').count();

describe.skipIf(missing !== undefined)('the arbiter\u2019s desk with silent storage', () => {
  it('starts, says the storage did not answer, reviews a text, and leaves the saved session for the next page', async () => {
    const app = await openApp();
    try {
      const { page, context, server } = app;
      // A session worth keeping: a transcription, saved and restored by a reload.
      await page.fill('[data-testid=paste-text]', pasted);
      await page.click('[data-testid=paste-submit]');
      await gameSettled(page);
      const kept = await plies(page);
      expect(kept).toBeGreaterThan(40);
      await page.reload();
      await deskReady(page);
      await gameSettled(page);
      expect(await plies(page)).toBe(kept);
      await page.close();

      // Every IndexedDB open on this page stays unanswered: no success, no error.
      const silent = await context.newPage();
      const errors = pageErrors(silent);
      await silent.addInitScript(() => {
        indexedDB.open = () => ({}) as IDBOpenDBRequest;
      });
      const started = Date.now();
      await silent.goto(server.url);
      await deskReady(silent, 40_000);
      // Three tries of four seconds each, then the desk starts.
      expect(Date.now() - started).toBeGreaterThan(10_000);
      expect(await silent.textContent('[data-testid=storage-warning]')).toMatch(/storage did not answer.*reload the page to try again/su);
      expect(await silent.locator('[data-testid=games] li').count()).toBe(0);
      await silent.fill('[data-testid=paste-text]', '1. e4 e5 2. Sf3 Sc6 3. Gb5 a6\n');
      await silent.click('[data-testid=paste-submit]');
      await gameSettled(silent);
      expect(await plies(silent)).toBe(6);
      await silent.screenshot({ path: join(SCREENSHOTS, '09-silent-storage.png'), fullPage: true });
      await silent.close({ runBeforeUnload: true });
      expect(errors).toEqual([]);

      // Storage answers again: the session saved before is all there, and nothing of the silent page's.
      const next = await context.newPage();
      await next.goto(server.url);
      await deskReady(next);
      await gameSettled(next);
      expect(await next.locator('[data-testid=storage-warning]').count()).toBe(0);
      expect(await next.locator('[data-testid=games] li').count()).toBe(1);
      expect(await plies(next)).toBe(kept);
    } finally {
      await app.close();
    }
  });
});
