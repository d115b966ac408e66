/**
 * A desk worker that searches deep decodes a badly read scan as `zapis read` does: fixtures/scans/pair-black.jpg
 * (Black's copy of the pair, in a hand the readers find hard), read as the browser's reader reads it and decoded by
 * a kept game with `deepSearch`, is the game `decodeGroup` gives with the command's options (cross-check, review by
 * risk, deep search), where the narrow search decodes moves otherwise. A confirmation then goes on from the deep
 * search.
 */
import { SearchCache } from '@zapis/decode';
import { outcomeFromPlain } from '@zapis/ocr';
import { decodeGroup, groupGames, type PageRead } from '@zapis/reading';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeDeskGame, decodeKeptGame, gamesOf, type DeskGame, type DeskGameSource, type KeptGame } from '../src/index.js';
import { scanPages } from './scan-pages.js';

const sans = (game: DeskGame): string[] => game.moves.map((move) => move.san);

describe('a scan searched deep on the desk', () => {
  let source: DeskGameSource;
  let pages: PageRead[];
  /** The game kept by a worker that searches deep, and its first decode (no confirmations). */
  let kept: KeptGame;
  let deep: DeskGame;
  beforeAll(async () => {
    const read = (await scanPages('pair-black.jpg')).pages;
    [source] = gamesOf([{ kind: 'scan', id: 'scan-1', name: 'pair-black.jpg', pages: read }]).games;
    pages = read.flatMap((plain) => {
      const outcome = outcomeFromPlain(plain);
      return outcome.ok ? [{ file: outcome.file, page: outcome.page, read: outcome.read }] : [];
    });
    kept = { key: 'k', source, reuse: new SearchCache() };
    deep = decodeKeptGame(kept, new Map(), undefined, { deepSearch: true });
  });

  it('decodes the game zapis read decodes, where the narrow search decodes moves otherwise', () => {
    // `zapis read`'s decode of the same readings (apps/cli's read command: --reader auto, review by risk, --deep).
    const [group] = groupGames(pages, { pair: false });
    const command = decodeGroup(group, { crossCheck: true, review: 'risk', deepSearch: true });
    expect(command.decoded.ok).toBe(true);
    const commandGame = command.decoded.ok ? command.decoded.value : undefined;
    expect(sans(deep)).toEqual(commandGame?.moves.map((move) => move.san));
    expect(deep.flagged).toEqual(commandGame?.review);
    // The narrow search's game (what the desk shows first, and all it showed before): other moves.
    expect(sans(decodeDeskGame(source))).not.toEqual(sans(deep));
  });

  it('goes on from the deep search after a confirmation: the game is the one a deep decode with it gives afresh', () => {
    const ply = deep.flagged[0];
    const confirmations = new Map([[ply, deep.moves[ply - 1].alternatives[0]?.san ?? deep.moves[ply - 1].san]]);
    const confirmed = decodeKeptGame(kept, confirmations, undefined, { deepSearch: true });
    expect(confirmed.moves[ply - 1]).toMatchObject({ san: confirmations.get(ply), confirmed: true });
    const afresh = decodeDeskGame(source, confirmations, { deepSearch: true });
    expect(sans(confirmed)).toEqual(sans(afresh));
    expect(confirmed.flagged).toEqual(afresh.flagged);
  });
});
