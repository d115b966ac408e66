/**
 * What a batch worker starts with: its job's settings, and the replay kernel
 * the main thread compiled, which the worker adopts instead of compiling its
 * own (a worker's start is what a short run waits for).
 */
import { adoptReplayKernel, replayKernelModule, type CompiledKernel } from '@zapis/game';
import { workerSettings } from '@zapis/workers';

export interface WorkerStart<Settings> {
  readonly settings: Settings;
  readonly replayKernel: CompiledKernel | undefined;
}

/** The start of the workers this thread runs: `settings`, and this thread's compiled kernel. */
export function workerStart<Settings>(settings: Settings): WorkerStart<Settings> {
  return { settings, replayKernel: replayKernelModule() };
}

/** In a worker: adopts the main thread's kernel, and gives the job's settings. */
export function startedWorkerSettings<Settings>(): Settings {
  const { settings, replayKernel } = workerSettings<WorkerStart<Settings>>();
  adoptReplayKernel(replayKernel);
  return settings;
}
