/** The game selected for review, its moves wired to the session: confirm, unconfirm, type a move. */
import { GameView } from './game-view.js';
import type { GameEntry, Session, SessionState } from '../session.js';

export function SelectedGame({ session, state, entry }: { session: Session; state: SessionState; entry: GameEntry }) {
  const game = entry.game;
  const ply = state.selectedPly;
  return (
    <GameView entry={entry} inputs={state.inputs} selectedPly={ply} onSelect={(selected) => session.selectPly(selected)}
      onRedecodingShown={() => session.redecodingShown()}
      actions={{
        confirm: (san) => { if (ply !== undefined) void session.confirm(entry.source.id, ply, san); },
        unconfirm: () => { if (ply !== undefined) void session.unconfirm(entry.source.id, ply); },
        typing: (text) => { if (ply !== undefined) session.typing(entry.source.id, ply, text); },
        typed: async (text) => {
          const move = game?.moves.find((candidate) => candidate.ply === ply);
          if (!move) return 'no move selected';
          const parsed = await session.typedMove(move.fenBefore, text);
          if (!parsed.ok) return parsed.message;
          await session.confirm(entry.source.id, move.ply, parsed.san);
          return undefined;
        },
      }} />
  );
}
