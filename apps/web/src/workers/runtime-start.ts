/**
 * Starts ONNX Runtime's WebAssembly (fetch and compile, a while in a fresh worker) while the
 * recogniser's model is still downloading. The runtime starts only with a first session, and a session only with
 * its model in hand; a session of the smallest model there is (one Identity node) starts it without waiting.
 * Later sessions share the started runtime.
 */
import type { OnnxRuntime } from '@zapis/ocr';

/** One protobuf field: its key, then a varint or a length-prefixed body (every number and length here fits one byte). */
function field(number: number, value: number | Uint8Array): number[] {
  const size = typeof value === 'number' ? value : value.length;
  if (number > 15 || size > 127) throw new Error('a field number or value too large for one byte');
  return typeof value === 'number' ? [number << 3, value] : [(number << 3) | 2, value.length, ...value];
}

const bytes = (...parts: number[][]): Uint8Array => Uint8Array.from(parts.flat());
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

/** A float tensor of shape [1] named `name` (ONNX ValueInfoProto). */
const oneFloat = (name: string): Uint8Array => bytes(
  field(1, text(name)),
  field(2, bytes(field(1, bytes(field(1, 1), field(2, bytes(field(1, bytes(field(1, 1))))))))),
);

/** ONNX ModelProto: IR 8, opset 9, a graph `y = Identity(x)`. */
export const IDENTITY_MODEL: Uint8Array = bytes(
  field(1, 8),
  field(7, bytes(
    field(1, bytes(field(1, text('x')), field(2, text('y')), field(4, text('Identity')))),
    field(2, text('start')),
    field(11, oneFloat('x')),
    field(12, oneFloat('y')),
  )),
  field(8, bytes(field(2, 9))),
);

/** Resolves when the runtime has started; a failure shows again, with its reason, when the real model loads. */
export async function startRuntime(runtime: OnnxRuntime): Promise<void> {
  try {
    const session = await runtime.InferenceSession.create(IDENTITY_MODEL);
    await session.release();
  } catch {
    // The recogniser's own session reports what is wrong.
  }
}
