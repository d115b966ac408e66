/**
 * `zapis validate --fix`: the archive again, in PGN export format — the Seven
 * Tag Roster first and every tag value normalised, standard SAN, lines of at
 * most 80 columns — with every move exactly as played. A game with errors is
 * copied as it was written: a fix never guesses a move.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { analyseGame, toWritableGame } from '@zapis/game';
import { parseGames, writePgn, STANDARD_SAN_STYLE, type LanguageCode } from '@zapis/notation';
import { decodeTextBytes, readBatches, type InputSource } from '@zapis/archive';

export interface FixResult {
  readonly games: number;
  readonly rewritten: number;
  readonly keptAsWritten: number;
  readonly unreadable: { file: string; reason: string }[];
}

export async function fixArchive(
  inputs: readonly InputSource[], outputFile: string, options: { language: LanguageCode | 'auto'; stdin: NodeJS.ReadableStream },
): Promise<FixResult> {
  const out = createWriteStream(outputFile);
  await once(out, 'open');
  let games = 0;
  let rewritten = 0;
  let keptAsWritten = 0;
  const unreadable: { file: string; reason: string }[] = [];
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  for (const input of inputs) {
    try {
      for await (const batch of readBatches(input, { stdin: options.stdin })) {
        const text = decodeTextBytes(batch.bytes);
        for (const game of parseGames(text)) {
          games++;
          const report = analyseGame(game, { file: input.name, language: options.language, repair: false });
          if (report.status === 'ok') {
            rewritten++;
            await write(`${writePgn(toWritableGame(report, text), { moveStyle: STANDARD_SAN_STYLE, drawOffer: 'comment' })}\n`);
          } else {
            keptAsWritten++;
            await write(`${text.slice(game.span.offset, game.span.offset + game.span.length).trimEnd()}\n\n`);
          }
        }
      }
    } catch (error) {
      unreadable.push({ file: input.name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  out.end();
  await once(out, 'finish');
  return { games, rewritten, keptAsWritten, unreadable };
}
