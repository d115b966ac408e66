/** One line of progress for a terminal while `zapis read` reads: pages read, files begun, time a page, time left. */
export interface ReadProgress {
  readonly pages: number;
  /** Files whose first page has been read. */
  readonly filesBegun: number;
  readonly files: number;
  readonly seconds: number;
}

export function readProgressLine(progress: ReadProgress): string {
  const { pages, filesBegun, files, seconds } = progress;
  let line = `reading: ${pages} page${pages === 1 ? '' : 's'} read from ${filesBegun} of ${files} file${files === 1 ? '' : 's'}`;
  if (pages > 0 && seconds > 0) line += `, ${(seconds / pages).toFixed(1)} s a page`;
  // Files still to begin, at the pace so far (a PDF's further pages make it an estimate).
  if (filesBegun > 0 && filesBegun < files && seconds > 0) line += `, about ${Math.max(1, Math.round(((files - filesBegun) * seconds) / filesBegun))} s left`;
  return line;
}
