/**
 * The section scanner cuts raw bytes exactly where splitSections of
 * @zapis/notation starts a section at the start of a line, however the bytes
 * arrive: whole, byte by byte, or cut in two anywhere (a tag, a string or an
 * escape split across chunks).
 */
import { describe, expect, it } from 'vitest';
import { splitSections } from '@zapis/notation';
import { scannedCuts } from './support/scanned-cuts.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The section starts of `text` that begin a line, as byte offsets: where batches may be cut. */
function expectedCuts(text: string): number[] {
  const starts: number[] = [];
  for (const section of splitSections(text)) {
    const start = section.start;
    if (start > 0 && (text[start - 1] === '\n' || text[start - 1] === '\r')) starts.push(new TextEncoder().encode(text.slice(0, start)).length);
  }
  return starts;
}

const TRICKY: Record<string, string> = {
  'escaped quotes and brackets in tag values': '[Event "a \\"b] [c\\" d"]\n[Site "x]y"]\n\n1. e4 *\n[Event "b"]\n\n1. d4 *\n',
  'a backslash ending a tag value\'s line': '[Event "a\\\n[Site "b"]\n\n1. e4 *\n[Event "c \\\\"]\n\n1. d4 *\n',
  'braces, semicolons and percents inside tag values': '[Event "{ not a comment"]\n[Site "; nor this"]\n[Note "%x"]\n\n1. e4 *\n[Event "}"]\n\n1. d4 *\n',
  'CRLF line ends': '[Event "a"]\r\n[Site "b"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event "c"]\r\n\r\n1. d4 *\r\n',
  'lone CR line ends': '[Event "a"]\r\r1. e4 *\r[Event "c"]\r\r1. d4 *\r',
  'a comment holding a `[` that starts no tag': '[Event "a"]\n\n1. e4 { see\n[3] and [Ref] } e5 *\n[Event "b"]\n\n1. d4 *\n',
  'an unterminated comment before a tag line': '[Event "a"]\n\n1. e4 { open\n[Event "b"]\n\n1. d4 *\n',
  'a line comment and an escape line holding brackets': '[Event "a"]\n\n1. e4 ; [Event "x"]\n% [Event "y"]\ne5 *\n[Event "b"]\n\n1. d4 *\n',
  'an escaped quote in a move-text string': '[Event "a"]\n\n1. e4 "a\\" {"\n[x]\n} *\n[Event "b"]\n\n1. d4 *\n',
  'an escaped quote in a tag value before a brace': '[Event "a\\" {"]\n\n1. e4 *\n[x]\n}\n[Event "b"]\n\n1. d4 *\n',
  'a string in move text': '[Event "a"]\n\n1. e4 "text\n[Event "b"]\n\n1. d4 *\n',
  'an unterminated tag value': '[Event "a\n[Site "b"]\n\n1. e4 *\n[Event "c"]\n\n1. d4 *\n',
  'a tag after move text on the same line': '[Event "a"]\n\n1. e4 * [Event "b"]\n1. d4 *\n[Event "c"]\n\n1. c4 *\n',
  'UTF-8 letters and spaces between tags': '[White "Łukasz Ż"]\u00a0\n\u3000[Black "Ośka"]\n\n1. e4 *\n[White "Ą"]\n\n1. d4 *\n',
  'a comment between tags': '[Event "a"]\n{ note [x] }\n[Site "b"]\n\n1. e4 *\n[Event "c"]\n\n1. d4 *\n',
};

describe('section cuts in raw bytes', () => {
  for (const [name, text] of Object.entries(TRICKY)) {
    it(`match the text splitter: ${name}`, () => {
      const whole = bytes(text);
      const expected = expectedCuts(text);
      expect(expected.length).toBeGreaterThan(0);
      // Byte by byte, every start is seen as it comes.
      expect(scannedCuts(whole, Array.from({ length: whole.length }, (_, at) => at + 1))).toEqual(expected);
      // In two pieces cut anywhere, every cut found is a true start, and the last one is always found.
      for (let split = 1; split < whole.length; split++) {
        const cuts = scannedCuts(whole, [split, whole.length]);
        for (const cut of cuts) expect(expected, `split at ${split}`).toContain(cut);
        expect(cuts[cuts.length - 1], `split at ${split}`).toBe(expected[expected.length - 1]);
      }
    });
  }
});
