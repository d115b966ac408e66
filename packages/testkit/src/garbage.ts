/** Deterministic garbage for hostile-input tests: the same bytes on every run. */

/** Pseudo-random bytes (xorshift32) from a fixed seed; NUL bytes come early, as in any binary file. */
export function garbageBytes(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let at = 0; at < length; at++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out[at] = state & 0xff;
  }
  return out;
}
