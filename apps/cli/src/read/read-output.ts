/**
 * What `zapis read` writes: each game as @zapis/reading gives it (in input order, as soon as no later page can change
 * it) and each page that could not be read, as PGN (errors and sheet warnings on standard error) or NDJSON; the cell
 * crops of flagged moves; the run's counts.
 */
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { grayPng } from '@zapis/ocr';
import { readFailureJson, readGameDiagnostics, readGameJson, readGamePgn, type GamesOfPagesEvent, type ReadGame } from '@zapis/reading';
import type { CliIo } from '../io.js';
import { unwritableReason } from '../output.js';
import type { ReadsWriter } from './reads-writer.js';

export interface ReadOutputSettings {
  readonly io: CliIo;
  readonly format: 'pgn' | 'json';
  /** The language asked for ('auto' or a code), for a game with no moves decoded. */
  readonly language: string;
  readonly files: number;
  readonly cropsFolder?: string;
  /** What an unreadable file is, said after why it cannot be read (`: it holds text, …`), or ''. */
  readonly describe?: (failure: { readonly file: string; readonly message: string }) => string;
  /** With --shard or --resume: the JSON goes to the run's NDJSON file, each game with its PGN and scans. */
  readonly records?: ReadsWriter;
}

export const pageLabel = (outcome: { file: string; page?: number }): string => `${outcome.file}${outcome.page !== undefined ? ` (page ${outcome.page})` : ''}`;

export class ReadOutput {
  /**
   * `unreadableFiles`: files that are missing or are no PNG, JPEG or PDF one can open (unreadable input, exit 2);
   * `unreadablePages`: pages opened on which no sheet could be read (an input with errors, exit 1).
   */
  readonly summary = { files: 0, pages: 0, sheets: 0, unreadableFiles: 0, unreadablePages: 0, games: 0, ok: 0, failed: 0, plies: 0, flagged: 0 };
  cropsUnwritten = 0;
  private readonly filesUnread = new Set<string>();

  constructor(private readonly settings: ReadOutputSettings) {
    this.summary.files = settings.files;
  }

  /** One event of the reading; `beforeWriting` runs before anything is written (a progress line is cleared). */
  async write(event: GamesOfPagesEvent, beforeWriting: () => void): Promise<void> {
    const { io, format } = this.settings;
    if (event.kind === 'page') {
      await this.settings.records?.page(event.outcome);
      this.summary.pages += 1;
      if (event.outcome.ok) {
        this.summary.sheets += 1;
        return;
      }
      beforeWriting();
      // A file that cannot be opened as a scan at all is unreadable input, as in every command; a page without a sheet is not.
      if (event.outcome.code === 'unreadable') {
        this.filesUnread.add(event.outcome.file);
        this.summary.unreadableFiles = this.filesUnread.size;
        io.stderr.write(`zapis: cannot read ${pageLabel(event.outcome)}: ${event.outcome.message}${this.settings.describe?.(event.outcome) ?? ''}\n`);
        return;
      }
      this.summary.unreadablePages += 1;
      io.stderr.write(`zapis: ${pageLabel(event.outcome)}: ${event.outcome.message}\n`);
      return;
    }
    if (event.kind === 'idle') return;
    beforeWriting();
    if (event.kind === 'unread') {
      const json = format === 'json' ? readFailureJson(event.failure) : undefined;
      if (json && this.settings.records) await this.settings.records.failure(json);
      else if (json) io.stdout.write(`${JSON.stringify(json)}\n`);
      return;
    }
    await this.writeGame(event.game);
  }

  private async writeGame(game: ReadGame): Promise<void> {
    const { io, format } = this.settings;
    this.summary.games += 1;
    const json = format === 'json' ? readGameJson(game, this.summary.games, this.settings.language) : undefined;
    const diagnostics = json?.diagnostics ?? readGameDiagnostics(game);
    if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) this.summary.failed += 1;
    else this.summary.ok += 1;
    this.summary.plies += game.decoded.ok ? game.decoded.value.moves.length : 0;
    this.summary.flagged += game.decoded.ok ? game.decoded.value.review.length : 0;
    if (json && this.settings.records) await this.settings.records.game(json, readGamePgn(game), game);
    else if (json) io.stdout.write(`${JSON.stringify(json)}\n`);
    else {
      io.stdout.write(`${readGamePgn(game)}\n`);
      // PGN has no place for what reading found about the sheets themselves: errors and sheet warnings go to stderr.
      for (const diagnostic of diagnostics.filter((item) => item.severity === 'error' || item.code.startsWith('read-'))) {
        io.stderr.write(`zapis: ${pageLabel(diagnostic)}: ${diagnostic.severity === 'warning' ? 'warning: ' : ''}${diagnostic.message}\n`);
      }
    }
    const folder = this.settings.cropsFolder;
    if (folder === undefined) return;
    await writeCrops(game, folder).catch((error: Error) => {
      this.cropsUnwritten += 1;
      io.stderr.write(`zapis: --crops: the crops of ${game.group.players[0].pages[0].file} could not be written: ${unwritableReason(error)}\n`);
    });
  }
}

/** Every flagged move's cell (each player's) as a PNG named after the scan, page and ply, into `folder` (made before reading). */
async function writeCrops(game: ReadGame, folder: string): Promise<void> {
  if (!game.decoded.ok) return;
  for (const move of game.decoded.value.moves) {
    if (!move.review) continue;
    for (const cell of game.cells(move.ply)) {
      if (!cell) continue;
      const base = basename(cell.where.file, extname(cell.where.file));
      const name = `${base}-p${cell.where.page}-ply${String(move.ply).padStart(3, '0')}-${cell.cell.place.side}.png`;
      // This command reads the pages itself, so each cell has its crop; a page kept without (the desk's) would say so.
      if (!cell.cell.image) throw new Error(`${name}: the cell was read without its crop`);
      await writeFile(join(folder, name), grayPng(cell.cell.image.cell));
    }
  }
}
