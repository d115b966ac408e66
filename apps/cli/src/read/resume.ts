/**
 * `zapis read --resume -o FILE`: what an earlier run into FILE already read. A scan counts as read when its `scan`
 * line is there (everything read from it was written before it); the records of scans not read to the end, a
 * summary and a last line cut short by a killed run are dropped, and those scans are read again. Records of scans
 * this run does not read (no longer in the folder, or replaced by another scan) are dropped too: the file holds
 * this run's scans only. The lines kept are
 * copied under a new header, so the file is whole again before this run appends to it.
 */
import { createWriteStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { UsageError } from '../io.js';
import { linesOf } from './ndjson-lines.js';
import { line, recordOf, type ReadsHeader, type ReadsRecord, type ScanRef } from './read-records.js';

export interface ResumeState {
  /** The sha256 of every scan read to the end. */
  readonly done: ReadonlySet<string>;
  /** Records of scans not read to the end (read again now). */
  readonly dropped: number;
  /** Records of scans this run does not read (another round's, a scan since replaced), dropped. */
  readonly strays: number;
  /** Whether the last line was cut short. */
  readonly cutShort: boolean;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const shardText = (shard: ReadsHeader['zapisReads']['shard']): string => (shard ? `shard ${shard.index}/${shard.count} by ${shard.by}` : 'no shard');

function parsed(text: string, number: number, refuse: (number: number, why: string) => never): ReadsRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(number, 'not JSON');
  }
  return recordOf(value) ?? refuse(number, 'not a line zapis read --shard or --resume writes');
}

/**
 * Rewrites `path` (named `name` in messages) with the header given and the records of the scans it holds read to the
 * end; undefined, and nothing written, when there is no such file yet.
 */
export async function resumeFrom(path: string, name: string, header: ReadsHeader, wanted: ReadonlySet<string>): Promise<ResumeState | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return undefined;
  if (!info.isFile()) throw new UsageError(`cannot write ${name}: is a folder`);
  const refuse = (number: number, why: string): never => {
    throw new UsageError(`${name}:${number}: ${why}; cannot resume it (remove it, or write to another -o)`);
  };
  const done = new Set<string>();
  let cutShort = false;
  let headed = false;
  // First the scans read to the end (their `scan` line may come after records of theirs), then the copy.
  for await (const fileLine of linesOf(path)) {
    if (!fileLine.complete) {
      cutShort = true;
      break;
    }
    const record = parsed(fileLine.text, fileLine.number, refuse);
    if (!headed) {
      if (record.kind !== 'header') refuse(fileLine.number, 'no header line: it was not written by zapis read --shard or --resume');
      const earlier = (record.value as ReadsHeader).zapisReads;
      if (!sameJson(earlier.shard, header.zapisReads.shard)) refuse(fileLine.number, `it holds ${shardText(earlier.shard)}, not ${shardText(header.zapisReads.shard)}`);
      if (!sameJson(earlier.settings, header.zapisReads.settings)) refuse(fileLine.number, `it was read with other settings (${JSON.stringify(earlier.settings)})`);
      headed = true;
    } else if (record.kind === 'scan' && wanted.has(record.value.scan.sha256)) done.add(record.value.scan.sha256);
  }
  // Kept only when every scan it was read from was read to the end.
  const whole = (scans: readonly ScanRef[]): boolean => scans.every((scan) => scan.sha256 !== null && done.has(scan.sha256));
  const temporary = `${path}.resume-${process.pid}`;
  const out = createWriteStream(temporary);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let dropped = 0;
  let strays = 0;
  await write(line(header));
  for await (const fileLine of linesOf(path)) {
    if (!fileLine.complete) break;
    const record = recordOf(JSON.parse(fileLine.text));
    if (record === undefined || record.kind === 'header' || record.kind === 'summary') continue;
    const scans = record.kind === 'scan' ? [record.value.scan] : record.value.scans;
    if (scans.some((scan) => scan.sha256 !== null && !wanted.has(scan.sha256))) {
      if (record.kind !== 'scan') strays += 1;
      continue;
    }
    if (record.kind !== 'scan' && !whole(record.value.scans)) {
      dropped += 1;
      continue;
    }
    await write(`${fileLine.text}\n`);
  }
  out.end();
  await once(out, 'finish');
  await rename(temporary, path);
  return { done, dropped, strays, cutShort };
}
