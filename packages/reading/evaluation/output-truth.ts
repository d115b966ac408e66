/**
 * The truth files a whole-output score compares with: the independent generator's (`zapis-independent-truth`, with
 * each ply's cell on the image) and the first generator's (`zapis-eval-truth`, moves only).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Quad } from './independent/truth.js';

export interface ScoredTruth {
  readonly file: string;
  readonly kind: string;
  readonly san: readonly string[];
  /** Per ply, its cell's corners in image pixels; absent where the truth does not say. */
  readonly cells?: readonly Quad[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The truth in a parsed JSON file, or undefined when it is no truth file of a known format. */
export function truthOf(value: unknown): ScoredTruth | undefined {
  if (!isRecord(value) || typeof value.file !== 'string' || typeof value.kind !== 'string' || !isStrings(value.san)) return undefined;
  if (value.format === 'zapis-eval-truth') return { file: value.file, kind: value.kind, san: value.san };
  if (value.format !== 'zapis-independent-truth') return undefined;
  const cells = Array.isArray(value.cells) && value.cells.length === value.san.length ? (value.cells as Quad[]) : undefined;
  return { file: value.file, kind: value.kind, san: value.san, ...(cells ? { cells } : {}) };
}

/** Every truth file in `folder`, in name order (none when it is not a folder: the scripts then say so). */
export function loadTruths(folder: string): ScoredTruth[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
    .sort()
    .flatMap((name) => {
      const truth = truthOf(JSON.parse(readFileSync(join(folder, name), 'utf8')));
      return truth ? [truth] : [];
    });
}
