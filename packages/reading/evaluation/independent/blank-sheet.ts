/**
 * A blank zapis sheet as the players get it: printed by the `zapis` CLI to PDF (with its layout as JSON) and
 * rasterised by pdftoppm, as a printer and paper would give it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { decodeRaster, type Raster } from './raster.js';
import { isSheetLayout, type SheetLayout } from './sheet-layout.js';

const run = promisify(execFile);

export interface SheetRequest {
  readonly language: string;
  readonly style: 'classic' | 'boxed';
  readonly paper: 'a4' | 'letter';
  readonly moves: number;
  readonly blocks: 2 | 3;
  /** Header values printed on the sheet (`--event`, `--white`, …). */
  readonly header: Readonly<Partial<Record<'event' | 'site' | 'round' | 'board' | 'white' | 'black', string>>>;
}

export interface BlankSheet {
  readonly layout: SheetLayout;
  readonly printed: Raster;
  readonly dpi: number;
}

/** The CLI as built in this repository, or `zapis` on the PATH. */
function zapisCommand(): [string, string[]] {
  const built = join(REPOSITORY_ROOT, 'apps', 'cli', 'dist', 'bin.js');
  return existsSync(built) ? [process.execPath, [built]] : ['zapis', []];
}

export async function printBlankSheet(request: SheetRequest, dpi: number): Promise<BlankSheet> {
  const folder = await mkdtemp(join(tmpdir(), 'zapis-independent-'));
  try {
    const pdf = join(folder, 'sheet.pdf');
    const layoutFile = join(folder, 'layout.json');
    const header = Object.entries(request.header).flatMap(([key, value]) => (value ? [`--${key}`, value] : []));
    const [command, prefix] = zapisCommand();
    await run(command, [
      ...prefix, 'print', '--lang', request.language, '--style', request.style, '--paper', request.paper,
      '--moves', String(request.moves), '--blocks', String(request.blocks), ...header, '-o', pdf, '--layout-json', layoutFile,
    ]);
    await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', pdf, join(folder, 'page')]);
    const layout: unknown = JSON.parse(await readFile(layoutFile, 'utf8'));
    if (!isSheetLayout(layout)) throw new Error('zapis print wrote a layout of another format');
    return { layout, printed: await decodeRaster(await readFile(join(folder, 'page.png'))), dpi };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
