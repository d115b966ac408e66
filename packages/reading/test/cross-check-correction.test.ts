/**
 * A cross-checked game decoded again with a person's confirmation, as the desk does: a report sheet the evaluation
 * generator writes in a held-out hand (seed 5: the phone photo of ../shared's game 91057, 105 plies), read by the
 * ensemble as the desk reads it. Confirming c4 at ply 10 (the least likely move offered there; the game has d6) makes PP-OCR alone's game
 * look lost, while the ensemble's is kept: that reading is not searched again wide.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchCache } from '@zapis/decode';
import { skipWithoutShared } from '@zapis/testkit';
import { generateEvaluationSet } from '../../ocr/evaluation/generate.js';
import { outcomeFromPlain, plainOutcome, readScanFile } from '@zapis/ocr';
import { decodeGroup, type GameGroup } from '../src/index.js';
import { loadImageFast } from '@zapis/ocr/node';
import { loadReader } from '@zapis/ocr/node';

const skip = skipWithoutShared();

describe.skipIf(skip)('a cross-checked game corrected by a person', () => {
  let folder: string;
  let group: GameGroup;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zapis-correction-test-'));
    const sheets = await generateEvaluationSet({ set: 'report', kinds: ['jpeg150', 'phone'], games: 1, out: folder, seed: 5 });
    const phone = sheets.find((sheet) => sheet.kind === 'phone');
    if (!phone) throw new Error('the generator wrote no phone photo');
    expect(phone.game).toBe(91057);
    // Read as the browser's reader worker reads it, and handed to the desk worker as plain data (the desk's readings).
    const reader = await loadReader('ensemble');
    try {
      for await (const outcome of readScanFile(phone.file, new Uint8Array(await readFile(join(folder, phone.file))), { reader, decodeImage: loadImageFast })) {
        const page = outcomeFromPlain(plainOutcome(outcome));
        if (!page.ok) throw new Error(page.message);
        group = { players: [{ name: 'white', pages: [{ file: page.file, page: page.page, read: page.read }] }] };
      }
    } finally {
      await reader.dispose();
    }
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('searches PP-OCR alone\u2019s lost-looking game again wide only where it would be kept', () => {
    const reuse = new SearchCache();
    const asRead = decodeGroup(group, { crossCheck: true, reuse });
    if (!asRead.decoded.ok) throw new Error(asRead.decoded.error.message);
    const { language, moves } = asRead.decoded.value;
    expect(moves[9].alternatives.map((alternative) => alternative.san)).toContain('c4');
    const corrected = decodeGroup(group, { crossCheck: true, reuse, language, confirmed: new Map([[10, 'c4']]) });
    if (!corrected.decoded.ok) throw new Error(corrected.decoded.error.message);
    expect(corrected.decoded.value.moves[9].san).toBe('c4');
    expect(corrected.crossCheck?.kept).toBe('ensemble');
    // PP-OCR alone's last search was its narrow one, from the confirmed ply (0-based 9): not the wide one after it,
    // which went over the whole game (measured: 0.4-0.7 s of a 0.9-1.2 s correction in Node; 0.3-0.5 s without it).
    expect(reuse.forOtherReadings().lastSearchStart).toBe(9);
  });
});
