/**
 * The inputs of `validate` and `convert`: files, standard input, and folders walked for their PGN files. An input
 * that cannot be read is said with what it is where that helps (a scan given to a command that reads text).
 */
import type { InputSource, UnreadableInput } from '@zapis/archive';
import { emptyFolderReason, walkInputs, type FolderKind } from './input-folders.js';
import { scanHint } from './input-kind.js';

export interface ArchiveInputs {
  readonly sources: readonly InputSource[];
  /** Folders given that hold no file to read: unreadable inputs, like a missing file. */
  readonly emptyFolders: readonly UnreadableInput[];
  /** Why an input cannot be read, with what it is where that helps. */
  readonly explain: (name: string, reason: string) => string;
}

export async function archiveInputs(paths: readonly string[], cwd: string, kind: FolderKind): Promise<ArchiveInputs> {
  const { inputs, emptyFolders } = await walkInputs(paths.length === 0 ? ['-'] : paths, cwd, kind);
  const sources = inputs.map((input): InputSource => (input === '-' ? { name: '<stdin>' } : input));
  const pathOf = new Map(sources.map((source) => [source.name, source.path]));
  return {
    sources,
    emptyFolders: emptyFolders.map((folder) => ({ file: folder, reason: emptyFolderReason(kind) })),
    explain: (name, reason) => {
      const path = pathOf.get(name);
      return path === undefined ? reason : `${reason}${scanHint(path)}`;
    },
  };
}
