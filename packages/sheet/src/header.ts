/** The header data a sheet can be pre-filled with, and the keys of its fields. */
export interface PlayerInfo {
  readonly name?: string;
  readonly rating?: string | number;
  readonly fideId?: string | number;
  /** Federation code or club. */
  readonly federation?: string;
}

export interface HeaderValues {
  readonly event?: string;
  readonly site?: string;
  readonly date?: string;
  readonly round?: string | number;
  readonly board?: string | number;
  readonly section?: string;
  readonly timeControl?: string;
  readonly white?: PlayerInfo;
  readonly black?: PlayerInfo;
}

export type PlayerFieldKey = 'name' | 'rating' | 'fideId' | 'federation';

export type HeaderFieldKey =
  | 'event' | 'site' | 'date' | 'round' | 'board' | 'section' | 'timeControl'
  | `white.${PlayerFieldKey}` | `black.${PlayerFieldKey}`;

const text = (value: string | number | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The value for one header field, or undefined where the sheet is left blank. */
export function headerValue(values: HeaderValues, key: HeaderFieldKey): string | undefined {
  const [first, second] = key.split('.') as [string, PlayerFieldKey | undefined];
  if (second !== undefined) {
    const player = first === 'white' ? values.white : values.black;
    return text(player?.[second]);
  }
  return text(values[first as Exclude<HeaderFieldKey, `${'white' | 'black'}.${PlayerFieldKey}`>]);
}
