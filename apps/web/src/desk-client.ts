/** The page's side of the desk worker: each request is a promise. */
import type { DeskFailure, DeskGame, DeskGameSource, DeskInput, RoundPgn } from '@zapis/desk';
import { materialKey, type DeskReply, type DeskRequest } from './workers/desk-protocol.js';

type Waiting = (reply: DeskReply) => void;
type Unnumbered<T> = T extends unknown ? Omit<T, 'request'> : never;

export class DeskClient {
  private worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private next = 1;
  /** The material key of each game the worker was sent. */
  private readonly sent = new Map<string, string>();
  /** Requests wait for the worker's `ready`. */
  private ready: Promise<void>;
  private markReady: () => void = () => undefined;

  constructor() {
    this.ready = new Promise((resolve) => { this.markReady = resolve; });
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./workers/desk-worker.ts', import.meta.url), { type: 'module', name: 'zapis-desk' });
    worker.onmessage = (event: MessageEvent<DeskReply>) => {
      if (event.data.kind === 'ready') {
        this.markReady();
        return;
      }
      const waiting = this.waiting.get(event.data.request);
      this.waiting.delete(event.data.request);
      waiting?.(event.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      // A worker that cannot start or dies: what waits gets an error to show, and a fresh worker takes over.
      event.preventDefault();
      for (const [request, waiting] of this.waiting) waiting({ kind: 'failed', request, message: `the desk worker stopped: ${event.message}` });
      this.waiting.clear();
      this.sent.clear();
      worker.terminate();
      this.ready = new Promise((resolve) => { this.markReady = resolve; });
      this.worker = this.start();
    };
    return worker;
  }

  private async ask(message: Unnumbered<DeskRequest>): Promise<DeskReply> {
    const request = this.next++;
    await this.ready;
    return new Promise((resolve) => {
      this.waiting.set(request, resolve);
      this.worker.postMessage({ ...message, request } as DeskRequest);
    });
  }

  async games(inputs: readonly DeskInput[]): Promise<{ games: DeskGameSource[]; failures: DeskFailure[] }> {
    const reply = await this.ask({ kind: 'games', inputs });
    if (reply.kind === 'games') return { games: reply.games, failures: reply.failures };
    return { games: [], failures: [{ inputId: '', name: '', code: 'internal', message: reply.kind === 'failed' ? reply.message : 'unexpected reply' }] };
  }

  async decode(source: DeskGameSource, confirmations: ReadonlyMap<number, string>): Promise<{ ok: true; game: DeskGame; milliseconds: number } | { ok: false; message: string }> {
    const key = materialKey(source);
    const request = { kind: 'decode' as const, id: source.id, key, confirmations: [...confirmations] };
    let reply = await this.ask(this.sent.get(source.id) === key ? request : { ...request, source });
    if (reply.kind === 'unknown') reply = await this.ask({ ...request, source });
    this.sent.set(source.id, key);
    if (reply.kind === 'decoded') return { ok: true, game: reply.game, milliseconds: reply.milliseconds };
    return { ok: false, message: reply.kind === 'failed' ? reply.message : 'unexpected reply' };
  }

  async typed(fen: string, text: string): Promise<{ ok: true; san: string } | { ok: false; message: string }> {
    const reply = await this.ask({ kind: 'typed', fen, text });
    if (reply.kind === 'typed') return reply.result;
    return { ok: false, message: reply.kind === 'failed' ? reply.message : 'unexpected reply' };
  }

  async exportRound(games: readonly DeskGame[]): Promise<RoundPgn | undefined> {
    const reply = await this.ask({ kind: 'export', games });
    return reply.kind === 'exported' ? reply.round : undefined;
  }
}
