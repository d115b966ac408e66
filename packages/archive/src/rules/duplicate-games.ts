/**
 * Duplicate games: the same players (White and Black, compared without regard
 * to case or runs of whitespace) and the same mainline as an earlier game of
 * the run. Records arrive in input order; the second and later copies get a
 * `duplicate-game` finding naming the first.
 *
 * Memory: no key strings are kept. Each game's key is hashed, as it is read,
 * into 53 bits (FNV-1a and a Murmur-style multiply-mix, 32 bits each, over the
 * same words: a name's characters, a move's characters four to a word) and
 * only hash → first occurrence is stored, in a table of typed arrays
 * (key-table.ts) and three number arrays, far smaller than a Map of strings.
 * Two different games share a hash with
 * odds of about n²/2⁵⁴ (1 in 100,000 for a run of 400,000 games).
 *
 * Left out: games without moves (forfeits and placeholders between the same
 * players are different events, not copies), and games whose replay failed
 * (their mainline is only the part before the error, so two different games
 * could share it).
 */
import type { GameRecord, RecordDiagnostic } from '../record.js';
import type { RuleConfig, RuleSetting } from '../rule-contract.js';
import { KeyTable } from './key-table.js';
import { settingFor } from './rule-config.js';

export interface GameOccurrence {
  readonly file: string;
  readonly index: number;
  readonly line: number;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MIX_SEED = 0x9747b28c;
const MIX_MULTIPLIER = 0x5bd1e995;
const SEPARATOR = 0x1f;
const SPACE = 32;

/** One word into the FNV-1a half of a key; the word is folded first, as a multiply carries its high bits only upwards. */
function fnvStep(fnv: number, word: number): number {
  return Math.imul(fnv ^ word ^ (word >>> 16), FNV_PRIME);
}

/** One word into the multiply-mix half of a key. */
function mixStep(mix: number, word: number): number {
  let mixed = mix ^ Math.imul(word + 0x9e37, MIX_MULTIPLIER);
  mixed = Math.imul(mixed ^ (mixed >>> 15), MIX_MULTIPLIER);
  return mixed ^ (mixed >>> 13);
}

/**
 * The key of what makes two games the same, built as a game is read: its
 * moves (the mainline in SAN) one by one, then the players and a set-up
 * position. Two 32-bit hashes are fed the same words and made into one exact
 * 53-bit number. One builder serves game after game (start() begins again).
 */
export class DuplicateKeyBuilder {
  private fnv = FNV_OFFSET;
  private mix = MIX_SEED;

  start(): void {
    this.fnv = FNV_OFFSET;
    this.mix = MIX_SEED;
  }

  /**
   * Goes on from moves hashed elsewhere, word for word as addMove hashes them
   * (the replay kernel's MoveSummary: `fnv` and `mix` after a game's moves).
   */
  resume(fnv: number, mix: number): void {
    this.fnv = fnv;
    this.mix = mix;
  }

  private add(code: number): void {
    this.fnv = fnvStep(this.fnv, code);
    this.mix = mixStep(this.mix, code);
  }

  /** `text[start, end)`, four characters a step (SAN is ASCII, so four 8-bit codes pack into one 32-bit word). */
  addMove(text: string, start = 0, end = text.length): void {
    for (let index = start; index < end; index += 4) {
      let word = 0;
      for (let i = index; i < index + 4 && i < end; i++) {
        const code = text.charCodeAt(i);
        if (code > 0xff) {
          // Not 8-bit: the rest is hashed a character a step.
          for (let rest = index; rest < end; rest++) this.add(text.charCodeAt(rest) + 0x10000);
          this.add(SEPARATOR);
          return;
        }
        word = (word << 8) | code;
      }
      this.add(word);
    }
    this.add(SEPARATOR);
  }

  /** A player's name: lower case, leading and trailing whitespace dropped, inner runs as one space. */
  private addName(name: string): void {
    // The hashes are carried in locals through the name: it is hashed for every game of the run.
    let fnv = this.fnv;
    let mix = this.mix;
    let pendingSpace = false;
    let started = false;
    for (let index = 0; index < name.length; index++) {
      let code = name.charCodeAt(index);
      if (code === SPACE || code === 9 || code === 10 || code === 13 || code === 0xa0) {
        pendingSpace = started;
        continue;
      }
      if (pendingSpace) {
        fnv = fnvStep(fnv, SPACE);
        mix = mixStep(mix, SPACE);
      }
      pendingSpace = false;
      started = true;
      if (code >= 65 && code <= 90) code += 32;
      else if (code >= 128) code = name.charAt(index).toLowerCase().charCodeAt(0);
      fnv = fnvStep(fnv, code);
      mix = mixStep(mix, code);
    }
    this.fnv = fnvStep(fnv, SEPARATOR);
    this.mix = mixStep(mix, SEPARATOR);
  }

