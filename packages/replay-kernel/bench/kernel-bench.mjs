// The kernel alone, two builds side by side: every game of a PGN file read
// (scanMoves), replayed, summed up (summarise) and judged (outcome). Stretches
// of 5,000 games are timed old, new, new, old in CPU time, so a machine
// shared with other work weighs on both builds alike; prints each build's ns
// per ply and the median ratio over the stretches. With --check it instead
// holds the two builds to the same answers for every game, and for every game
// with one token changed (so rejections are compared too).
//
//   node bench/kernel-bench.mjs [--check] [--rounds N] OLD.wasm NEW.wasm FILE.pgn [letters]
//
// OLD.wasm is a build kept from before a change (e.g. a copy of build/kernel.wasm);
// `letters` is the five piece letters N B R Q K of the file's language (default NBRQK; Polish SGWHK).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const check = args.includes('--check');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 5;
const [oldPath, newPath, pgnPath, letterText = 'NBRQK'] = args.filter((arg, index) => !arg.startsWith('--') && index !== roundsAt + 1);

const LETTERS = new Uint8Array(128);
[...letterText].forEach((letter, index) => (LETTERS[letter.charCodeAt(0)] = index + 2));

function load(path) {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(path)), {
    env: { abort: () => { throw new Error('abort'); } },
  });
  const k = instance.exports;
  const buffer = k.memory.buffer;
  new Uint8Array(buffer, k.lettersPointer(), 128).set(LETTERS);
  return {
    k,
    path,
    movetext: new Uint8Array(buffer, k.movetextPointer(), k.movetextCapacity()),
    tokens: new Uint8Array(buffer, k.tokensPointer(), k.tokenSlot() * k.maxTokens()),
    offsets: new Int32Array(buffer, k.offsetsPointer(), 2 * k.maxTokens()),
    board: new Int8Array(buffer, k.boardPointer(), 64),
    keyCounts: new Int32Array(buffer, k.keyCountsPointer(), 31),
  };
}

/** Each game's move text (up to the next `[`), as bytes. */
function movetexts(path) {
  const text = readFileSync(path, 'latin1');
  const games = [];
  let at = 0;
  while (true) {
    const blank = text.indexOf('\n\n', at);
    if (blank < 0) break;
    const start = blank + 2;
    const next = text.indexOf('[', start);
    const end = next < 0 ? text.length : next;
    games.push({ bytes: Buffer.from(text.slice(start, end), 'latin1'), bracketAfter: next >= 0 });
    if (next < 0) break;
    at = next;
  }
  return games;
}

/** One game through the kernel; with `record`, every answer the host can read, as a string. */
function runGame(kernel, game, record) {
  const { k } = kernel;
  kernel.movetext.set(game.bytes);
  const count = k.scanMoves(game.bytes.length, game.bracketAfter ? 1 : 0, 0);
  if (count < 0) return record ? `scan ${count}` : 0;
  if (game.edit !== undefined && game.edit < count) game.applyEdit(kernel);
  const played = k.replay(count);
  if (played !== count) return record ? `scan ${count} ${k.scannedResult()} ${k.scannedResultOffset()} played ${played}` : count;
  k.summarise(count);
  const outcome = k.outcome();
  if (!record) return count + outcome + k.summaryFnv();
  const summary = `fnv ${k.summaryFnv() >>> 0} mix ${k.summaryMix() >>> 0} keys ${k.summaryKeysPresent()} ${kernel.keyCounts.join(',')}`;
  if (k.tokensChanged) {
    // The summary made afresh must be the one the replay made.
    k.tokensChanged();
    k.summarise(count);
    const fresh = `fnv ${k.summaryFnv() >>> 0} mix ${k.summaryMix() >>> 0} keys ${k.summaryKeysPresent()} ${kernel.keyCounts.join(',')}`;
    if (fresh !== summary) return `summary made afresh differs: ${fresh} / ${summary}`;
  }
  return [
    `scan ${count} ${k.scannedResult()} ${k.scannedResultOffset()} ${kernel.offsets.subarray(0, 2 * count).join(',')}`,
    `played ${played} outcome ${outcome} ${summary}`,
    `board ${kernel.board.join(',')} ${k.turnIndex()} ${k.enPassantSquare()} ${k.halfmoveClock()} ${k.fullmoveNumber()}`,
    `castle ${k.castlingRook(0)} ${k.castlingRook(1)} ${k.castlingRook(2)} ${k.castlingRook(3)}`,
  ].join('\n');
}

