/** What reading a game's sheets found beyond its moves: how each sheet was located, repeats, the ticked result. */
import type { PrintedWordsLanguage, RowRegistration, RulingEvidence } from '@zapis/ocr';
import { languageProfile } from '@zapis/notation';
import type { ResultCode } from '@zapis/sheet';
import type { GameGroup, PageRead } from './group-games.js';

/** Kebab-case and stable. */
export type ReadProblemCode =
  | 'read-grid-without-template' | 'read-layout-from-ruling' | 'read-rows-shifted' | 'read-rows-unconfirmed'
  | 'read-cells-unused' | 'read-cells-stray' | 'read-several-results' | 'read-results-differ' | 'read-same-sheet-again';

export interface ReadProblem {
  readonly severity: 'error' | 'warning';
  readonly code: ReadProblemCode;
  readonly message: string;
  readonly file: string;
  readonly page: number;
  readonly ply?: number;
}

/**
 * How each page was located, when that is worth a warning: a grid found without a template, a layout by its ruling,
 * a foreign grid's rows moved to its printed move numbers; and, as an error, rows the printed numbers do not confirm
 * (the moves may be read a row or more off).
 */
export function locationProblems(pages: readonly PageRead[]): ReadProblem[] {
  const problems: ReadProblem[] = [];
  for (const page of pages) {
    const located = page.read.located;
    if (located.gridWithoutTemplate) {
      const numbered = located.registration?.status === 'confirmed' ? 'numbered by its printed move numbers' : 'numbered from move 1';
      const blocks = located.blocks?.length === 3 ? 'three-block' : 'two-block';
      problems.push({
        severity: 'warning', code: 'read-grid-without-template', file: page.file, page: page.page,
        message: `no zapis markers and no --template: read as a ${blocks} move grid of ${located.cells.length / 2} moves found by its ruling, ${numbered}; give --template if the sheet is numbered otherwise`,
      });
    }
    problems.push(...registrationProblems(page, located.registration, located.gridWithoutTemplate === true));
    const ruling = located.layoutFromRuling;
    if (!ruling || !located.layout) continue;
    problems.push({
      severity: 'warning', code: 'read-layout-from-ruling', file: page.file, page: page.page,
      message: `the QR code could not be read: layout ${located.layout.layoutId} was recognised by its printed ruling ` +
        `(${rulingEvidence(ruling)}); event, round and board are unknown; ${printedWordsSay(located.printedWords)}`,
    });
  }
  return problems;
}

/** What a sheet's printed words said of its language, in the ruling's warning. */
function printedWordsSay(words: PrintedWordsLanguage | undefined): string {
  return words
    ? `its printed title and headings are in ${words.languages.map((code) => `${languageProfile(code)?.name ?? code} (${code})`).join(' or ')}, the language its moves are looked for in first`
    : 'its printed words do not say its language clearly: the moves\' letters alone tell it';
}

/**
 * Why the ruling names its layout, in words that stay true when a rival finds more of its own lines (the classic
 * layout of a boxed sheet finds all of its fewer lines): what decides is the ink where the two layouts' lines differ.
 */
export function rulingEvidence(ruling: RulingEvidence): string {
  const percent = (share: number): number => Math.round(share * 100);
  const lead = `where their lines differ, at least ${percent(ruling.margin)} points more of this layout's are ink`;
  const rival = ruling.runnerUpLayoutId;
  if (rival !== undefined && ruling.runnerUp > ruling.score) {
    return `${percent(ruling.score)}% of its lines found; ${rival} finds ${percent(ruling.runnerUp)}% of its own, but ${lead}`;
  }
  const nextBest = rival === undefined ? 'the next best layout' : `the next best, ${rival},`;
  return `${percent(ruling.score)}% of its lines found, ${nextBest} ${percent(ruling.runnerUp)}%; ${lead}`;
}

