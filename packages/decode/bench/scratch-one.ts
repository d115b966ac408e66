import { readGames, sharedPath } from '@zapis/testkit';
import { NoisyChannel } from '../src/channel.js';
import { decodeText } from '../src/decode.js';
import { corruptText } from '../src/evaluation/corruption.js';
import { seededRandom } from '../src/evaluation/random.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';
import { randomHabits, writeScoresheet } from '../src/evaluation/scoresheet-writer.js';

const games: ReferenceGame[] = [];
let index = 0;
for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
  index++;
  if (index > 2000) break;
  if (index % 20 !== 0) continue;
  const game = referenceGame(raw.text);
  if (game) games.push(game);
  if (games.length >= 40) break;
}
const rate = Number(process.env.RATE ?? 0.05);
const language = (process.env.LANG2 ?? 'en') as 'pl' | 'en';
const want = Number(process.env.G);
const random = seededRandom(1_000 + Math.round(rate * 1000) + (language === 'pl' ? 0 : 500));
const channel = NoisyChannel.create();
for (const [g, game] of games.entries()) {
  const habits = randomHabits(language, random);
  const sheet = writeScoresheet(game.moves, habits, random);
  const noisy = corruptText(sheet.text, rate, random);
  if (g !== want) continue;
  console.log(noisy.split('\n').slice(0, Number(process.env.LINES ?? 30)).join('\n'));
  console.log(game.san.slice(0, 60).join(' '));
  const [decoded] = decodeText(noisy, { channel, language, ...(process.env.BS ? { beamSize: Number(process.env.BS), beamWidth: Number(process.env.BW ?? 10) } : {}) });
  if (!decoded.decoded.ok) continue;
  const got = decoded.decoded.value;
  console.log(got.moves.slice(0, 60).map((m) => `${m.san}${m.confidence < 0.9 ? `(${m.confidence.toFixed(2)})` : ''}${m.cells[0].use !== 'written' ? `[${m.cells[0].use}]` : ''}`).join(' '));
  console.log(got.break, got.unexplained.length, got.languageScores);
}
