/**
 * A decode's outcome as text and back, for sending it between threads through shared memory (a structured clone
 * needs a message, which a thread waiting on the answer cannot receive). JSON would turn the numbers it has no
 * literal for (−∞ log evidence, NaN) into null, and −0 into 0: those are written as tagged strings.
 */
import type { DecodeOutcome } from '@zapis/decode';

const TAG = '\u0000n:';

function special(value: number): string | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0';
  return undefined;
}

const numbers: Readonly<Record<string, number>> = { NaN, Infinity, '-Infinity': -Infinity, '-0': -0 };

export function outcomeToJson(outcome: DecodeOutcome): string {
  return JSON.stringify(outcome, (_key, value: unknown) => {
    if (typeof value !== 'number') return value;
    const name = special(value);
    return name === undefined ? value : `${TAG}${name}`;
  });
}

export function outcomeFromJson(text: string): DecodeOutcome {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && value.startsWith(TAG) ? numbers[value.slice(TAG.length)] : value)) as DecodeOutcome;
}
