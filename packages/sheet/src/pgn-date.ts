/**
 * A PGN date (`YYYY.MM.DD`, unknown parts as `?`) as a sheet prints it:
 * unknown parts are left blank for the arbiter's pen, never printed as `??`.
 * `2024.??.??` → "2024", `2024.05.??` → "2024.05", `????.05.17` → "    .05.17".
 */
const PGN_DATE = /^([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})$/;

const isKnown = (part: string): boolean => !part.includes('?');

/** The date to print, or undefined when nothing of it is known; other spellings are printed as written. */
export function formatPgnDate(tag: string): string | undefined {
  const value = tag.trim();
  const match = PGN_DATE.exec(value);
  if (match === null) return value === '' || /^[?.\s]+$/.test(value) ? undefined : value;
  const parts = match.slice(1, 4);
  const lastKnown = parts.map(isKnown).lastIndexOf(true);
  if (lastKnown < 0) return undefined;
  // Trailing unknown parts are dropped; an unknown part before a known one stays as blank room to write in.
  return parts.slice(0, lastKnown + 1).map((part) => (isKnown(part) ? part : ' '.repeat(part.length))).join('.');
}
