/**
 * A kept game decoded as the desk worker decodes it (decodeKeptGame), with decodes ahead between requests. Found
 * in CI: the wide search is primed with the game as it stands, which with no confirmations is the game as read;
 * stopped by the person's request, that decode came back as a failed game and was kept as the game as read, so the
 * confirmation that followed flagged the moves it changed without saying what the game as read had there.
 */
import { describe, expect, it } from 'vitest';
import {
  DecodeAhead, KeptGames, decodeDeskGame, decodeKeptGame, gamesOf, keptAheadGames, confirmationKey, likelyConfirmations, requestTag, type Confirmations, type DeskGame,
} from '../src/index.js';

const text = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n';
const [source] = gamesOf([{ kind: 'text', id: 'ruy-lopez', name: 'ruy-lopez.txt', text }]).games;

describe('a kept game decoded between decodes ahead', () => {
  it('keeps the game as read when priming the wide search is stopped, and a confirmation is told against it', () => {
    const kept = new KeptGames();
    const game = kept.take(source.id, 'material', source, () => 'material')!;
    const asRead = decodeKeptGame(game, new Map());
    expect(asRead.moves.map((move) => move.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7']);
    game.last = { confirmations: new Map(), game: asRead };
    const steps: (() => void)[] = [];
    const waiting = new Int32Array(new SharedArrayBuffer(8));
    const decodedAhead: Confirmations[] = [];
    const request = new Map([[1, 'd4']]);
    const ahead = new DecodeAhead({
      ...keptAheadGames(kept),
      decode: (_id, confirmations) => {
        decodedAhead.push(confirmations);
        // Priming decodes the game as it stands, here with no confirmations: the person's request arrives meanwhile.
        if (confirmations.size === 0) {
          Atomics.store(waiting, 1, requestTag(source.id, request));
          Atomics.store(waiting, 0, 1);
        }
        return decodeKeptGame(game, confirmations);
      },
    }, { later: (step) => steps.push(step) });
    ahead.attach(waiting);
    ahead.look(source.id, 1);
    while (steps.length > 0) steps.shift()!();
    const likely = likelyConfirmations(asRead, new Map(), { ply: 1 });
    expect(likely.length).toBeGreaterThan(0);
    expect(decodedAhead.map((confirmations) => confirmations.size)).toEqual([...likely.map(() => 1), 0]);
    expect([ahead.finished, ahead.stopped]).toEqual([likely.length, 1]);
    expect(game.asRead).toEqual(asRead);
    // The request: 1. d4. The moves it shifts are flagged as changed, naming what the game as read had.
    ahead.taken();
    const decoded: DeskGame = decodeKeptGame(game, request);
    expect(decoded).toEqual(decodeDeskGame(source, request, { language: 'en' }));
    const sixth = decoded.moves[5];
    expect(sixth.san).not.toBe('a6');
    expect(sixth.reviewReasons).toContain('changed');
    expect(sixth.was).toEqual({ san: 'a6', written: 'a6' });
  });

  it('decodes the game as read first, once, when the first decode already has confirmations', () => {
    const kept = new KeptGames();
    const game = kept.take(source.id, 'material', source, () => 'material')!;
    const confirmations = new Map([[1, 'd4']]);
    expect(decodeKeptGame(game, confirmations)).toEqual(decodeDeskGame(source, confirmations));
    expect(game.asRead).toEqual(decodeDeskGame(source));
    expect(game.language).toBe('en');
  });

  it('starts no decode ahead while a request that is no decode waits (a typed move, say)', () => {
    const kept = new KeptGames();
    const game = kept.take(source.id, 'material', source, () => 'material')!;
    game.last = { confirmations: new Map(), game: decodeKeptGame(game, new Map()) };
    const steps: (() => void)[] = [];
    // One request waiting, its tag 0: not a decode.
    const waiting = new Int32Array(new SharedArrayBuffer(8));
    Atomics.store(waiting, 0, 1);
    let decodes = 0;
    const ahead = new DecodeAhead({
      ...keptAheadGames(kept),
      decode: (_id, confirmations) => {
        decodes += 1;
        return decodeKeptGame(game, confirmations);
      },
    }, { later: (step) => steps.push(step) });
    ahead.attach(waiting);
    ahead.look(source.id, 1);
    for (let step = 0; step < 5 && steps.length > 0; step += 1) steps.shift()!();
    expect([decodes, ahead.finished, ahead.stopped, steps.length]).toEqual([0, 0, 0, 0]);
    // Taken and handled: the decodes ahead go on.
    ahead.taken();
    ahead.schedule();
    while (steps.length > 0) steps.shift()!();
    expect(ahead.finished).toBe(likelyConfirmations(game.last.game, new Map(), { ply: 1 }).length + 1);
  });

  it('decodes a move being typed ahead of everything else, and answers the request for it', () => {
    const kept = new KeptGames();
    const game = kept.take(source.id, 'material', source, () => 'material')!;
    game.last = { confirmations: new Map(), game: decodeKeptGame(game, new Map()) };
    const steps: (() => void)[] = [];
    const decoded: string[] = [];
    const ahead = new DecodeAhead({
      ...keptAheadGames(kept),
      decode: (_id, confirmations) => {
        decoded.push(confirmationKey(confirmations));
        return decodeKeptGame(game, confirmations);
      },
    }, { later: (step) => steps.push(step) });
    ahead.attach(new Int32Array(new SharedArrayBuffer(8)));
    ahead.look(source.id, 1);
    steps.shift()!();
    const likely = likelyConfirmations(game.last.game, new Map(), { ply: 1 }).map(confirmationKey);
    expect(decoded).toEqual(likely.slice(0, 1));
    // 1. d4 is no likely choice (nothing read there resembles it); typed, it is decoded next, before the others.
    const typed = new Map([[1, 'd4']]);
    expect(likely).not.toContain(confirmationKey(typed));
    ahead.typed(source.id, 1, 'd4');
    steps.shift()!();
    expect(decoded).toEqual([likely[0], confirmationKey(typed)]);
    expect(ahead.answer(source.id, confirmationKey(typed))).toEqual(decodeDeskGame(source, typed, { language: 'en' }));
    // Then the rest of the plan, as before.
    while (steps.length > 0) steps.shift()!();
    expect(decoded.slice(2)).toEqual([...likely.slice(1), confirmationKey(new Map())]);
  });

  it('keeps decodes ahead for the game looked at only: they hold the searches and the reuse they ran with', () => {
    const kept = new KeptGames();
    const [other] = gamesOf([{ kind: 'text', id: 'scotch', name: 'scotch.txt', text: '1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Nf6\n' }]).games;
    const games = [source, other].map((each) => {
      const game = kept.take(each.id, 'material', each, () => 'material')!;
      game.last = { confirmations: new Map(), game: decodeKeptGame(game, new Map()) };
      return game;
    });
    const steps: (() => void)[] = [];
    const ahead = new DecodeAhead(keptAheadGames(kept), { later: (step) => steps.push(step) });
    ahead.attach(new Int32Array(new SharedArrayBuffer(8)));
    const firstLikely = (index: number): string => confirmationKey(likelyConfirmations(games[index].last!.game, new Map(), { ply: 1 })[0]);
    ahead.look(source.id, 1);
    while (steps.length > 0) steps.shift()!();
    expect(ahead.answer(source.id, firstLikely(0))).toBeDefined();
    // The person moves on to the other game: the first game's answers go.
    ahead.look(other.id, 1);
    while (steps.length > 0) steps.shift()!();
    expect(ahead.answer(other.id, firstLikely(1))).toBeDefined();
    expect(ahead.answer(source.id, firstLikely(0))).toBeUndefined();
    // Back to the first game: its likely choices are decoded again.
    ahead.look(source.id, 1);
    while (steps.length > 0) steps.shift()!();
    expect(ahead.answer(source.id, firstLikely(0))).toEqual(decodeDeskGame(source, likelyConfirmations(games[0].last!.game, new Map(), { ply: 1 })[0], { language: 'en' }));
    expect(ahead.answer(other.id, firstLikely(1))).toBeUndefined();
  });
});
