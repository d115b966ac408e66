/**
 * The scans a `zapis read` is given: files as given, and folders walked for the scans in them (their folders too).
 */
import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import type { ScanFileInput } from '@zapis/ocr/node';
import { UsageError } from '../io.js';

const SCAN_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.pdf']);
/** Images a phone or scanner may make that are not read: named when a folder holds them, never skipped unsaid. */
const UNREAD_IMAGE_EXTENSIONS = new Set(['.heic', '.heif', '.tif', '.tiff', '.webp', '.bmp', '.gif', '.avif', '.jp2', '.dng']);

/**
 * Files as given; a folder stands for the scans in it and in its folders (a round's `white/` and `black/`), in path
 * order. A folder with none is named, never dropped; images in it of other kinds (a phone's HEIC, a scanner's TIFF)
 * are named too. Other files (notes, the truth of a fixture) are not scans and are passed over.
 */
export async function scanFiles(paths: readonly string[], cwd: string): Promise<{ files: ScanFileInput[]; emptyFolders: string[]; skipped: { folder: string; names: string[] }[] }> {
  const files: ScanFileInput[] = [];
  const emptyFolders: string[] = [];
  const skipped: { folder: string; names: string[] }[] = [];
  for (const path of paths) {
    if (path === '-') throw new UsageError('read takes scan files or folders, not standard input');
    const full = resolve(cwd, path);
    const info = await stat(full).catch(() => undefined);
    if (info?.isDirectory()) {
      const { scans, others } = await folderScans(full);
      if (scans.length === 0) emptyFolders.push(path);
      if (others.length > 0) skipped.push({ folder: path, names: others.map((file) => relative(full, file)) });
      for (const file of scans) files.push({ name: relative(cwd, file) || file, path: file });
      continue;
    }
    files.push({ name: path, path: full });
  }
  return { files, emptyFolders, skipped };
}

/** Every scan under `folder`, and every image of another kind, each in path order (hidden files aside). */
async function folderScans(folder: string): Promise<{ scans: string[]; others: string[] }> {
  const scans: string[] = [];
  const others: string[] = [];
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderScans(path);
      scans.push(...inner.scans);
      others.push(...inner.others);
    } else if (SCAN_EXTENSIONS.has(extname(entry.name).toLowerCase())) scans.push(path);
    else if (UNREAD_IMAGE_EXTENSIONS.has(extname(entry.name).toLowerCase())) others.push(path);
  }
  return { scans, others };
}

export const NO_SCANS_IN_FOLDER = 'a folder with no scans in it (PNG, JPEG or PDF)';