/** Changes of one token that SAN replay must judge: marks dropped or added, another piece, another square. */
const EDITS = [
  (token) => token.replace('x', ''),
  (token) => token.replace(/[+#]$/, ''),
  (token) => `${token}+`,
  (token) => token.replace(/^([A-Z])/, '$1a'),
  (token) => token.replace(/^[A-Z]/, letterText[0]),
  (token) => token.replace(/=./, ''),
  (token) => token.replace(/[1-8]/, (rank) => String(((Number(rank) + 2) % 8) + 1)),
  (token) => `x${token}`,
  (token) => token.replace(/^([a-h])x/, '$1'),
  (token) => token.replace(/[a-h]/, 'h'),
];

function editOf(index, plies) {
  const edit = EDITS[index % EDITS.length];
  const ply = (index * 7919) % Math.max(1, plies);
  return {
    edit: ply,
    applyEdit(kernel) {
      const base = ply * kernel.k.tokenSlot();
      const length = kernel.tokens[base];
      const token = Buffer.from(kernel.tokens.subarray(base + 1, base + 1 + length)).toString('latin1');
      const changed = edit(token).slice(0, 15);
      kernel.tokens[base] = changed.length;
      kernel.tokens.set(Buffer.from(changed, 'latin1'), base + 1);
    },
  };
}

const games = movetexts(pgnPath);
const older = load(oldPath);
const newer = load(newPath);

if (check) {
  let differences = 0;
  let rejected = 0;
  for (const [index, game] of games.entries()) {
    for (const variant of [game, { ...game, ...editOf(index, 60) }]) {
      const a = runGame(older, variant, true);
      const b = runGame(newer, variant, true);
      if (!a.includes('outcome')) rejected++;
      if (a !== b) {
        if (differences++ < 5) console.log(`game ${index}${variant === game ? '' : ' (edited)'} differs:\n--- old\n${a}\n--- new\n${b}`);
      }
    }
  }
  console.log(`${games.length} games, each also with one token changed: ${differences} differences (${rejected} runs not played whole)`);
  process.exit(differences === 0 ? 0 : 1);
}

let plies = 0;
for (const game of games) {
  older.movetext.set(game.bytes);
  plies += Math.max(0, older.k.scanMoves(game.bytes.length, game.bracketAfter ? 1 : 0, 0));
}

/** CPU time, not wall time: the machine may be shared, and time spent waiting for a core is not the kernel's. */
function timeAll(kernel, from = 0, to = games.length) {
  const start = process.cpuUsage();
  let sum = 0;
  for (let index = from; index < to; index++) sum += runGame(kernel, games[index], false);
  const used = process.cpuUsage(start);
  return { ns: (used.user + used.system) * 1000, sum };
}

for (const kernel of [older, newer]) timeAll(kernel); // both compiled by the optimising tier before timing
// Short stretches of games timed old, new, new, old: a change in the machine's load falls on both builds alike.
const CHUNK = 5000;
const times = { old: [], new: [] };
const ratios = [];
let sums = { old: 0, new: 0 };
for (let round = 0; round < rounds; round++) {
  const total = { old: 0, new: 0 };
  for (let from = 0; from < games.length; from += CHUNK) {
    const to = Math.min(games.length, from + CHUNK);
    const a = timeAll(older, from, to);
    const b = timeAll(newer, from, to);
    const c = timeAll(newer, from, to);
    const d = timeAll(older, from, to);
    ratios.push((a.ns + d.ns) / (b.ns + c.ns));
    total.old += (a.ns + d.ns) / 2;
    total.new += (b.ns + c.ns) / 2;
    sums.old += a.sum;
    sums.new += b.sum;
  }
  times.old.push(total.old / plies);
  times.new.push(total.new / plies);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const oldNs = median(times.old);
const newNs = median(times.new);
console.log(`${games.length} games, ${plies} plies, ${rounds} rounds`);
console.log(`old ${oldPath}: ${oldNs.toFixed(1)} ns/ply (rounds ${times.old.map((t) => t.toFixed(1)).join(' ')})`);
console.log(`new ${newPath}: ${newNs.toFixed(1)} ns/ply (rounds ${times.new.map((t) => t.toFixed(1)).join(' ')})`);
console.log(`old / new: ${(oldNs / newNs).toFixed(2)}x; median over ${ratios.length} stretches of ${CHUNK} games ${median(ratios).toFixed(2)}x${sums.old === sums.new ? '' : '  (the two builds disagree: run --check)'}`);
