/**
 * The cross-check's second reading (PP-OCR alone) decoded by another thread's host (other-reading-host.ts) through
 * the client a desk worker uses (other-reading-client.ts): every game must be exactly the one decoded in one thread,
 * as read, after confirmations and decoded ahead, and the answers must really come from the host. The link here runs
 * the host in this thread at once and clones every message as a port would; the browser's link (shared memory between
 * two workers) is exercised by the web app's tests.
 */
import { readFileSync } from 'node:fs';
import { SearchCache } from '@zapis/decode';
import type { LanguageCode } from '@zapis/notation';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OtherReadingClient, OtherReadingHost, confirmationKey, decodeDeskGame, gamesOf, outcomeFromJson, outcomeToJson, type DeskGame, type DeskGameSource,
  type OtherReadingMessage,
} from '../src/index.js';
import { scanPages, scanPath } from './scan-pages.js';
import { pgnGames } from './truth.js';

/** A link whose host answers in this thread, recording what went by. */
function inThreadLink(options: { cancelled?: (seq: number) => boolean } = {}) {
  const host = new OtherReadingHost();
  const answers = new Map<number, string | undefined>();
  const sent: OtherReadingMessage[] = [];
  const cancelled = new Set<number>();
  const link = {
    ready: () => true,
    post: (message: OtherReadingMessage) => {
      sent.push(message);
      host.handle(structuredClone(message), {
        cancelled: (seq) => cancelled.has(seq) || (options.cancelled?.(seq) ?? false),
        reply: (seq, text) => answers.set(seq, text),
      });
    },
    answer: (seq: number) => answers.get(seq),
    cancel: (seq: number) => {
      cancelled.add(seq);
    },
  };
  return { link, answers, sent };
}

describe('PP-OCR alone decoded by another thread', () => {
  let source: DeskGameSource;
  const truth = pgnGames(readFileSync(scanPath('phone.pgn'), 'utf8'))[0];
  beforeAll(async () => {
    const { pages } = await scanPages('phone.jpg');
    [source] = gamesOf([{ kind: 'scan', id: 'phone', name: 'phone.jpg', pages }]).games;
  });

  it('gives exactly the game decoded in one thread: as read, and after a confirmation the readings did not favour', () => {
    const here = new SearchCache();
    const asReadHere = decodeDeskGame(source, new Map(), { reuse: here });
    const { link, answers, sent } = inThreadLink();
    const client = new OtherReadingClient(link);
    const game = { key: 'phone|1', source, reuse: new SearchCache() };
    const asRead = decodeDeskGame(source, new Map(), { reuse: game.reuse, otherReading: client.decoderFor('phone', game) });
    expect(asRead).toEqual(asReadHere);
    // The material went once, and the host answered the decode (not the client decoding it here after all).
    expect(sent.map((message) => message.kind)).toEqual(['material', 'decode']);
    // Asked for before the ensemble's game was known, in the letters the ensemble's decode searches first: the right ones.
    expect(sent[1]).toMatchObject({ kind: 'decode', mode: 'real', options: { language: asRead.language } });
    expect([...answers.values()].every((answer) => answer !== undefined)).toBe(true);

    const language = asRead.language as LanguageCode;
    // The least likely alternative of the first move that has one: a choice that changes the rest of the game.
    const flagged = asRead.moves.find((one) => one.alternatives.length > 0)?.ply ?? 0;
    expect(flagged).toBeGreaterThan(0);
    const move = asRead.moves[flagged - 1];
    const confirmations = new Map([[flagged, move.alternatives[move.alternatives.length - 1].san]]);
    const confirmedHere = decodeDeskGame(source, confirmations, { reuse: here, language, asRead: asReadHere });
    const confirmed = decodeDeskGame(source, confirmations, { reuse: game.reuse, language, asRead, otherReading: client.decoderFor('phone', game) });
    expect(confirmed).toEqual(confirmedHere);
    expect(confirmed.confirmedCount).toBe(1);
    expect(sent.filter((message) => message.kind === 'decode').length).toBeGreaterThanOrEqual(2);
    // With the letters given, PP-OCR alone's decode was asked for with them, before the ensemble's game was known.
    const last = sent.filter((message) => message.kind === 'decode').at(-1);
    expect(last).toMatchObject({ kind: 'decode', mode: 'real', options: { language, confirmed: [[flagged, confirmations.get(flagged)]] } });
    expect(confirmed.moves.filter((one, index) => one.san !== truth.san[index]).length).toBeGreaterThan(0);
  });

  it('runs a decode ahead there too, and keeps its search when the person chooses it', () => {
    const { link, sent } = inThreadLink();
    const client = new OtherReadingClient(link);
    const game = { key: 'phone|2', source, reuse: new SearchCache() };
    const asRead = decodeDeskGame(source, new Map(), { reuse: game.reuse, otherReading: client.decoderFor('phone', game) });
    const ply = asRead.flagged[0] ?? 1;
    const next = new Map([[ply, asRead.moves[ply - 1].alternatives[0]?.san ?? asRead.moves[ply - 1].san]]);
    const options = { reuse: game.reuse, language: asRead.language as LanguageCode, asRead };
    const ahead = game.reuse.ahead(() => false, () => decodeDeskGame(source, next, { ...options, otherReading: client.decoderFor('phone', game) }));
    expect(ahead).toBeDefined();
    expect(sent.at(-1)).toMatchObject({ kind: 'decode', mode: 'ahead' });
    client.used('phone', confirmationKey(next));
    expect(sent.at(-1)).toEqual({ kind: 'use', id: 'phone', confirmations: confirmationKey(next) });
    expect(ahead?.value).toEqual(decodeDeskGame(source, next, { language: options.language, asRead }));
  });

  it('decodes the reading here when the other thread does not answer, or when the decode ahead is stopped', () => {
    const noAnswer = new OtherReadingClient({ ready: () => true, post: () => undefined, answer: () => undefined, cancel: () => undefined });
    const game = { key: 'phone|3', source, reuse: new SearchCache() };
    const alone: DeskGame = decodeDeskGame(source, new Map(), { reuse: game.reuse, otherReading: noAnswer.decoderFor('phone', game) });
    expect(alone).toEqual(decodeDeskGame(source));
    // A decode ahead stopped while waiting: the request is cancelled, nothing half-done is kept.
    let cancelledSeq = 0;
    const waiting = new OtherReadingClient({
      ready: () => true, post: () => undefined, cancel: (seq) => { cancelledSeq = seq; },
      answer: (_seq, whileWaiting) => {
        for (;;) whileWaiting();
      },
    });
    let stop = false;
    const stopped = game.reuse.ahead(() => stop, () => {
      stop = true;
      return decodeDeskGame(source, new Map([[1, alone.moves[0].san]]), { reuse: game.reuse, language: alone.language as LanguageCode, asRead: alone, otherReading: waiting.decoderFor('phone', game) });
    });
    expect(stopped).toBeUndefined();
    expect(cancelledSeq).toBeGreaterThan(0);
  });

  it('keeps numbers JSON has no literal for', () => {
    const outcome = { ok: true as const, value: { language: 'en' as const, languageScores: [{ language: 'en' as const, logEvidence: -Infinity }], moves: [], fen: '', review: [], unexplained: [], channelScale: -0 } };
    const back = outcomeFromJson(outcomeToJson(outcome));
    expect(back).toEqual(outcome);
    expect(Object.is(back.ok && back.value.channelScale, -0)).toBe(true);
  });
});
