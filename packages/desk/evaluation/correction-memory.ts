/**
 * What one correction allocates, and how much of it outlives the young generation's collections (what a scavenge
 * copies), as the desk decodes it: a generated sheet read and decoded as read, then one move chosen (by default the
 * last alternative of ply 1, the bench's slowest report choice), both readings decoded in this thread. Measured with
 * V8's sampling heap profiler over a few rounds; prints MB per correction and the top allocation sites.
 *
 *   pnpm --filter @zapis/ocr generate-evaluation --set report --seed 5 --games 4 --kinds jpeg150,phone --out DIR
 *   pnpm --filter @zapis/desk exec tsx evaluation/correction-memory.ts --set DIR [--sheet report-091057-phone] [--ply 1]
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SearchCache } from '@zapis/decode';
import type { LanguageCode } from '@zapis/notation';
import { plainOutcome, readScanFile, type PlainOutcome } from '@zapis/ocr';
import { loadImageFast, loadReader } from '@zapis/ocr/node';
import { decodeDeskGame, gamesOf } from '../src/index.js';

const ROUNDS = 3;
const { values } = parseArgs({ options: { set: { type: 'string' }, sheet: { type: 'string', default: 'report-091057-phone' }, ply: { type: 'string', default: '1' } } });
if (values.set === undefined) throw new Error('--set <folder of generated sheets> is needed');
const folder = resolve(values.set);
const ply = Number(values.ply);
const truth = JSON.parse(readFileSync(join(folder, `${values.sheet}.json`), 'utf8')) as { file: string };
const reader = await loadReader('auto');
const pages: PlainOutcome[] = [];
for await (const outcome of readScanFile(truth.file, new Uint8Array(readFileSync(join(folder, truth.file))), { reader, decodeImage: loadImageFast })) {
  pages.push(plainOutcome(outcome));
}
await reader.dispose();
const [source] = gamesOf([{ kind: 'scan', id: values.sheet, name: truth.file, pages }]).games;
if (!source) throw new Error(`${values.sheet}: no game read`);

interface ProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly ProfileNode[];
}

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');

/** Bytes a correction allocates by site, `survivors` counting only what outlived the scavenges. */
async function measure(survivors: boolean): Promise<Map<string, number>> {
  const sites = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const reuse = new SearchCache();
    const asRead = decodeDeskGame(source, new Map(), { reuse });
    const move = asRead.moves[ply - 1];
    if (!move || move.alternatives.length === 0) throw new Error(`ply ${ply} of ${values.sheet} has no alternative to choose`);
    const chosen = move.alternatives[move.alternatives.length - 1].san;
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivors,
    });
    decodeDeskGame(source, new Map([[ply, chosen]]), { reuse, language: asRead.language as LanguageCode, asRead });
    const { profile } = await session.post('HeapProfiler.stopSampling') as unknown as { profile: { head: ProfileNode } };
    const walk = (node: ProfileNode): void => {
      const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber + 1}`;
      if (node.selfSize > 0) sites.set(site, (sites.get(site) ?? 0) + node.selfSize / ROUNDS);
      node.children.forEach(walk);
    };
    walk(profile.head);
  }
  return sites;
}

const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(1);
for (const survivors of [false, true]) {
  const sites = await measure(survivors);
  const total = [...sites.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`${values.sheet}, ply ${ply}'s last alternative: ${survivors ? 'kept alive through the scavenges' : 'allocated'} ${megabytes(total)} MB a correction`);
  for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${megabytes(bytes).padStart(6)} MB  ${site}`);
}
session.disconnect();
