/**
 * The fast lane of archive validation. Most games in an archive are written in
 * the plain export format and are correct; for those, building a syntax tree
 * and describing every move is wasted work. This reads the game's tags in the
 * export subset, hands its move text to the token replay (token-replay.ts:
 * the WebAssembly kernel where it runs), which plays each token only if it is
 * exactly the SAN of a legal move, and builds the same report analyseGame
 * would give a clean game. At the first thing it cannot vouch for — a problem, an unusual form,
 * a tag that changes the start position — it answers undefined, and the
 * caller analyses the game with the full grammar, which explains everything.
 * Its promise (tested on the whole corpus, in English and in Polish letters):
 * whenever it answers, the answer equals analyseGame's.
 *
 * A game in another language's letters (`Sf3`) fails the English reading at
 * its first such piece move; foreignLetters then says which letters
 * analyseGame would try first, and the tokens are replayed again with them.
 */
import { INITIAL_FEN, makeFen, type Outcome } from '@zapis/core';
import { scanExportTags, type ExportScan, type LanguageCode, type MoveReading } from '@zapis/notation';
import { ENGLISH_LETTERS, inEnglishLetters, type PieceLetterTable } from './export-san.js';
import { foreignLetters, lettersOfLanguage } from './foreign-letters.js';
import { LANGUAGE_PREFERENCE, dependsOnLanguage, firstCandidateFromCounts, readAlike, readingsOfLetters } from './language-detection.js';
import { newTokenReplay, tokenReplay, type TokenReplay } from './token-replay.js';

export interface QuickReport {
  /** Offset of the game's first character in the text. */
  readonly start: number;
  /** Where the game's section ends (the next game's `[`, or the end of the scanned range). */
  readonly end: number;
  /** Where its move text begins (after the tags and the white space after them). */
  readonly moves: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly language: LanguageCode | 'any';
  readonly languages: readonly LanguageCode[];
  readonly plies: number;
  /**
   * The mainline in SAN; undefined when QuickOptions.san is false, unless the
   * game is written in another language's letters (then `written` needs it).
   */
  readonly san: readonly string[] | undefined;
  /**
   * For a game written in another language's piece letters: where each move
   * token stands, as [start, end) offset pairs (the tokens differ from their
   * SAN). Undefined for English letters, where the tokens are the SAN.
   */
  readonly written: readonly number[] | undefined;
  readonly startFen: string;
  /** The final position; undefined when QuickOptions.fen is false. */
  readonly fen: string | undefined;
  readonly outcome: Outcome | undefined;
  /**
   * With QuickOptions.moveHash, where the replay could give it: the duplicate-game
   * hash of the moves in English SAN (see MoveSummary of @zapis/replay-kernel).
   */
  readonly moveHash: { readonly fnv: number; readonly mix: number } | undefined;
}

export interface QuickOptions {
  /** 'auto' (default), or the one language to read (it needs one Latin capital a piece, else the game goes the full way). */
  readonly language?: LanguageCode | 'auto';
  /** Write the final position as FEN (default true); a run that reports no positions skips it. */
  readonly fen?: boolean;
  /** Keep each move's SAN as a string (default true); a run that keeps no moves skips the copies. */
  readonly san?: boolean;
  /**
   * Hears each move of a game the fast lane vouches for, in order, as its SAN
   * `text[start, end)` (the token as written, or for another language's letters
   * the same move in English letters). A game it gives up on is not heard.
   */
  readonly onMove?: (text: string, start: number, end: number) => void;
  /** Called before the moves of a game are heard (see onMove). */
  readonly onStart?: () => void;
  /**
   * Give the moves' duplicate-game hash (QuickReport.moveHash) where the replay
   * can; a game whose report has it is then not heard by onStart and onMove.
   */
  readonly moveHash?: boolean;
}

/**
 * Collects a game's tags as scanExportTags reads them, giving up at a tag
 * that changes how the game starts or what its moves mean (FEN, SetUp,
 * Variant: the full path reads them) and at a repeated one. One serves every
 * game of the thread: a scan never calls out, so no other scan can begin
 * before its tags are taken.
 */
