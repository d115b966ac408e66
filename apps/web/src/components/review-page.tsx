/** Reading and reviewing: files and texts in, the games found, the selected game, and the round's export. */
import { useState } from 'preact/hooks';
import { useT } from '../i18n.js';
import type { Session, SessionState } from '../session.js';
import { AddInputs } from './add-inputs.js';
import { ExportPanel } from './export-panel.js';
import { GameList } from './game-list.js';
import { InputList } from './input-list.js';
import { useReviewKeys } from './review-keys.js';
import { SelectedGame } from './selected-game.js';

export function ReviewPage({ session, state }: { session: Session; state: SessionState }) {
  const t = useT();
  const [dragging, setDragging] = useState(false);
  const entry = state.games.find((game) => game.source.id === state.selectedGame);
  useReviewKeys(session);
  return (
    <div class={`review-page${dragging ? ' dragging' : ''}`} data-testid="drop-zone"
      onDragOver={(event) => { event.preventDefault(); setDragging(true); session.warmReader(); }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const files = [...(event.dataTransfer?.files ?? [])];
        if (files.length > 0) void session.addFiles(files);
      }}>
      <aside class="sidebar">
        <AddInputs session={session} state={state} />
        <InputList state={state} />
        <GameList session={session} state={state} />
        <ExportPanel session={session} state={state} />
      </aside>
      <main class="main" id="main">
        {entry ? <SelectedGame session={session} state={state} entry={entry} /> : <p class="quiet intro">{t('offline')}</p>}
      </main>
    </div>
  );
}
