/**
 * The review session: the files and texts given, the games found in them,
 * what a person confirmed, and what is selected. Reading runs in reader
 * workers and decoding in the desk worker; everything a person did is kept in
 * the browser's IndexedDB, so a reload loses nothing. A scan game is shown as
 * the narrow search decodes it, then searched again deep in a second desk
 * worker, as `zapis read` does, with the person's confirmations as its
 * constraints (@zapis/desk's DeepSearches).
 */
import type { PlainOutcome } from '@zapis/ocr';
import { sniffScanKind } from '@zapis/ocr/scan-kind';
import { DeepSearches, type DeepSearchState, type DeskFailure, type DeskGame, type DeskGameSource, type DeskInput, type RoundPgn } from '@zapis/desk';
import { ReaderPool, type ReadProgress } from './reader-client.js';
import { DeskClient } from './desk-client.js';
import { materialKey } from './workers/desk-protocol.js';
import { DeskStorage, StorageSilent } from './desk-storage.js';

export type InputStatus = ReadProgress | 'done' | 'error';

export interface InputEntry {
  readonly id: string;
  readonly name: string;
  readonly kind: 'scan' | 'text';
  readonly status: InputStatus;
  /** Why the file could not be used. */
  readonly message?: string;
  /** Reading time, seconds (scans). */
  readonly seconds?: number;
  readonly text?: string;
  readonly pages: readonly PlainOutcome[];
  /** Page images to show (the file itself, or rendered PDF pages), by page number. */
  readonly images: Readonly<Record<number, Blob>>;
  /** The scan itself while it is being read: a reload reads it again instead of losing it. */
  readonly file?: Blob;
}

export interface GameEntry {
  readonly source: DeskGameSource;
  readonly game?: DeskGame;
  readonly error?: string;
  readonly confirmations: ReadonlyMap<number, string>;
  readonly decoding: boolean;
  /** The last decode's time in the worker, milliseconds. */
  readonly decodeMilliseconds?: number;
  /**
   * Scans: the deep search, waiting for the sheets being read (they come first), under way (either way the game shown
   * may still change), or done (the game is `zapis read`'s).
   */
  readonly deepSearch?: DeepSearchState | 'waiting';
}

/** A round's PGN, and every file or game given that is not in it. */
export interface RoundExport {
  readonly round: RoundPgn;
  /** Games that could not be decoded at all. */
  readonly notDecoded: readonly string[];
  /** Files still being read when the export was made. */
  readonly stillReading: readonly string[];
  /** Files that gave no game (unreadable, or no game in them). */
  readonly noGame: readonly string[];
}

export interface SessionState {
  readonly inputs: readonly InputEntry[];
  readonly games: readonly GameEntry[];
  readonly failures: readonly DeskFailure[];
  readonly selectedGame?: string;
  readonly selectedPly?: number;
  readonly restored: boolean;
  /**
   * Groupings of the finished inputs into games not done yet: a file shows as read a moment before its game is listed
   * (the desk worker groups every input again), and a script waiting for a round's games waits for this to be 0.
   */
  readonly grouping: number;
  /** The browser's storage did not answer on load: the last session was not restored, and this one is not saved. */
  readonly storageSilent?: boolean;
}

const STORAGE_KEY = 'zapis-desk-session-v2';
/** Each input is stored under its own key, written when its state changes: a scan's readings are megabytes, a confirmation is bytes. */
const inputKey = (id: string): string => `zapis-desk-input-${id}`;

interface StoredSession {
  readonly inputIds: readonly string[];
  readonly confirmations: readonly (readonly [string, readonly (readonly [number, string])[]])[];
  readonly selectedGame?: string;
}

/** A failed read counts as nothing saved; only silence is passed on. */
const rethrowSilence = <T>(fallback: T) => (error: unknown): T => {
  if (error instanceof StorageSilent) throw error;
  return fallback;
};

