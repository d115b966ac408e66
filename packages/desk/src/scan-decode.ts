/**
 * A scan game decoded as `zapis read` decodes it (decodeGroup on the read
 * pages; what each cell read and where it is), with the
 * moves a person confirmed, to a DeskGame. Cells read by the ensemble are
 * cross-checked with PP-OCR alone and the review list is made by risk, as
 * `--reader auto` does: the moves left off it are as sure as the CLI's.
 */
import type { DecodedMove, DecodeOutcome, SearchOptions } from '@zapis/decode';
import { outcomeFromPlain } from '@zapis/ocr';
import { cellPlaces, cellTexts, decodeGroup, decodeOtherReading, readGameDiagnostics, readGameSheets, type GameGroup, type PageRead } from '@zapis/reading';
import { deskMoves, reviewState, type SheetsAtMove } from './build-desk-game.js';
import type { Confirmations } from './confirmations.js';
import type { DeskDecodeOptions } from './decode-options.js';
import type { DeskDiagnostic } from './desk-game.js';
import type { DeskGameSource, DeskScanSource } from './game-source.js';
import { gameTitle } from './game-title.js';
import type { DecodeAttempt } from './text-decode.js';

/** The pages read back once per source: the reader's scorers are rebuilt from the frames, and keep what they scored. */
const groups = new WeakMap<DeskScanSource, GameGroup>();

function groupOf(source: DeskScanSource): GameGroup {
  let group = groups.get(source);
  if (!group) {
    group = {
      players: source.players.map((player) => ({
        name: player.name,
        pages: player.pages.flatMap((plain): PageRead[] => {
          const outcome = outcomeFromPlain(plain);
          return outcome.ok ? [{ file: outcome.file, page: outcome.page, read: outcome.read }] : [];
        }),
        ...(player.repeats ? { repeats: player.repeats } : {}),
      })).filter((player) => player.pages.length > 0),
    };
    groups.set(source, group);
  }
  return group;
}

/** Lets go of the pages read back for `source` (their scorers' memos): the next decode reads them back again. */
export function forgetScanReadings(source: DeskGameSource): void {
  if (source.kind === 'scan') groups.delete(source);
}

/** The cross-check's second reading of a scan game (PP-OCR alone), as `decodeGroup` decodes it with these options. */
export function decodeScanOtherReading(source: DeskScanSource, options: SearchOptions): DecodeOutcome {
  return decodeOtherReading(groupOf(source), options);
}

export function decodeScanSource(source: DeskScanSource, confirmed: Confirmations, options: DeskDecodeOptions): DecodeAttempt {
  const group = groupOf(source);
  const language = options.language ?? 'auto';
  const read = decodeGroup(group, {
    language,
    crossCheck: true,
    ...(options.reviewThreshold !== undefined ? { reviewThreshold: options.reviewThreshold } : {}),
    ...(confirmed.size > 0 ? { confirmed } : {}),
    ...(options.reuse ? { reuse: options.reuse } : {}),
    ...(options.otherReading ? { otherReading: options.otherReading } : {}),
    ...(options.deepSearch ? { deepSearch: true } : {}),
  });
  const offers = new Set(read.drawOffers);
  const sheetsAt = (move: DecodedMove): SheetsAtMove => {
    const cells = read.cells(move.ply);
    return {
      read: cellTexts(cells),
      cells: cellPlaces(cells),
      readAlternatives: cells.map((cell) => cell?.cell.reading.alternatives.map((alternative) => ({ text: alternative.text, confidence: Number(alternative.confidence.toFixed(4)) })) ?? []),
      ...(offers.has(move.ply) ? { drawOffer: true } : {}),
    };
  };
  const value = read.decoded.ok ? read.decoded.value : undefined;
  const moves = value ? deskMoves(value, sheetsAt, read.risks) : [];
  const diagnostics: DeskDiagnostic[] = readGameDiagnostics(read).flatMap((diagnostic) => diagnostic.severity === 'info' ? [] : [{
    severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message, ...(diagnostic.ply !== undefined ? { ply: diagnostic.ply } : {}),
  }]);
  if (!read.decoded.ok && read.decoded.error.ply !== undefined) {
    const ply = read.decoded.error.ply;
    for (const [index, diagnostic] of diagnostics.entries()) if (diagnostic.code === `decode-${read.decoded.error.code}`) diagnostics[index] = { ...diagnostic, ply };
  }
  const first = source.players[0]?.pages[0];
  return {
    decoded: read.decoded,
    game: {
      id: source.id,
      title: gameTitle(read.tags, source.name, source.of > 1 && first ? `page ${first.page}` : undefined),
      tags: { ...read.tags },
      ...(read.headerNotes.length > 0 ? { headerNotes: [...read.headerNotes] } : {}),
      ...(read.result ? { result: read.result } : {}),
      language: value?.language ?? language,
      status: diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok',
      moves,
      sheets: readGameSheets(read).map(({ layout: _layout, ...sheet }) => sheet),
      diagnostics,
      ...reviewState(value, moves, group.players.length),
      ...(read.crossCheck ? { reading: { kept: read.crossCheck.kept, differing: [...read.crossCheck.differing] } } : {}),
    },
  };
}
