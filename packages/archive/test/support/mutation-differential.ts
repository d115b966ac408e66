/**
 * The mutation differential of issue 18: corrupted real games read by zapis
 * the way `zapis validate` reads them (runValidation: batches, fast lane, full
 * grammar, archive rules with the default settings, language `auto`) and by
 * the strict peer (strict-peer.ts, chessops), and each disagreement sorted
 * into the issue's categories. The full analysis (parseGames + analyseGame of
 * @zapis/game) is run too, and must find the same first error as the
 * pipeline.
 */
import { Readable } from 'node:stream';
import { analyseGame, type Diagnostic } from '@zapis/game';
import { parseGames } from '@zapis/notation';
import { DEFAULT_RULE_CONFIG, isArchiveRuleCode, runValidation, type GameRecord, type RecordDiagnostic } from '../../src/index.js';
import type { CorpusGame, Mutation } from './game-mutations.js';
import { plyAt, strictPeer, type PeerVerdict } from './strict-peer.js';

type AnyDiagnostic = Pick<Diagnostic, 'severity' | 'message' | 'line' | 'column' | 'ply' | 'text'> & { readonly code: string };

/** One zapis diagnostic as the differential shows it. */
export interface ZapisFinding {
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly ply?: number;
  /** For a finding without a ply: the ply of the move token at its place, when it is in the move text. */
  readonly standsAt?: number;
  readonly text?: string;
}

export interface ZapisVerdict {
  readonly ok: boolean;
  /** The smallest ply among errors that carry one. */
  readonly firstErrorPly?: number;
  /** The smallest ply among errors, counting those without a ply at the move they stand at. */
  readonly firstPlacedPly?: number;
  readonly errors: readonly ZapisFinding[];
  readonly warnings: readonly ZapisFinding[];
  readonly language: string;
  /** How many records the game became (more than 1: zapis read the text as several games). */
  readonly records: number;
}

/** The games, each trimmed, as one text; and the line and offset where each starts. */
function assemble(texts: readonly string[]): { text: string; lines: number[]; offsets: number[] } {
  const lines: number[] = [];
  const offsets: number[] = [];
  let line = 1;
  let offset = 0;
  const parts: string[] = [];
  for (const game of texts) {
    lines.push(line);
    offsets.push(offset);
    parts.push(game);
    line += game.split('\n').length + 1;
    offset += game.length + 2;
  }
  return { text: parts.join('\n\n') + '\n', lines, offsets };
}

/** The game (index into the texts) whose first line is the last at or before `line`. */
function gameAtLine(lines: readonly number[], line: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lines[middle] <= line) low = middle;
    else high = middle - 1;
  }
  return low;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** zapis's verdict on one game, from the diagnostics of every record the game became. */
function verdictOf(
  diagnostics: readonly AnyDiagnostic[], records: number, language: string, peer: PeerVerdict, placeInGame: (line: number, column: number) => number,
): ZapisVerdict {
  const errors: ZapisFinding[] = [];
  const warnings: ZapisFinding[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === 'info') continue;
    const standsAt = diagnostic.ply === undefined ? plyAt(peer, placeInGame(diagnostic.line, diagnostic.column)) : undefined;
    const finding: ZapisFinding = {
      severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message,
      ...(diagnostic.ply !== undefined ? { ply: diagnostic.ply } : {}),
      ...(standsAt !== undefined ? { standsAt } : {}),
      ...(diagnostic.text !== undefined ? { text: diagnostic.text } : {}),
    };
    (diagnostic.severity === 'error' ? errors : warnings).push(finding);
  }
  const plies = errors.flatMap((error) => (error.ply !== undefined ? [error.ply] : []));
  const placed = errors.flatMap((error) => (error.ply !== undefined ? [error.ply] : error.standsAt !== undefined ? [error.standsAt] : []));
  return {
    ok: errors.length === 0,
    ...(plies.length > 0 ? { firstErrorPly: Math.min(...plies) } : {}),
    ...(placed.length > 0 ? { firstPlacedPly: Math.min(...placed) } : {}),
    errors, warnings, language, records,
  };
}

/**
 * What `zapis validate` (default rules, language auto) says of each
 * game, read as one archive. Diagnostics are given back to the game whose
 * lines they stand on, so a game that zapis splits in two still has one verdict.
 */