class TagCollector {
  tags: Record<string, string> = {};

  tag(name: string, value: string): boolean {
    const tags = this.tags;
    if (name === 'FEN' || name === 'SetUp' || name === 'Variant' || name in tags) return false;
    tags[name] = value;
    return true;
  }
}
const tagCollector = new TagCollector();

/* English tokens keyed by their letters (see readingsOfLetters): a small number per token. */
const PIECE_LETTERS = ' NBRQK';
const PROMOTION_LETTERS = ' NBRQ';
const CASTLING_KEY = PIECE_LETTERS.length * PROMOTION_LETTERS.length;
const KEY_COUNT = CASTLING_KEY + 1;

function languageKey(text: string, start: number, end: number): number {
  const first = text.charCodeAt(start);
  if (first === 79) return CASTLING_KEY;
  const piece = first >= 97 ? 0 : Math.max(0, PIECE_LETTERS.indexOf(text[start], 1));
  let promotion = 0;
  for (let at = start + 2; at < end - 1; at++) {
    if (text.charCodeAt(at) === 61) promotion = Math.max(0, PROMOTION_LETTERS.indexOf(text[at + 1], 1));
  }
  return piece * PROMOTION_LETTERS.length + promotion;
}

function representativeReadings(key: number): readonly MoveReading[] {
  if (key === CASTLING_KEY) return readingsOfLetters(79, 0);
  const piece = PIECE_LETTERS[Math.floor(key / PROMOTION_LETTERS.length)];
  const promotion = PROMOTION_LETTERS[key % PROMOTION_LETTERS.length];
  return readingsOfLetters(piece === ' ' ? 0 : piece.charCodeAt(0), promotion === ' ' ? 0 : promotion.charCodeAt(0));
}

/** Per key: the readings of its representative token, and whether they depend on the language. */
interface KeyTables {
  readonly readings: readonly (readonly MoveReading[])[];
  readonly dependent: Uint8Array;
  /** Bit `key` set for each dependent key. */
  readonly dependentMask: number;
  /** Every key has an English reading (what lets languagesOfSample remember answers by key sets). */
  readonly englishReadsAll: boolean;
}
let keyTables: KeyTables | undefined;
function tablesOfKeys(): KeyTables {
  if (keyTables) return keyTables;
  const readings = Array.from({ length: KEY_COUNT }, (_, key) => representativeReadings(key));
  const dependent = Uint8Array.from(readings, (token) => (dependsOnLanguage(token) ? 1 : 0));
  const englishReadsAll = readings.every((token) => token.some((reading) => reading.languages === 'any' || reading.languages.includes('en')));
  const dependentMask = dependent.reduce((mask, isDependent, key) => (isDependent === 1 ? mask | (1 << key) : mask), 0);
  return (keyTables = { readings, dependent, dependentMask, englishReadsAll });
}

type ChosenLanguages = { readonly language: LanguageCode | 'any'; readonly languages: readonly LanguageCode[] };

/**
 * Per game, what decides its languages: each key's count among the
 * language-dependent tokens (over the whole game, as mainlineLanguageCandidates counts
 * them), which of those keys occur, and which keys occur at all.
 */
class KeySample {
  readonly counts = new Int32Array(KEY_COUNT);
  sampled = 0;
  present = 0;
  /** Every key's count as the kernel summed them (MoveSummary.keyCounts), when it did; then `counts` is not used. */
  private summed: Int32Array | undefined;

  reset(): void {
    this.counts.fill(0);
    this.sampled = 0;
    this.present = 0;
    this.summed = undefined;
  }

  /** The kernel's counts of every key, and which keys occur. */
  adopt(keyCounts: Int32Array, present: number): void {
    this.summed = keyCounts;
    this.present = present;
    this.sampled = present & tablesOfKeys().dependentMask;
  }

  /** Each key's count among the language-dependent tokens (0 for the other keys). */
  dependentCounts(): number[] {
    const summed = this.summed;
    if (summed === undefined) return Array.from(this.counts);
    const { dependent } = tablesOfKeys();
    return Array.from(summed.subarray(0, KEY_COUNT), (count, key) => (dependent[key] === 1 ? count : 0));
  }

