/**
 * How many threads `zapis read` reads with when -j is not given: one per core, but no more than the memory free
 * now holds, each reading thread with its own recognisers and page images taking up to READ_JOB_BYTES.
 */
import { availableParallelism, freemem } from 'node:os';

/** The memory one reading thread is given: its recognisers, a page's images and the decoding, with room to spare. */
export const READ_JOB_BYTES = 400 * 1024 * 1024;

/** The words `read --help` says this with. */
export const READ_JOBS_RULE = `one per core, as many as free memory holds at ${READ_JOB_BYTES / 1024 / 1024} MB each`;

export interface Machine {
  readonly cores: number;
  /** Memory free for this process now, in bytes. */
  readonly freeBytes: number;
}

/** Threads for a machine: every core, within its free memory, and always one. */
export function readJobsFor(machine: Machine): number {
  return Math.max(1, Math.min(machine.cores, Math.floor(machine.freeBytes / READ_JOB_BYTES)));
}

/** Free memory as the process may use it: within a container's limit where Node can tell it. */
function freeBytes(): number {
  const available = (process as { availableMemory?: () => number }).availableMemory;
  return typeof available === 'function' ? available.call(process) : freemem();
}

export const defaultReadJobs = (): number => readJobsFor({ cores: availableParallelism(), freeBytes: freeBytes() });
