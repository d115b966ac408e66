/**
 * The thread that decodes the cross-check's second reading (PP-OCR alone) for the desk's decoding thread, on the
 * other core: the two readings of a game are decoded side by side instead of one after the other. It keeps each
 * game's material and, for the games decoded most recently, a reuse of its own (the positions met, the cells' costs,
 * the last search to go on from), as the decoding thread keeps the ensemble's. Every answer is what a decode of the
 * same options there would give: how far a reuse has got changes how fast, never what.
 */
import { SearchCache, type DecodedAhead } from '@zapis/decode';
import type { DecodeOutcome } from '@zapis/decode';
import type { DeskScanSource } from './game-source.js';
import { WARM_GAMES } from './kept-games.js';
import { confirmationKey } from './likely-confirmations.js';
import { outcomeToJson } from './outcome-json.js';
import { receivedOptions, type OtherReadingMessage } from './other-reading-messages.js';
import { decodeScanOtherReading, forgetScanReadings } from './scan-decode.js';

/** How the host answers: `reply` the outcome of decode `seq` as text (undefined: not decoded here); `cancelled` asks whether it is still wanted. */
export interface OtherReadingReplies {
  cancelled(seq: number): boolean;
  reply(seq: number, outcome: string | undefined): void;
}

interface Material {
  readonly key: string;
  readonly source: DeskScanSource;
  reuse?: SearchCache;
}

/** Decodes run ahead kept, for the game decoded ahead last. */
const AHEAD_KEPT = 24;

export class OtherReadingHost {
  private readonly materials = new Map<string, Material>();
  /** Games with a reuse, least recently decoded first. */
  private readonly warm: string[] = [];
  private ahead: { readonly id: string; readonly answers: Map<string, DecodedAhead<DecodeOutcome>> } | undefined;

  constructor(private readonly warmGames = WARM_GAMES) {}

  handle(message: OtherReadingMessage, replies: OtherReadingReplies): void {
    if (message.kind === 'material') {
      if (this.materials.get(message.id)?.key !== message.key) this.forget(message.id);
      this.materials.set(message.id, { key: message.key, source: message.source });
    } else if (message.kind === 'forget') {
      this.forget(message.id);
    } else if (message.kind === 'use') {
      if (this.ahead?.id === message.id) this.ahead.answers.get(message.confirmations)?.use();
    } else {
      this.decode(message, replies);
    }
  }

  private decode(message: Extract<OtherReadingMessage, { kind: 'decode' }>, replies: OtherReadingReplies): void {
    const { seq, id } = message;
    const material = this.materials.get(id);
    if (!material || material.key !== message.key) {
      replies.reply(seq, undefined);
      return;
    }
    if (replies.cancelled(seq)) return;
    const reuse = this.reuseOf(id, material);
    const options = { ...receivedOptions(message.options), reuse };
    const decode = (): DecodeOutcome => decodeScanOtherReading(material.source, options);
    const stop = (): boolean => replies.cancelled(seq);
    let outcome: DecodeOutcome | undefined;
    try {
      if (message.mode === 'real') {
        outcome = decode();
      } else if (message.mode === 'prime') {
        outcome = reuse.primeWideSearchWith(stop, decode)?.value;
      } else {
        const answer = reuse.ahead(stop, decode);
        if (answer) this.keepAhead(id, confirmationKey(options.confirmed ?? new Map()), answer);
        outcome = answer?.value;
      }
    } catch {
      // A decode that fails here is decoded again by the thread that asked, which says what went wrong.
      replies.reply(seq, undefined);
      return;
    }
    // Stopped: the thread that asked has stopped waiting.
    if (outcome !== undefined) replies.reply(seq, outcomeToJson(outcome));
  }

  private keepAhead(id: string, key: string, answer: DecodedAhead<DecodeOutcome>): void {
    if (this.ahead?.id !== id) this.ahead = { id, answers: new Map() };
    this.ahead.answers.set(key, answer);
    while (this.ahead.answers.size > AHEAD_KEPT) this.ahead.answers.delete(this.ahead.answers.keys().next().value as string);
  }

  /** The game's reuse, made the most recent; the games beyond the warm ones let go of theirs (and of their scorers' memos). */
  private reuseOf(id: string, material: Material): SearchCache {
    const index = this.warm.indexOf(id);
    if (index >= 0) this.warm.splice(index, 1);
    this.warm.push(id);
    while (this.warm.length > this.warmGames) {
      const coldId = this.warm.shift() as string;
      const cold = this.materials.get(coldId);
      if (cold) this.cool(coldId, cold);
    }
    material.reuse ??= new SearchCache();
    return material.reuse;
  }

  private cool(id: string, material: Material): void {
    material.reuse = undefined;
    forgetScanReadings(material.source);
    if (this.ahead?.id === id) this.ahead = undefined;
  }

  private forget(id: string): void {
    const material = this.materials.get(id);
    if (material) this.cool(id, material);
    this.materials.delete(id);
    const index = this.warm.indexOf(id);
    if (index >= 0) this.warm.splice(index, 1);
  }
}
