/** Runs the built CLI for a bench: its output, exit code, wall time and the process's peak memory. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasShared, SHARED_MISSING_MESSAGE } from '@zapis/testkit';
import { CLI_BIN } from '../evaluation/print-sheet.js';

export interface RunOutput {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  /** The process's peak resident memory, reader threads included. */
  readonly peakMegabytes?: number;
}

const PEAK_MEMORY_PRELOAD = pathToFileURL(fileURLToPath(new URL('./report-peak-memory.mjs', import.meta.url))).href;
const PEAK_MEMORY_LINE = /\nzapis-bench-peak-rss-kb (\d+)\n$/u;

export function runCli(args: readonly string[], bin = CLI_BIN): Promise<RunOutput> {
  const started = performance.now();
  return new Promise((done) => {
    execFile(process.execPath, ['--import', PEAK_MEMORY_PRELOAD, bin, ...args], { maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      const peak = PEAK_MEMORY_LINE.exec(stderr);
      done({
        code, stdout, stderr: peak ? stderr.slice(0, peak.index) : stderr, seconds: (performance.now() - started) / 1000,
        ...(peak ? { peakMegabytes: Number(peak[1]) / 1024 } : {}),
      });
    });
  });
}

/** Ends the bench with a message when ../shared is absent (exit 0) or the CLI has not been built (exit 2). */
export function exitUnlessReadyToRun(): void {
  if (!hasShared()) {
    console.log(SHARED_MISSING_MESSAGE);
    process.exit(0);
  }
  if (!existsSync(CLI_BIN)) {
    console.error(`no CLI at ${CLI_BIN}: run pnpm build first`);
    process.exit(2);
  }
}
