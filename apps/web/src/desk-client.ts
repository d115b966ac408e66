/**
 * The page's side of a desk worker: each request is a promise. `deep`: the worker that searches a badly read sheet
 * again deep, as `zapis read` does (desk-worker.ts).
 */
import { requestTag, typedMoveStem, type DeskFailure, type DeskGame, type DeskGameSource, type DeskInput, type RoundPgn } from '@zapis/desk';
import { DEEP_DESK_WORKER, materialKey, stopsWorkAhead, type DeskReply, type DeskRequest } from './workers/desk-protocol.js';
import { otherReadingStopped, sharedAnswers, type OtherReadingPort } from './workers/other-reading-link.js';

type Waiting = (reply: DeskReply) => void;
type Unnumbered<T> = T extends unknown ? Omit<T, 'request'> : never;
type TypedReading = { ok: true; san: string } | { ok: false; message: string };

export class DeskClient {
  private worker: Worker;
  /** Decodes PP-OCR alone's reading of each scan game beside the desk worker's decode (shared memory only). */
  private otherReadingWorker: Worker | undefined;
  private readonly replies = new Map<number, Waiting>();
  private next = 1;
  /** The material key each game was last decoded with in the worker: hints name only games it holds. */
  private readonly sent = new Map<string, string>();
  /** Requests wait for the worker's `ready`. */
  private ready: Promise<void>;
  private markReady: () => void = () => undefined;
  /**
   * In memory both sides see: [0] requests sent and not yet taken by the worker, [1] the last one's `requestTag`
   * (0: not a decode), [2] sheets being read. The worker's decode ahead stops when real work waits, unless it is
   * decoding exactly what is asked; it primes no wide search while sheets are read. Shared memory needs a
   * cross-origin isolated page; without it nothing is decoded ahead.
   */
  private readonly waiting = typeof SharedArrayBuffer === 'function' && self.crossOriginIsolated
    ? new Int32Array(new SharedArrayBuffer(12)) : undefined;

  /** Sheets the page starts (+1) or finishes (-1) reading. */
  reading(change: 1 | -1): void {
    if (this.waiting) Atomics.add(this.waiting, 2, change);
  }

  /**
   * `deep`: the worker searches deep. `giveWayTo`: shared memory whose [0] counts what a person waits for elsewhere;
   * this worker's decodes give way to it between plies.
   */
  constructor(private readonly options: { readonly deep?: boolean; readonly giveWayTo?: Int32Array } = {}) {
    this.ready = new Promise((resolve) => { this.markReady = resolve; });
    this.worker = this.start();
  }

  private start(): Worker {
    // Requests of a worker that stopped are gone; sheets being read still are.
    if (this.waiting) this.waiting.fill(0, 0, 2);
    const worker = new Worker(new URL('./workers/desk-worker.ts', import.meta.url), { type: 'module', name: this.options.deep === true ? DEEP_DESK_WORKER : 'zapis-desk' });
    worker.onmessage = (event: MessageEvent<DeskReply>) => {
      if (event.data.kind === 'typing') {
        this.readTyping(event.data.fen, event.data.text, event.data.result);
        return;
      }
      if (event.data.kind === 'ready') {
        if (this.waiting) {
          // The deep worker decodes both readings itself: giving way between plies, it leaves no thread of its own busy
          // while a person waits for a correction.
          const otherReading = this.options.deep === true ? undefined : this.startOtherReading();
          const giveWayTo = this.options.giveWayTo;
          worker.postMessage({ kind: 'signals', request: 0, waiting: this.waiting, ...(otherReading ? { otherReading } : {}), ...(giveWayTo ? { giveWayTo } : {}) } satisfies DeskRequest,
            otherReading ? [otherReading.port] : []);
        }
        this.markReady();
        return;
      }
      const waiting = this.replies.get(event.data.request);
      this.replies.delete(event.data.request);
      waiting?.(event.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      // A worker that cannot start or dies: what waits gets an error to show, and a fresh worker takes over.
      event.preventDefault();
      for (const [request, waiting] of this.replies) waiting({ kind: 'failed', request, message: `the desk worker stopped: ${event.message}` });
      this.replies.clear();
      this.sent.clear();
      this.inputsSent.clear();
      worker.terminate();
      this.otherReadingWorker?.terminate();
      this.otherReadingWorker = undefined;
      this.ready = new Promise((resolve) => { this.markReady = resolve; });
      this.worker = this.start();
    };
    return worker;
  }

  /** The other reading's worker, connected by a port the desk worker gets (undefined where it cannot start). */
  private startOtherReading(): OtherReadingPort | undefined {
    try {
      const worker = new Worker(new URL('./workers/other-reading-worker.ts', import.meta.url), { type: 'module', name: 'zapis-other-reading' });
      const channel = new MessageChannel();
      const answers = sharedAnswers();
      // A worker that fails leaves the desk worker decoding both readings itself (it never listened, or stops waiting).
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        otherReadingStopped(answers);
      };
      worker.postMessage({ port: channel.port2, ...answers } satisfies OtherReadingPort, [channel.port2]);
      this.otherReadingWorker = worker;
      return { ...answers, port: channel.port1 };
    } catch {
      return undefined;
    }
  }

  private async ask(message: Unnumbered<DeskRequest>): Promise<DeskReply> {
    const request = this.next++;
    await this.ready;
    return new Promise((resolve) => {
      this.replies.set(request, resolve);
      this.send({ ...message, request } as DeskRequest);
    });
  }

