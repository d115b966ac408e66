/**
 * Perft speed of @zapis/core against chessops on the same positions in the same
 * run. Also measures make/unmake against copy-make, the two ways to play a move.
 * Run: pnpm bench (from the root) or pnpm --filter @zapis/core bench.
 */
import { performance } from 'node:perf_hooks';
import { parseFen as chessopsParseFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen, perftPosition } from '../src/index.js';
import { perftByCopy } from '../src/internal.js';

const POSITIONS: readonly { name: string; fen: string; depth: number; chess960?: boolean }[] = [
  { name: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 5 },
  { name: 'kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 4 },
  { name: 'endgame', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', depth: 5 },
  { name: 'promotions', fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', depth: 4 },
  { name: 'pos5', fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', depth: 4 },
  { name: 'chess960', fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1', depth: 5, chess960: true },
];

interface Timing { nodes: number; ms: number }

function time(run: () => number): Timing {
  const start = performance.now();
  const nodes = run();
  return { nodes, ms: performance.now() - start };
}

function zapisPosition(fen: string) {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function chessopsPosition(fen: string) {
  const setup = chessopsParseFen(fen);
  if (setup.isErr) throw new Error(String(setup.error));
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) throw new Error(String(position.error));
  return position.value;
}

const rate = (timing: Timing): number => timing.nodes / (timing.ms / 1000);
const mnps = (value: number): string => (value / 1e6).toFixed(2).padStart(7);

// Warm up both engines so the JIT has compiled the hot paths before timing.
for (const { fen } of POSITIONS) {
  perftPosition(zapisPosition(fen), 3);
  perftByCopy(zapisPosition(fen), 3);
  chessopsPerft(chessopsPosition(fen), 3, false);
}

console.log('perft, million nodes per second (higher is better), same machine, same run');
console.log('position     depth       nodes   zapis make/unmake   zapis copy   chessops   zapis/chessops');
let totals = { unmake: 0, copy: 0, chessops: 0, nodes: 0, unmakeMs: 0, copyMs: 0, chessopsMs: 0 };
for (const { name, fen, depth } of POSITIONS) {
  const unmake = time(() => perftPosition(zapisPosition(fen), depth));
  const copy = time(() => perftByCopy(zapisPosition(fen), depth));
  const theirs = time(() => chessopsPerft(chessopsPosition(fen), depth, false));
  if (unmake.nodes !== theirs.nodes || copy.nodes !== theirs.nodes) {
    throw new Error(`${name}: node counts disagree (${unmake.nodes}, ${copy.nodes}, chessops ${theirs.nodes})`);
  }
  totals = {
    unmake: 0, copy: 0, chessops: 0,
    nodes: totals.nodes + unmake.nodes,
    unmakeMs: totals.unmakeMs + unmake.ms,
    copyMs: totals.copyMs + copy.ms,
    chessopsMs: totals.chessopsMs + theirs.ms,
  };
  console.log(
    `${name.padEnd(12)} ${String(depth).padStart(5)} ${String(unmake.nodes).padStart(11)}   ${mnps(rate(unmake))}             ${mnps(rate(copy))}    ${mnps(rate(theirs))}    ${(rate(unmake) / rate(theirs)).toFixed(2).padStart(6)}x`,
  );
}
const overall = (ms: number) => totals.nodes / (ms / 1000);
console.log(
  `${'all'.padEnd(12)} ${''.padStart(5)} ${String(totals.nodes).padStart(11)}   ${mnps(overall(totals.unmakeMs))}             ${mnps(overall(totals.copyMs))}    ${mnps(overall(totals.chessopsMs))}    ${(overall(totals.unmakeMs) / overall(totals.chessopsMs)).toFixed(2).padStart(6)}x`,
);
console.log(`make/unmake vs copy-make: ${(overall(totals.unmakeMs) / overall(totals.copyMs)).toFixed(2)}x (target for zapis/chessops: >= 1.5x)`);
