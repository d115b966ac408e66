import { describe, expect, it } from 'vitest';
import * as ort from 'onnxruntime-web/wasm';
import type { OnnxRuntime } from '@zapis/ocr';
import { IDENTITY_MODEL, startRuntime } from '../src/workers/runtime-start.js';

describe('starting the runtime before the model arrives', () => {
  it('is a model the same runtime loads and runs: its output is its input', async () => {
    ort.env.wasm.numThreads = 1;
    const session = await ort.InferenceSession.create(IDENTITY_MODEL);
    expect(session.inputNames).toEqual(['x']);
    const result = await session.run({ x: new ort.Tensor('float32', Float32Array.from([2.5]), [1]) });
    expect(Array.from(result.y.data as Float32Array)).toEqual([2.5]);
    await session.release();
  });

  it('resolves once started, and a failing runtime does not reject (the recogniser reports it)', async () => {
    await expect(startRuntime(ort as unknown as OnnxRuntime)).resolves.toBeUndefined();
    const broken = { InferenceSession: { create: () => Promise.reject(new Error('no WebAssembly')) } } as unknown as OnnxRuntime;
    await expect(startRuntime(broken)).resolves.toBeUndefined();
  });
});