export async function pipelineVerdicts(texts: readonly string[], peers: readonly PeerVerdict[], jobs = 1): Promise<ZapisVerdict[]> {
  const { text, lines, offsets } = assemble(texts);
  const starts = lineStarts(text);
  const byGame: GameRecord[][] = texts.map(() => []);
  const { summary } = await runValidation({
    inputs: [{ name: '<mutations>' }],
    stdin: Readable.from([Buffer.from(text, 'utf8')]),
    jobs,
    language: 'auto',
    ruleConfig: DEFAULT_RULE_CONFIG,
    onRecord: (record) => {
      byGame[gameAtLine(lines, record.line)].push(record);
    },
  });
  if (summary.unreadable.length > 0) throw new Error(`the mutated archive was reported unreadable: ${summary.unreadable[0].reason}`);
  return byGame.map((records, index) => {
    const diagnostics: RecordDiagnostic[] = records.flatMap((record) => record.diagnostics);
    const place = (line: number, column: number): number => starts[line - 1] + column - 1 - offsets[index];
    return verdictOf(diagnostics, records.length, records[0]?.language ?? '?', peers[index], place);
  });
}

/** What the full analysis (parseGames + analyseGame, language auto) says of each game, read alone. */
export function analysisVerdict(text: string, peer: PeerVerdict): ZapisVerdict {
  const starts = lineStarts(text);
  const diagnostics: AnyDiagnostic[] = [];
  let records = 0;
  let language = '?';
  for (const game of parseGames(text)) {
    const report = analyseGame(game, { language: 'auto' });
    if (records++ === 0) language = report.language;
    diagnostics.push(...report.diagnostics);
  }
  return verdictOf(diagnostics, records, language, peer, (line, column) => starts[line - 1] + column - 1);
}

export type Category = 'both-ok' | 'same-ply' | 'other-ply' | 'zapis-only' | 'peer-only';
export const CATEGORIES: readonly Category[] = ['both-ok', 'same-ply', 'other-ply', 'zapis-only', 'peer-only'];

export interface Comparison {
  readonly mutation: Mutation;
  readonly peer: PeerVerdict;
  readonly zapis: ZapisVerdict;
  readonly category: Category;
  /** Why, in a few words: the group a disagreement is listed under. */
  readonly group: string;
  /** The full analysis was run on this game too. */
  readonly analysed: boolean;
  /** The full analysis disagrees with the pipeline on this game (first error ply or verdict). */
  readonly analysisDiffers?: string;
}

const sameNumber = (a: number | undefined, b: number | undefined): boolean => a === b;

/**
 * What zapis makes of the token at a ply, most telling first: an error
 * without a ply standing there, a reading in another language, a pawn push
 * read as a capture, another warning, or nothing.
 */
function zapisAt(zapis: ZapisVerdict, ply: number | undefined): string {
  if (ply === undefined) return 'the peer\'s fault has no ply';
  const unplaced = [...new Set(zapis.errors.filter((error) => error.ply === undefined && error.standsAt === ply).map((error) => error.code))];
  if (unplaced.length > 0) return `an error without ply (${unplaced.sort().join('+')})`;
  const warned = new Set(zapis.warnings.filter((warning) => (warning.ply ?? warning.standsAt) === ply).map((warning) => warning.code));
  if (warned.has('wrong-piece-letter')) return 'a reading in another language (warning wrong-piece-letter)';
  if (warned.has('missing-capture-mark')) return 'a pawn push read as a capture (warning missing-capture-mark)';
  if (warned.size > 0) return `a warning only (${[...warned].sort().join('+')})`;
  return 'nothing';
}

