/**
 * A game's read cells as the decoder's sheets: each cell's texts, its place, and the reader's scorers. An empty cell
 * inside the game (a gap) is left out: the decoder then finds the move the game needs there as one not written.
 */
import type { Sheet } from '@zapis/decode';
import type { CellsByPly } from './cells-on-scan.js';
import type { GameGroup } from './group-games.js';

export function decoderSheets(group: GameGroup, byPly: CellsByPly): Sheet[] {
  return group.players.map((player, index) => ({
    name: player.name,
    cells: [...byPly[index].values()].filter(({ cell }) => cell.written !== false).sort((a, b) => a.cell.place.ply - b.cell.place.ply).map(({ cell }) => ({
      readings: cell.reading.alternatives.map((alternative) => ({ text: alternative.text, confidence: alternative.confidence })),
      source: { line: cell.place.moveNumber, column: cell.place.side === 'white' ? 1 : 2, moveNumber: cell.place.moveNumber, ply: cell.place.ply },
      ...(cell.reading.score ? { score: cell.reading.score } : {}),
      ...(cell.reading.score && cell.reading.scoreBound ? { scoreBound: cell.reading.scoreBound } : {}),
      ...(cell.reading.witnesses ? { witnesses: cell.reading.witnesses } : {}),
    })),
  }));
}
