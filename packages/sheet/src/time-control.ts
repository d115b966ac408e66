/**
 * A PGN TimeControl tag (PGN standard 9.6.1) written for people, in the
 * sheet's language: `5400+30` → "90 min + 30 s", `40/7200:1800+30` →
 * "120 min / 40 moves, 30 min + 30 s", `*180` → "sandglass 3 min".
 * Periods are separated by `:`; each is `moves/seconds`, `seconds`,
 * `seconds+increment` or `*seconds`; `?` is unknown and `-` no clock.
 */
import type { SheetLabels } from './labels.js';

const PERIOD = /^(?:(\d+)\/(\d+)(?:\+(\d+))?|(\d+)(?:\+(\d+))?|\*(\d+))$/;

/** "90 min", "1 min 30 s", "45 s". */
function duration(seconds: number, labels: SheetLabels): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} ${labels.seconds}`;
  return rest === 0 ? `${minutes} ${labels.minutes}` : `${minutes} ${labels.minutes} ${rest} ${labels.seconds}`;
}

const increment = (seconds: string | undefined, labels: SheetLabels): string =>
  (seconds === undefined ? '' : ` + ${seconds} ${labels.seconds}`);

function period(text: string, labels: SheetLabels): string {
  const match = PERIOD.exec(text);
  if (match === null) return text;
  const [, moves, movesSeconds, movesIncrement, seconds, secondsIncrement, sandclock] = match;
  if (moves !== undefined) return `${duration(Number(movesSeconds), labels)} / ${Number(moves)} ${labels.moves}${increment(movesIncrement, labels)}`;
  if (seconds !== undefined) return `${duration(Number(seconds), labels)}${increment(secondsIncrement, labels)}`;
  return `${labels.sandclock} ${duration(Number(sandclock), labels)}`;
}

/**
 * The tag's value as a sheet prints it; undefined for an unknown time control
 * (`?`, empty) so the field stays blank. A value that is not in the PGN form
 * (say "90 min + 30 s" already) is printed as written, never guessed at.
 */
export function formatTimeControl(tag: string, labels: SheetLabels): string | undefined {
  const value = tag.trim();
  if (value === '' || value === '?') return undefined;
  if (value === '-') return labels.noTimeControl;
  const parts = value.split(':');
  // Only the last period may lack a move count (it lasts to the end), and none lasts 0 s: "1:30:00" is a clock reading.
  const sensible = parts.every((part, index) => PERIOD.test(part) && !/^(?:\d+\/)?0+(?:\+|$)|^\*0+$/.test(part)
    && (index === parts.length - 1 || part.includes('/')));
  if (!sensible) return value;
  return parts.map((part) => period(part, labels)).join(', ');
}
