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
  if (games.length >= Number(process.env.N ?? 40)) break;
}
const rate = Number(process.env.RATE ?? 0.05);
const language = (process.env.LANG2 ?? 'en') as 'pl' | 'en';
const random = seededRandom(1_000 + Math.round(rate * 1000) + (language === 'pl' ? 0 : 500));
const channel = NoisyChannel.create();
let search = 0, model = 0;
for (const [g, game] of games.entries()) {
  const habits = randomHabits(language, random);
  const sheet = writeScoresheet(game.moves, habits, random);
  const noisy = corruptText(sheet.text, rate, random);
  const [decoded] = decodeText(noisy, { channel, language: 'auto' });
  if (!decoded.decoded.ok) continue;
  const got = decoded.decoded.value;
  const wrong = got.moves.filter((move, i) => game.san[i] !== move.san);
  if (wrong.length === 0 && got.moves.length === game.san.length) continue;
  const [wide] = decodeText(noisy, { channel, language: got.language, beamSize: 1000, beamWidth: 25 });
  const wideGame = wide.decoded.ok ? wide.decoded.value : undefined;
  const wideWrong = wideGame ? wideGame.moves.filter((move, i) => game.san[i] !== move.san).length + Math.abs(wideGame.moves.length - game.san.length) : -1;
  if (wideWrong === 0) search++; else model++;
  console.log(`game ${g} lang ${got.language} wrong ${wrong.length} len ${got.moves.length}/${game.san.length} wideWrong ${wideWrong} ` +
    `ev ${got.languageScores[0].logEvidence.toFixed(1)} wideEv ${wideGame?.languageScores[0].logEvidence.toFixed(1)}`);
  for (const move of wrong.slice(0, 6)) {
    console.log(`   ply ${move.ply} got ${move.san} (${move.confidence.toFixed(3)}) true ${game.san[move.ply - 1]} written '${sheet.written[move.ply - 1]}' cells ${move.cells.map((c) => `${c.use}:${c.text ?? ''}`).join(' ')} review ${move.review}`);
  }
}
console.log({ search, model });
