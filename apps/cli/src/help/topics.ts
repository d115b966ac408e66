/**
 * The help topics beyond commander's per-command help: the language codes and the diagnostic codes, printed
 * from the same tables the packages read and write with, so the help cannot drift from what zapis does.
 */
import { ruleDescriptions } from '@zapis/archive';
import { LANGUAGE_PROFILES, letterClashes, type PieceLetters } from '@zapis/notation';
import { CODE_CATALOGUE, type CodeEntry } from './code-catalogue.js';
import { readersHelp, reviewHelp } from './reading-topics.js';

/** The order of the letter columns: king, queen, rook, bishop, knight (K Q R B N in English). */
export const LETTER_COLUMNS: readonly (keyof PieceLetters)[] = ['king', 'queen', 'rook', 'bishop', 'knight'];

export const HELP_TOPICS = ['languages', 'codes', 'readers', 'review'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const isHelpTopic = (name: string): name is HelpTopic => (HELP_TOPICS as readonly string[]).includes(name);

/** Notations `convert --to` writes besides the languages' letters. */
export const SPECIAL_NOTATIONS: readonly { readonly name: string; readonly what: string }[] = [
  { name: 'figurine', what: 'piece symbols (♔ ♕ ♖ ♗ ♘) instead of letters' },
  { name: 'lan', what: 'long algebraic notation: the origin square too (Ng1-f3, e2-e4)' },
  { name: 'uci', what: 'the engines\' notation: origin and destination squares only (g1f3, e7e8q)' },
];

const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - [...text].length));

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!))).join('  ').trimEnd()).join('\n');
}

export function languagesHelp(): string {
  const rows = [['code', 'language', 'K', 'Q', 'R', 'B', 'N', 'pawn', 'notes']];
  for (const profile of LANGUAGE_PROFILES) {
    rows.push([profile.code, profile.name, ...LETTER_COLUMNS.map((role) => profile.letters[role]), profile.pawn ?? '-', profile.notes ?? '']);
  }
  const clashes = letterClashes().map((clash) =>
    `  ${clash.letter}: ${clash.meanings.map((meaning) => `${meaning.role} (${meaning.languages.join(', ')})`).join('; ')}`);
  return [
    'Languages of the piece letters (--lang, convert --to). `auto` (the default) detects a game\'s language from',
    'the whole game; letters that mean different pieces in different languages are never guessed.',
    '',
    table(rows),
    '',
    'convert --to also writes:',
    ...SPECIAL_NOTATIONS.map((notation) => `  ${pad(notation.name, 9)} ${notation.what}`),
    '',
    'Letters that mean different pieces in different languages:',
    ...clashes,
    '',
  ].join('\n');
}

export const FAMILY_TITLES: Readonly<Record<CodeEntry['family'], string>> = {
  syntax: 'Syntax: the text is not PGN or move text as written',
  replay: 'Replay: the moves against the rules of chess',
  archive: 'Archive rules: what a record should hold beyond legal moves',
  limit: 'Limits: what zapis did not read or list',
};

export function codesHelp(): string {
  const meanings = ruleDescriptions();
  const lines = [
    'Diagnostic codes (the `code` of every diagnostic; stable). The severity is the default: set another with',
    '--rule code=error|warning|info|off or a config file (zapis validate --help).',
  ];
  for (const family of Object.keys(FAMILY_TITLES) as CodeEntry['family'][]) {
    lines.push('', `${FAMILY_TITLES[family]}:`);
    for (const entry of CODE_CATALOGUE.filter((candidate) => candidate.family === family)) {
      lines.push(`  ${pad(entry.code, 26)} ${pad(entry.severity, 8)} ${meanings[entry.code] ?? ''}`);
      lines.push(`  ${' '.repeat(36)}fix: ${entry.fix}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

export function topicHelp(topic: HelpTopic): string {
  switch (topic) {
    case 'languages': return languagesHelp();
    case 'codes': return codesHelp();
    case 'readers': return readersHelp();
    case 'review': return reviewHelp();
  }
}
