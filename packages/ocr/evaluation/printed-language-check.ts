/**
 * How well a zapis sheet's language is told by its printed words alone: every sheet image of the folders given is
 * located, and its title and headings are read for the language (`readPrintedWordsLanguage`, as reading a sheet does
 * when its QR code is not read), whether or not its code was read. The truth is the QR code's language, else the
 * truth file's `language`. Each sheet is right, wrong (another language: the dangerous answer) or unsaid (the words
 * settle nothing, and the moves' letters alone tell the language).
 *
 * Run: pnpm --filter @zapis/ocr exec tsx evaluation/printed-language-check.ts DIR...
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CtcReader } from '../src/ctc-reader.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import { loadImageFast } from '../src/node-image-decode.js';
import { readPrintedWordsLanguage } from '../src/printed-language.js';
import { locateScanPage } from '../src/read-scan-file.js';

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: tsx evaluation/printed-language-check.ts DIR...');
  process.exit(2);
}
const reader = new CtcReader(await loadNodeRecognizer());
const tally = { right: 0, wrong: 0, unsaid: 0, 'not located': 0 };
const leads: number[] = [];
for (const folder of folders) {
  for (const name of readdirSync(folder).filter((file) => /\.(png|jpe?g)$/iu.test(file)).sort()) {
    const image = await loadImageFast(new Uint8Array(readFileSync(join(folder, name))));
    const located = image.ok ? locateScanPage(image.value, 1) : undefined;
    if (!located?.ok || !located.sheet.layout) {
      tally['not located'] += 1;
      continue;
    }
    const truthFile = join(folder, name.replace(/\.\w+$/u, '.json'));
    const truth = located.sheet.qr?.lang ?? (existsSync(truthFile) ? (JSON.parse(readFileSync(truthFile, 'utf8')) as { language?: string }).language : undefined);
    const words = await readPrintedWordsLanguage(located.sheet, reader);
    const said: readonly string[] = words?.languages ?? [];
    const verdict = said.length === 0 ? 'unsaid' : truth !== undefined && said.includes(truth) ? 'right' : 'wrong';
    tally[verdict] += 1;
    if (words && verdict === 'right') leads.push(words.lead);
    if (verdict !== 'right') console.log(`${join(folder, name)}: ${verdict} (printed ${truth ?? '?'}, words say ${said.join('/') || 'nothing'})`);
  }
}
leads.sort((a, b) => a - b);
console.log(tally, leads.length > 0 ? `lead of the right languages: least ${leads[0].toFixed(1)}, median ${leads[Math.floor(leads.length / 2)].toFixed(1)}` : '');
await reader.dispose();
