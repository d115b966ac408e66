/**
 * The inputs of `validate` and `convert`: files, standard input, and folders walked for their PGN files. An input
 * that cannot be read is said with what it is where that helps (a scan given to a command that reads text). A
 * folder with no file to read and a file with no bytes are unreadable inputs: a run that checks nothing must not
 * pass for one that found nothing wrong.
 */
import { stat } from 'node:fs/promises';
import type { InputSource, UnreadableInput } from '@zapis/archive';
import { emptyFolderReason, walkInputs, type FolderKind } from './input-folders.js';
import { scanHint } from './input-kind.js';

export interface ArchiveInputs {
  readonly sources: readonly InputSource[];
  /** Folders given that hold no file to read, and empty files: unreadable inputs, like a missing file. */
  readonly emptyInputs: readonly UnreadableInput[];
  /** Why an input cannot be read, with what it is where that helps. */
  readonly explain: (name: string, reason: string) => string;
}

/** Why an empty file is not read. */
export const EMPTY_FILE_REASON = 'empty file: no games in it';

export async function archiveInputs(paths: readonly string[], cwd: string, kind: FolderKind): Promise<ArchiveInputs> {
  const { inputs, emptyFolders } = await walkInputs(paths.length === 0 ? ['-'] : paths, cwd, kind);
  const sized = await Promise.all(inputs.map(async (input) => ({
    source: input === '-' ? { name: '<stdin>' } : input,
    empty: input !== '-' && await stat(input.path).then((found) => found.isFile() && found.size === 0, () => false),
  })));
  const sources: InputSource[] = sized.filter(({ empty }) => !empty).map(({ source }) => source);
  const pathOf = new Map(sources.map((source) => [source.name, source.path]));
  return {
    sources,
    emptyInputs: [
      ...emptyFolders.map((folder) => ({ file: folder, reason: emptyFolderReason(kind) })),
      ...sized.filter(({ empty }) => empty).map(({ source }) => ({ file: source.name, reason: EMPTY_FILE_REASON })),
    ],
    explain: (name, reason) => {
      const path = pathOf.get(name);
      return path === undefined ? reason : `${reason}${scanHint(path)}`;
    },
  };
}
