/** The wider second search when a move of the decoded game fits its cells far worse than moves could. */
import { describe, expect, it } from 'vitest';
import { decodedMoves } from './decoded-moves.js';
import { parseTranscription } from '../src/transcription.js';
import { searchSheets, type SearchSeen } from '../src/internal.js';

/**
 * A Polish sheet from the tuning slice at 5% noise (its 73rd game). The first search keeps `Wg8`
 * (16...Rg8) for what was 16...Rf8 and later explains `Wxe4` by a move that fits it 18 nats worse than
 * a rook capture would; nothing else looked lost (no break, no unwritten moves, little noise).
 */
const NOISY = [
  '1. e4 e5', '2. Sf3 Sc6', '3s Gb5 a6', '4. Gxc6 dxc6', '5. O-O f6', '6. d4 Gg4',
  '7. dxe5 Hxd]', '8\' Wxd1 fxe5', '9. Wd3 Gxf3', '10. gxf3 GC5', '1W. Sd2 Se7', '12. Sb3 Gd6',
  '13. Sa5 O-O-O', '14. Gg6 Md7', '15. Sc4 Sg6', '1b. Wad1 Wg8', '17. Kg2 b5', '18. $xd6+ cxd6',
  '19. Wxd6 Wxd6', '20. Wxd6 Kc7', '21. Wd3 h6', '22. Gd2 Sf4+', '23. Gxf4 Wxf4', '24. ą4 g5',
  'Z5. Kg3 h5', 'z6. axb5 axb5', '27. We3 Kd6', '28. b4 KcT', '29. Kg2 Kb6', '30. Wc1 Kc7',
  '31. Wc1 Kb6', '32. c4 bxc4', '35. Wxc4 g4', '34. fx94 hxg4', '35. Kg3 Kb7', '36. Wc5 Wxe4',
  '37. b5 cxb5', '38. Wxb5+ Kb7-=6', 'p9. Wb8 )fn', '40. Wd8 Kc5',
].join('\n');

const TRUTH = [
  'e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O', 'f6', 'd4', 'Bg4',
  'dxe5', 'Qxd1', 'Rxd1', 'fxe5', 'Rd3', 'Bxf3', 'gxf3', 'Bc5', 'Nd2', 'Ne7', 'Nb3', 'Bd6',
  'Na5', 'O-O-O', 'Bg5', 'Rd7', 'Nc4', 'Ng6', 'Rad1', 'Rf8', 'Kg2', 'b5', 'Nxd6+', 'cxd6',
  'Rxd6', 'Rxd6', 'Rxd6', 'Kc7', 'Rd3', 'h6', 'Bd2', 'Nf4+', 'Bxf4', 'Rxf4', 'a4', 'g5',
  'Kg3', 'h5', 'axb5', 'axb5', 'Re3', 'Kb6', 'b4', 'Kc7', 'Kg2', 'Kb6', 'Re1', 'Kc7',
  'Rc1', 'Kb6', 'c4', 'bxc4', 'Rxc4', 'g4', 'fxg4', 'hxg4', 'Kg3', 'Kb7', 'Rc5', 'Rxe4',
  'b5', 'cxb5', 'Rxb5+', 'Kc6', 'Rb8', 'Rf4', 'Rd8', 'Kc5',
];

describe('a game the first search lost', () => {
  it('is searched again, wider, when a move fits its cells far worse than moves could', () => {
    const moves = decodedMoves(NOISY, { language: 'pl' });
    expect(moves).toHaveLength(TRUTH.length);
    const wrong = moves.filter((move, index) => move.san !== TRUTH[index]).map((move) => move.ply);
    // One ambiguous king move (27...Kd6 for Kb6, read 'Kd6') is a model error, flagged or not; the
    // lost stretch (plies 32–78) must come back.
    expect(wrong.length).toBeLessThanOrEqual(1);
    expect(moves[31].san).toBe('Rf8');
    expect(moves[71].san).toBe('Rxe4');
  });

  it('lets an observer see both searches, the wider one likelier, and decodes the same game with it as without', () => {
    const [{ sheet }] = parseTranscription(NOISY);
    const heard: SearchSeen[] = [];
    const observed = searchSheets(sheet, { language: 'pl', onSearch: (search) => heard.push(search) });
    const unobserved = searchSheets(sheet, { language: 'pl' });
    expect(heard.map((search) => search.beam)).toEqual(['narrow', 'wide']);
    expect(heard.every((search) => search.language === 'pl')).toBe(true);
    const [narrow, wide] = heard;
    expect(wide.lattice.bestScore).toBeGreaterThan(narrow.lattice.bestScore);
    // The wide lattice is the one the game was built from: its best path plays the moves decoded.
    const path: string[] = [];
    for (let node = wide.lattice.bestFinal; node?.bestEdge; node = node.bestEdge.from) path.unshift(node.bestEdge.candidate.san);
    if (!observed.ok || !unobserved.ok) throw new Error('the sheet must decode');
    expect(path).toEqual(observed.value.moves.map((move) => move.san));
    expect(observed.value.moves.map((move) => [move.san, move.confidence])).toEqual(unobserved.value.moves.map((move) => [move.san, move.confidence]));
  });
});

