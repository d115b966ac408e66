/** The games found on the desk, each with its flagged and confirmed moves; a click selects one. */
import { useT } from '../i18n.js';
import type { Session, SessionState } from '../session.js';

export function GameList({ session, state }: { session: Session; state: SessionState }) {
  const t = useT();
  return (
    <section aria-labelledby="games-heading" data-testid="games-section" data-grouping={String(state.grouping > 0)}>
      <h2 id="games-heading">{t('games')}</h2>
      {state.games.length === 0 ? <p class="quiet">{t('noGames')}</p> : (
        <ul class="games" data-testid="games">
          {state.games.map((candidate) => (
            <li key={candidate.source.id} data-game-id={candidate.source.id} data-deep={candidate.deepSearch ?? 'none'}>
              <button type="button" aria-current={candidate.source.id === state.selectedGame ? 'true' : undefined}
                onClick={() => session.select(candidate.source.id)}>
                {candidate.game?.title ?? candidate.source.id}
                {candidate.game ? <span class="badge">{t('flagged', { n: candidate.game.flagged.length })}</span> : <span class="badge">{t('statusDecoding')}</span>}
                {candidate.deepSearch === 'searching' || candidate.deepSearch === 'waiting' ? <span class="badge deep">{t('deepSearchingBadge')}</span> : null}
                {candidate.game && candidate.game.confirmedCount > 0 ? <span class="badge confirmed">{t('confirmedCount', { n: candidate.game.confirmedCount })}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
