/**
 * A decoded game as the desk shows it: plain data (posted from a worker, kept
 * in the browser's storage), every move with the boards around it, what each
 * sheet's cell read and where the cell is on the scan.
 */
import type { CellOnScan } from '@zapis/reading';

export interface DeskMove {
  /** 1-based: 1.e4 is ply 1. */
  ply: number;
  moveNumber: number;
  side: 'white' | 'black';
  /** Standard English SAN. */
  san: string;
  /** The move as the game's sheets are written: its notation language and that language's marks (Polish `Sf3`, `e4:d5`). */
  written: string;
  uci: string;
  fenBefore: string;
  fenAfter: string;
  /** 0..1; 1 for a move a person confirmed. */
  confidence: number;
  /**
   * Other moves at this ply, likeliest first, the move itself excluded. One from a game that went otherwise earlier
   * (`changesEarlier`) is not legal in `fenBefore`: confirming it changes moves before it.
   */
  alternatives: { san: string; written: string; probability: number; changesEarlier?: true }[];
  /** The decoder's word on the rest of the ply's probability (`DecodedMove.remainder`), for the PGN's review comments. */
  remainder?: { gameEnds: number; otherMoves: number; outsideSearch: number };
  review: boolean;
  /**
   * 'uncertain', 'corrected' (what was read is not the move), 'disputed' (what was read is the move, but one reader of
   * the ensemble alone reads another: `disputedBy`), 'unwritten' (no sheet has a cell for it), 'readers-differ' (a
   * second reader's decoding has another move), 'changed' (the game as read was sure of another move here, and a
   * confirmation elsewhere changed it: `was`), 'before-refused' (a move a person confirmed later cannot be played
   * after the game decoded here, so the true game differs somewhere before it: `refusedAfter`), 'refused' (the
   * decoder's move where a person confirmed one it cannot play: `refusedAfter` names that one).
   */
  reviewReasons: string[];
  corrected: boolean;
  confirmed: boolean;
  /** Per sheet, what the cell read (null: no cell). */
  read: (string | null)[];
  /** Per sheet, whether the decoder corrected that cell's reading (false where there is no cell). */
  readCorrected: boolean[];
  /** Per sheet, what one reader of the ensemble alone reads where it disputes the move (null: no dispute there). */
  disputedBy?: (string | null)[];
  /** With `disputedBy`: per sheet, which readers of the ensemble object there (`ENSEMBLE_READERS` names; null: none or not known). */
  disputingReaders?: (string[] | null)[];
  /** Per sheet, the cell on the scan; text: null. */
  cells: (CellOnScan | null)[];
  /** Per sheet, the reader's best texts for the cell, best first (a text: what the transcription says). */
  readAlternatives: { text: string; confidence: number }[][];
  /** The strongest rival of a move on the review list (what its review comment names). */
  rival?: { kind: 'move'; san: string; probability: number } | { kind: 'game-ends'; probability: number };
  /** A player marked a draw offer after this move (scans). */
  drawOffer?: true;
  /** With the reason 'readers-differ': the second reader's move here, as SAN and as written (null: its game ends before). */
  otherReading?: { san: string; written: string } | null;
  /** Scans: the review model's probability (0..1) that the move is wrong, which decided whether it is flagged. */
  risk?: number;
  /** With the reason 'before-refused' or 'refused': the confirmed move (here or later) that cannot follow the moves decoded before it. */
  refusedAfter?: { ply: number; san: string; written: string };
  /** With the reason 'changed': the move the game as read had here, sure of it, before a confirmation elsewhere changed it. */
  was?: { san: string; written: string };
}

export interface DeskDiagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  ply?: number;
}

export interface DeskGame {
  /** The source's id. */
  id: string;
  /** "White – Black" when the names are known, else the file name (+ game n). */
  title: string;
  tags: Record<string, string>;
  /** Header fields to check, as `zapis read` says them (a field read too unsurely is `?` in `tags`); absent when none. */
  headerNotes?: string[];
  result?: string;
  language: string;
  status: 'ok' | 'error';
  moves: DeskMove[];
  /** Plies to review, in order. */
  flagged: number[];
  /** Moves a person confirmed that the game holds. */
  confirmedCount: number;
  sheets: { file: string; page?: number; copy?: string }[];
  /** Both players' sheets given, and they read different moves there (or only one has the move). */
  disagreements: { ply: number; reads: (string | null)[] }[];
  diagnostics: DeskDiagnostic[];
  /** The starting position (FEN). */
  startFen: string;
  /** Confirmations that could not be played (the first one, and those after it, are left out of the decode). */
  rejected: { ply: number; san: string; message: string }[];
  /** Cells read as holding no move (noise), with the ply after which they stand. */
  unexplained: { sheet: number; text: string; afterPly: number }[];
  /** Where the readings stop making sense, when they do (the PGN says it too). */
  break?: { ply: number; message: string };
  /**
   * Scans read by the ensemble, decoded twice: the reading kept ('ensemble': both networks; 'alone': PP-OCR alone)
   * and the plies the other reading decodes otherwise.
   */
  reading?: { kept: 'ensemble' | 'alone'; differing: number[] };
}
