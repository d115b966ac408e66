/**
 * What the desk is doing between a person's choice and the re-decoded game: on a hard sheet that takes up to a
 * second or two, and without a word the click looked lost (people click again). Shown where the person looks (over
 * the move detail's heading, or in the game's header when no move is selected), and announced to screen readers.
 * It fades in only after 0.1 s (`.redecoding`'s animation delay, styles.css): a choice decoded ahead is painted
 * before that, and a banner flashing on every fast correction would be noise.
 */
import { sanKey } from '@zapis/decode';
import type { DeskGame } from '@zapis/desk';
import { useT } from '../i18n.js';
import type { GameEntry } from '../session.js';

/** The confirmations asked for that the game shown does not hold yet, as the sheet is written where the game shows them. */
export function pendingConfirmations(entry: GameEntry, game: DeskGame): string[] {
  const pending: string[] = [];
  for (const [ply, san] of [...entry.confirmations].sort((a, b) => a[0] - b[0])) {
    // The same move as the decoder tells a confirmation from another (check marks and castling zeros aside).
    const key = sanKey(san);
    const move = game.moves[ply - 1];
    const shownHere = move !== undefined && sanKey(move.san) === key;
    if (shownHere && move.confirmed) continue;
    const written = shownHere ? move.written : move?.alternatives.find((alternative) => sanKey(alternative.san) === key)?.written ?? san;
    pending.push(`${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '...'} ${written}`);
  }
  return pending;
}

export function RedecodeStatus({ entry, game, onShown }: {
  entry: GameEntry; game: DeskGame;
  /** The status has become visible (its fade-in started): the benchmark counts a slow correction's feedback from it. */
  onShown?: () => void;
}) {
  const t = useT();
  if (!entry.decoding) return null;
  const pending = pendingConfirmations(entry, game);
  return (
    <p class="redecoding" role="status" data-testid="redecoding" onAnimationStart={(event) => {
      // The spinner's own animation starts at once, behind the fade-in's delay: only the fade-in shows the status.
      if (event.animationName === 'redecoding-appear') onShown?.();
    }}>
      <span class="spinner" aria-hidden="true" />
      {pending.length > 0 ? t('redecodingWith', { m: pending.join(', ') }) : t('redecoding')}
    </p>
  );
}
