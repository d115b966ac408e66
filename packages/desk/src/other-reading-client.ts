/**
 * The decoding thread's side of the other reading's thread (other-reading-host.ts): a game's cross-check hands PP-OCR
 * alone's decode over (`@zapis/ocr`'s OtherReadingDecoder) and waits for it after decoding the ensemble's reading
 * itself. A decode run ahead of a person stops while it waits, as it would at its next ply.
 */
import type { SearchCache } from '@zapis/decode';
import type { OtherReadingDecoder, PendingDecode } from '@zapis/decode';
import type { DeskGameSource } from './game-source.js';
import { outcomeFromJson } from './outcome-json.js';
import { sentOptions, type OtherReadingMessage, type OtherReadingMode } from './other-reading-messages.js';

/** How messages reach the other thread and answers come back. */
export interface OtherReadingLink {
  /** Whether the other thread listens (until then, and if it never does, every decode is done here). */
  ready(): boolean;
  post(message: OtherReadingMessage): void;
  /**
   * The answer to decode `seq` (the outcome as text), or undefined when none will come (decode it here). Calls
   * `whileWaiting` between looks: it throws to stop waiting (a decode ahead that real work stops).
   */
  answer(seq: number, whileWaiting: () => void): string | undefined;
  /** Decode `seq` is no longer wanted. */
  cancel(seq: number): void;
}

/** What the client needs of a kept game: its material and the reuse its decodes run with now. */
export interface OtherReadingGame {
  readonly key: string;
  readonly source: DeskGameSource;
  readonly reuse: SearchCache;
}

export class OtherReadingClient {
  private seq = 0;
  /** Second readings the other thread answered (for tests and measurements: the rest were decoded here). */
  answered = 0;
  /** The material key of each game the other thread holds. */
  private readonly sent = new Map<string, string>();

  constructor(private readonly link: OtherReadingLink) {}

  /** The decoder for one game's cross-checks (undefined for a text game, which has no second reading). */
  decoderFor(id: string, game: OtherReadingGame): OtherReadingDecoder | undefined {
    if (game.source.kind !== 'scan') return undefined;
    return { start: (options) => this.start(id, game, options) };
  }

  /** A decode run ahead was used (`DecodeAhead`'s answer): the other thread keeps that search too. */
  used(id: string, confirmations: string): void {
    if (this.sent.has(id)) this.link.post({ kind: 'use', id, confirmations });
  }

  /** The game's material changed or it is no longer kept. */
  forget(id: string): void {
    if (this.sent.delete(id)) this.link.post({ kind: 'forget', id });
  }

  private start(id: string, game: OtherReadingGame, options: Parameters<OtherReadingDecoder['start']>[0]): PendingDecode | undefined {
    const source = game.source;
    const sent = sentOptions(options);
    if (!sent || source.kind !== 'scan' || !this.link.ready()) return undefined;
    if (this.sent.get(id) !== game.key) {
      this.link.post({ kind: 'material', id, key: game.key, source });
      this.sent.set(id, game.key);
    }
    const seq = ++this.seq;
    const reuse = game.reuse;
    const mode: OtherReadingMode = reuse.searchesWideToo ? 'prime' : reuse.runningAhead ? 'ahead' : 'real';
    this.link.post({ kind: 'decode', seq, id, key: game.key, mode, options: sent });
    return {
      result: () => {
        const text = this.link.answer(seq, () => reuse.checkStop());
        if (text === undefined) return undefined;
        this.answered += 1;
        return outcomeFromJson(text);
      },
      cancel: () => this.link.cancel(seq),
    };
  }
}
