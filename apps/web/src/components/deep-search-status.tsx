/**
 * That the desk is still working on a scan game: the game shown is the narrow search's first answer, and the deep
 * search `zapis read` runs is under way in the background, or waits for the sheets still being read. Its answer may
 * still change moves (never the ones the person confirmed), so the person is told, and screen readers with them.
 */
import { useT } from '../i18n.js';
import type { GameEntry } from '../session.js';

export function DeepSearchStatus({ entry }: { entry: GameEntry }) {
  const t = useT();
  if (entry.deepSearch !== 'searching' && entry.deepSearch !== 'waiting') return null;
  return (
    <p class="deep-search" role="status" data-testid="deep-search" data-state={entry.deepSearch}>
      <span class="spinner" aria-hidden="true" />
      {t(entry.deepSearch === 'waiting' ? 'deepSearchWaiting' : 'deepSearching')}
    </p>
  );
}
