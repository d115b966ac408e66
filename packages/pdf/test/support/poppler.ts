/**
 * The poppler command-line tools (Debian package poppler-utils) as test
 * helpers. Tests that need them skip, with a message, where they are missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export const POPPLER_TOOLS = ['pdftoppm', 'pdftotext', 'pdffonts'] as const;

export const hasPoppler: boolean = POPPLER_TOOLS.every((tool) => spawnSync(tool, ['-v'], { stdio: 'ignore' }).status === 0);

if (!hasPoppler) {
  console.warn('poppler-utils not found (pdftoppm, pdftotext, pdffonts): PDF rendering checks are skipped. Install: apt-get install -y poppler-utils');
}

/** Folders made by `tempDir` in this test file, removed when it ends. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zapis-pdf-'));
  made.push(dir);
  return dir;
}

export function writePdf(bytes: Uint8Array, name = 'sheet.pdf'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, bytes);
  return file;
}

/** `pdftotext -raw`: text in content-stream order, which is the order the renderer writes moves in. */
export const pdfText = (file: string, mode: 'raw' | 'layout' = 'raw'): string =>
  execFileSync('pdftotext', [`-${mode}`, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

export const pdfFonts = (file: string): string => execFileSync('pdffonts', [file], { encoding: 'utf8' });

/** Renders every page to PNG and returns the files in page order; throws (failing the test) if pdftoppm reports an error. */
export function renderPages(file: string, dpi: number, options: { gray?: boolean } = {}): string[] {
  const directory = tempDir();
  const result = spawnSync('pdftoppm', ['-png', '-r', String(dpi), ...(options.gray ? ['-gray'] : []), file, join(directory, 'page')], { encoding: 'utf8' });
  if (result.status !== 0 || result.stderr.trim() !== '') throw new Error(`pdftoppm failed: ${result.stderr}`);
  return readdirSync(directory).filter((name) => name.endsWith('.png')).sort().map((name) => join(directory, name));
}

export const readBytes = (file: string): Buffer => readFileSync(file);

export interface PdfWord {
  /** 1-based page. */
  readonly page: number;
  readonly text: string;
  /** Points from the page's top-left corner, like layout rectangles. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const unescapeXml = (text: string): string =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Every word with its box, per `pdftotext -bbox` (boxes span the font's ascent to descent). */
export function pdfWords(file: string): PdfWord[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of xhtml.matchAll(/<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page') {
      page += 1;
      continue;
    }
    const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
    words.push({ page, text: unescapeXml(match[5]), x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin });
  }
  return words;
}