/** A foreign grid's rows against its printed move numbers: moved to them (a warning), or not confirmed by them (an error). */
function registrationProblems(page: PageRead, registration: RowRegistration | undefined, withoutTemplate: boolean): ReadProblem[] {
  if (!registration) return [];
  const where = { file: page.file, page: page.page };
  if (registration.status === 'unconfirmed') {
    return [{
      severity: 'error', code: 'read-rows-unconfirmed', ...where,
      message: `${registration.reason ?? 'the printed move numbers do not confirm the grid\'s rows'}: the moves may be read a row or more off; ` +
        `check them against the sheet${withoutTemplate ? ', or give --template' : ' and the template'}`,
    }];
  }
  const moved = registration.blocks.map((block, index) => ({ block, index })).filter(({ block }) => block.shift !== 0);
  if (registration.status !== 'confirmed' || moved.length === 0) return [];
  const rows = (shift: number): string => `${Math.abs(shift) === 1 ? 'one row' : `${Math.abs(shift)} rows`} ${shift > 0 ? 'lower' : 'higher'}`;
  const shifts = new Set(registration.blocks.map((block) => block.shift));
  const said = shifts.size === 1
    ? `the moves ${rows(moved[0].block.shift)} than the grid's ruling did`
    : `the moves elsewhere than the grid's ruling did (${moved.map(({ block, index }) => `block ${index + 1}, from move ${block.firstMove}: ${rows(block.shift)}`).join('; ')})`;
  const why = moved.some(({ block }) => block.shift > 0) ? ' (a heading or header row was taken for a move row)' : '';
  return [{
    severity: 'warning', code: 'read-rows-shifted', ...where,
    message: `the printed move numbers put ${said}${why}: read from the numbered rows`,
  }];
}

/** A player's sheet given again (its QR names the same game, copy and sheet as an earlier page). */
export function repeatProblems(group: GameGroup): ReadProblem[] {
  return group.players.flatMap((player): ReadProblem[] => {
    if (!player.repeats) return [];
    const { page, earlier } = player.repeats;
    return [{
      severity: 'warning', code: 'read-same-sheet-again', file: page.file, page: page.page,
      message: `the same sheet as ${earlier.file} page ${earlier.page} (its QR names the same game, copy and sheet): read as a game of its own`,
    }];
  });
}

/** The result the players ticked: agreeing ticks give it; disagreeing or several ticks are reported. */
export function tickedResult(pages: readonly PageRead[]): { result?: ResultCode; problems: ReadProblem[] } {
  const problems: ReadProblem[] = [];
  const ticked = new Set<ResultCode>();
  for (const page of pages) {
    if (page.read.resultsTicked.length > 1) {
      problems.push({ severity: 'warning', code: 'read-several-results', file: page.file, page: page.page, message: `several result boxes are ticked: ${page.read.resultsTicked.join(', ')}` });
    }
    if (page.read.result) ticked.add(page.read.result);
  }
  if (ticked.size > 1) {
    const page = pages[0];
    problems.push({ severity: 'warning', code: 'read-results-differ', file: page.file, page: page.page, message: `the sheets tick different results: ${[...ticked].join(' and ')}` });
    return { problems };
  }
  const result = [...ticked][0];
  return { ...(result ? { result } : {}), problems };
}

/** Written cells past the last move decoded (the ply of each): the game could not explain them. Empty cells among them are not counted. */
export function unusedCellsProblem(pages: readonly Pick<PageRead, 'file' | 'page'>[], unexplainedPlies: readonly number[], decodedPlies: number): ReadProblem[] {
  if (unexplainedPlies.length === 0) return [];
  const page = pages[0];
  const first = Math.min(...unexplainedPlies), last = Math.max(...unexplainedPlies);
  return [{
    severity: 'warning', code: 'read-cells-unused', file: page.file, page: page.page, ply: first,
    message: `${unexplainedPlies.length} written cell(s) ${plySpan(first, last)}, after the last move decoded (ply ${decodedPlies}), were not explained by legal moves`,
  }];
}

/** Where cells lie, in words: `at ply 21`, or `from ply 21 to ply 30`. */
export const plySpan = (first: number, last: number): string => (first === last ? `at ply ${first}` : `from ply ${first} to ply ${last}`);
