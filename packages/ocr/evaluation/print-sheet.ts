/**
 * The printed side of an evaluation sheet: the zapis sheet as `zapis print`
 * makes it (layout + PDF), rasterised by poppler's pdftoppm. Poppler is only a
 * tool of the generator; the package itself never needs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderSheetsPdf } from '@zapis/pdf';
import { buildSheetSeries, parseLayoutsJson, type HeaderValues, type SheetLanguage, type SheetLayout } from '@zapis/sheet';

const run = promisify(execFile);

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI_BIN = join(REPOSITORY_ROOT, 'apps', 'cli', 'dist', 'bin.js');

export interface PrintedSheets {
  readonly layouts: readonly SheetLayout[];
  readonly pdf: Uint8Array;
}

/** Blank sheets for a game of `moveCount` moves, header pre-printed with `header`. */
export async function printBlankSheets(
  language: SheetLanguage, header: HeaderValues, moveCount: number, copy?: 'white' | 'black',
): Promise<PrintedSheets> {
  const layouts = buildSheetSeries({ language, header, ...(copy ? { copy } : {}) }, moveCount);
  if (!layouts.ok) throw new Error(`sheet options: ${layouts.error.message}`);
  const pdf = await renderSheetsPdf(layouts.value.map((layout) => ({ layout })));
  return { layouts: layouts.value, pdf };
}

/** A sheet pre-filled by the real command: `zapis print --game g.pgn --lang L --layout-json`. */
export async function printFilledSheets(pgn: string, language: SheetLanguage): Promise<PrintedSheets> {
  const folder = await mkdtemp(join(tmpdir(), 'zapis-eval-print-'));
  try {
    const game = join(folder, 'game.pgn');
    const layoutFile = join(folder, 'layout.json');
    const pdfFile = join(folder, 'sheet.pdf');
    await writeFile(game, pgn);
    await run(process.execPath, [CLI_BIN, 'print', '--game', game, '--lang', language, '--layout-json', layoutFile, '-o', pdfFile]);
    const parsed = parseLayoutsJson(await readFile(layoutFile, 'utf8'), 'layout from print');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { layouts: parsed.value, pdf: await readFile(pdfFile) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Every page of a PDF as PNG bytes at `dpi` (grey). */
export async function rasterisePdf(pdf: Uint8Array, dpi: number): Promise<Buffer[]> {
  const folder = await mkdtemp(join(tmpdir(), 'zapis-eval-raster-'));
  try {
    await writeFile(join(folder, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', join(folder, 'in.pdf'), join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((name) => name.startsWith('page')).sort();
    // Awaited here: the folder is removed in `finally`, which must wait for the reads.
    return await Promise.all(pages.map((name) => readFile(join(folder, name))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
