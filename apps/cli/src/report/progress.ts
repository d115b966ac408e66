/** One line of progress for a terminal: games, games/s, bytes read and, when the size is known, an ETA. */
import type { Progress } from '@zapis/archive';

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function progressLine(progress: Progress): string {
  const rate = progress.seconds > 0 ? Math.round(progress.games / progress.seconds) : 0;
  let line = `${progress.games} games, ${rate} games/s, ${megabytes(progress.bytes)} read`;
  if (progress.totalBytes && progress.bytes > 0 && progress.seconds > 0) {
    const remaining = ((progress.totalBytes - progress.bytes) / progress.bytes) * progress.seconds;
    line += `, ETA ${Math.max(0, Math.round(remaining))} s`;
  }
  return line;
}
