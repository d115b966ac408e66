/**
 * The scans a `zapis read` is given: files as given, and folders walked for the scans in them (their folders too).
 */
import { stat } from 'node:fs/promises';
import { extname, normalize, relative, resolve, sep } from 'node:path';
import type { ScanFileInput } from '@zapis/ocr/node';
import { UsageError } from '../io.js';
import { filesUnder } from '../input-folders.js';

const SCAN_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.pdf']);
/** Images a phone or scanner may make that are not read: named when a folder holds them, never skipped unsaid. */
const UNREAD_IMAGE_EXTENSIONS = new Set(['.heic', '.heif', '.tif', '.tiff', '.webp', '.bmp', '.gif', '.avif', '.jp2', '.dng']);

/** A scan to read, and the key its shard is chosen by (shard.ts). */
export interface ScanFile extends ScanFileInput {
  /** Its path within the folder given, or its path as given: the same wherever the folder is and whatever else it holds. */
  readonly key: string;
}

const posix = (path: string): string => path.split(sep).join('/');

/**
 * Files as given; a folder stands for the scans in it and in its folders (a round's `white/` and `black/`), in path
 * order. A folder with none is named, never dropped; images in it of other kinds (a phone's HEIC, a scanner's TIFF)
 * are named too. Other files (notes, the truth of a fixture) are not scans and are passed over.
 */
export async function scanFiles(paths: readonly string[], cwd: string): Promise<{ files: ScanFile[]; emptyFolders: string[]; skipped: { folder: string; names: string[] }[] }> {
  const files: ScanFile[] = [];
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
      for (const file of scans) files.push({ name: relative(cwd, file) || file, path: file, key: posix(relative(full, file)) });
      continue;
    }
    files.push({ name: path, path: full, key: posix(normalize(path)) });
  }
  return { files, emptyFolders, skipped };
}

/** Every scan under `folder`, and every image of another kind, each in path order (hidden files aside). */
async function folderScans(folder: string): Promise<{ scans: string[]; others: string[] }> {
  const files = await filesUnder(folder);
  const endingIn = (endings: ReadonlySet<string>) => files.filter((file) => endings.has(extname(file).toLowerCase()));
  return { scans: endingIn(SCAN_EXTENSIONS), others: endingIn(UNREAD_IMAGE_EXTENSIONS) };
}

export const NO_SCANS_IN_FOLDER = 'a folder with no scans in it (PNG, JPEG or PDF)';

