/**
 * One parsed game in, one report out: the language, the replayed mainline with
 * standard SAN, the final position and outcome, every diagnostic, and a repair
 * when the game fails. Nothing is dropped: a game that cannot be replayed still
 * gets a report saying where and why.
 */
import { makeFen, type Outcome } from '@zapis/core';
import type { LanguageCode, ParsedGame } from '@zapis/notation';
import { diagnosticAt, type Diagnostic } from './diagnostic.js';
import { LANGUAGE_PREFERENCE, mainlineLanguageCandidates } from './language-detection.js';
import { findRepairs, type Repair } from './repair.js';
import { replayMainline, type GameReplay, type ReplayContext, type ReplayedMove } from './replay.js';
import { tagNamed } from './start-position.js';

export interface AnalyseOptions {
  /** A language code, or 'auto' (default) to detect it by replay. */
  readonly language?: LanguageCode | 'auto';
  /** The file name diagnostics carry. */
  readonly file?: string;
  /** Replay variations as well as the mainline (default true). */
  readonly variations?: boolean;
  /** Search for a repair when the game fails (default true). */
  readonly repair?: boolean;
  readonly maxVariationDepth?: number;
}

export interface GameReport {
  readonly file: string;
  readonly index: number;
  /** The line where the game starts. */
  readonly line: number;
  readonly tags: Readonly<Record<string, string>>;
  /** As requested, or as detected; 'any' when no letter depends on the language. */
  readonly language: LanguageCode | 'any';
  /** Every language that reads the game the same way. */
  readonly languages: readonly LanguageCode[];
  readonly status: 'ok' | 'error';
  /** Half-moves replayed on the mainline. */
  readonly plies: number;
  /** The mainline in standard English SAN, as far as it could be replayed. */
  readonly san: readonly string[];
  readonly startFen: string;
  /** The final position (or the last one reached). */
  readonly fen: string;
  /** How the game ended on the board, when it did. */
  readonly outcome?: Outcome;
  readonly diagnostics: readonly Diagnostic[];
  readonly moves: readonly ReplayedMove[];
  readonly repairs: readonly Repair[];
  readonly parsed: ParsedGame;
}

function contextFor(options: AnalyseOptions, languages: ReadonlySet<LanguageCode> | undefined): ReplayContext {
  return {
    file: options.file ?? '',
    languages,
    maxVariationDepth: options.maxVariationDepth ?? 64,
    variations: options.variations ?? true,
  };
}

const hasErrors = (diagnostics: readonly Diagnostic[]): boolean => diagnostics.some((d) => d.severity === 'error');

interface Attempt {
  readonly replay: GameReplay;
  readonly languages: readonly LanguageCode[];
  readonly languageSet: ReadonlySet<LanguageCode> | undefined;
}

/**
 * The game's language, settled from the whole game: the candidate groups with
 * the most letter support (see language-detection.ts). When several tie, the
 * first that replays cleanly wins; when none does, the one that replays
 * furthest, since a wrong reading of the letters fails at its first
 * differently read move. A group with less support is never tried: it could
 * only turn an illegal move legal by reading it in another language.
 */
function chooseLanguage(game: ParsedGame, options: AnalyseOptions): Attempt {
  const requested = options.language ?? 'auto';
  if (requested !== 'auto') {
    const set = new Set<LanguageCode>([requested]);
    return { replay: replayMainline(game, contextFor(options, set)), languages: [requested], languageSet: set };
  }
  let best: Attempt | undefined;
  let mostSupport = -1;
  for (const candidate of mainlineLanguageCandidates(game.moves)) {
    if (candidate.support < mostSupport) break;
    mostSupport = candidate.support;
    const set = new Set(candidate.languages);
    const attempt = { replay: replayMainline(game, contextFor(options, set)), languages: candidate.languages, languageSet: set };
    if (!hasErrors(attempt.replay.diagnostics)) return attempt;
    if (best === undefined || attempt.replay.moves.length > best.replay.moves.length) best = attempt;
  }
  // No letter depends on the language: every reading is the same in all of them.
  return best ?? { replay: replayMainline(game, contextFor(options, undefined)), languages: [], languageSet: undefined };
}

