/**
 * Where the search let the true game go. For each named sheet of a generated set, every search of the decode (narrow,
 * wide, deep) is followed ply by ply: the true game is kept while some kept hypothesis is reached from a true one by
 * the true move. At the ply where none is, it prints how far the true game's score (its forward probability with the
 * search's estimate of the cells ahead, from a search of the true game alone) lies below the best hypothesis and below
 * the last one kept, how the gap runs over the next plies, and what filled the beam: the earlier plies where the kept
 * hypotheses differ from the best one, most common first.
 *
 *   pnpm --filter @zapis/reading exec tsx evaluation/lost-game-trace.ts --set DIR [--no-deep] ID...
 *
 * DIR is a set of either generator (output-truth.ts); an ID is a sheet's file name without its extension
 * (`ind-jpeg-012`). Sheets whose decoded game is right are said to be so. `search-errors.ts` tells which sheets
 * the search lost.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadReader } from '@zapis/ocr/node';
import type { LatticeNode, SearchSeen } from '@zapis/decode/internal';
import { decodeGroup } from '../src/index.js';
import { loadTruths } from './output-truth.js';
import { readTruthSheet } from './truth-sheet.js';

const { values, positionals } = parseArgs({ options: { set: { type: 'string' }, 'no-deep': { type: 'boolean', default: false } }, allowPositionals: true });
if (values.set === undefined || positionals.length === 0) {
  console.error('usage: lost-game-trace.ts --set DIR [--no-deep] ID...');
  process.exit(2);
}
const folder = resolve(values.set);
const truths = loadTruths(folder).filter((truth) => positionals.includes(truth.file.replace(/\.\w+$/u, '')));
if (truths.length === 0) {
  console.error(`none of ${positionals.join(', ')} has a truth file in ${values.set}`);
  process.exit(2);
}
/** How many plies after the drop the gap is printed for, and how many doubts of the beam. */
const GAP_PLIES = 40;
const DOUBTS = 8;

const withoutMarks = (san: string): string => san.replace(/[+#]/gu, '');
const scoreOf = (node: LatticeNode): number => node.logAlpha + node.future;
const best = (nodes: readonly LatticeNode[]): number => Math.max(...nodes.map(scoreOf));

/** The moves of a node's best way in, from the start. */
function bestLine(node: LatticeNode): string[] {
  const line: string[] = [];
  for (let at: LatticeNode | undefined = node; at?.bestEdge; at = at.bestEdge.from) line.unshift(withoutMarks(at.bestEdge.candidate.san));
  return line;
}

/** The last ply (0-based count of moves) through which a kept hypothesis is the true game's. */
function keptThrough(search: SearchSeen, san: readonly string[]): number {
  let trueNodes = new Set<LatticeNode>(search.lattice.plies[0]);
  let ply = 0;
  for (; ply < san.length && ply + 1 < search.lattice.plies.length; ply++) {
    const move = withoutMarks(san[ply]);
    const next = search.lattice.plies[ply + 1].filter((node) => node.incoming.some((edge) => trueNodes.has(edge.from) && withoutMarks(edge.candidate.san) === move));
    if (next.length === 0) break;
    trueNodes = new Set(next);
  }
  return ply;
}

/** The earlier plies at which the kept hypotheses differ from the best one, most common first. */
function doubtsOf(nodes: readonly LatticeNode[]): string {
  const top = nodes.reduce((a, b) => (scoreOf(b) > scoreOf(a) ? b : a));
  const topLine = bestLine(top);
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const line = bestLine(node);
    for (let ply = 0; ply < Math.max(line.length, topLine.length); ply++) {
      if (line[ply] === topLine[ply]) continue;
      const key = `${ply + 1}.${line[ply] ?? '-'}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, DOUBTS).map(([key, count]) => `${key} ${count}`).join(', ');
}

const reader = await loadReader('auto');
for (const truth of truths) {
  const group = await readTruthSheet(folder, truth, reader);
  const searches: SearchSeen[] = [];
  const decoded = group ? decodeGroup(group, { deepSearch: !values['no-deep'], onSearch: (search) => searches.push(search) }).decoded : undefined;
  if (!group || !decoded?.ok) {
    console.log(`${truth.file}: not decoded (${decoded && !decoded.ok ? decoded.error.message : 'no sheet found'})`);
    continue;
  }
  const game = decoded.value;
  const wrong = truth.san.filter((san, index) => game.moves[index]?.san !== san).length;
  if (wrong === 0 && game.moves.length === truth.san.length) {
    console.log(`${truth.file}: decoded right`);
    continue;
  }
  const forcedSearches: SearchSeen[] = [];
  decodeGroup(group, { confirmed: new Map(truth.san.map((san, index) => [index + 1, san])), language: game.language, onSearch: (search) => forcedSearches.push(search) });
  const forced = forcedSearches.at(-1);
  if (!forced) {
    console.log(`${truth.file}: ${wrong} wrong; the true game cannot be played on these readings`);
    continue;
  }
  const trueScore = forced.lattice.plies.map((nodes) => (nodes.length > 0 ? best(nodes) : -Infinity));
  console.log(`${truth.file}: ${wrong} wrong of ${truth.san.length} (${game.language}); true game's Viterbi score ${forced.lattice.bestScore.toFixed(1)}`);
  for (const search of searches) {
    const kept = keptThrough(search, truth.san);
    const line = `  ${search.beam} (${search.language}): Viterbi score ${search.lattice.bestScore.toFixed(1)}`;
    const nodes = search.lattice.plies[kept + 1];
    if (search.language !== game.language || kept >= truth.san.length || !nodes || nodes.length === 0) {
      console.log(`${line}; the true game kept through ply ${kept} of ${truth.san.length}`);
      continue;
    }
    const scores = nodes.map(scoreOf);
    const gaps: string[] = [];
    for (let ply = kept + 1; ply < Math.min(search.lattice.plies.length, kept + 1 + GAP_PLIES); ply++) {
      if (search.lattice.plies[ply].length > 0 && Number.isFinite(trueScore[ply])) gaps.push((trueScore[ply] - best(search.lattice.plies[ply])).toFixed(1));
    }
    console.log(`${line}; the true game dropped at ply ${kept + 1} (${truth.san[kept]}): ${nodes.length} kept, the last ${(Math.max(...scores) - Math.min(...scores)).toFixed(1)} below the best, the true game ${(Math.max(...scores) - trueScore[kept + 1]).toFixed(1)} below it`);
    console.log(`    true game − best, ply ${kept + 1} on: ${gaps.join(' ')}`);
    console.log(`    where the kept differ from the best (ply.move count): ${doubtsOf(nodes)}`);
  }
}
await reader.dispose();
