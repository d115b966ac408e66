/**
 * The desk checked against WCAG 2.1 A and AA by axe-core (a well-kept checker made for the job): text contrast,
 * names of buttons and fields, labels, landmarks, keyboard traps. axe runs in the page; its source is evaluated
 * through the driver, so the app's own policy on scripts stays as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  readonly rule: string;
  readonly impact: string | null;
  /** Where (CSS selectors) and why, one line each. */
  readonly where: readonly string[];
}

interface AxeResult {
  readonly violations: readonly { id: string; impact: string | null; nodes: readonly { target: readonly string[]; failureSummary?: string }[] }[];
  readonly passes: readonly { id: string; nodes: readonly unknown[] }[];
}

/** What axe finds against WCAG 2.1 A and AA on the page as it is now, and how many elements passed the contrast check. */
export async function accessibilityFindings(page: Page): Promise<{ findings: AxeFinding[]; contrastChecked: number }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })) as AxeResult;
  return {
    findings: result.violations.map((violation) => ({
      rule: violation.id, impact: violation.impact,
      where: violation.nodes.map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`),
    })),
    contrastChecked: result.passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0,
  };
}