function resultChecks(game: ParsedGame, outcome: Outcome | undefined, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const tag = tagNamed(game.tags, 'Result');
  const termination = game.result;
  if (tag && termination && tag.value !== termination.text && !(tag.value === '½-½' && termination.text === '1/2-1/2')) {
    diagnostics.push(diagnosticAt('warning', 'result-tag-mismatch', `the Result tag says ${tag.value} but the moves end with ${termination.text}`, termination.span, file, { text: termination.text }));
  }
  if (tag && !termination && game.moves.length > 0 && tag.value !== '*' && tag.value !== '?') {
    // What a file cut at a line break looks like: whole moves, then nothing.
    diagnostics.push(diagnosticAt('warning', 'missing-termination', `the moves end without a termination marker, though the Result tag says ${tag.value}: the game may be cut short`, tag.span, file, { text: tag.value }));
  }
  if (outcome && (outcome.reason === 'checkmate' || outcome.reason === 'stalemate')) {
    const stated = termination?.text ?? tag?.value;
    const span = termination?.span ?? tag?.span;
    if (stated && span && stated !== '*' && stated !== outcome.result) {
      diagnostics.push(diagnosticAt('error', 'result-contradicts-board', `the result ${stated} contradicts the ${outcome.reason} on the board (${outcome.result})`, span, file, { text: stated, suggestions: [outcome.result] }));
    }
  }
  return diagnostics;
}

/**
 * Where in the mainline a syntax problem stands: the ply of the move that
 * follows it (or of the move that would follow the last one). Problems in the
 * tags, inside a variation, or after the result have no ply.
 */
function mainlinePlace(game: ParsedGame, startPly: number, offset: number): Partial<Diagnostic> {
  const moves = game.moves;
  const lastTag = game.tags.length > 0 ? game.tags[game.tags.length - 1].span : undefined;
  if (lastTag !== undefined && offset < lastTag.offset + lastTag.length) return {};
  if (game.result !== undefined && offset >= game.result.span.offset) return {};
  let index = 0;
  while (index < moves.length && moves[index].span.offset < offset) index++;
  const before = index > 0 ? moves[index - 1] : undefined;
  if (before?.variations.some((variation) => offset >= variation.span.offset && offset < variation.span.offset + variation.span.length)) return {};
  const ply = startPly + index;
  return { ply, moveNumber: Math.floor((ply - 1) / 2) + 1, side: ply % 2 === 1 ? 'white' : 'black' };
}

export function analyseGame(game: ParsedGame, options: AnalyseOptions = {}): GameReport {
  const file = options.file ?? '';
  const attempt = chooseLanguage(game, options);
  const { replay } = attempt;
  const syntax = game.problems.map((problem) => diagnosticAt('error', problem.code, problem.message, problem.span, file, {
    ...mainlinePlace(game, replay.startPly, problem.span.offset), ...(problem.text !== undefined ? { text: problem.text } : {}),
  }));
  const complete = replay.stoppedAt < 0;
  const outcome = complete ? replay.history?.outcome() : undefined;
  const diagnostics = [...syntax, ...replay.diagnostics, ...(complete ? resultChecks(game, outcome, file) : [])];
  diagnostics.sort((a, b) => a.offset - b.offset);
  const failed = hasErrors(diagnostics);
  const repairs = failed && !complete && options.repair !== false
    ? findRepairs(game, replay, contextFor({ ...options, variations: false }, attempt.languageSet))
    : [];
  const tags: Record<string, string> = {};
  for (const tag of game.tags) tags[tag.name] = tag.value;
  const detected = attempt.languages.length > 0 ? attempt.languages[0] : undefined;
  const language: LanguageCode | 'any' = detected ?? (options.language && options.language !== 'auto' ? options.language : 'any');
  return {
    file,
    index: game.index,
    line: game.span.line,
    tags,
    language,
    languages: attempt.languages.length > 0 ? attempt.languages : language === 'any' ? [...LANGUAGE_PREFERENCE] : [language],
    status: failed ? 'error' : 'ok',
    plies: replay.moves.length,
    san: replay.moves.map((move) => move.san),
    startFen: replay.startFen,
    fen: replay.position ? makeFen(replay.position) : replay.startFen,
    ...(outcome ? { outcome } : {}),
    diagnostics,
    moves: replay.moves,
    repairs,
    parsed: game,
  };
}

