/**
 * Read scan pages to games, grouped as `zapis read` groups them (groupGames:
 * the QR's event, round, board and copy; `pair` takes games two by two as
 * White's and Black's). A page that could not be read is a failure of its
 * input and page; the other pages go on.
 */
import { outcomeFromPlain, type PlainOutcome } from '@zapis/ocr';
import { groupGames, type PageRead } from '@zapis/reading';
import type { DeskFailure } from './desk-input.js';
import type { DeskScanSource, ReadPage } from './game-source.js';

type ScanInput = { readonly id: string; readonly name: string; readonly pages: readonly PlainOutcome[] };

export function scanGames(inputs: readonly ScanInput[], pair: boolean): { games: DeskScanSource[]; failures: DeskFailure[] } {
  const failures: DeskFailure[] = [];
  const pages: PageRead[] = [];
  /** Each page read back to its plain form and its input (grouping needs the read page; the source keeps the plain one). */
  const plainOf = new Map<PageRead, { plain: ReadPage; inputId: string }>();
  for (const input of inputs) {
    if (input.pages.length === 0) failures.push({ inputId: input.id, name: input.name, code: 'no-pages', message: 'no pages were read from this file' });
    for (const plain of input.pages) {
      if (!plain.ok) {
        failures.push({ inputId: input.id, name: input.name, ...(plain.page !== undefined ? { page: plain.page } : {}), code: `read-${plain.code}`, message: plain.message });
        continue;
      }
      const outcome = outcomeFromPlain(plain);
      if (!outcome.ok) {
        failures.push({ inputId: input.id, name: input.name, page: plain.page, code: `read-${outcome.code}`, message: outcome.message });
        continue;
      }
      const page: PageRead = { file: outcome.file, page: outcome.page, read: outcome.read };
      pages.push(page);
      plainOf.set(page, { plain, inputId: input.id });
    }
  }
  const games = groupGames(pages, { pair }).map((group, index): Omit<DeskScanSource, 'of'> => {
    const first = plainOf.get(group.players[0].pages[0]);
    const inputIds = [...new Set(group.players.flatMap((player) => player.pages.map((page) => plainOf.get(page)?.inputId ?? '')))];
    return {
      id: `${first?.inputId ?? ''}#p${first?.plain.page ?? 0}`, kind: 'scan', inputIds, name: group.players[0].pages[0].file, index: index + 1,
      players: group.players.map((player) => ({
        name: player.name,
        pages: player.pages.flatMap((page) => {
          const known = plainOf.get(page);
          return known ? [known.plain] : [];
        }),
        ...(player.repeats ? { repeats: player.repeats } : {}),
      })),
    };
  });
  const perFile = new Map<string, number>();
  for (const game of games) perFile.set(game.name, (perFile.get(game.name) ?? 0) + 1);
  return { games: games.map((game) => ({ ...game, of: perFile.get(game.name) ?? 1 })), failures };
}