  count(key: number): void {
    this.present |= 1 << key;
    if (tablesOfKeys().dependent[key] === 1) {
      this.counts[key]++;
      this.sampled |= 1 << key;
    }
  }
}

/** The languages firstCandidateFromCounts and readAlike give for the sample. */
function chooseLanguages(sample: KeySample): ChosenLanguages | undefined {
  const { readings } = tablesOfKeys();
  const first = firstCandidateFromCounts(readings, sample.dependentCounts());
  if (first === undefined) return { language: 'any', languages: LANGUAGE_PREFERENCE };
  const languages = first.languages;
  if (languages[0] !== 'en' || !readAlike(readings.filter((_, key) => (sample.present >> key) & 1), languages)) return undefined;
  return { language: 'en', languages };
}

/*
 * English reads every key (they are made of English letters), so it has the
 * most support whatever the counts, and leads as the most common language; the
 * group with it and readAlike then depend only on which keys were sampled and
 * which occur. So answers are remembered by those two sets: an archive repeats
 * a few of them endlessly.
 */
const chosenBySets = new Map<number, Map<number, ChosenLanguages | null>>();
/** At most this many answers are remembered (then all forgotten at once): an archive repeats a few, a hostile one need not. */
const REMEMBERED_SETS = 4096;
let rememberedAnswers = 0;

/** The game's languages as chooseLanguage in analyse.ts decides them for a game English replays cleanly. */
function languagesOfSample(sample: KeySample): ChosenLanguages | undefined {
  if (!tablesOfKeys().englishReadsAll) return chooseLanguages(sample);
  let bySampled = chosenBySets.get(sample.present);
  const remembered = bySampled?.get(sample.sampled);
  if (remembered !== undefined) return remembered ?? undefined;
  const chosen = chooseLanguages(sample);
  if (rememberedAnswers >= REMEMBERED_SETS) {
    chosenBySets.clear();
    rememberedAnswers = 0;
    bySampled = undefined;
  }
  if (bySampled === undefined) chosenBySets.set(sample.present, (bySampled = new Map()));
  bySampled.set(sample.sampled, chosen ?? null);
  rememberedAnswers++;
  return chosen;
}

/** English asked for: the one language group. */
const ONLY_ENGLISH: ChosenLanguages = { language: 'en', languages: ['en'] };

/** A game's tags and move text as the export-subset scan found them, and the replay its tokens wait in. */
interface ScannedGame {
  readonly scan: ExportScan;
  /** Where the move text begins. */
  readonly moves: number;
  readonly tags: Record<string, string>;
  readonly replay: TokenReplay;
  readonly sample: KeySample;
}

/**
 * What one call works with: a token replay (the kernel's is costly to make) and a key sample. A call takes the
 * idle one, or makes its own when a call is already under way (a move listener that analyses another game in
 * turn), and gives it back at the end: no call ever sees another's replay or counts.
 */
interface Workspace {
  readonly replay: TokenReplay;
  readonly sample: KeySample;
}
let idle: Workspace | undefined;
let firstTaken = false;

function takeWorkspace(): Workspace {
  if (idle) {
    const taken = idle;
    idle = undefined;
    return taken;
  }
  // The first call uses the thread's replay; a call made while another holds it gets one of its own.
  const replay = firstTaken ? newTokenReplay() : tokenReplay();
  firstTaken = true;
  return { replay, sample: new KeySample() };
}

/** Reads the game's tags and move tokens once; undefined when it is outside the export subset or sets up its own start. */
function scanGame(text: string, start: number, end: number, { replay, sample }: Workspace): ScannedGame | undefined {
  const tags: Record<string, string> = {};
  tagCollector.tags = tags;
  const section = scanExportTags(text, start, end, tagCollector);
  const scan = section && replay.scan(text, section.first, section.moves, end);
  return scan && { scan, moves: section.moves, tags, replay, sample };
}

/**
 * Analyses the game whose section starts at `start` (scanning no further than
 * `end`) when it is one clean game in export SAN, or in the same form with
 * another language's piece letters; undefined otherwise.
 */
