/** A game under review: its sheets, the flagged moves first, the move list, the selected move, and where the two sheets disagree. */
import type { DeskGame } from '@zapis/desk';
import { useT } from '../i18n.js';
import type { GameEntry, InputEntry } from '../session.js';
import { FlaggedList, MoveList } from './move-list.js';
import { MoveDetail, type MoveActions } from './move-detail.js';
import { DeepSearchStatus } from './deep-search-status.js';
import { RedecodeStatus } from './redecode-status.js';
import { ScanView } from './scan-view.js';

export function imageFinder(inputs: readonly InputEntry[]) {
  return (file: string, page: number): Blob | undefined => inputs.find((input) => input.name === file && input.images[page])?.images[page];
}

export function GameView({ entry, inputs, selectedPly, onSelect, actions, onRedecodingShown }: {
  entry: GameEntry; inputs: readonly InputEntry[]; selectedPly: number | undefined; onSelect: (ply: number) => void; actions: MoveActions;
  onRedecodingShown?: () => void;
}) {
  const t = useT();
  const game = entry.game;
  if (!game) {
    return entry.error ? <p role="alert" class="error">{t('decodeError', { m: entry.error })}</p> : <p class="quiet">{t('statusDecoding')}…</p>;
  }
  const imageOf = imageFinder(inputs);
  const move = game.moves.find((candidate) => candidate.ply === selectedPly);
  // A refused confirmation is shown once, below, from `game.rejected`.
  const errors = game.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.code !== 'confirmed-illegal');
  // What reading found about the sheets themselves (the same sheet given twice, several results ticked, ...).
  const sheetWarnings = game.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning' && diagnostic.code.startsWith('read-'));
  // A confirmation that ended the game before sure moves of the game as read (@zapis/desk's changed-moves).
  const endChanged = game.diagnostics.filter((diagnostic) => diagnostic.code === 'changed-end');
  return (
    <div class="game" data-testid="game" data-game-id={game.id} data-decoding={String(entry.decoding)}
      data-deep={entry.deepSearch ?? 'none'}>
      <header class="game-header">
        <h2>{game.title}</h2>
        <p class="quiet">{[game.tags.Event, game.tags.Round && `R${game.tags.Round}`, game.tags.Board && `#${game.tags.Board}`, game.result].filter(Boolean).join(' · ')}</p>
        {move ? null : <RedecodeStatus entry={entry} game={game} onShown={onRedecodingShown} />}
        <DeepSearchStatus entry={entry} />
        {game.reading ? (
          <p class="quiet" data-testid="reading" data-kept={game.reading.kept}>
            {t(game.reading.kept === 'alone' ? 'readingAlone' : 'readingEnsemble', { n: game.reading.differing.length })}
          </p>
        ) : null}
        {game.headerNotes?.map((note, index) => <p key={`h${index}`} class="sheet-warning" data-testid="header-note">{t('headerToCheck', { m: note })}</p>)}
        {errors.map((diagnostic, index) => <p key={index} role="alert" class="error">{diagnostic.message}</p>)}
        {sheetWarnings.map((diagnostic, index) => <p key={`w${index}`} class="sheet-warning" data-testid="sheet-warning" data-code={diagnostic.code}>{diagnostic.message}</p>)}
        {endChanged.map((diagnostic, index) => <p key={`e${index}`} role="alert" class="sheet-warning" data-testid="game-warning" data-code={diagnostic.code}>{diagnostic.message}</p>)}
        {game.rejected.map((rejected) => (
          <p key={rejected.ply} role="alert" class="error" data-testid="rejected" data-ply={rejected.ply} data-san={rejected.san}>{t('rejectedShownWithout', { m: rejected.message })}</p>
        ))}
      </header>
      <div class="sheets">
        {game.sheets.map((sheet, index) => sheet.page !== undefined ? (
          <ScanView key={`${sheet.file}-${sheet.page}`} game={game} sheet={index} selectedPly={selectedPly} onSelect={onSelect}
            shown={{ file: sheet.file, page: sheet.page, image: imageOf(sheet.file, sheet.page) }}
            label={game.sheets.length > 1 ? t('sheetOf', { n: index + 1 }) : t('sheetOf', { n: 1 })} />
        ) : null)}
      </div>
      <div class="review-panes">
        {/* Busy: the moves are about to change. Not the whole game: a live status inside a busy region may go unannounced. */}
        <div class="lists" aria-busy={entry.decoding ? 'true' : undefined}>
          <FlaggedList game={game} selectedPly={selectedPly} onSelect={onSelect} />
          <MoveList game={game} selectedPly={selectedPly} onSelect={onSelect} />
          {game.sheets.length > 1 ? <Disagreements game={game} onSelect={onSelect} /> : null}
        </div>
        {move ? <MoveDetail game={game} move={move} imageOf={imageOf} actions={actions} status={<RedecodeStatus entry={entry} game={game} onShown={onRedecodingShown} />} /> : null}
      </div>
    </div>
  );
}

function Disagreements({ game, onSelect }: { game: DeskGame; onSelect: (ply: number) => void }) {
  const t = useT();
  return (
    <section aria-labelledby="disagree-heading" data-testid="disagreements">
      <h3 id="disagree-heading">{t('disagreements')} <span class="count">{game.disagreements.length}</span></h3>
      {game.disagreements.length === 0 ? <p class="quiet">{t('noDisagreements')}</p> : (
        <ul>
          {game.disagreements.map((disagreement) => (
            <li key={disagreement.ply}>
              <button type="button" onClick={() => onSelect(disagreement.ply)}>
                {`${Math.ceil(disagreement.ply / 2)}${disagreement.ply % 2 === 1 ? '.' : '...'} `}
                {disagreement.reads.map((read) => read ?? '—').join(' / ')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