/**
 * A Polish sheet from the tuning slice at 5% noise (games 1–2000, every 5th: its 150th). `18. bY` is
 * 18.b4, read as b3 by the first search, which then explains later cells (`27. b5`, `31... Wb3`) by moves
 * that fit them up to 12.5 nats worse than moves could: less than the old bar of 13, more than 9.
 */
const NOISY_150 = [
  '1. d2-d4 Sf6', '2. Gg5 d5', '3. G:f6 e:f6', '4. ę3 Gd6', '5. c4 d.c4', '6 G:c4 O-o', '7. Se2 He.7', '8 Sbc3 e6',
  '9. O--O Sd7', '10: Sg3 G:g3', '11. h:g3 f5', '12. Hc2 Sf6', '13. Gd3 g6', '4. Sa4 Ge5', '15. Sc5 Gd5',
  '16. Hd2 Wfe8', '17. Wfc1 Wad8', '18. bY b6', '19. Sa6 Se4', '20. He2 S:g3', '21. f:g3 H:e3+', '22. H:e3 W:e3',
  '23. Gf5 W:g3', '24. a.4 f4', '25. Kf2 Ge4', '26. Wd1 h5', '27. b5 h4', '28. Sb4 c:b5', '29. a:b5 t3',
  '30. g:f3 W:f3+', '31. Kg1 Wb3', '32. qc6 Wd6', '33. W:a1 Wf6', '34. Wa2 Wg3+', '35. Kh2 G:c6', '36. b:c6 W:C6',
  '37. d5 Wd6', '38. Wc2 we3', '39. Wc6 W:c6', '40. d:c6 Wc3', '41. Gb5',
].join('\n');

const TRUTH_150 = [
  'd4', 'Nf6', 'Bg5', 'd5', 'Bxf6', 'exf6', 'e3', 'Bd6', 'c4', 'dxc4', 'Bxc4', 'O-O', 'Ne2', 'Qe7', 'Nbc3', 'c6',
  'O-O', 'Nd7', 'Ng3', 'Bxg3', 'hxg3', 'f5', 'Qc2', 'Nf6', 'Bd3', 'g6', 'Na4', 'Be6', 'Nc5', 'Bd5', 'Qd2', 'Rfe8',
  'Rfc1', 'Rad8', 'b4', 'b6', 'Na6', 'Ne4', 'Qe2', 'Nxg3', 'fxg3', 'Qxe3+', 'Qxe3', 'Rxe3', 'Bf1', 'Rxg3', 'a4',
  'f4', 'Kf2', 'Be4', 'Rd1', 'h5', 'b5', 'h4', 'Nb4', 'cxb5', 'axb5', 'f3', 'gxf3', 'Rxf3+', 'Kg1', 'Rb3', 'Nc6',
  'Rd6', 'Rxa7', 'Rf6', 'Ra2', 'Rg3+', 'Kh2', 'Bxc6', 'bxc6', 'Rxc6', 'd5', 'Rd6', 'Rc2', 'Re3', 'Rc6', 'Rxc6',
  'dxc6', 'Rc3', 'Bb5',
];

describe('a game the first search lost with a smaller surprise', () => {
  it('is searched again when a move fits its cells 9 or more nats worse than moves could', () => {
    const moves = decodedMoves(NOISY_150, { language: 'pl' });
    expect(moves).toHaveLength(TRUTH_150.length);
    expect(moves.filter((move, index) => move.san !== TRUTH_150[index]).map((move) => move.ply)).toEqual([]);
  });
});
