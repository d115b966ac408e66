/**
 * Noisy transcriptions of real games as the decode bench makes them (src/evaluation: a writer's habits, then OCR-like
 * corruption per character, seeded), decoded by the text path's search before its review by risk: what the text
 * review model is fitted and measured on. The tuning slice is games 1–2000 of gnu-book (bench/tune.ts), the
 * held-out slice games 90001 on (bench/decode.bench.ts); the fit never reads the held-out one.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { LanguageCode } from '@zapis/notation';
import { readGames, sharedPath } from '@zapis/testkit';
import { NoisyChannel } from '../src/channel.js';
import { searchSheets, type DecodedGame } from '../src/decode.js';
import { corruptText } from '../src/evaluation/corruption.js';
import { seededRandom } from '../src/evaluation/random.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';
import { randomHabits, writeScoresheet } from '../src/evaluation/scoresheet-writer.js';
import { parseTranscription } from '../src/transcription.js';

export type Slice = 'tuning' | 'held-out';

/** The first `count` games of a slice that replay. */
export async function sliceGames(slice: Slice, count: number): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    index++;
    if (slice === 'tuning' && index > 2000) break;
    if (slice === 'held-out' && index < 90_001) continue;
    const game = referenceGame(raw.text);
    if (game) games.push(game);
    if (games.length >= count) break;
  }
  return games;
}

/** A noise case: the sheets' language and the corruption per character. */
export interface NoiseCase {
  readonly language: LanguageCode;
  readonly rate: number;
}

/** One game decoded before review by risk (none when the decoder refused it), with the moves truly played. */
export interface RawDecode {
  readonly noise: NoiseCase;
  readonly truth: readonly string[];
  readonly game?: DecodedGame;
  readonly milliseconds: number;
}

/**
 * The seed of a case: the bench's for the held-out slice (so its figures are the bench's sheets), another for the
 * tuning slice.
 */
export const seedOf = (slice: Slice, noise: NoiseCase): number =>
  (slice === 'held-out' ? 90_000 : 10_000) + Math.round(noise.rate * 1000) + (noise.language === 'pl' ? 0 : 500);

/** Each game written, corrupted and decoded (`--lang auto`) as the bench does it, before review by risk. */
export function* rawDecodes(games: readonly ReferenceGame[], slice: Slice, noise: NoiseCase): Generator<RawDecode> {
  const random = seededRandom(seedOf(slice, noise));
  const channel = NoisyChannel.create();
  for (const game of games) {
    const sheet = writeScoresheet(game.moves, randomHabits(noise.language, random), random);
    const noisy = corruptText(sheet.text, noise.rate, random);
    const [parsed] = parseTranscription(noisy);
    const started = performance.now();
    const decoded = parsed ? searchSheets(parsed.sheet, { channel, language: 'auto' }) : undefined;
    const milliseconds = performance.now() - started;
    yield { noise, truth: game.san, ...(decoded?.ok ? { game: decoded.value } : {}), milliseconds };
  }
}

/**
 * Every case of a slice decoded (`count` games a case), or read back from `cache` (one JSON line per game) when that
 * file exists; written there when it does not. `onCase` hears of each case as it is decoded.
 */
export async function sliceDecodes(slice: Slice, count: number, cache?: string, onCase?: (noise: NoiseCase) => void): Promise<RawDecode[]> {
  if (cache && existsSync(cache)) {
    return (await readFile(cache, 'utf8')).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as RawDecode);
  }
  const games = await sliceGames(slice, count);
  const decodes: RawDecode[] = [];
  for (const rate of NOISE_RATES) {
    for (const language of LANGUAGES) {
      onCase?.({ language, rate });
      decodes.push(...rawDecodes(games, slice, { language, rate }));
    }
  }
  if (cache) await writeFile(cache, decodes.map((decode) => JSON.stringify(decode)).join('\n') + '\n');
  return decodes;
}

export const NOISE_RATES = [0.02, 0.05, 0.1] as const;
export const LANGUAGES = ['pl', 'en'] as const;
