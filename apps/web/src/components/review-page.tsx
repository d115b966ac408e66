/** Reading and reviewing: files and texts in, the games found, the selected game, and the round's export. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT, type MessageKey, type Translate } from '../i18n.js';
import type { InputEntry, Session, SessionState } from '../session.js';
import { GameView } from './game-view.js';
import type { DeskFailure } from '@zapis/desk';

/** One sentence of what the last export said, as a message to translate. */
interface ExportMessage {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** The page of a scan a failure is on, as a prefix ('page 2: '), or nothing (a text's message names its line itself). */
function placeOf(failure: DeskFailure, t: Translate): string {
  return failure.page !== undefined ? `${t('failurePage', { n: failure.page })}: ` : '';
}

const STATUS_KEY: Record<InputEntry['status'], MessageKey> = {
  queued: 'statusQueued', model: 'statusModel', reading: 'statusReading', rendering: 'statusRendering', done: 'statusDone', error: 'statusError',
};

export function ReviewPage({ session, state }: { session: Session; state: SessionState }) {
  const t = useT();
  const [pasted, setPasted] = useState('');
  // The last export's summary as messages, not text: translated as it is shown, so switching the language turns it too.
  const [exported, setExported] = useState<readonly ExportMessage[] | undefined>(undefined);
  /** Counts the desk's clearings: an export still running when the desk is cleared says nothing afterwards. */
  const clearings = useRef(0);
  const entry = state.games.find((game) => game.source.id === state.selectedGame);
  const game = entry?.game;
  useKeyboard(session);

  const exportRound = async (copy: boolean) => {
    const decoding = session.decodingGames;
    if (decoding > 0) setExported([{ key: 'exportWaiting', values: { n: decoding } }]);
    const clearing = clearings.current;
    // The PGN asked for is still written; only its summary is not shown on a desk cleared meanwhile.
    const say = (summary: readonly ExportMessage[]) => {
      if (clearing === clearings.current) setExported(summary);
    };
    const exportedRound = await session.exportRound();
    if ('failed' in exportedRound) {
      // Never a click that does nothing: the person learns the PGN was not written, and why.
      say([{ key: 'exportFailed', values: { m: exportedRound.failed } }]);
      return;
    }
    const { round, notDecoded, stillReading, noGame } = exportedRound;
    const summary: ExportMessage[] = [{ key: 'exported', values: { games: round.games, confirmed: round.confirmed, flagged: round.flaggedLeft } }];
    if (round.withoutMoves > 0) summary.push({ key: 'exportedWithoutMoves', values: { n: round.withoutMoves } });
    if (notDecoded.length > 0) summary.push({ key: 'exportNotDecoded', values: { names: notDecoded.join(', ') } });
    if (stillReading.length > 0) summary.push({ key: 'exportStillReading', values: { names: stillReading.join(', ') } });
    if (noGame.length > 0) summary.push({ key: 'exportNoGame', values: { names: noGame.join(', ') } });
    say(summary);
    if (copy) {
      void navigator.clipboard?.writeText(round.pgn).then(() => say([{ key: 'copied' }, ...summary]));
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([round.pgn], { type: 'application/x-chess-pgn' }));
    link.download = 'round.pgn';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  // Failures of files no longer listed (or never listed) are not lost: they get a list of their own.
  const unlisted = state.failures.filter((failure) => !state.inputs.some((input) => input.id === failure.inputId));
  const [dragging, setDragging] = useState(false);
  const takeFiles = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    void session.addFiles([...(input.files ?? [])]);
    // The same file chosen again is read again.
    input.value = '';
  };
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
        <label class="file-pick">
          <span>{t('addFiles')}</span>
          <input type="file" multiple data-testid="file-input" accept=".png,.jpg,.jpeg,.pdf,.txt,.pgn,image/png,image/jpeg,application/pdf,text/plain"
            onClick={() => session.warmReader()} onChange={takeFiles} />
        </label>
        <label class="file-pick camera">
          <span>{t('takePhoto')}</span>
          <input type="file" accept="image/*" capture="environment" data-testid="camera-input"
            onClick={() => session.warmReader()} onChange={takeFiles} />
        </label>
        <form onSubmit={(event) => {
          event.preventDefault();
          if (pasted.trim() === '') return;
          void session.addText(pasted, t('pastedName', { n: state.inputs.filter((input) => input.kind === 'text').length + 1 }));
          setPasted('');
        }}>
          <label>{t('pasteLabel')}
            <textarea rows={4} value={pasted} data-testid="paste-text" onInput={(event) => setPasted((event.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          <button type="submit" data-testid="paste-submit">{t('pasteButton')}</button>
        </form>
        {state.inputs.length > 0 ? (
          <section aria-labelledby="inputs-heading">
            <h2 id="inputs-heading">{t('inputs')}</h2>
            <ul class="inputs" data-testid="inputs">
              {state.inputs.map((input) => (
                <li key={input.id} data-input={input.name} data-status={input.status}>
                  <span class="name">{input.name}</span>{' '}
                  {input.kind === 'scan' || input.status === 'error'
                    ? <span class={`status status-${input.status}`}>{t(STATUS_KEY[input.status], { s: (input.seconds ?? 0).toFixed(1) })}</span> : null}
                  {input.message ? <p role="alert" class="error" data-testid="input-error">{input.message}</p> : null}
                  {/* What went wrong in a file read well (a text with no game, a page without a sheet) stands under its name too. */}
                  {input.message ? null : state.failures.filter((failure) => failure.inputId === input.id).map((failure, index) => (
                    <p key={index} role="alert" class="error" data-testid="failure">{placeOf(failure, t)}{failure.message}</p>
                  ))}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {unlisted.length > 0 ? (
          <ul class="failures">
            {unlisted.map((failure, index) => (
              <li key={index} role="alert" class="error" data-testid="failure">{failure.name}: {placeOf(failure, t)}{failure.message}</li>
            ))}
          </ul>
        ) : null}
        <section aria-labelledby="games-heading" data-testid="games-section" data-grouping={String(state.grouping > 0)}>
          <h2 id="games-heading">{t('games')}</h2>
          {state.games.length === 0 ? <p class="quiet">{t('noGames')}</p> : (
            <ul class="games" data-testid="games">
              {state.games.map((candidate) => (
                <li key={candidate.source.id}>
                  <button type="button" aria-current={candidate.source.id === state.selectedGame ? 'true' : undefined}
                    onClick={() => session.select(candidate.source.id)}>
                    {candidate.game?.title ?? candidate.source.id}
                    {candidate.game ? <span class="badge">{t('flagged', { n: candidate.game.flagged.length })}</span> : <span class="badge">{t('statusDecoding')}</span>}
                    {candidate.game && candidate.game.confirmedCount > 0 ? <span class="badge confirmed">{t('confirmedCount', { n: candidate.game.confirmedCount })}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section class="export">
          <button type="button" class="primary" data-testid="export" disabled={!state.games.some((candidate) => candidate.game)} onClick={() => void exportRound(false)}>{t('export')}</button>
          <button type="button" data-testid="copy" disabled={!state.games.some((candidate) => candidate.game)} onClick={() => void exportRound(true)}>{t('copy')}</button>
          {exported ? <p role="status" data-testid="export-summary">{exported.map((message) => t(message.key, message.values)).join(' ')}</p> : null}
          {/* A summary of files no longer on the desk would mislead: it goes with them. */}
          <button type="button" class="link" onClick={() => {
            clearings.current += 1;
            setExported(undefined);
            void session.clear();
          }}>{t('clear')}</button>
        </section>
      </aside>
      <main class="main" id="main">
        {entry ? (
          <GameView entry={entry} inputs={state.inputs} selectedPly={state.selectedPly} onSelect={(ply) => session.selectPly(ply)}
            onRedecodingShown={() => session.redecodingShown()}
            actions={{
              confirm: (san) => { if (state.selectedPly !== undefined) void session.confirm(entry.source.id, state.selectedPly, san); },
              unconfirm: () => { if (state.selectedPly !== undefined) void session.unconfirm(entry.source.id, state.selectedPly); },
              typing: (text) => { if (state.selectedPly !== undefined) session.typing(entry.source.id, state.selectedPly, text); },
              typed: async (text) => {
                const move = game?.moves.find((candidate) => candidate.ply === state.selectedPly);
                if (!move) return 'no move selected';
                const parsed = await session.typedMove(move.fenBefore, text);
                if (!parsed.ok) return parsed.message;
                await session.confirm(entry.source.id, move.ply, parsed.san);
                return undefined;
              },
            }} />
        ) : <p class="quiet intro">{t('offline')}</p>}
      </main>
    </div>
  );
}

/**
 * n / p: next and previous flagged move; 1–3: pick an alternative; a: accept the move as decoded. The selection
 * is read from the session when the key comes: a key pressed right after `n`, before the page has re-rendered,
 * acts on the move `n` selected, not the one before it.
 */
function useKeyboard(session: Session): void {
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