export function quickAnalyse(text: string, start: number, end: number, options: QuickOptions = {}): QuickReport | undefined {
  const requested = options.language ?? 'auto';
  const letters = requested === 'auto' || requested === 'en' ? ENGLISH_LETTERS : lettersOfLanguage(requested);
  if (letters === undefined) return undefined;
  const workspace = takeWorkspace();
  try {
    return analyseScanned(text, start, end, options, workspace, requested, letters);
  } finally {
    idle = workspace;
  }
}

function analyseScanned(
  text: string, start: number, end: number, options: QuickOptions, workspace: Workspace, requested: LanguageCode | 'auto', letters: PieceLetterTable,
): QuickReport | undefined {
  const game = scanGame(text, start, end, workspace);
  if (game === undefined) return undefined;
  if (requested !== 'auto') {
    // A language asked for is the only one read, as analyseGame reads it.
    return readClean(text, game, options, letters, requested === 'en' ? ONLY_ENGLISH : { language: requested, languages: [requested] });
  }
  const english = readClean(text, game, options, ENGLISH_LETTERS, undefined);
  if (english !== undefined) return english;
  const foreign = foreignLetters(text, game.replay.offsets(), game.replay.count);
  return foreign && readClean(text, game, options, foreign.letters, { language: foreign.languages[0], languages: foreign.languages });
}

/**
 * One reading of the scanned game with the piece letters `letters`. `decided`
 * gives its languages; without, they are found from the English tokens' letters.
 */
function readClean(
  text: string, game: ScannedGame, options: QuickOptions, letters: PieceLetterTable, decided: ChosenLanguages | undefined,
): QuickReport | undefined {
  const { scan, tags, replay, sample } = game;
  const stated = tags.Result;
  if (stated !== undefined && stated !== scan.result && !(stated === '½-½' && scan.result === '1/2-1/2')) return undefined;
  const count = replay.count;
  if (replay.replay(text, letters) !== count) return undefined;
  const tokenOffsets = replay.offsets();
  const outcome = replay.outcome();
  if (outcome && (outcome.reason === 'checkmate' || outcome.reason === 'stalemate') && scan.result !== '*' && scan.result !== outcome.result) {
    return undefined;
  }
  // The game is clean: now its moves are heard, kept and counted (summed up by the kernel where it can).
  const english = letters === ENGLISH_LETTERS;
  const summary = english && (decided === undefined || options.moveHash === true) ? replay.summarise?.() : undefined;
  const moveHash = summary !== undefined && options.moveHash === true ? { fnv: summary.fnv, mix: summary.mix } : undefined;
  const san: string[] | undefined = options.san !== false || !english ? [] : undefined;
  const written: number[] | undefined = english ? undefined : [];
  const onMove = moveHash === undefined ? options.onMove : undefined;
  const countKeys = decided === undefined && summary === undefined;
  if (onMove !== undefined) options.onStart?.();
  sample.reset();
  if (decided === undefined && summary !== undefined) sample.adopt(summary.keyCounts, summary.keysPresent);
  const visit = !english || san !== undefined || onMove !== undefined || countKeys;
  for (let index = 0; visit && index < count; index++) {
    const from = tokenOffsets[2 * index];
    const to = tokenOffsets[2 * index + 1];
    if (english) {
      san?.push(text.slice(from, to));
      onMove?.(text, from, to);
      if (countKeys) sample.count(languageKey(text, from, to));
    } else {
      const inEnglish = inEnglishLetters(text, from, to, letters);
      san!.push(inEnglish);
      written!.push(from, to);
      onMove?.(inEnglish, 0, inEnglish.length);
    }
  }
  const chosen = decided ?? languagesOfSample(sample);
  if (chosen === undefined) return undefined;
  return {
    start: scan.start,
    end: scan.end,
    moves: game.moves,
    tags,
    language: chosen.language,
    languages: chosen.languages,
    plies: count,
    san,
    written,
    startFen: INITIAL_FEN,
    // Always the same properties: reports are made for every game, and one shape keeps them cheap.
    fen: options.fen !== false ? makeFen(replay.position()) : undefined,
    outcome,
    moveHash,
  };
}
