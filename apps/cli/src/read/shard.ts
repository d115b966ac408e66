/**
 * `zapis read --shard i/n`: which scans a shard reads. A scan's shard comes from a hash of its key (its path within
 * the folder given, or its path as listed), never from its place in the list: every scan lands in exactly one shard,
 * and adding scans to the folder moves none of the others.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../io.js';

/** What a shard takes whole: each scan on its own, or every scan of a folder together (a game's copies kept in one). */
export const SHARD_UNITS = ['file', 'folder'] as const;
export type ShardUnit = (typeof SHARD_UNITS)[number];

export interface ReadShard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
  readonly by: ShardUnit;
}

/** `i/n`, as `validate --shard` takes it. */
export function parseReadShard(value: string, by: ShardUnit): ReadShard {
  const match = /^(\d{1,6})\/(\d{1,6})$/u.exec(value);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new UsageError(`--shard wants i/n with 1 <= i <= n (for example 2/8), not '${value}'`);
  return { index, count, by };
}

/** The shard (1-based) of `count` that the scan with this key (a path with / between folders) belongs to. */
export function shardOfKey(key: string, count: number, by: ShardUnit = 'file'): number {
  const unit = by === 'folder' ? key.slice(0, Math.max(0, key.lastIndexOf('/'))) : key;
  const digest = createHash('sha256').update(unit).digest();
  // 48 bits of the hash: uniform enough over any shard count a run may use.
  return (digest.readUIntBE(0, 6) % count) + 1;
}
