/**
 * One game to decode, as plain, structured-cloneable data (stored in
 * IndexedDB, posted to workers): a text's game (one sheet, or White's and
 * Black's with `pair`) or a group of scan pages (one player's sheets, or both
 * players' copies of the same game).
 */
import type { Sheet } from '@zapis/decode';
import type { PlainOutcome } from '@zapis/ocr';
import type { PlayerPages } from '@zapis/reading';

/** A scan page that was read. */
export type ReadPage = Extract<PlainOutcome, { ok: true }>;

/** A sheet of a text game: cells of readings (no scorers: text only). */
export type TextSheet = Omit<Sheet, 'cells'> & { readonly cells: readonly Omit<Sheet['cells'][number], 'score'>[] };

export interface DeskTextSource {
  /** Stable across reloads: the input's id and the game's index in it. */
  readonly id: string;
  readonly kind: 'text';
  readonly inputId: string;
  /** The input's name (a file name). */
  readonly name: string;
  /** 1-based index of the game (of the first sheet's game with `pair`) in the text. */
  readonly index: number;
  /** How many games the text gives (titles say `game n` only when there are several). */
  readonly of: number;
  /** 1-based line where the game starts. */
  readonly line: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly result?: string;
  readonly sheets: readonly TextSheet[];
}

export interface DeskScanSource {
  /** Stable across reloads: the first page's input id and page number. */
  readonly id: string;
  readonly kind: 'scan';
  /** The inputs the pages came from (White's and Black's sheets may be separate files). */
  readonly inputIds: readonly string[];
  /** The first page's file name. */
  readonly name: string;
  /** 1-based index of the game among the scan games of the inputs. */
  readonly index: number;
  /** How many games start in the first page's file (titles name the page only when there are several). */
  readonly of: number;
  /**
   * One player's pages, or White's and Black's (the order decodes them: White's first); `repeats` when the QR
   * says a player's sheet was given before (@zapis/ocr's PlayerPages).
   */
  readonly players: readonly { readonly name: string; readonly pages: readonly ReadPage[]; readonly repeats?: PlayerPages['repeats'] }[];
}

export type DeskGameSource = DeskTextSource | DeskScanSource;
