/** The review's keys, for moving through a game's flagged moves and deciding them without the mouse. */
import { useEffect } from 'preact/hooks';
import type { Session } from '../session.js';

/**
 * n / p: next and previous flagged move; 1–3: pick an alternative; a: accept the move as decoded. The selection
 * is read from the session when the key comes: a key pressed right after `n`, before the page has re-rendered,
 * acts on the move `n` selected, not the one before it.
 */
export function useReviewKeys(session: Session): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const state = session.current;
      const game = state.games.find((entry) => entry.source.id === state.selectedGame)?.game;
      if (!game || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const flagged = game.flagged;
      const current = state.selectedPly;
      const move = game.moves.find((candidate) => candidate.ply === current);
      if (event.key === 'n' || event.key === 'p') {
        if (flagged.length === 0) return;
        const next = event.key === 'n'
          ? flagged.find((ply) => current === undefined || ply > current) ?? flagged[0]
          : [...flagged].reverse().find((ply) => current === undefined || ply < current) ?? flagged[flagged.length - 1];
        session.selectPly(next);
      } else if (/^[1-3]$/.test(event.key) && move) {
        const alternative = move.alternatives[Number(event.key) - 1];
        if (alternative) void session.confirm(game.id, move.ply, alternative.san);
      } else if (event.key === 'a' && move) {
        void session.confirm(game.id, move.ply, move.san);
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}