  /** Adds the players and a set-up position (the same game only from the same position) and gives the key. */
  finish(tags: GameRecord['tags']): number {
    this.add(SEPARATOR);
    this.addName(tags?.White ?? '');
    this.addName(tags?.Black ?? '');
    const fen = tags?.FEN;
    if (fen !== undefined) this.addMove(fen.trim());
    // 32 bits of one and 21 of the other: below 2^53, so exact as a number and a fast Map key.
    return (this.fnv >>> 0) * 0x200000 + ((this.mix >>> 0) >>> 11);
  }
}

const builder = new DuplicateKeyBuilder();

/** The hash of what makes two games the same: the players, a set-up position, the mainline in SAN. */
export function duplicateKeyHash(record: Pick<GameRecord, 'tags'> & { readonly san: readonly string[] }): number {
  builder.start();
  for (const san of record.san) builder.addMove(san);
  return builder.finish(record.tags);
}

/** The record's key: computed by the worker that replayed it, or here from its moves. */
function keyOf(record: GameRecord): number | undefined {
  if (record.duplicateKey !== undefined) return record.duplicateKey;
  return record.san ? duplicateKeyHash({ tags: record.tags, san: record.san }) : undefined;
}

/** Finds the second and later copies of a game, in input order. */
export class DuplicateGames {
  private readonly firstByHash = new KeyTable();
  private readonly fileIds = new Map<string, number>();
  private readonly files: string[] = [];
  /** Per game remembered: its file's id, number and line (typed arrays, grown by doubling: a run remembers millions). */
  private fileOf = new Int32Array(1024);
  private indexOf = new Int32Array(1024);
  /** Lines may pass 2^31 in the largest archives. */
  private lineOf = new Float64Array(1024);
  private lastFileId = 0;

  /** The rule's setting, read once: a run checks every game. */
  private readonly setting: RuleSetting | undefined;

  constructor(config: RuleConfig) {
    this.setting = settingFor(config, 'duplicate-game');
  }

  /** Games remembered so far. */
  get size(): number {
    return this.firstByHash.size;
  }

  /** The finding for `record` when it repeats an earlier game; otherwise remembers it. */
  check(record: GameRecord): RecordDiagnostic | undefined {
    const setting = this.setting;
    if (setting === 'off' || setting === undefined) return undefined;
    if (record.plies === 0 || record.status !== 'ok') return undefined;
    const hash = keyOf(record);
    if (hash === undefined) return undefined;
    const slot = this.firstByHash.get(hash);
    if (slot < 0) {
      this.remember(hash, record);
      return undefined;
    }
    const first = this.occurrence(slot);
    const where = first.file === record.file ? `game ${first.index} (line ${first.line})` : `game ${first.index} of ${first.file} (line ${first.line})`;
    return {
      severity: setting,
      code: 'duplicate-game',
      message: `the same players and the same ${record.plies} moves as ${where}`,
      file: record.file,
      line: record.line,
      column: 1,
      width: 1,
    };
  }

  /** Where a remembered game was first seen. */
  occurrence(slot: number): GameOccurrence {
    return { file: this.files[this.fileOf[slot]], index: this.indexOf[slot], line: this.lineOf[slot] };
  }

  private remember(hash: number, record: GameRecord): void {
    // Games come file after file: the last game's file is looked up once.
    let fileId = record.file === this.files[this.lastFileId] ? this.lastFileId : this.fileIds.get(record.file);
    if (fileId === undefined) {
      fileId = this.files.length;
      this.files.push(record.file);
      this.fileIds.set(record.file, fileId);
    }
    this.lastFileId = fileId;
    const slot = this.firstByHash.size;
    if (slot === this.fileOf.length) this.grow();
    this.firstByHash.add(hash, slot);
    this.fileOf[slot] = fileId;
    this.indexOf[slot] = record.index;
    this.lineOf[slot] = record.line;
  }

  private grow(): void {
    const size = this.fileOf.length * 2;
    const fileOf = new Int32Array(size);
    const indexOf = new Int32Array(size);
    const lineOf = new Float64Array(size);
    fileOf.set(this.fileOf);
    indexOf.set(this.indexOf);
    lineOf.set(this.lineOf);
    [this.fileOf, this.indexOf, this.lineOf] = [fileOf, indexOf, lineOf];
  }
}
