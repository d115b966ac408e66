import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/index.js';

/** Line and column by walking every character: what LineIndex must agree with. */
function naive(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = 0; at < offset; at++) {
    const code = text.charCodeAt(at);
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) {
      line++;
      lineStart = at + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

describe('LineIndex', () => {
  const texts = {
    'only \\n, with a long line': `[Event "a"]\n\n${'1. e4 e5 '.repeat(500)}\n*\n\n`,
    'mixed \\r\\n, \\r and \\n': '[Event "a"]\r\n\r\n1. e4\re5\n2. Nf3 *\r\n',
    'no line break at all': '1. e4 e5 2. Nf3 Nc6 *',
  };
  for (const [name, text] of Object.entries(texts)) {
    it(`gives every offset's line and column, asked in order and out of order (${name})`, () => {
      const inOrder = new LineIndex(text);
      for (let offset = 0; offset < text.length; offset++) expect(inOrder.span(offset, 1), `offset ${offset}`).toMatchObject(naive(text, offset));
      const outOfOrder = new LineIndex(text);
      for (let offset = text.length - 1; offset >= 0; offset -= 7) expect(outOfOrder.span(offset, 1), `offset ${offset}`).toMatchObject(naive(text, offset));
    });
  }
});
