/** The decoded game is the one with the most moves right on average (MBR), not the single likeliest (Viterbi). */
import { describe, expect, it } from 'vitest';
import { decodedMoves } from './decoded-moves.js';

/**
 * A Polish sheet from the tuning slice at 5% noise (games 1–2000, every 5th: its 233rd), written by a
 * player who leaves out capture marks. Nobody wrote 26.Qf1; then `Wa6` is 26...Rxa6 if White's unwritten
 * move left the bishop on a6, 26...Ra6 if it moved the bishop away. The single likeliest game moves the
 * bishop (26.Bxc8 Ra6); most of the probability, summed over every unwritten move, leaves it (…Rxa6).
 */
const NOISY = [
  '1. d4 d5', '2. Sf3 Sf6', '3. c4 c6', '4. Sc3 e6', '5. e3 Sbd7', '6. Gd3 dc4', '7- Gc4 b5', '8. Gd3 Gb7',
  '9. a3 64', '0. Se4 a5', '11. O-O h5', 'l2. Gc4 Hb6', '13. Sc5 Gc8', '14. Hd2 Ha6', '15. Gd Sf4',
  '16. He2 Hc4', '17. Gc4 Mg8', '1B. "d2 Sh5', '19. Wf1 Se5', '20. Gc3 Sg4', '21. Ga6, f6', '22. Wdt Wa7',
  '23. Wdb1 Gd6', '24. a4 Gc5', '25. Wa2 fb-f5', '26. ... Wa6', '27. We1 Gd4', '28. g3 Shf6',
].join('\n');

describe('the decoded game', () => {
  it('takes each move by its posterior over all games, not from the single likeliest game', () => {
    const moves = decodedMoves(NOISY, { language: 'pl' });
    expect(moves).toHaveLength(56);
    const rookMove = moves[51];
    expect(rookMove.san).toBe('Rxa6');
    // The likeliest game's move stays on record as the alternative, with the probability the lattice gives it.
    expect(rookMove.alternatives[0]?.san).toBe('Ra6');
    expect(rookMove.alternatives[0]?.probability).toBeLessThan(rookMove.confidence);
  });
});