const newId = (): string => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export class Session {
  private state: SessionState = { inputs: [], games: [], failures: [], restored: false, grouping: 0 };
  private readonly listeners = new Set<(state: SessionState) => void>();
  private readers: ReaderPool | undefined;
  /**
   * [0]: the quick decodes under way, from the request until the game is painted, in memory the deep worker sees: its
   * search gives way to them, so that a person's correction has both cores (shared memory only).
   */
  private readonly quickDecodes = typeof SharedArrayBuffer === 'function' && self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  private readonly desk = new DeskClient();
  /** Searches scan games again deep, and then decodes their corrections (desk-worker.ts); started for the first scan. */
  private deepDeskClient: DeskClient | undefined;
  private get deepDesk(): DeskClient {
    return (this.deepDeskClient ??= new DeskClient({ deep: true, ...(this.quickDecodes ? { giveWayTo: this.quickDecodes } : {}) }));
  }
  private readonly deepSearches = new DeepSearches();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly storage = new DeskStorage();
  /** Off when the saved session could not be read: saving now would overwrite it. */
  private saving = true;
  private grouping = Promise.resolve();
  private pastedCount = 0;

  get current(): SessionState {
    return this.state;
  }

  subscribe(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(change: Partial<SessionState>, persist = true): void {
    const before = this.state;
    this.state = { ...this.state, ...change };
    if (before.selectedGame !== this.state.selectedGame || before.selectedPly !== this.state.selectedPly) this.lookAtSelection();
    for (const listener of this.listeners) listener(this.state);
    if (persist && this.state.restored && this.saving) this.scheduleSave();
  }

  /** Tells the desk worker what the person looks at, so it decodes their likely confirmations ahead. */
  private lookAtSelection(): void {
    const entry = this.state.games.find((game) => game.source.id === this.state.selectedGame);
    if (entry?.game) this.deskOf(entry.source).look(entry.source, this.state.selectedPly);
  }

  /** The worker that decodes a game: the deep one once its deep answer is shown, else the one that answers at once. */
  private deskOf(source: DeskGameSource): DeskClient {
    return this.deepSearches.isDeep(source.id, materialKey(source)) ? this.deepDesk : this.desk;
  }

  private updateInput(id: string, change: Partial<InputEntry>): void {
    this.update({ inputs: this.state.inputs.map((input) => (input.id === id ? { ...input, ...change } : input)) });
  }

  private updateGame(id: string, change: Partial<GameEntry>): void {
    this.update({ games: this.state.games.map((entry) => (entry.source.id === id ? { ...entry, ...change } : entry)) });
  }

  /** Restores the last session from the browser's storage. */
  async restore(): Promise<void> {
    let stored: StoredSession | undefined;
    let found: (InputEntry | undefined)[];
    try {
      stored = await this.storage.get<StoredSession>(STORAGE_KEY).catch(rethrowSilence(undefined));
      found = stored ? await this.storage.getMany<InputEntry>(stored.inputIds.map(inputKey)).catch(rethrowSilence([])) : [];
    } catch {
      // Silent storage: the desk starts empty and says so; what is saved stays saved for the next load.
      this.saving = false;
      this.update({ restored: true, storageSilent: true }, false);
      return;
    }
    const inputs = found.filter((input): input is InputEntry => input !== undefined);
    for (const input of inputs) this.savedInputs.set(input.id, input);
    if (!stored) {
      this.update({ restored: true }, false);
      return;
    }
    const confirmations = new Map(stored.confirmations.map(([id, moves]) => [id, new Map(moves)] as const));
    this.pendingConfirmations = confirmations;
    // A scan still being read when the page closed is read again from its kept bytes.
    const unfinished = inputs.filter((input) => input.status !== 'done' && input.status !== 'error' && input.file);
    this.update({ inputs: inputs.filter((input) => input.status === 'done' || input.status === 'error' || input.file)
      .map((input) => (unfinished.includes(input) ? { ...input, status: 'queued' as const, pages: [], images: {} } : input)), restored: true,
      ...(stored.selectedGame ? { selectedGame: stored.selectedGame } : {}) }, false);
    this.pastedCount = inputs.filter((input) => input.kind === 'text').length;
    await Promise.all([this.regroup(), ...unfinished.map((input) => this.readScan(input.id, input.name, input.file!))]);
  }

  private pendingConfirmations = new Map<string, Map<number, string>>();

  /** The page is idle: the reader workers start (their code; the model loads when a person reaches for a file). */
  prepareReaders(): void {
    this.readers ??= new ReaderPool();
    this.readers.prepare();
  }

  /** A person reaches for a file (opens the file dialog, drags one over the page): the reader starts loading. */
  warmReader(): void {
    this.readers ??= new ReaderPool();
    this.readers.warm();
  }

  async addFiles(files: readonly File[]): Promise<void> {
    const given = performance.now();
    // Looked at together, listed in the order given: of a sheet given twice, the later copy is the repeat.
    const entries = await Promise.all(files.map((file) => this.inputOf(file)));
    this.update({ inputs: [...this.state.inputs, ...entries] });
    await Promise.all([
      ...(entries.some((entry) => entry.kind === 'text' && entry.status === 'done') ? [this.regroup()] : []),
      ...entries.flatMap((entry) => (entry.kind === 'scan' && entry.file ? [this.readScan(entry.id, entry.name, entry.file, given)] : [])),
    ]);
  }

  /** A new input for a file: a scan queued to be read, a text, or why the file cannot be used. */
  private async inputOf(file: File): Promise<InputEntry> {
    const id = newId();
    const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
    if (sniffScanKind(head) !== undefined) return { id, name: file.name, kind: 'scan', status: 'queued', pages: [], images: {}, file };
    const text = await textOf(file, head);
    return text === undefined
      ? { id, name: file.name, kind: 'text', status: 'error', message: file.size === 0 ? 'empty file' : 'not a PNG, JPEG, PDF or text file', pages: [], images: {} }
      : { id, name: file.name, kind: 'text', status: 'done', text, pages: [], images: {} };
  }

  private async readScan(id: string, name: string, file: Blob, given = performance.now()): Promise<void> {
    this.readers ??= new ReaderPool();
    const started = performance.now();
    const pages: PlainOutcome[] = [];
    const images: Record<number, Blob> = {};
    // The desk worker leaves its heaviest work ahead (priming wide searches) until no sheet is being read.
    this.desk.reading(1);
    this.deepDesk.reading(1);
    this.sheetsBeingRead += 1;
    try {
      await this.readers.readFile(file, name, (page) => {
        const outcome = { ...page.outcome, file: name };
        pages.push(outcome);
        if (page.image) images[outcome.page ?? 1] = page.image;
        this.updateInput(id, { pages: [...pages], images: { ...images } });
      }, (stage) => this.updateInput(id, { status: stage }));
    } finally {
      this.desk.reading(-1);
      this.deepDesk.reading(-1);
      this.sheetsBeingRead -= 1;
      if (this.sheetsBeingRead === 0) for (const then of this.sheetsReadWaiters.splice(0)) then();
    }
    pages.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
    const failed = pages.filter((page) => !page.ok);
    this.updateInput(id, {
      file: undefined,
      status: pages.length > 0 && failed.length === pages.length ? 'error' : 'done',
      seconds: (performance.now() - started) / 1000,
      pages,
      ...(failed.length > 0 ? { message: failed.map((page) => (page.ok ? '' : page.message)).join('; ') } : {}),
    });
    // The benchmark reads, per scan, the time from the file given to the sheet shown as read (its game decodes next).
    afterNextPaint(() => benchRecord('zapisReadTimes', performance.now() - given));
    await this.regroup();
    // ... and to its game decoded and shown.
    afterNextPaint(() => benchRecord('zapisGameShownTimes', performance.now() - given));
  }

  async addText(text: string, name?: string): Promise<void> {
    this.pastedCount += 1;
    const entry: InputEntry = { id: newId(), name: name ?? `pasted-${this.pastedCount}.txt`, kind: 'text', status: 'done', text, pages: [], images: {} };
    this.update({ inputs: [...this.state.inputs, entry] });
    await this.regroup();
  }

  /** Finds the games in every finished input again (two players' sheets may arrive as two files) and decodes the new ones. */
  private regroup(): Promise<void> {
    this.update({ grouping: this.state.grouping + 1 }, false);
    let listed = false;
    const done = (): void => {
      if (listed) return;
      listed = true;
      this.update({ grouping: this.state.grouping - 1 }, false);
    };
    this.grouping = this.grouping.then(async () => {
      const inputs: DeskInput[] = this.state.inputs.filter((input) => input.status === 'done' || (input.kind === 'scan' && input.pages.length > 0 && input.status === 'error'))
        .map((input) => (input.kind === 'text'
          ? { kind: 'text', id: input.id, name: input.name, text: input.text ?? '' }
          : { kind: 'scan', id: input.id, name: input.name, pages: input.pages }));
      // The deep worker holds the scans too (named by id once sent whole), to decode the same games by the same ids.
      const scans = inputs.filter((input) => input.kind === 'scan');
      if (scans.length > 0 || this.deepDeskClient) void this.deepDesk.games(scans);
      const { games, failures } = await this.desk.games(inputs);
      const known = new Map(this.state.games.map((entry) => [entry.source.id, entry]));
      // Only games new or changed are decoded here: a game still decoding (a person's correction) is being decoded by
      // its own request, and asking again made the correction wait for a second decode behind the first.
      const fresh: string[] = [];
      const entries: GameEntry[] = games.map((source) => {
        const previous = known.get(source.id);
        if (previous && materialKey(previous.source) === materialKey(source)) return previous;
        const confirmations = previous?.confirmations ?? this.pendingConfirmations.get(source.id) ?? new Map<number, string>();
        fresh.push(source.id);
        return { source, confirmations, decoding: true };
      });
      const selectedGame = this.state.selectedGame && entries.some((entry) => entry.source.id === this.state.selectedGame)
        ? this.state.selectedGame : entries[0]?.source.id;
      this.update({ games: entries, failures, ...(selectedGame ? { selectedGame } : {}) });
      done();
      await Promise.all(fresh.map((id) => this.decode(id)));
    }).finally(done);
    return this.grouping;
  }

  /**
   * The last decode asked for, per game. Keys pressed quickly confirm a second move before the first decode
   * answers: that answer lacks the second confirmation, and (asked again after the worker let the game go) it can
   * even come last. Only the latest is shown; the game stays "decoding" until it comes.
   */
  private readonly latestDecode = new Map<string, number>();
  private decodesAsked = 0;

  /** Decodes asked for and not answered yet, by game: an export waits for them (exportRound). */
  private readonly decodesRunning = new Set<Promise<void>>();

  private decode(id: string): Promise<void> {
    const running = this.decodeNow(id).finally(() => this.decodesRunning.delete(running));
    this.decodesRunning.add(running);
    return running;
  }

  private async decodeNow(id: string): Promise<void> {
    const entry = this.state.games.find((game) => game.source.id === id);
    if (!entry) return;
    const asked = ++this.decodesAsked;
    this.latestDecode.set(id, asked);
    this.updateGame(id, { decoding: true });
    const desk = this.deskOf(entry.source);
    const quick = desk === this.desk ? this.quickDecodes : undefined;
    if (quick) Atomics.add(quick, 0, 1);
    let decoded: Awaited<ReturnType<DeskClient['decode']>>;
    try {
      decoded = await desk.decode(entry.source, entry.confirmations);
    } finally {
      // Given way to until what it answered is on screen (the page's own thread needs a core too).
      if (quick) {
        afterNextPaint(() => {
          Atomics.sub(quick, 0, 1);
          Atomics.notify(quick, 0);
        });
      }
    }
    if (this.latestDecode.get(id) !== asked) return;
    if (decoded.ok) {
      this.updateGame(id, { game: decoded.game, decoding: false, decodeMilliseconds: decoded.milliseconds, error: undefined });
      // The benchmark reads the worker's own decode times here, and which were decoded ahead.
      benchRecord('zapisDecodeTimes', decoded.milliseconds);
      benchRecord('zapisDecodedAhead', decoded.ahead);
      benchRecord('zapisOtherReadings', decoded.otherReadings);
      if (this.state.selectedGame === id && this.state.selectedPly === undefined && decoded.game.flagged.length > 0) {
        this.update({ selectedPly: decoded.game.flagged[0] }, false);
      } else if (this.state.selectedGame === id) {
        this.lookAtSelection();
      }
    } else {
      this.updateGame(id, { decoding: false, error: decoded.message });
    }
    // The first answer is shown: the deep search follows (or, under way, takes these confirmations when it answers).
    if (desk === this.desk) this.searchDeep(id);
  }

  /** Sheets being read: deep searches wait for them (reading comes first: a person waits for each sheet's first answer). */
  private sheetsBeingRead = 0;
  private readonly sheetsReadWaiters: (() => void)[] = [];
  /** Games whose deep search waits for the sheets being read. */
  private readonly deepWaiting = new Set<string>();

  private sheetsRead(): Promise<void> {
    return this.sheetsBeingRead === 0 ? Promise.resolve() : new Promise((resolve) => this.sheetsReadWaiters.push(resolve));
  }

  /**
   * The game's deep search, once its first answer is shown (a scan's), after the sheets being read, with the
   * confirmations it has then. One under way takes the confirmations made meanwhile when it answers.
   */
  private searchDeep(id: string): void {
    const entry = this.state.games.find((game) => game.source.id === id);
    if (entry?.source.kind !== 'scan' || this.deepWaiting.has(id) || this.deepSearches.state(id, materialKey(entry.source)) !== undefined) return;
    this.deepWaiting.add(id);
    this.updateGame(id, { deepSearch: this.sheetsBeingRead > 0 ? 'waiting' : 'searching' });
    const running = this.sheetsRead().then(async () => {
      this.deepWaiting.delete(id);
      const now = this.state.games.find((game) => game.source.id === id);
      if (now?.source.kind !== 'scan' || !this.deepSearches.start(id, materialKey(now.source), now.confirmations)) return;
      this.updateGame(id, { deepSearch: 'searching' });
      await this.deepSearch(now.source, now.confirmations);
    }).finally(() => this.decodesRunning.delete(running));
    this.decodesRunning.add(running);
  }

  private async deepSearch(source: DeskGameSource, confirmations: ReadonlyMap<number, string>): Promise<void> {
    const { id } = source;
    const material = materialKey(source);
    const decoded = await this.deepDesk.decode(source, confirmations);
    const entry = this.state.games.find((game) => game.source.id === id);
    if (!decoded.ok) {
      this.deepSearches.failed(id, material);
      if (entry) this.updateGame(id, { deepSearch: this.deepSearches.state(id, materialKey(entry.source)) });
      return;
    }
    const answer = this.deepSearches.answered(id, material, confirmations, entry ? { material: materialKey(entry.source), confirmations: entry.confirmations } : undefined);
    if (answer.kind === 'again') {
      await this.deepSearch(source, answer.confirmations);
      return;
    }
    if (answer.kind === 'drop') return;
    // Decoded with exactly the person's confirmations: a narrow decode still under way is older news.
    this.latestDecode.set(id, ++this.decodesAsked);
    this.updateGame(id, { game: decoded.game, decoding: false, deepSearch: 'done', decodeMilliseconds: decoded.milliseconds, error: undefined });
    benchRecord('zapisDeepSearchTimes', decoded.milliseconds);
    if (this.state.selectedGame === id) this.lookAtSelection();
  }

  select(gameId: string, ply?: number): void {
    this.update({ selectedGame: gameId, ...(ply !== undefined ? { selectedPly: ply } : { selectedPly: undefined }) });
  }

  selectPly(ply: number | undefined): void {
    this.update({ selectedPly: ply }, false);
  }

  /** A person says which move was played at a ply: the rest of the game is decoded again around it. */
  async confirm(gameId: string, ply: number, san: string): Promise<void> {
    const entry = this.state.games.find((game) => game.source.id === gameId);
    if (!entry) return;
    const confirmations = new Map(entry.confirmations);
    confirmations.set(ply, san);
    const started = performance.now();
    this.redecodingShownAt = undefined;
    this.updateGame(gameId, { confirmations });
    await this.decode(gameId);
    // The benchmark reads, per correction, the time until the re-decoded game is on screen, and until the person saw
    // the choice taken: the re-decoding status shown (components/redecode-status.tsx), or else the game itself.
    const shownAt = this.redecodingShownAt;
    afterNextPaint(() => {
      const painted = performance.now() - started;
      benchRecord('zapisCorrectionTimes', painted);
      benchRecord('zapisFeedbackTimes', shownAt !== undefined && shownAt >= started ? Math.min(painted, shownAt - started) : painted);
    });
  }

  private redecodingShownAt: number | undefined;

  /** The re-decoding status became visible (for the benchmark's feedback time). */
  redecodingShown(): void {
    this.redecodingShownAt ??= performance.now();
  }

  async unconfirm(gameId: string, ply: number): Promise<void> {
    const entry = this.state.games.find((game) => game.source.id === gameId);
    if (!entry || !entry.confirmations.has(ply)) return;
    const confirmations = new Map(entry.confirmations);
    confirmations.delete(ply);
    this.updateGame(gameId, { confirmations });
    await this.decode(gameId);
  }

  /** Whether a game is being decoded or searched deep (an export made now waits for it). */
  get decodingGames(): number {
    return this.state.games.filter((entry) => entry.decoding || entry.deepSearch === 'searching' || entry.deepSearch === 'waiting').length;
  }

  /**
   * One PGN of the round (made in the desk worker, where the notation library lives), once every decode asked for
   * has answered: a person who confirms a move and exports at once gets the game with it, not the one before. Games
   * that could not be decoded at all are named in `notDecoded`; the PGN has every other game, with or without moves.
   */
  async exportRound(): Promise<RoundExport | { readonly failed: string }> {
    while (this.decodesRunning.size > 0) await Promise.all([...this.decodesRunning]);
    const { inputs, games: entries, failures } = this.state;
    const games = entries.flatMap((entry) => (entry.game ? [entry.game] : []));
    const notDecoded = entries.filter((entry) => !entry.game).map((entry) => entry.source.name);
    // Every file given is in the PGN or named here: one still being read, or that gave no game, is not silently missing.
    const stillReading = inputs.filter((input) => input.status !== 'done' && input.status !== 'error').map((input) => input.name);
    const grouped = new Set(entries.flatMap((entry) => (entry.source.kind === 'scan' ? entry.source.inputIds : [entry.source.inputId])));
    const noGame = [...new Set([
      ...inputs.filter((input) => input.status === 'error' && !grouped.has(input.id)).map((input) => input.name),
      ...failures.map((failure) => failure.name),
    ])];
    const exported = await this.desk.exportRound(games);
    return exported.ok ? { round: exported.round, notDecoded, stillReading, noGame } : { failed: exported.message };
  }

  /** A person is typing a move at `ply` of a game: the worker reads it as they type and decodes it ahead. */
  typing(gameId: string, ply: number, text: string): void {
    const entry = this.state.games.find((game) => game.source.id === gameId);
    const move = entry?.game?.moves[ply - 1];
    if (entry && move) this.deskOf(entry.source).typing(entry.source, ply, move.fenBefore, text);
  }

  typedMove(fen: string, text: string): Promise<{ ok: true; san: string } | { ok: false; message: string }> {
    return this.desk.typed(fen, text);
  }

  async clear(): Promise<void> {
    this.pendingConfirmations = new Map();
    this.deepSearches.clear();
    this.deepWaiting.clear();
    this.update({ inputs: [], games: [], failures: [], selectedGame: undefined, selectedPly: undefined });
    this.savedInputs.clear();
    if (this.saving) await this.storage.clear().catch(() => undefined);
  }

  /**
   * Saves once the changes of this task are made, without waiting for more: a save left until the page hides (a
   * reload soon after a change) can be cut off. Only inputs that changed are written again, so a save after every
   * change costs the small session record.
   */
  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save();
    }, 0);
  }

  /** Before the page hides: writes a save still waiting, and nothing else (a write begun as the page unloads is the one most likely cut off). */
  async flushSave(): Promise<void> {
    if (this.saveTimer === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    await this.save();
  }

  /** The input objects last written, by id: an input is written again only when it changed. */
  private readonly savedInputs = new Map<string, InputEntry>();

  /** Saves now. */
  async save(): Promise<void> {
    if (!this.saving) return;
    // Progress stages are not worth a write of a scan; the file, its pages and its end are.
    const changed = this.state.inputs.filter((input) => {
      const saved = this.savedInputs.get(input.id);
      return saved !== input && (!saved || saved.pages !== input.pages || saved.file !== input.file || saved.status === 'done' !== (input.status === 'done') || input.status === 'error');
    });
    for (const input of changed) this.savedInputs.set(input.id, input);
    const stored: StoredSession = {
      inputIds: this.state.inputs.map((input) => input.id),
      confirmations: this.state.games.map((entry) => [entry.source.id, [...entry.confirmations]] as const),
      ...(this.state.selectedGame ? { selectedGame: this.state.selectedGame } : {}),
    };
    // One transaction: the session record never names an input that was not written with it.
    await this.storage.setMany([...changed.map((input) => [inputKey(input.id), input] as const), [STORAGE_KEY, stored] as const]).catch(() => undefined);
  }
}

/** The series the benchmark reads off the page (apps/web/bench): a number or flag appended per event. */
type BenchSeries = 'zapisReadTimes' | 'zapisGameShownTimes' | 'zapisDecodeTimes' | 'zapisDecodedAhead' | 'zapisOtherReadings' | 'zapisCorrectionTimes'
  | 'zapisFeedbackTimes' | 'zapisDeepSearchTimes';

function benchRecord(series: BenchSeries, value: number | boolean): void {
  ((globalThis as unknown as Partial<Record<BenchSeries, (number | boolean)[]>>)[series] ??= []).push(value);
}

/** Runs `then` once the browser has painted what the last state change rendered. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** The file as text when it is text (UTF-8, else Latin-1), undefined when it is binary or empty. */
async function textOf(file: File, head: Uint8Array): Promise<string | undefined> {
  if (file.size === 0 || head.includes(0)) return undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}
