/**
 * The decoded game as a move list. Its items are the app's DOM contract:
 * `li[data-ply][data-san][data-review]` (see the README).
 */
import type { DeskGame } from '@zapis/desk';
import { useT } from '../i18n.js';

export function FlaggedList({ game, selectedPly, onSelect }: { game: DeskGame; selectedPly: number | undefined; onSelect: (ply: number) => void }) {
  const t = useT();
  const byPly = new Map(game.moves.map((move) => [move.ply, move]));
  return (
    <section class="flagged" aria-labelledby="flagged-heading">
      <h3 id="flagged-heading">{t('toReview')} <span class="count" data-testid="flagged-count">{game.flagged.length}</span></h3>
      {game.flagged.length === 0 ? <p class="quiet">{t('nothingToReview')}</p> : (
        <div class="flagged-moves">
          {game.flagged.map((ply) => {
            const move = byPly.get(ply);
            return (
              <button type="button" key={ply} data-flagged-ply={ply} aria-pressed={ply === selectedPly} onClick={() => onSelect(ply)}>
                {move ? `${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.written}` : `#${ply}`}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

export function MoveList({ game, selectedPly, onSelect }: { game: DeskGame; selectedPly: number | undefined; onSelect: (ply: number) => void }) {
  const t = useT();
  return (
    <section aria-labelledby="moves-heading">
      <h3 id="moves-heading">{t('moves')}</h3>
      <ol class="move-list" data-testid="move-list">
        {game.moves.map((move) => (
          <li key={move.ply} data-ply={move.ply} data-san={move.san} data-review={String(move.review)} data-confirmed={String(move.confirmed)}
            class={`${move.review ? 'flagged' : ''}${move.confirmed ? ' confirmed' : ''}${move.ply === selectedPly ? ' selected' : ''}`}>
            <button type="button" aria-current={move.ply === selectedPly ? 'true' : undefined} onClick={() => onSelect(move.ply)}>
              {move.side === 'white' ? <span class="number">{move.moveNumber}.</span> : null}
              {move.written}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
