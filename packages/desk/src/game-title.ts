/** A game's title: "White – Black" when the names are known, else the file name (and which game of it). */
const known = (name: string | undefined): name is string => name !== undefined && name.trim() !== '' && name.trim() !== '?';

export function gameTitle(tags: Readonly<Record<string, string>>, name: string, which?: string): string {
  if (known(tags.White) && known(tags.Black)) return `${tags.White.trim()} \u2013 ${tags.Black.trim()}`;
  return which ? `${name} (${which})` : name;
}
