/**
 * A tag name read from the text as a string. The names archives use most come
 * back as the same string every time rather than a new copy: objects keyed by
 * them (a game's tags) are then filled and read without the engine first
 * looking each new copy up in its string table.
 */
const COMMON_TAG_NAMES = [
  'Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'ECO', 'WhiteElo', 'BlackElo', 'EventDate', 'PlyCount',
  'Annotator', 'Opening', 'Variation', 'SubVariation', 'TimeControl', 'Termination', 'Mode', 'Time', 'UTCDate', 'UTCTime',
  'WhiteTitle', 'BlackTitle', 'WhiteFideId', 'BlackFideId', 'WhiteTeam', 'BlackTeam', 'Board', 'Source', 'SourceDate',
  'EventType', 'EventRounds', 'EventCountry', 'SetUp', 'FEN', 'Variant',
];

/** The common names by their first character's code. */
const BY_FIRST_CODE: (readonly string[] | undefined)[] = [];
for (const name of COMMON_TAG_NAMES) {
  const code = name.charCodeAt(0);
  BY_FIRST_CODE[code] = [...(BY_FIRST_CODE[code] ?? []), name];
}

/**
 * The common name written at `start` when a space follows it (as in a tag
 * pair), or undefined. It is matched whole, so the name's characters need not
 * be walked one by one first.
 */
export function commonTagNameAt(text: string, start: number): string | undefined {
  const candidates = BY_FIRST_CODE[text.charCodeAt(start)];
  if (candidates === undefined) return undefined;
  for (const name of candidates) if (text.charCodeAt(start + name.length) === 32 && text.startsWith(name, start)) return name;
  return undefined;
}

/** `text.slice(start, end)`, a tag name: the one shared string when it is a common name. */
export function tagNameAt(text: string, start: number, end: number): string {
  const candidates = BY_FIRST_CODE[text.charCodeAt(start)];
  if (candidates !== undefined) {
    const length = end - start;
    for (const name of candidates) if (name.length === length && text.startsWith(name, start)) return name;
  }
  return text.slice(start, end);
}
