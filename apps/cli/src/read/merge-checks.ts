/**
 * What makes the NDJSON files given to `zapis merge-reads` one run: each whole, all read with the same settings, the
 * shards of one count each there once, no scan read twice, and no game whose sheets were read in two shards (its
 * copies would be decoded apart, not jointly as one run decodes them).
 */
import { UsageError } from '../io.js';
import type { ReadsHeader } from './read-records.js';

export interface ReadsFile {
  readonly name: string;
  readonly header: ReadsHeader;
  /** Ends in a summary: its run ended. */
  readonly whole: boolean;
  /** Every scan read to the end in it. */
  readonly scans: readonly string[];
  /** The QR games its games' sheets name. */
  readonly qrGames: readonly string[];
}

/** The game a QR key names, in words: `board 7 (Club Championship, round 3)`. */
function gameWords(key: string): string {
  const [, event, round, board] = JSON.parse(key) as [string, string, string, string];
  const where = [event, round === '' ? '' : `round ${round}`].filter(Boolean).join(', ');
  return `board ${board}${where === '' ? '' : ` (${where})`}`;
}

export function checkShards(files: readonly ReadsFile[]): void {
  if (files.length === 0) throw new UsageError('no files to merge');
  const cut = files.find((file) => !file.whole);
  if (cut) throw new UsageError(`${cut.name} is not whole (no summary after its last record): its run was stopped; run it again with --resume`);
  const [first] = files;
  const settings = JSON.stringify(first.header.zapisReads.settings);
  const other = files.find((file) => JSON.stringify(file.header.zapisReads.settings) !== settings);
  if (other) throw new UsageError(`${other.name} was read with other settings than ${first.name} (${JSON.stringify(other.header.zapisReads.settings)}, not ${settings}): read every shard alike`);
  const shards = files.map((file) => file.header.zapisReads.shard);
  if (shards.some((shard) => shard !== null)) {
    const { count, by } = shards.find((shard) => shard !== null)!;
    const stray = files.find((file) => file.header.zapisReads.shard?.count !== count || file.header.zapisReads.shard.by !== by);
    if (stray) throw new UsageError(`${stray.name} is ${stray.header.zapisReads.shard ? `shard ${stray.header.zapisReads.shard.index}/${stray.header.zapisReads.shard.count} by ${stray.header.zapisReads.shard.by}` : 'no shard'}, not one of ${count} shards by ${by} like ${first.name}`);
    for (let index = 1; index <= count; index += 1) {
      const holding = files.filter((file) => file.header.zapisReads.shard?.index === index);
      if (holding.length === 0) throw new UsageError(`shard ${index}/${count} is missing`);
      if (holding.length > 1) throw new UsageError(`shard ${index}/${count} is given twice: ${holding.map((file) => file.name).join(' and ')}`);
    }
  }
  const readIn = new Map<string, string>();
  for (const file of files) {
    for (const scan of file.scans) {
      const earlier = readIn.get(scan);
      if (earlier !== undefined) throw new UsageError(`${scan} was read in both ${earlier} and ${file.name}`);
      readIn.set(scan, file.name);
    }
  }
  const gameIn = new Map<string, string>();
  for (const file of files) {
    for (const key of new Set(file.qrGames)) {
      const earlier = gameIn.get(key);
      if (earlier !== undefined) throw new UsageError(`the sheets of ${gameWords(key)} were read in both ${earlier} and ${file.name}, so they were not decoded as one game: keep a game\u2019s sheets in one folder and read with --shard-by folder`);
      gameIn.set(key, file.name);
    }
  }
}
