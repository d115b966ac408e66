/** The round's export: the PGN downloaded or copied, a summary of what went into it, and clearing the desk. */
import { useRef, useState } from 'preact/hooks';
import { useT, type MessageKey } from '../i18n.js';
import type { RoundExport, Session, SessionState } from '../session.js';

/** One sentence of what the last export said, as a message to translate. */
interface ExportMessage {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** What an export put in the PGN and what it had to leave out, as messages. */
function summaryOf({ round, notDecoded, stillReading, noGame }: RoundExport): ExportMessage[] {
  const summary: ExportMessage[] = [{ key: 'exported', values: { games: round.games, confirmed: round.confirmed, flagged: round.flaggedLeft } }];
  if (round.withoutMoves > 0) summary.push({ key: 'exportedWithoutMoves', values: { n: round.withoutMoves } });
  if (notDecoded.length > 0) summary.push({ key: 'exportNotDecoded', values: { names: notDecoded.join(', ') } });
  if (stillReading.length > 0) summary.push({ key: 'exportStillReading', values: { names: stillReading.join(', ') } });
  if (noGame.length > 0) summary.push({ key: 'exportNoGame', values: { names: noGame.join(', ') } });
  return summary;
}

function download(pgn: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
  link.download = 'round.pgn';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function ExportPanel({ session, state }: { session: Session; state: SessionState }) {
  const t = useT();
  // The last export's summary as messages, not text: translated as it is shown, so switching the language turns it too.
  const [exported, setExported] = useState<readonly ExportMessage[] | undefined>(undefined);
  /** Counts the desk's clearings: an export still running when the desk is cleared says nothing afterwards. */
  const clearings = useRef(0);

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
    const summary = summaryOf(exportedRound);
    say(summary);
    if (copy) void navigator.clipboard?.writeText(exportedRound.round.pgn).then(() => say([{ key: 'copied' }, ...summary]));
    else download(exportedRound.round.pgn);
  };

  const nothingToExport = !state.games.some((candidate) => candidate.game);
  return (
    <section class="export">
      <button type="button" class="primary" data-testid="export" disabled={nothingToExport} onClick={() => void exportRound(false)}>{t('export')}</button>
      <button type="button" data-testid="copy" disabled={nothingToExport} onClick={() => void exportRound(true)}>{t('copy')}</button>
      {exported ? <p role="status" data-testid="export-summary">{exported.map((message) => t(message.key, message.values)).join(' ')}</p> : null}
      {/* A summary of files no longer on the desk would mislead: it goes with them. */}
      <button type="button" class="link" onClick={() => {
        clearings.current += 1;
        setExported(undefined);
        void session.clear();
      }}>{t('clear')}</button>
    </section>
  );
}
