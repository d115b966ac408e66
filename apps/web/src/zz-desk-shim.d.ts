declare module '@zapis/desk' {
  import type { PlainOutcome, CellOnScan } from '@zapis/ocr';
  export type DeskInput =
    | { readonly kind: 'text'; readonly id: string; readonly name: string; readonly text: string }
    | { readonly kind: 'scan'; readonly id: string; readonly name: string; readonly pages: readonly PlainOutcome[] };
  export interface DeskGameSource { readonly id: string; readonly kind: 'text' | 'scan' }
  export interface DeskFailure { readonly inputId: string; readonly name: string; readonly page?: number; readonly code: string; readonly message: string }
  export function gamesOf(inputs: readonly DeskInput[], options?: { pair?: boolean }): { games: DeskGameSource[]; failures: DeskFailure[] };
  export type Confirmations = ReadonlyMap<number, string>;
  export interface DeskMove {
    ply: number; moveNumber: number; side: 'white' | 'black'; san: string; uci: string; fenBefore: string; fenAfter: string;
    confidence: number; alternatives: { san: string; probability: number }[]; review: boolean; reviewReasons: string[];
    corrected: boolean; confirmed: boolean; read: (string | null)[]; cells: (CellOnScan | null)[];
    readAlternatives: { text: string; confidence: number }[][];
  }
  export interface DeskGame {
    id: string; title: string; tags: Record<string, string>; result?: string; language: string; status: 'ok' | 'error';
    moves: DeskMove[]; flagged: number[]; confirmedCount: number; sheets: { file: string; page?: number; copy?: string }[];
    disagreements: { ply: number; reads: (string | null)[] }[];
    diagnostics: { severity: 'error' | 'warning'; code: string; message: string; ply?: number }[];
  }
  export function decodeDeskGame(source: DeskGameSource, confirmations?: Confirmations): DeskGame;
  export function parseTypedMove(fen: string, text: string, language?: string): { ok: true; san: string } | { ok: false; message: string };
  export function roundPgn(games: readonly DeskGame[]): { pgn: string; games: number; confirmed: number; flaggedLeft: number };
}
