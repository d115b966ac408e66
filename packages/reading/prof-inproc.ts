import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readScanFile } from '@zapis/ocr';
import { loadReader, DEFAULT_READER_KIND, loadImageFast } from '@zapis/ocr/node';
import { decodeGroup } from './src/read-game.js';
const dir = process.argv[2];
const reader = await loadReader(DEFAULT_READER_KIND);
const t0 = performance.now();
for (const name of readdirSync(dir).sort()) {
  for await (const outcome of readScanFile(name, new Uint8Array(readFileSync(join(dir, name))), { reader, decodeImage: loadImageFast })) {
    if (!outcome.ok) continue;
    const game = decodeGroup({ players: [{ name: 'p', pages: [{ file: name, page: 1, read: outcome.read }] }] });
    console.log(name, game.decoded.ok ? game.decoded.value.moves.length : 'err', ((performance.now() - t0) / 1000).toFixed(1));
  }
}
