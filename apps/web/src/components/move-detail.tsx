/**
 * One move up close: each sheet's cell and what was read there, the
 * alternatives with their probabilities, a field to type the move, and the
 * board before and after.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { DeskGame, DeskMove } from '@zapis/desk';
import { isMessageKey, useT, type MessageKey, type Translate } from '../i18n.js';
import { Board } from './board.js';
import { CellCrop } from './cell-crop.js';

export interface MoveActions {
  readonly confirm: (san: string) => void;
  readonly unconfirm: () => void;
  readonly typed: (text: string) => Promise<string | undefined>;
  /** The text typed so far (the worker reads it and decodes it ahead). */
  readonly typing: (text: string) => void;
}

const percent = (p: number): string => `${(100 * p).toFixed(p >= 0.995 || p < 0.005 ? 1 : 0)}%`;

export function MoveDetail({ game, move, imageOf, actions, status }: {
  game: DeskGame; move: DeskMove; imageOf: (file: string, page: number) => Blob | undefined; actions: MoveActions;
  /** What the desk is doing with the game meanwhile (a re-decode after a choice), shown under the move's heading. */
  status?: ComponentChildren;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>(undefined);
  const label = `${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.written}`;
  const squares = move.uci ? [move.uci.slice(0, 2), move.uci.slice(2, 4)] : [];
  const shown = move.alternatives.slice(0, 3);
  // The decoder's numbers are one distribution: what the move and the alternatives shown leave is said too.
  const rest = Math.max(0, 1 - move.confidence - shown.reduce((sum, alternative) => sum + alternative.probability, 0));
  return (
    <section class="move-detail" aria-label={label} data-testid="move-detail" data-ply={move.ply}>
      {/* With the review model's risk, one sentence gives both numbers and how they relate; else the confidence alone. */}
      <h3>{label} <span class="quiet">{move.confirmed ? t('confirmed') : move.risk === undefined ? t('confidence', { p: percent(move.confidence) }) : null}</span></h3>
      {status}
      {move.risk !== undefined && !move.confirmed ? <p class="quiet" data-testid="risk">{t('risk', { r: percent(move.risk), p: percent(move.confidence) })}</p> : null}
      {move.reviewReasons.length > 0 ? (
        <p class="reasons">{t('reasons', { r: move.reviewReasons.map((reason) => reasonText(reason, move, t)).join(', ') })}</p>
      ) : null}
      {move.corrected && !move.confirmed ? <p class="reasons">{t('corrected')}</p> : null}
      <div class="crops">
        {move.cells.map((cell, sheet) => (
          <div class="crop" key={sheet}>
            <span class="quiet">{game.sheets.length > 1 ? t('sheetOf', { n: sheet + 1 }) : null}</span>
            {cell ? <CellCrop cell={cell} image={imageOf(cell.file, cell.page)} label={`${t('read')}: ${move.read[sheet] ?? ''}`} /> : null}
            <div>
              {t('read')}: <strong data-testid="read-text">{move.read[sheet] ?? t('noCell')}</strong>
              {move.readAlternatives[sheet]?.length ? (
                <span class="quiet"> ({move.readAlternatives[sheet].slice(0, 3).map((reading) => `${reading.text} ${percent(reading.confidence)}`).join(', ')})</span>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      <h4>{t('alternatives')}</h4>
      {move.alternatives.length === 0 ? <p class="quiet">{t('noAlternatives')}</p> : null}
      <ol class="alternatives" data-testid="alternatives">
        {shown.map((alternative, index) => (
          <li key={alternative.san}>
            <button type="button" data-alternative={index + 1} data-san={alternative.san} data-changes-earlier={alternative.changesEarlier ? 'true' : undefined}
              onClick={() => actions.confirm(alternative.san)}>
              <kbd>{index + 1}</kbd> {alternative.written} <span class="quiet">{percent(alternative.probability)}</span>
              {alternative.changesEarlier ? <span class="changes-earlier">{t('changesEarlier')}</span> : null}
            </button>
          </li>
        ))}
      </ol>
      {rest >= 0.005 && !move.confirmed ? <p class="quiet" data-testid="alternatives-rest">{t('alternativesRest', { p: percent(rest) })}</p> : null}
      <div class="actions">
        <button type="button" class="primary" data-testid="accept" onClick={() => actions.confirm(move.san)}><kbd>a</kbd> {t('accept')} {move.written}</button>
        {move.confirmed ? <button type="button" onClick={() => actions.unconfirm()}>×</button> : null}
      </div>
      <form class="typed" onSubmit={async (event) => {
        event.preventDefault();
        const field = (event.currentTarget as HTMLFormElement).querySelector('input');
        const error = await actions.typed(typed);
        setTypedError(error);
        if (error) return;
        setTyped('');
        // The move is settled: the review keys (n, p, a, 1–3) work again without a click.
        field?.blur();
      }}>
        <label>{t('typeMove')} <input value={typed} data-testid="typed-move" onInput={(event) => {
          const text = (event.currentTarget as HTMLInputElement).value;
          setTyped(text);
          actions.typing(text);
        }} /></label>
        <button type="submit">{t('typeMoveButton')}</button>
        {typedError ? <p role="alert" class="error">{t('illegalTyped', { m: typedError })}</p> : null}
      </form>
      <div class="boards">
        <figure><Board fen={move.fenBefore} marked={squares.slice(0, 1)} label={t('before')} /><figcaption>{t('before')}</figcaption></figure>
        <figure><Board fen={move.fenAfter} marked={squares} label={t('after')} /><figcaption>{t('after')}</figcaption></figure>
      </div>
    </section>
  );
}

/** A reader of the ensemble by its name in the interface's language; an unknown one by its id. */
function readerName(reader: string, t: Translate): string {
  const key = `reader_${reader}`;
  return isMessageKey(key) ? t(key) : reader;
}

/** Why a move is on the review list, in the interface's language; a dispute or a second reader names what it reads. */
function reasonText(reason: string, move: DeskMove, t: Translate): string {
  if (reason === 'readers-differ' && move.otherReading !== undefined) {
    return move.otherReading === null ? t('reason_readers-differ_ends') : t('reason_readers-differ_move', { m: move.otherReading.written });
  }
  if (reason === 'changed' && move.was) return t('reason_changed_move', { m: move.was.written });
  if (reason === 'before-refused' && move.refusedAfter) return t('reason_before-refused_move', { m: move.refusedAfter.written, p: move.refusedAfter.ply });
  if (reason === 'refused' && move.refusedAfter) return t('reason_refused_move', { m: move.refusedAfter.written });
  const disputedBy = [...new Set((move.disputedBy ?? []).filter((text): text is string => text !== null))];
  if (reason === 'disputed' && disputedBy.length > 0) {
    const texts = disputedBy.map((text) => text || t('nothing')).join(', ');
    const readers = [...new Set((move.disputingReaders ?? []).flatMap((names) => names ?? []))];
    return readers.length > 0
      ? t(readers.length > 1 ? 'reason_disputed_named_many' : 'reason_disputed_named', { r: readers.map((reader) => readerName(reader, t)).join(t('readersAnd')), t: texts })
      : t('reason_disputed_text', { t: texts });
  }
  return t(`reason_${reason}` as MessageKey);
}
