/** Where a compiled worker is found: beside the module that starts it, or in dist when that module is a source. */
import { describe, expect, it } from 'vitest';
import { compiledWorker } from '../src/index.js';

describe('compiledWorker', () => {
  it('finds a worker beside the module that starts it', () => {
    expect(compiledWorker('fixtures/echo-worker.mjs', import.meta.url).href).toBe(new URL('./fixtures/echo-worker.mjs', import.meta.url).href);
  });

  it('looks in dist when none stands beside a source module', () => {
    const source = new URL('../src/worker-pool.ts', import.meta.url);
    expect(compiledWorker('worker-pool.js', source).href).toBe(new URL('../dist/worker-pool.js', import.meta.url).href);
  });
});