/** The kind of a token the peer found no SAN in, by its look. */
function tokenShape(token: string | undefined): string {
  if (token === undefined) return '';
  if (/^[0-9]+[A-Za-z]/.test(token)) return ' (digits glued before a move)';
  if (/[a-h][1-8][+#=]*[A-Za-z]/.test(token)) return ' (two moves glued together)';
  if (/[a-h][1-8][+#]*[0-9]/.test(token)) return ' (digit glued after a move)';
  if (/^[a-h][x:]?[a-h][+#]?$/.test(token)) return ' (pawn capture without its rank)';
  return ' (malformed move)';
}

function groupOf(category: Category, peer: PeerVerdict, zapis: ZapisVerdict): string {
  const peerSide = `peer ${peer.fault}${peer.fault === 'not-san' ? tokenShape(peer.token) : ''}`;
  if (category === 'peer-only') return `${peerSide}; at that ply zapis gives ${zapisAt(zapis, peer.firstErrorPly)}`;
  const first = zapis.errors.find((error) => error.ply === zapis.firstErrorPly && error.ply !== undefined) ?? zapis.errors[0];
  if (category === 'zapis-only') {
    const at = first?.ply ?? first?.standsAt;
    const notes = [...new Set(peer.notes.filter((note) => note.ply === at).map((note) => note.kind))];
    return `zapis ${first?.code ?? '?'}${first?.ply === undefined ? ' (no ply)' : ''}; peer ${notes.length > 0 ? `lenient there: ${notes.join('+')}` : 'accepts plainly'}`;
  }
  if (category === 'other-ply') {
    const direction = zapis.firstErrorPly === undefined ? 'zapis\'s errors carry no ply'
      : peer.firstErrorPly === undefined ? 'the peer\'s fault has no ply'
        : zapis.firstErrorPly > peer.firstErrorPly ? 'zapis later' : 'zapis earlier';
    return `${direction}; at the peer's ply zapis gives ${zapisAt(zapis, peer.firstErrorPly)}`;
  }
  return category;
}

function categoryOf(peer: PeerVerdict, zapis: ZapisVerdict): Category {
  if (peer.ok && zapis.ok) return 'both-ok';
  if (peer.ok) return 'zapis-only';
  if (zapis.ok) return 'peer-only';
  return sameNumber(zapis.firstErrorPly, peer.firstErrorPly) ? 'same-ply' : 'other-ply';
}

/** The game-level answer of a verdict: errors of @zapis/game and the parser only (archive rules are the pipeline's). */
function gameAnswer(verdict: ZapisVerdict): string {
  const errors = verdict.errors.filter((error) => !isArchiveRuleCode(error.code));
  const plies = errors.flatMap((error) => (error.ply !== undefined ? [error.ply] : []));
  return `${errors.length === 0 ? 'ok' : 'error'} first ply ${plies.length > 0 ? Math.min(...plies) : '-'}`;
}

export interface CompareOptions {
  /** Check the full analysis against the pipeline on every n-th mutation (default 1: all; 0: none). It costs as much as the pipeline. */
  readonly analysisEvery?: number;
  /** Worker threads of the pipeline (default 1). */
  readonly jobs?: number;
}

/** Reads every mutated game both ways and compares. */
export async function compareMutations(list: readonly Mutation[], options: CompareOptions = {}): Promise<Comparison[]> {
  const every = options.analysisEvery ?? 1;
  const peers = list.map((mutation) => strictPeer(mutation.text, mutation.letters));
  const zapis = await pipelineVerdicts(list.map((mutation) => mutation.text), peers, options.jobs ?? 1);
  return list.map((mutation, index) => {
    const category = categoryOf(peers[index], zapis[index]);
    let analysisDiffers: string | undefined;
    if (every > 0 && index % every === 0) {
      const analysis = gameAnswer(analysisVerdict(mutation.text, peers[index]));
      const pipeline = gameAnswer(zapis[index]);
      if (analysis !== pipeline) analysisDiffers = `pipeline ${pipeline}, analyseGame ${analysis}`;
    }
    return {
      mutation, peer: peers[index], zapis: zapis[index], category, group: groupOf(category, peers[index], zapis[index]), analysed: every > 0 && index % every === 0,
      ...(analysisDiffers !== undefined ? { analysisDiffers } : {}),
    };
  });
}

export interface DifferentialSummary {
  readonly mutations: number;
  readonly counts: Readonly<Record<Category, number>>;
  readonly bothReject: number;
  /** Both reject and zapis's first error, placing errors without ply where they stand, is at the peer's ply. */
  readonly samePlacedPly: number;
  readonly analysisDiffers: number;
  /** Mutations the full analysis was checked on. */
  readonly analysed: number;
  /** Games zapis read as more than one game. */
  readonly split: number;
}

export function summarise(comparisons: readonly Comparison[]): DifferentialSummary {
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
  let samePlacedPly = 0;
  for (const comparison of comparisons) {
    counts[comparison.category]++;
    const bothReject = comparison.category === 'same-ply' || comparison.category === 'other-ply';
    if (bothReject && sameNumber(comparison.zapis.firstPlacedPly, comparison.peer.firstErrorPly)) samePlacedPly++;
  }
  return {
    mutations: comparisons.length,
    counts,
    bothReject: counts['same-ply'] + counts['other-ply'],
    samePlacedPly,
    analysisDiffers: comparisons.filter((comparison) => comparison.analysisDiffers !== undefined).length,
    analysed: comparisons.filter((comparison) => comparison.analysed).length,
    split: comparisons.filter((comparison) => comparison.zapis.records > 1).length,
  };
}

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(2)}%`);

/** The table of issue 18's targets. */
export function formatSummary(summary: DifferentialSummary): string {
  const { counts, mutations, bothReject } = summary;
  const row = (name: string, count: number, share: string, target = ''): string =>
    `${name.padEnd(44)} ${String(count).padStart(7)} ${share.padStart(8)}${target ? `   ${target}` : ''}`;
  const sameShare = bothReject === 0 ? 1 : counts['same-ply'] / bothReject;
  return [
    row('mutations', mutations, '100%'),
    row('both ok', counts['both-ok'], percent(counts['both-ok'], mutations)),
    row('both reject, same first ply', counts['same-ply'], percent(counts['same-ply'], bothReject), `target >= 99.5% of both-reject: ${sameShare >= 0.995 ? 'met' : 'NOT met'}`),
    row('both reject, other first ply', counts['other-ply'], percent(counts['other-ply'], bothReject)),
    row('  (same ply if errors without ply are placed)', summary.samePlacedPly, percent(summary.samePlacedPly, bothReject)),
    row('zapis-only reject (peer accepts)', counts['zapis-only'], percent(counts['zapis-only'], mutations)),
    row('peer-only reject (zapis accepts)', counts['peer-only'], percent(counts['peer-only'], mutations), `target 0: ${counts['peer-only'] === 0 ? 'met' : 'NOT met'}`),
    row('games zapis read as several games', summary.split, percent(summary.split, mutations)),
    row(`pipeline and analyseGame disagree (of ${summary.analysed})`, summary.analysisDiffers, percent(summary.analysisDiffers, summary.analysed), 'target 0'),
  ].join('\n');
}

const plyText = (ply: number | undefined): string => (ply === undefined ? '-' : String(ply));

/** One disagreement on a line or three: the game, the change, both verdicts. */
export function formatComparison(comparison: Comparison): string {
  const { mutation, peer, zapis } = comparison;
  const change = `${mutation.kind} at ply ${mutation.ply}: ${JSON.stringify(mutation.before)} -> ${JSON.stringify(mutation.after)}${mutation.donor ? ` (move of game ${mutation.donor})` : ''}`;
  const findings = zapis.errors.slice(0, 4).map((error) =>
    `${error.code}@${error.ply !== undefined ? `ply ${error.ply}` : `no ply${error.standsAt !== undefined ? `, stands at ${error.standsAt}` : ''}`}${error.text ? ` '${error.text}'` : ''}`);
  const warned = zapis.warnings.filter((warning) => warning.ply !== undefined || warning.standsAt !== undefined).slice(0, 3)
    .map((warning) => `${warning.code}@${warning.ply ?? `~${warning.standsAt}`}${warning.text ? ` '${warning.text}'` : ''}`);
  return [
    `#${mutation.id} ${mutation.letters} game ${mutation.game}, ${change}`,
    `    zapis: ${zapis.ok ? 'ok' : `error at ply ${plyText(zapis.firstErrorPly)}`} (language ${zapis.language}${zapis.records > 1 ? `, ${zapis.records} records` : ''})`
      + `${findings.length > 0 ? `; errors ${findings.join(', ')}` : ''}${warned.length > 0 ? `; warnings ${warned.join(', ')}` : ''}`,
    `    peer:  ${peer.ok ? 'ok' : `${peer.fault} at ply ${plyText(peer.firstErrorPly)}${peer.token ? ` '${peer.token}'` : ''}: ${peer.reason}`}`,
    ...(comparison.analysisDiffers ? [`    analysis: ${comparison.analysisDiffers}`] : []),
  ].join('\n');
}

/** The disagreements of one category, grouped, with counts and up to `examples` of each group. */
export function formatCategory(comparisons: readonly Comparison[], category: Category, examples: number): string {
  const chosen = comparisons.filter((comparison) => comparison.category === category);
  const groups = new Map<string, Comparison[]>();
  for (const comparison of chosen) groups.set(comparison.group, [...(groups.get(comparison.group) ?? []), comparison]);
  const lines = [`== ${category}: ${chosen.length}`];
  for (const [group, members] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const otherLanguage = members.filter((member) => member.zapis.language !== member.mutation.letters).length;
    lines.push(`-- ${members.length} x ${group}${otherLanguage > 0 ? ` [zapis named another language in ${otherLanguage}]` : ''}`);
    for (const member of members.slice(0, examples)) lines.push(formatComparison(member));
  }
  return lines.join('\n');
}

/**
 * The games both readers accept as they are, in both languages (the same
 * games, aligned): a mutation's verdict then tells about the mutation only.
 */
export async function agreedCleanGames(english: readonly CorpusGame[], polish: readonly CorpusGame[]): Promise<{ en: CorpusGame[]; pl: CorpusGame[]; excluded: number }> {
  if (english.length !== polish.length) throw new Error(`the corpora differ in length: ${english.length} English games, ${polish.length} Polish`);
  const verdicts = async (games: readonly CorpusGame[]): Promise<ZapisVerdict[]> =>
    pipelineVerdicts(games.map((game) => game.text), games.map((game) => strictPeer(game.text, game.letters)));
  const [zapisEnglish, zapisPolish] = [await verdicts(english), await verdicts(polish)];
  const keep = english.map((game, index) => game.peerOk && polish[index].peerOk && zapisEnglish[index].ok && zapisPolish[index].ok);
  return {
    en: english.filter((_, index) => keep[index]),
    pl: polish.filter((_, index) => keep[index]),
    excluded: keep.filter((kept) => !kept).length,
  };
}
