/**
 * A text's games, as `zapis decode` finds them (parseTranscription: an OCR'd
 * transcription or a PGN, any language). Text that holds no game is a failure
 * saying so, decided before any decoding (@zapis/decode's whyNotAGame).
 */
import { whyNotAGame, parseTranscription, type Transcription } from '@zapis/decode';
import type { DeskFailure } from './desk-input.js';
import type { DeskTextSource } from './game-source.js';

type TextInput = { readonly id: string; readonly name: string; readonly text: string };

export function textGames(input: TextInput, pair: boolean): { games: DeskTextSource[]; failures: DeskFailure[] } {
  const failure = (code: string, message: string, line?: number): DeskFailure => ({
    inputId: input.id, name: input.name, ...(line !== undefined ? { line } : {}), code, message,
  });
  if (input.text.trim() === '') return { games: [], failures: [failure('empty', 'the text is empty')] };
  const failures: DeskFailure[] = [];
  const records: Transcription[] = [];
  for (const record of parseTranscription(input.text)) {
    const problem = whyNotAGame(record);
    if (problem) failures.push(failure(problem.code, problem.message, record.line));
    else records.push(record);
  }
  if (records.length === 0 && failures.length === 0) failures.push(failure('not-a-game', 'not a chess game: no moves in the text'));
  const step = pair ? 2 : 1;
  const of = Math.ceil(records.length / step);
  const games: DeskTextSource[] = [];
  for (let start = 0; start < records.length; start += step) {
    const group = records.slice(start, start + step);
    const first = group[0];
    games.push({
      id: `${input.id}#${first.index}`, kind: 'text', inputId: input.id, name: input.name, index: start / step + 1, of, line: first.line,
      tags: { ...group.slice(1).reduce((tags, record) => ({ ...record.tags, ...tags }), first.tags) },
      ...(first.result ?? group[1]?.result ? { result: first.result ?? group[1]?.result } : {}),
      sheets: group.map((record) => ({
        ...(record.sheet.name !== undefined ? { name: record.sheet.name } : {}),
        cells: record.sheet.cells.map(({ score: _score, ...cell }) => cell),
      })),
    });
  }
  return { games, failures };
}
