/**
 * Inputs named on the command line, folders walked: every command that takes files takes folders of them too.
 * A folder stands for the files in it and in its folders whose names end as the command reads (`.pgn`,
 * `.pgn.gz`, …), in path order, hidden files aside. A folder with none is named, never passed over in silence.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

/** The files a command reads from a folder: their endings, and what they are called in a message. */
export interface FolderKind {
  /** Lower-case name endings, dot included (`.pgn.gz`). */
  readonly endings: readonly string[];
  /** What the files are, for "a folder with no … in it" (`PGN files`). */
  readonly what: string;
}

export const PGN_FILES: FolderKind = { endings: ['.pgn', '.pgn.gz'], what: 'PGN files' };

export interface NamedFile {
  /** As messages show it: the path as given, or the folder as given joined with the file's place in it. */
  readonly name: string;
  /** Where to read it. */
  readonly path: string;
}

export interface WalkedInputs {
  /** Standard input (`-`) stays `-`; a path that is no folder is passed on as given, for its reader to say why it cannot be read. */
  readonly inputs: readonly (NamedFile | '-')[];
  /** Folders given that hold no file of the kind (their folders included). */
  readonly emptyFolders: readonly string[];
}

/** Why a folder gave nothing to read: one phrase, after "cannot read DIR: ". */
export const emptyFolderReason = (kind: FolderKind): string => `a folder with no ${kind.what} in it (${kind.endings.join(', ')})`;

const hasEnding = (name: string, kind: FolderKind): boolean => {
  const lower = name.toLowerCase();
  return kind.endings.some((ending) => lower.endsWith(ending));
};

/** The command line's paths, each folder replaced by the files of `kind` under it. */
export async function walkInputs(paths: readonly string[], cwd: string, kind: FolderKind): Promise<WalkedInputs> {
  const inputs: (NamedFile | '-')[] = [];
  const emptyFolders: string[] = [];
  for (const path of paths) {
    if (path === '-') {
      inputs.push('-');
      continue;
    }
    const full = resolve(cwd, path);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isDirectory()) {
      inputs.push({ name: path, path: full });
      continue;
    }
    const found = (await filesUnder(full)).filter((file) => hasEnding(file, kind));
    if (found.length === 0) emptyFolders.push(path);
    for (const file of found) inputs.push({ name: join(path, relative(full, file)), path: file });
  }
  return { inputs, emptyFolders };
}

/** Every file under `folder` and its folders, in path order (a folder's files where its name sorts), hidden ones aside. */
export async function filesUnder(folder: string): Promise<string[]> {
  const files: string[] = [];
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else files.push(path);
  }
  return files;
}