  private send(message: DeskRequest): void {
    if (this.waiting && stopsWorkAhead(message)) {
      Atomics.store(this.waiting, 1, message.kind === 'decode' ? requestTag(message.id, new Map(message.confirmations)) : 0);
      Atomics.add(this.waiting, 0, 1);
    }
    this.worker.postMessage(message);
  }

  /** The person looks at this game (and move): the worker decodes what they are likely to confirm, ahead. */
  look(source: DeskGameSource, ply: number | undefined): void {
    this.hint(source, (key) => ({ kind: 'look', request: 0, id: source.id, key, ...(ply !== undefined ? { ply } : {}) }));
  }

  /** A hint about a game the worker holds: sent only where decodes ahead can be stopped (shared memory). */
  private hint(source: DeskGameSource, message: (key: string) => DeskRequest): void {
    const key = materialKey(source);
    if (!this.waiting || this.sent.get(source.id) !== key) return;
    void this.ready.then(() => this.send(message(key)));
  }

  /** The inputs the worker holds (sent whole once; named by id after). */
  private readonly inputsSent = new Set<string>();
  /** The inputs last grouped: sent whole again to a worker that lost them (restarted). */
  private lastInputs: readonly DeskInput[] = [];

  /** The games in `inputs`: their sources, each scan page without its frames (the worker keeps those). */
  async games(inputs: readonly DeskInput[]): Promise<{ games: DeskGameSource[]; failures: DeskFailure[] }> {
    this.lastInputs = inputs;
    const ask = () => this.ask({ kind: 'games', inputs: inputs.map((input) => (this.inputsSent.has(input.id) ? { kind: 'known' as const, id: input.id } : input)) });
    let reply = await ask();
    if (reply.kind === 'unknown') {
      this.inputsSent.clear();
      reply = await ask();
    }
    if (reply.kind === 'games') {
      this.inputsSent.clear();
      for (const input of inputs) this.inputsSent.add(input.id);
      return { games: reply.games, failures: reply.failures };
    }
    return { games: [], failures: [{ inputId: '', name: '', code: 'internal', message: reply.kind === 'failed' ? reply.message : 'unexpected reply' }] };
  }

  async decode(source: DeskGameSource, confirmations: ReadonlyMap<number, string>): Promise<{ ok: true; game: DeskGame; milliseconds: number; ahead: boolean; otherReadings: number } | { ok: false; message: string }> {
    const key = materialKey(source);
    const request = { kind: 'decode' as const, id: source.id, key, confirmations: [...confirmations] };
    let reply = await this.ask(request);
    if (reply.kind === 'unknown') {
      // A worker restarted since (or a grouping is under way): it groups the inputs again (given whole if it lost them).
      await this.games(this.lastInputs);
      reply = await this.ask(request);
    }
    this.sent.set(source.id, key);
    if (reply.kind === 'decoded') return { ok: true, game: reply.game, milliseconds: reply.milliseconds, ahead: reply.ahead, otherReadings: reply.otherReadings };
    return { ok: false, message: reply.kind === 'failed' ? reply.message : 'unexpected reply' };
  }

  /**
   * The person is typing a move at `ply`: the worker reads it as they type and decodes the game with it ahead (only
   * where decodes ahead can be stopped, as for `look`).
   */
  typing(source: DeskGameSource, ply: number, fen: string, text: string): void {
    const stem = typedMoveStem(text);
    const last = this.lastTyping;
    // A check mark added names the same move: the worker's reading of it stands, and a hint would stop its decode
    // ahead only to start it again (and Enter on a checking move typed last would wait for it).
    if (stem !== '' && last?.id === source.id && last.ply === ply && last.fen === fen && last.stem === stem) return;
    this.lastTyping = { id: source.id, ply, fen, stem };
    this.hint(source, (key) => ({ kind: 'typing', request: 0, id: source.id, key, ply, fen, text }));
  }

  /** The last move being typed that the worker was told of, by its text without the marks that end it. */
  private lastTyping: { readonly id: string; readonly ply: number; readonly fen: string; readonly stem: string } | undefined;

  /**
   * Moves read as they were typed, by position and text (the last few). Enter then asks the worker nothing before
   * the decode: a reading request would stop the decode ahead of that very move, which the decode request lets finish.
   */
  private readonly typedReadings = new Map<string, TypedReading>();

  private readTyping(fen: string, text: string, result: TypedReading): void {
    // A move by its text without the marks that end it: with a mark added it reads the same (typedMoveStem). Why a
    // text is no move, by the text itself: the message quotes it.
    this.typedReadings.set(result.ok ? `${fen}\n${typedMoveStem(text)}` : `${fen}\n!${text}`, result);
    if (this.typedReadings.size > 32) this.typedReadings.delete(this.typedReadings.keys().next().value as string);
  }

  async typed(fen: string, text: string): Promise<TypedReading> {
    const known = this.typedReadings.get(`${fen}\n${typedMoveStem(text)}`) ?? this.typedReadings.get(`${fen}\n!${text}`);
    if (known) return known;
    const reply = await this.ask({ kind: 'typed', fen, text });
    if (reply.kind === 'typed') return reply.result;
    return { ok: false, message: reply.kind === 'failed' ? reply.message : 'unexpected reply' };
  }

  async exportRound(games: readonly DeskGame[]): Promise<{ ok: true; round: RoundPgn } | { ok: false; message: string }> {
    const reply = await this.ask({ kind: 'export', games });
    if (reply.kind === 'exported') return { ok: true, round: reply.round };
    return { ok: false, message: reply.kind === 'failed' ? reply.message : 'unexpected reply' };
  }
}
