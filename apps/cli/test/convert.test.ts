/**
 * `zapis convert` drops nothing silently: text that is not converted is reported with its place and
 * kept, as written, in a comment; Chess960 castling in UCI is king takes rook, on real Chess960
 * positions from ../shared/perft.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCastle, legalMoves, parseFen } from '@zapis/core';
import { sharedPath, skipWithoutShared } from '@zapis/testkit';
import { repositoryRoot, run } from './run-cli.js';

const game = (moves: string, tags = ''): string => `[Event "x"]\n${tags}\n${moves}\n`;
/** The movetext of the first game, its lines joined. */
const movetext = (pgn: string): string => (pgn.split('\n\n')[1] ?? '').replace(/\n/g, ' ').trim();

describe('zapis convert keeps what it cannot convert', () => {
  it("3. Gb5 blah a6: 'blah' is reported at 3:28 and kept as a comment; exit 1", async () => {
    const result = await run(['convert', '-', '--to', 'en', '--from', 'pl'], { stdin: game('1. e4 e5 2. Sf3 Sc6 3. Gb5 blah a6 4. Ga4 *') });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`<stdin>:3:28: error[unknown-token]: game 1: not converted: 'blah' (Not a move, move number, annotation or result in any language profile: "blah"); kept as written in a comment\n`);
    expect(movetext(result.stdout)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 {zapis: not converted, as written: blah} 3... a6 4. Ba4 *');
    // What convert wrote reads back as the same moves, and the kept text survives another conversion.
    const again = await run(['convert', '-', '--to', 'pl'], { stdin: result.stdout });
    expect(again.code).toBe(0);
    expect(movetext(again.stdout)).toBe('1. e4 e5 2. Sf3 Sc6 3. Gb5 {zapis: not converted, as written: blah} 3... a6 4. Ga4 *');
  });

  it('every stray token is located; neighbours are kept together as written', async () => {
    const result = await run(['convert', '-', '--to', 'en'], { stdin: game('$1 1. e4 e5 2. Nf3 Nc6 3. Bb5 ) a6 "str" 4. Ba4 junk 11. xx 5. O-O *') });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').map((line) => line.slice(0, line.indexOf(' (')))).toEqual([
      "<stdin>:3:1: error[misplaced-nag]: game 1: not converted: '$1'",
      "<stdin>:3:31: error[unmatched-variation-end]: game 1: not converted: ')'",
      "<stdin>:3:36: error[unexpected-string]: game 1: not converted: '\"str\"'",
      "<stdin>:3:49: error[unknown-token]: game 1: not converted: 'junk'",
      "<stdin>:3:54: error[move-number-without-move]: game 1: not converted: '11.'",
      "<stdin>:3:58: error[unknown-token]: game 1: not converted: 'xx'",
      "<stdin>:3:61: error[illegal-move]: game 1: not converted: '5. O-O'",
    ]);
    expect(movetext(result.stdout)).toBe(
      '{zapis: not converted, as written: $1} 1. e4 e5 2. Nf3 Nc6 3. Bb5 {zapis: not converted, as written: )} 3... a6 '
      + '{zapis: not converted, as written: "str"} 4. Ba4 {zapis: not converted, as written: junk 11. xx 5. O-O} *',
    );
  });

  it('the rest of a variation after an illegal move, and a variation that cannot start, stay in their place', async () => {
    const result = await run(['convert', '-', '--to', 'en'], { stdin: game('1. e4 e5 2. Nf3 (2. f4 Qh4 Kxe1 3. d4) (2. Ke3) 2... Nc6 *') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("<stdin>:3:28: error[no-piece-can-reach]: game 1: not converted: 'Kxe1 3. d4'");
    expect(result.stderr).toContain("<stdin>:3:41: error[no-piece-can-reach]: game 1: not converted: '2. Ke3'");
    expect(movetext(result.stdout)).toBe(
      '1. e4 e5 2. Nf3 {zapis: not converted, as written: 2. Ke3} (2. f4 Qh4+ {zapis: not converted, as written: Kxe1 3. d4}) 2... Nc6 *',
    );
  });

  it('an escape line is kept in a comment with a warning (it is valid PGN): exit 0', async () => {
    const result = await run(['convert', '-', '--to', 'en'], { stdin: game('1. e4 e5\n%private data\n2. Nf3 *') });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("<stdin>:4:1: warning[escape-line]: game 1: not converted: '%private data'");
    expect(movetext(result.stdout)).toBe('1. e4 e5 {zapis: escape line, as written: %private data} 2. Nf3 *');
  });

  it('text after the result, and a pawn promotion without its piece, are shown, not dropped or guessed silently', async () => {
    const after = await run(['convert', '-', '--to', 'en'], { stdin: game('1. e4 e5 2. Nf3 Nc6 * trailing {after}') });
    expect(after.code).toBe(1);
    expect(after.stderr).toContain("<stdin>:3:23: error[unknown-token]: game 1: not converted: 'trailing'");
    expect(movetext(after.stdout)).toBe('1. e4 e5 2. Nf3 Nc6 {zapis: not converted, as written: trailing} {after} *');

    const promotion = await run(['convert', '-', '--to', 'en'], { stdin: game('1. a8 Kb2 *', '[SetUp "1"]\n[FEN "8/P7/8/8/8/8/8/k6K w - - 0 1"]\n') });
    expect(promotion.code).toBe(1);
    expect(promotion.stderr).toContain("<stdin>:5:4: error[missing-promotion-piece]: game 1, ply 1: 'a8' reaches the last rank");
    expect(movetext(promotion.stdout)).toContain("1. a8=Q+ {zapis: 'a8' reaches the last rank but does not say which piece the");
  });

  it('a game that fails is reported once per error, with the rest kept as written', async () => {
    const result = await run(['convert', 'fixtures/seed-samples/2023-sample.pgn', '--to', 'en']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("seed-samples/2023-sample.pgn:3:21: error[illegal-move]: game 1: not converted: '0-0 10. 0-0-0 We8 11. Kb1 (=)'");
  });
});

/** The king's square on the first rank of a FEN, and the rook the castling right names (Shredder-FEN file letters). */
function expectedChess960Uci(fen: string, side: 'king' | 'queen'): string {
  const [board, , castling] = fen.split(' ');
  const first = board.split('/')[7];
  let file = 0;
  let king = -1;
  for (const char of first) {
    if (/\d/.test(char)) file += Number(char);
    else {
      if (char === 'K') king = file;
      file++;
    }
  }
  const rooks = [...castling].filter((char) => /[A-H]/.test(char)).map((char) => char.charCodeAt(0) - 65);
  const rook = side === 'king' ? Math.max(...rooks.filter((r) => r > king)) : Math.min(...rooks.filter((r) => r < king));
  const square = (f: number) => `${'abcdefgh'[f]}1`;
  return square(king) + square(rook);
}

describe.skipIf(skipWithoutShared())('zapis convert on Chess960 positions', () => {
  const fens = readFileSync(sharedPath('perft', 'python-chess_chess960.perft'), 'utf8').split('\n')
    .filter((line) => line.startsWith('epd ')).map((line) => `${line.slice(4).trim()} 0 1`);

  it('writes castling king-takes-rook in UCI (never g1g1), O-O in long form, and reads its UCI back', async () => {
    const cases: { fen: string; side: 'king' | 'queen' }[] = [];
    for (const fen of fens) {
      const parsed = parseFen(fen, { chess960: true });
      if (!parsed.ok || parsed.value.turn !== 'white' || !/^[A-H]+/.test(fen.split(' ')[2])) continue;
      for (const move of legalMoves(parsed.value)) {
        if (!isCastle(move)) continue;
        const side = (move >> 6 & 7) > (move & 7) ? 'king' : 'queen';
        if (!cases.some((known) => known.side === side && known.fen === fen)) cases.push({ fen, side });
      }
      if (cases.length >= 20) break;
    }
    expect(cases.length).toBe(20);
    // Castling where the king does not move (it already stands on g1 or c1) is the case `g1g1` came from.
    expect(cases.some((known) => expectedChess960Uci(known.fen, known.side).slice(0, 2) === (known.side === 'king' ? 'g1' : 'c1'))).toBe(true);
    const games = cases.map(({ fen, side }) => game(`1. ${side === 'king' ? 'O-O' : 'O-O-O'} *`, `[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${fen}"]\n`)).join('\n');
    const uci = await run(['convert', '-', '--to', 'uci'], { stdin: games });
    expect(uci.stderr).toBe('');
    expect(uci.code).toBe(0);
    const written = [...uci.stdout.matchAll(/^1\. (\S+) \*$/gm)].map((match) => match[1]);
    expect(written).toEqual(cases.map(({ fen, side }) => expectedChess960Uci(fen, side)));
    const back = await run(['convert', '-', '--to', 'en'], { stdin: uci.stdout });
    expect(back.code).toBe(0);
    expect([...back.stdout.matchAll(/^1\. (\S+) \*$/gm)].map((match) => match[1])).toEqual(cases.map(({ side }) => (side === 'king' ? 'O-O' : 'O-O-O')));
    const lan = await run(['convert', '-', '--to', 'lan'], { stdin: games });
    expect(lan.code).toBe(0);
    expect([...lan.stdout.matchAll(/^1\. (\S+) \*$/gm)].map((match) => match[1])).toEqual(cases.map(({ side }) => (side === 'king' ? 'O-O' : 'O-O-O')));
  });

  it('standard chess keeps the king step e1g1 / e8c8', async () => {
    const result = await run(['convert', '-', '--to', 'uci'], { stdin: game('1. e4 d5 2. Nf3 Qd6 3. Bc4 Bd7 4. O-O Nc6 5. d3 O-O-O *') });
    expect(result.code).toBe(0);
    expect(movetext(result.stdout)).toBe('1. e2e4 d7d5 2. g1f3 d8d6 3. f1c4 c8d7 4. e1g1 b8c6 5. d2d3 e8c8 *');
  });
});

describe("publishers' options", () => {
  const annotated = game('1. e4! e5?! 2. Nf3!! Nc6?? 3. Bb5!? a6? $14 4. Ba4 $15 $1 Nf6 *');

  it('--glyphs writes $1-$6 as the glyphs after the move (a first NAG only, so the order reads back), and they read back', async () => {
    const glyphs = await run(['convert', '-', '--to', 'pl', '--glyphs'], { stdin: annotated });
    expect(glyphs.code).toBe(0);
    expect(movetext(glyphs.stdout)).toBe('1. e4! e5?! 2. Sf3!! Sc6?? 3. Gb5!? a6? $14 4. Ga4 $15 $1 Sf6 *');
    const numeric = await run(['convert', '-', '--to', 'en'], { stdin: annotated });
    expect(movetext(numeric.stdout)).toBe('1. e4 $1 e5 $6 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $2 $14 4. Ba4 $15 $1 Nf6 *');
    const back = await run(['convert', '-', '--to', 'en', '--from', 'pl'], { stdin: glyphs.stdout });
    expect(back.stdout).toBe(numeric.stdout);
  });

  it('--en-passant e.p. marks exactly the en-passant captures (FIDE Appendix C.13: exd6 e.p.), on the fast path and the full one, and reads back', async () => {
    // Three captures en passant (white, black, white); dxc6 and gxf6 take on the sixth rank and bxc6 on the sixth too, without it.
    const moves = '1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. d4 e5 5. d5 e4 6. f4 exf3 7. dxc6 bxc6 8. Nxf3 Nd5 9. g4 h5 10. g5 f5 11. gxf6 gxf6 *';
    const plain = game(moves);
    const commented = game(`{a comment sends the game the full way} ${moves}`);
    for (const input of [plain, commented]) {
      const written = await run(['convert', '-', '--to', 'pl', '--capture', ':', '--en-passant', 'e.p.'], { stdin: input });
      expect(written.stderr).toBe('');
      expect(written.code).toBe(0);
      const text = movetext(written.stdout).replace('{a comment sends the game the full way} ', '');
      expect(text).toBe('1. e4 Sf6 2. e5 d5 3. e:d6 e.p. Sc6 4. d4 e5 5. d5 e4 6. f4 e:f3 e.p. 7. d:c6 b:c6 8. S:f3 Sd5 9. g4 h5 10. g5 f5 11. g:f6 e.p. g:f6 *');
      const back = await run(['convert', '-', '--to', 'en', '--from', 'pl'], { stdin: written.stdout });
      expect(back.code).toBe(0);
      expect(movetext(back.stdout)).toContain(moves.replace('{a comment sends the game the full way} ', ''));
      expect(back.stdout).not.toContain('e.p.');
    }
  });

  it('--to uci --no-move-numbers writes bare moves, which read back', async () => {
    const result = await run(['convert', '-', '--to', 'uci', '--no-move-numbers'], { stdin: game('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *') });
    expect(result.code).toBe(0);
    expect(movetext(result.stdout)).toBe('e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1 g8f6 *');
    const back = await run(['convert', '-', '--to', 'en'], { stdin: result.stdout });
    expect(movetext(back.stdout)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *');
    const plain = await run(['convert', '-', '--to', 'en', '--no-move-numbers'], { stdin: game('1. e4 e5 2. Nf3 {x} Nc6 *') });
    expect(movetext(plain.stdout)).toBe('e4 e5 Nf3 {x} Nc6 *');
  });

  it('bad option values are usage errors: exit 2, one line', async () => {
    for (const args of [['--to', 'en', '--en-passant', 'yes'], ['--to', 'uci', '--en-passant', 'e.p.'], ['--to', 'en', '-j', '0']]) {
      const result = await run(['convert', '-', ...args], { stdin: game('1. e4 *') });
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('convert -o and -j', () => {
  it('-o may name the input itself: it is read whole before it is replaced', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'zapis-convert-o-'));
    try {
      const path = join(folder, 'games.pgn');
      const original = readFileSync(join(repositoryRoot, 'fixtures/seed-samples/2001-sample.pgn'), 'utf8').repeat(300);
      writeFileSync(path, original);
      const expected = await run(['convert', path, '--to', 'pl']);
      const result = await run(['convert', 'games.pgn', '--to', 'pl', '-o', 'games.pgn'], { cwd: folder });
      expect(result.code).toBe(expected.code);
      expect(readFileSync(path, 'utf8')).toBe(expected.stdout);
      expect(readdirSync(folder)).toEqual(['games.pgn']);
      const missing = await run(['convert', 'games.pgn', '--to', 'pl', '-o', 'no/such/out.pgn'], { cwd: folder });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe('zapis: cannot write no/such/out.pgn: its folder does not exist\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('-j 2 writes what -j 1 writes, games in input order, and unreadable inputs are said with exit 2', async () => {
    const files = ['fixtures/seed-samples/2001-sample.pgn', 'fixtures/seed-samples/2023-sample.pgn', 'no-such.pgn', 'fixtures/seed-samples/2023-long.pgn'];
    const one = await run(['convert', ...files, '--to', 'de', '-j', '1']);
    const two = await run(['convert', ...files, '--to', 'de', '-j', '2']);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('zapis: cannot read no-such.pgn: no such file\n');
  });
});
