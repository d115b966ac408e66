/**
 * The kernel is compiled once per process, from the base64 text embedded at
 * build time, and a compiled module can be handed to a worker thread, which
 * then replays with it and compiles nothing.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { KERNEL_WASM_BASE64 } from '../src/generated/kernel-wasm.js';
import { compiledKernel, kernelBytes } from '../src/replay-kernel.js';

describe('the compiled kernel', () => {
  it('decodes the embedded base64 byte for byte as Node does', () => {
    expect(Buffer.from(kernelBytes(KERNEL_WASM_BASE64)).equals(Buffer.from(KERNEL_WASM_BASE64, 'base64'))).toBe(true);
    // Every padding length decodes too.
    for (const text of ['YQ==', 'YWI=', 'YWJj', 'YWJjZA==']) expect(Buffer.from(kernelBytes(text)).toString('latin1')).toBe(Buffer.from(text, 'base64').toString('latin1'));
  });

  it('is compiled once per process', () => {
    expect(compiledKernel()).toBe(compiledKernel());
    expect(compiledKernel()).toBeInstanceOf(WebAssembly.Module);
    expect(WebAssembly.Module.exports(compiledKernel() as WebAssembly.Module).map((entry) => entry.name)).toContain('replay');
  });

  it('crosses to a worker thread, which instantiates it without compiling', async () => {
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const instance = new WebAssembly.Instance(workerData.kernel, { env: { abort() { throw new Error('abort'); } } });
      parentPort.postMessage(typeof instance.exports.replay);`;
    const worker = new Worker(source, { eval: true, workerData: { kernel: compiledKernel() } });
    const answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer).toBe('function');
  });
});
