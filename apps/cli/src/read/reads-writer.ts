/**
 * Writes what a `zapis read --shard` (or `--resume`) run reads into its NDJSON file (read-records.ts): each game
 * with its PGN and scans, each page that could not be read, and each scan's `scan` line once every page of it has
 * been written in a game or as unread, so that a run killed at any point leaves only scans that are whole or absent.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { PageOutcome } from '@zapis/ocr';
import type { ReadGame } from '@zapis/reading';
import { line, type RecordDiagnostic, type ScanRef } from './read-records.js';

interface ScanState {
  readonly index: number;
  readonly sha256: string | null;
  /** Pages told so far, and those not yet written in a game or as unread. */
  pages: number;
  waiting: number;
  done: boolean;
}

/** The game a zapis sheet's QR names (its board, with the event and round), as @zapis/reading groups pages by. */
function qrGameOf(read: ReadGame['group']['players'][number]['pages'][number]['read']): string | undefined {
  const qr = read.located.qr;
  if (!qr || qr.board === undefined || qr.board.trim() === '') return undefined;
  return JSON.stringify([qr.layout, qr.event ?? '', qr.round ?? '', qr.board]);
}

export class ReadsWriter {
  private readonly scans = new Map<string, ScanState>();
  /** Scans whose every page has been told: a later scan's page came, or the run ended. */
  private told = 0;

  /** `files`: the scans this run reads, in order, with their sha256 (null: it could not be opened). */
  constructor(private readonly out: Writable, private readonly files: readonly { readonly name: string; readonly sha256: string | null }[]) {
    for (const [index, file] of files.entries()) this.scans.set(file.name, { index, sha256: file.sha256, pages: 0, waiting: 0, done: false });
  }

  private async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  private scanRefs(files: readonly string[]): ScanRef[] {
    return [...new Set(files)].map((file) => ({ file, sha256: this.scans.get(file)?.sha256 ?? null }));
  }

  /** A page as it was read: every scan before its own has been told whole. */
  async page(outcome: PageOutcome): Promise<void> {
    const scan = this.scans.get(outcome.file);
    if (scan !== undefined && scan.index > this.told) await this.tellUpTo(scan.index);
    if (scan === undefined) return;
    scan.pages += 1;
    scan.waiting += 1;
  }

  async game(json: object, pgn: string, game: ReadGame): Promise<void> {
    const pages = game.group.players.flatMap((player) => player.pages);
    const qrGames = [...new Set(pages.flatMap((page) => qrGameOf(page.read) ?? []))];
    await this.write(line({ ...json, pgn, scans: this.scanRefs(pages.map((page) => page.file)), ...(qrGames.length > 0 ? { qrGames } : {}) }));
    await this.settle(pages.map((page) => page.file));
  }

  async failure(json: { readonly file: string; readonly diagnostics: readonly RecordDiagnostic[] }): Promise<void> {
    await this.write(line({ ...json, scans: this.scanRefs([json.file]) }));
    await this.settle([json.file]);
  }

  /** Every scan told whole and written: the last `scan` lines, then the summary. */
  async finish(summary: object): Promise<void> {
    await this.tellUpTo(this.files.length);
    await this.write(line({ summary }));
  }

  private async settle(files: readonly string[]): Promise<void> {
    for (const file of files) {
      const scan = this.scans.get(file);
      if (scan !== undefined) scan.waiting -= 1;
    }
    await this.markDone(files);
  }

  private async tellUpTo(end: number): Promise<void> {
    const from = this.told;
    this.told = Math.max(this.told, end);
    await this.markDone(this.files.slice(from, this.told).map((file) => file.name));
  }

  /** Of `files`, those told whole with every page written get their `scan` line. */
  private async markDone(files: readonly string[]): Promise<void> {
    for (const file of new Set(files)) {
      const scan = this.scans.get(file);
      if (scan === undefined || scan.done || scan.index >= this.told || scan.waiting > 0) continue;
      scan.done = true;
      if (scan.sha256 !== null) await this.write(line({ scan: { file, sha256: scan.sha256, pages: scan.pages } }));
    }
  }
}
