/**
 * Corrections are shown: a move whose cell reads otherwise than the move
 * (marks aside) says so, with what was read; on the review list, its strongest
 * rival is named as a move.
 */
import { describe, expect, it } from 'vitest';
import { initialPosition, parseFen, type MoveDescription } from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { parsePgn } from '@zapis/notation';
import { describeLegalMoves } from '../src/candidate-moves.js';
import { decodedGamePgn, decodeText, type DecodedMove } from '../src/index.js';
import { isCorrection, readingContent } from '../src/corrections.js';

function moveIn(fen: string | undefined, san: string): MoveDescription {
  const position = fen ? parseFen(fen) : undefined;
  if (position && !position.ok) throw new Error(position.error.message);
  const found = describeLegalMoves(position ? position.value : initialPosition()).find((description) => englishSan(description).replace(/[+#]$/, '') === san);
  if (!found) throw new Error(`no ${san}`);
  return found;
}

/** Barden – Adams, Hastings 1951 (game 1 of gnu-book), written the Polish way; three cells misread. */
const BARDEN_ADAMS = `[White "Barden, Leonard W"]
[Black "Adams, Michael"]
1. e4 e5
2. Sf3 Sc6
3. Gc4 Sf6
4. Sg5 d5
5. exd5 Sxd5
6. d4 Gb4+
7. c3 Ge7
8. Sxf7 Kxf7
9. Hf3+ Ke6
10. He4 Gf8
11. O-O Se7
12. f4 cb
13. fxe5 Kd7
14. Ge2 Ke8
15. c4 Sc7
16. Sc3 Ge6
17. Gg5 Hd1
18. Wad1 Wc8
19. Gxe7 Hxe7
20. d5 Hc5+
21. Kh1 cxd5
22. cxd5 Gd
23. e6 Gb5
24. Hf4 Kd8
25. Gxb5 Sxb5
26. Sxb5 Hxb5
27. d6 1-0
`;

const TRUE_GAME = ('e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 d4 Bb4+ c3 Be7 Nxf7 Kxf7 Qf3+ Ke6 Qe4 Bf8 O-O Ne7 f4 c6 fxe5 Kd7 Be2 Ke8 ' +
  'c4 Nc7 Nc3 Be6 Bg5 Qd7 Rad1 Rc8 Bxe7 Qxe7 d5 Qc5+ Kh1 cxd5 cxd5 Bd7 e6 Bb5 Qf4 Kd8 Bxb5 Nxb5 Nxb5 Qxb5 d6').split(' ');

/** The decoded moves and the PGN on one line. */
function decodeOne(text: string): { moves: readonly DecodedMove[]; pgn: string } {
  const [game] = decodeText(text, { language: 'pl' });
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  const pgn = decodedGamePgn(game.decoded.value, { tags: game.tags, ...(game.result ? { result: game.result } : {}) });
  // The writer wraps lines, comments included: one line to search in.
  return { moves: game.decoded.value.moves, pgn: pgn.replace(/\s+/g, ' ') };
}

describe('what counts as a correction', () => {
  it('leaves marks out: capture, check, mate, separators, e.p., stray dots; castling letters alike', () => {
    expect(readingContent('H:d7+')).toBe('Hd7');
    expect(readingContent('Sg1-f3')).toBe('Sg1f3');
    expect(readingContent('exd6 e.p.')).toBe('ed6');
    expect(readingContent('e8=H#')).toBe('e8H');
    expect(readingContent("Wad1.'")).toBe('Wad1');
    expect(readingContent('0-0')).toBe(readingContent('O-O'));
    expect(readingContent('o-o-o')).toBe('OOO');
  });

  it('a reading that spells the move in the language, marks aside, is not a correction', () => {
    const knight = moveIn(undefined, 'Nf3');
    for (const reading of ['Sf3', 'Sf3+', 'S:f3', 'Sg1-f3', 'Sg1f3', 'Sgf3', 'S1f3']) expect(isCorrection([reading], knight, 'pl'), reading).toBe(false);
    const pawn = moveIn(undefined, 'e4');
    for (const reading of ['e4', 'e2-e4', 'Pe4', 'e4!']) expect(isCorrection([reading], pawn, 'pl'), reading).toBe(false);
    const capture = moveIn('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'exd5');
    for (const reading of ['exd5', 'e:d5', 'ed5', 'ed', 'e4:d5']) expect(isCorrection([reading], capture, 'pl'), reading).toBe(false);
    const castling = moveIn('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O');
    for (const reading of ['0-0', 'O-O', 'o-o', '00']) expect(isCorrection([reading], castling, 'pl'), reading).toBe(false);
    const promotion = moveIn('8/4P3/8/8/8/8/k7/7K w - - 0 1', 'e8=Q');
    for (const reading of ['e8H', 'e8=H', 'e8(H)', 'e8/H', 'e8=H+']) expect(isCorrection([reading], promotion, 'pl'), reading).toBe(false);
  });

  it('a different or missing piece letter, square, origin or promotion piece is a correction', () => {
    const knight = moveIn(undefined, 'Nf3');
    // `Nf3` is English: in a Polish sheet N is no piece letter.
    for (const reading of ['Tf3', 'Sf', 'f3', 'Sf8', 'sf3', 'Nf3', 'Shf3', 'Sf3l', 'S?3']) expect(isCorrection([reading], knight, 'pl'), reading).toBe(true);
    const capture = moveIn('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'exd5');
    for (const reading of ['d5', 'xd5', 'cd5']) expect(isCorrection([reading], capture, 'pl'), reading).toBe(true);
    const castling = moveIn('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O');
    expect(isCorrection(['0-0-0'], castling, 'pl')).toBe(true);
    const promotion = moveIn('8/4P3/8/8/8/8/k7/7K w - - 0 1', 'e8=Q');
    for (const reading of ['e8', 'e8S', 'e8=Q']) expect(isCorrection([reading], promotion, 'pl'), reading).toBe(true);
  });

  it('one of a cell’s alternative readings saying the move is enough', () => {
    expect(isCorrection(['Hd1', 'Hd7'], moveIn('rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3', 'Qd7'), 'pl')).toBe(false);
  });
});

describe('decoding shows its corrections', () => {
  it('cells read `cb`, `Hd1`, `Gd` become c6, Qd7, Bd7: corrected, with what was read; the game leaves no doubt, so not on the review list', () => {
    const { moves, pgn } = decodeOne(BARDEN_ADAMS);
    expect(moves.map((move) => move.san.replace(/[+#]$/, ''))).toEqual(TRUE_GAME.map((san) => san.replace(/[+#]$/, '')));
    const byPly = new Map(moves.map((move) => [move.ply, move]));
    for (const [ply, san, read] of [[24, 'c6', 'cb'], [34, 'Qd7', 'Hd1'], [44, 'Bd7', 'Gd']] as const) {
      const move = byPly.get(ply);
      expect(move?.san).toBe(san);
      expect(move?.corrected).toBe(true);
      expect(move?.cells[0]).toMatchObject({ use: 'written', text: read, corrected: true });
      // Sure of the move, with no rival: a person would only agree (text-review-risk.ts).
      expect(move?.confidence).toBeGreaterThan(0.99);
      expect(move).toMatchObject({ review: false, reviewReasons: [] });
      expect(move?.rival).toBeUndefined();
      expect(pgn).toContain(`{read: ${read}}`);
    }
    // Everything else was read as written: not corrected, not flagged.
    const others = moves.filter((move) => ![24, 34, 44].includes(move.ply));
    expect(others.filter((move) => move.corrected)).toEqual([]);
    expect(others.filter((move) => move.review).map((move) => move.ply)).toEqual([]);
    // The PGN still reads as the true game, comments and all.
    const [game] = parsePgn(pgn);
    expect(game.moves.filter((node) => node.kind === 'move')).toHaveLength(TRUE_GAME.length);
    expect(pgn).toMatch(/Qd7 \{read: Hd1\} (?!\{review)/);
  });

  it('a missing or different capture or check mark is no correction', () => {
    const text = BARDEN_ADAMS.replace('12. f4 cb', '12. f4 c6').replace('17. Gg5 Hd1', '17. Gg5 Hd7').replace('22. cxd5 Gd', '22. cxd5 Gd7')
      .replace('8. Sxf7 Kxf7', '8. Sf7 K:f7').replace('9. Hf3+ Ke6', '9. Hf3 Ke6+').replace('6. d4 Gb4+', '6. d4 Gb4');
    const { moves, pgn } = decodeOne(text);
    expect(moves.filter((move) => move.corrected)).toEqual([]);
    expect(moves.filter((move) => move.review)).toEqual([]);
    expect(pgn).not.toContain('{read:');
  });

  it('a move in doubt names its strongest rival as a move, and so does a move nobody wrote', () => {
    const { moves, pgn } = decodeOne('1. e4 e5\n2. S?3 Sc6\n3. Gb5 a6\n4. ... Sf6\n5. 0-0 Ge7\n');
    const doubtful = moves[2];
    expect(doubtful.review).toBe(true);
    expect(doubtful.cells[0].text).toBe('S?3');
    expect(doubtful.rival?.kind).toBe('move');
    if (doubtful.rival?.kind === 'move') expect(['Nf3', 'Nc3', 'Nh3', 'Na3', 'Ne2']).toContain(doubtful.rival.san);
    const unwritten = moves[6];
    expect(unwritten.reviewReasons).toContain('unwritten');
    expect(unwritten.rival?.kind).toBe('move');
    for (const move of moves.filter((each) => each.review)) {
      expect(move.rival, `ply ${move.ply}`).toBeDefined();
      if (move.rival?.kind === 'move') expect(move.rival.san).not.toBe(move.san);
    }
    expect(pgn).toMatch(/\{read: S\?3\} \{review: [a-z, ]+; confidence \d\.\d\d; or N[a-h][1-8] /);
    expect(pgn).toMatch(/\{review: [a-z, ]*not written on the sheet; confidence \d\.\d\d; or [A-Za-z0-9+#=-]+ \(/);
  });
});
