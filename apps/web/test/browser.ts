/**
 * Real Chromium for the app's tests and benchmark: Debian's `chromium`
 * driven by playwright-core (never `playwright install`), the built app
 * served from dist/ on 127.0.0.1, every request and console message recorded.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DIST, serveDist, type DistServer } from './serve-dist.js';

export const CHROMIUM = process.env.ZAPIS_CHROMIUM ?? '/usr/bin/chromium';
export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../reports/screenshots/', import.meta.url));

/** Why the browser checks cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium, or set ZAPIS_CHROMIUM); browser checks skipped`;
  if (!existsSync(join(DIST, 'index.html'))) return 'apps/web/dist is not built (pnpm build); browser checks skipped';
  return undefined;
}

export interface AppSession {
  readonly server: DistServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every URL the page or its workers asked for. */
  readonly requests: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenAppOptions {
  readonly server?: DistServer;
  readonly viewport?: { width: number; height: number };
  readonly serviceWorkers?: boolean;
  /** Script run in the page before its own (Playwright's init script), e.g. to stand in for a browser API. */
  readonly initScript?: string;
}

export async function openApp(options: OpenAppOptions = {}): Promise<AppSession> {
  const server = options.server ?? (await serveDist());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 1000 }, acceptDownloads: true, serviceWorkers: options.serviceWorkers ? 'allow' : 'block' });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const errors = pageErrors(page);
  if (options.initScript !== undefined) await page.addInitScript(options.initScript);
  await page.goto(server.url);
  await deskReady(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server, browser, context, page, requests, errors,
    screenshot: async (name) => {
      // From the top: a page scrolled down draws the move detail (sticky) that far down its column in a whole-page image.
      await page.evaluate(() => new Promise((painted) => {
        window.scrollTo(0, 0);
        requestAnimationFrame(() => requestAnimationFrame(painted));
      }));
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    close: async () => {
      await browser.close();
      if (!options.server) await server.close();
    },
  };
}

/** The console errors and uncaught exceptions of `page` from now on, as they come. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Waits until the desk has started (its saved session restored). A timeout says what the page was doing: whether its
 * script ran, the footer's state, the service worker's, and the requests still open, so a failure in CI can be read.
 */
export async function deskReady(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForSelector('[data-testid=footer][data-ready=true]', { timeout });
  } catch (error) {
    const state = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        readyState: document.readyState,
        footer: document.querySelector('[data-testid=footer]')?.outerHTML.slice(0, 120) ?? 'none (the app did not render)',
        serviceWorker: navigator.serviceWorker.controller?.state ?? 'not controlled',
        requestsOpen: resources.filter((entry) => entry.responseEnd === 0).map((entry) => entry.name),
        requests: resources.length,
      };
    }).catch((failure: unknown) => `the page did not answer: ${String(failure)}`);
    throw new Error(`the desk did not start within ${timeout} ms: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Waits until the selected game is decoded, no decode is running, and a scan's deep search has answered. */
export async function gameSettled(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForSelector('[data-testid=game][data-decoding=false]:not([data-deep=searching]):not([data-deep=waiting])', { timeout });
}

/**
 * Waits until `count` files given are read (or failed), no other is still being read, and all are grouped into games:
 * a file shows as read a moment before its game is listed. (The count: just after files are given, the list may not
 * hold them yet, and an empty list is a finished one.)
 */
export async function roundGrouped(page: Page, count: number, timeout = 600_000): Promise<void> {
  await page.waitForFunction((given) => document.querySelectorAll('[data-testid=inputs] li[data-status=done], [data-testid=inputs] li[data-status=error]').length >= given
    && document.querySelectorAll('[data-testid=inputs] li:not([data-status=done]):not([data-status=error])').length === 0
    && document.querySelector('[data-testid=games-section][data-grouping=false]') !== null, count, { timeout });
}

/** Pastes `text` as a transcription and waits for its game. */
export async function pasteGame(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=paste-text]', text);
  await page.click('[data-testid=paste-submit]');
  await gameSettled(page);
}

/** The move list's item of `ply`. */
export const moveItem = (page: Page, ply: number) => page.locator(`[data-testid=move-list] li[data-ply="${ply}"]`);

/**
 * Once the selected sheet's narrow game is shown, its deep search still running, types the true move (`truth`, SAN
 * by ply) of the first flagged move the narrow search has wrong (else of the first flagged move) and waits until it
 * is confirmed. Returns that ply and the game's `data-deep` when the confirmation was shown ('searching': the
 * correction did not wait for the deep search).
 */
export async function typeTrueMoveWhileDeepSearching(page: Page, truth: readonly string[]): Promise<{ ply: number; deep: string | null }> {
  await page.waitForSelector('[data-testid=game][data-decoding=false][data-deep=searching] [data-testid=move-list] li[data-ply]', { timeout: 240_000 });
  const flagged = await page.locator('[data-testid=move-list] li[data-review=true]')
    .evaluateAll((items) => items.map((item) => [Number(item.getAttribute('data-ply')), item.getAttribute('data-san') ?? ''] as const));
  const [ply] = flagged.find(([at, san]) => san !== truth[at - 1]) ?? flagged[0];
  await moveItem(page, ply).locator('button').click();
  await page.waitForSelector(`[data-testid=move-detail][data-ply="${ply}"]`);
  await page.fill('[data-testid=typed-move]', truth[ply - 1]);
  await page.press('[data-testid=typed-move]', 'Enter');
  await page.waitForSelector(`[data-testid=move-list] li[data-ply="${ply}"][data-confirmed=true]`);
  return { ply, deep: await page.getAttribute('[data-testid=game]', 'data-deep') };
}
