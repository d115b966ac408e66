/** Test helper: the moves of a PGN (a fixture's truth, or what roundPgn wrote) as @zapis/game replays them. */
import { analyseGame } from '@zapis/game';
import { parsePgn } from '@zapis/notation';

export function pgnGames(text: string): { san: readonly string[]; tags: Readonly<Record<string, string>>; errors: number }[] {
  return parsePgn(text).map((game) => {
    const report = analyseGame(game, { repair: false });
    return { san: report.san, tags: report.tags, errors: report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length };
  });
}

/** PGN text with its lines joined: the writer wraps at 80 columns wherever a comment falls. */
export const oneLine = (pgn: string): string => pgn.replace(/\s+/g, ' ');
