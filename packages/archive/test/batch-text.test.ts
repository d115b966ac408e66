/**
 * A batch's text: its line count and the bound on its lines' length (which
 * the over-long line rule leans on), and the decoding of batches that mix
 * UTF-8 and Latin-1 lines.
 */
import { describe, expect, it } from 'vitest';
import { batchLines } from '../src/batch-lines.js';
import { decodeTextBytes } from '../src/decode-batch.js';
import { countLineBreaks } from '../src/game-boundary.js';
import { findLongLines } from '../src/rules/source-lines.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('batchLines', () => {
  it('counts line breaks as countLineBreaks does, across a cut too', () => {
    for (const text of ['a\nb\r\nc\rd\r', 'one\ntwo\n', 'no break', '', '\r\n\r\n', '\n\r']) {
      const all = bytes(text);
      expect(batchLines(all, 0, all.length).breaks, JSON.stringify(text)).toBe(countLineBreaks(all, 0, all.length));
      for (let cut = 1; cut < all.length; cut++) {
        expect(batchLines(all, cut, all.length, all[cut - 1]).breaks).toBe(countLineBreaks(all, cut, all.length, all[cut - 1]));
      }
    }
  });

  it('bounds every line as the over-long line rule measures it, in characters', () => {
    const text = `[Event "x"]\r\n${'é'.repeat(100)}\n1. e4 e5\r${'a'.repeat(300)}\n\u{1F600}b`;
    const lines = batchLines(bytes(text), 0, bytes(text).length);
    expect(lines.longest).toBe('1. e4 e5\r'.length + 300);
    expect(findLongLines(text, 1, lines.longest)).toBeUndefined();
    expect(findLongLines(text, 1, 300)).toBeDefined();
  });
});

describe('decodeTextBytes', () => {
  it('reads each line in the encoding it is valid in, whatever mix of lines a batch has', () => {
    const latin = Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x0a]); // "Müller\n" in Latin-1
    const utf = bytes('Müller\n');
    const mark = Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0x0a]); // a byte-order mark, then "a\n"
    const join = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => [...part]));
    expect(decodeTextBytes(join(utf, latin, utf, utf, latin))).toBe('Müller\n'.repeat(5));
    expect(decodeTextBytes(join(latin, utf, mark))).toBe('Müller\nMüller\na\n');
    expect(decodeTextBytes(join(utf, utf, utf, latin.subarray(0, 6)))).toBe('Müller\n'.repeat(3) + 'Müller');
  });

  it('reads ASCII as UTF-8 does, every byte below 0x80, from a view into a larger buffer', () => {
    const all = Uint8Array.from({ length: 0x80 }, (_, byte) => byte);
    const whole = Uint8Array.from([0xc3, 0xbc, ...all, ...all, 0xfc]);
    const view = whole.subarray(2, 2 + 2 * 0x80);
    expect(decodeTextBytes(view)).toBe(new TextDecoder().decode(view));
    expect(decodeTextBytes(view)).toHaveLength(2 * 0x80);
  });
});
