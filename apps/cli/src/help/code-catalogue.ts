/**
 * Every diagnostic code a report can carry, with its default severity, a small game that raises it and how to
 * fix it. The meanings come from the packages (`ruleDescriptions` of @zapis/archive); this table adds what a
 * person needs to act on a code. `zapis help codes` prints it and docs/codes.md is generated from it; a test
 * runs every example through `zapis validate` and checks that it raises its code at its severity.
 */

export type DefaultSeverity = 'error' | 'warning';

export interface CodeEntry {
  readonly code: string;
  /** Where the code comes from: the syntax of the text, the replay against the rules, an archive rule, a limit. */
  readonly family: 'syntax' | 'replay' | 'archive' | 'limit';
  /** The severity unless a project sets another (`--rule code=level`, a config file). */
  readonly severity: DefaultSeverity;
  /** A game (PGN) that raises the code. */
  readonly example: string;
  /** Shown instead of `example` where the example is too long to print. */
  readonly exampleShown?: string;
  /** Extra `zapis validate` arguments the example needs. */
  readonly arguments?: readonly string[];
  /** Why there is no example (a code that only a bug in zapis raises). */
  readonly noExample?: string;
  /** What to do about it. */
  readonly fix: string;
}

/** The Seven Tag Roster but the Result, on one line (PGN allows it) to keep the examples short. */
const ROSTER = '[Event "Open"] [Site "Warsaw"] [Date "2024.05.01"] [Round "1"] [White "A"] [Black "B"]';
const withRoster = (result: string, moves: string, extraTags = ''): string => `${ROSTER} [Result "${result}"]\n${extraTags}\n${moves}\n`;
const game = (moves: string): string => withRoster('*', moves);

export const CODE_CATALOGUE: readonly CodeEntry[] = [
  // Syntax: the text is not PGN or move text as written.
  { code: 'unknown-token', family: 'syntax', severity: 'error', example: game('1. e4 e5 2. Nf3 blah 3. Bb5 *'), fix: 'Correct the token to the move meant, or put commentary in braces: `{blah}`.' },
  { code: 'unterminated-comment', family: 'syntax', severity: 'error', example: game('1. e4 {a long think 2. Nf3 *'), fix: 'Close the comment with `}` where it ends.' },
  { code: 'unterminated-string', family: 'syntax', severity: 'error', example: '[Event "Open]\n\n1. e4 *\n', fix: 'Close the tag value with `"` on the same line.' },
  { code: 'unterminated-tag', family: 'syntax', severity: 'error', example: '[Event "Open"\n\n1. e4 *\n', fix: 'Close the tag pair with `]`.' },
  { code: 'missing-tag-name', family: 'syntax', severity: 'error', example: '[ "Open"]\n\n1. e4 *\n', fix: 'Write the tag name before the value: `[Event "Open"]`.' },
  { code: 'missing-tag-value', family: 'syntax', severity: 'error', example: '[Event]\n\n1. e4 *\n', fix: 'Give the tag a quoted value; `"?"` where it is unknown.' },
  { code: 'unclosed-variation', family: 'syntax', severity: 'error', example: game('1. e4 (1. d4 d5 e5 2. Nf3 *'), fix: 'Close the variation with `)` where it ends.' },
  { code: 'unmatched-variation-end', family: 'syntax', severity: 'error', example: game('1. e4 e5 ) 2. Nf3 *'), fix: 'Remove the `)`, or open the variation it was meant to close.' },
  { code: 'variation-without-move', family: 'syntax', severity: 'error', example: game('(1. d4) 1. e4 e5 *'), fix: 'A variation is an alternative to the move before it: move it after that move.' },
  { code: 'misplaced-nag', family: 'syntax', severity: 'error', example: game('$1 1. e4 e5 *'), fix: 'Put the annotation (`$1`, `!`, `?`) right after the move it judges.' },
  { code: 'misplaced-draw-offer', family: 'syntax', severity: 'error', example: game('(=) 1. e4 e5 *'), fix: 'Put the draw offer `(=)` right after the move it was made with.' },
  { code: 'move-number-without-move', family: 'syntax', severity: 'error', example: game('1. e4 e5 2. *'), fix: 'Remove the move number, or write the move that was played.' },
  { code: 'unexpected-string', family: 'syntax', severity: 'error', example: game('1. e4 "good" e5 *'), fix: 'Put commentary in braces: `{good}`.' },
  { code: 'unexpected-token', family: 'syntax', severity: 'error', example: game('1. e4 ] e5 *'), fix: 'Remove the stray character.' },
  { code: 'text-after-result', family: 'syntax', severity: 'error', example: withRoster('1-0', '1. e4 e5 1-0 (1... d5)'), fix: 'The result ends the game: remove what follows it, or move the result to the end.' },

  // Replay: the moves against the rules of chess.
  { code: 'illegal-move', family: 'replay', severity: 'error', example: game('1. e4 e5 2. Nf3 Nc6 3. O-O *'), fix: 'Check the scoresheet: the move is another one (the message lists the legal moves closest to it).' },
  { code: 'no-piece-can-reach', family: 'replay', severity: 'error', example: game('1. e4 e5 2. Nf4 *'), fix: 'Check the scoresheet for the square or the piece letter; the candidates in the report are the legal moves closest to it.' },
  { code: 'ambiguous-move', family: 'replay', severity: 'error', example: game('1. Nf3 Nf6 2. d3 d6 3. Nd2 *'), fix: 'Add the file or rank of the piece that moved (`Nbd2`, `Nfd2`); the suggestions list both.' },
  { code: 'wrong-piece-letter', family: 'replay', severity: 'error', example: game('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Gb3 *'), fix: 'Write the move with the game\'s own letters (the suggestion names it), or set the language with `--lang`.' },
  { code: 'missing-promotion-piece', family: 'replay', severity: 'error', example: withRoster('*', '1. a8 *', '[SetUp "1"]\n[FEN "8/P7/8/8/8/8/8/k6K w - - 0 1"]\n'), fix: 'Write the piece the pawn became: `a8=Q`.' },
  { code: 'missing-destination-rank', family: 'replay', severity: 'error', example: game('1. e4 d5 2. exd *'), fix: 'Write the whole square: `exd5`.' },
  { code: 'moves-after-end', family: 'replay', severity: 'error', example: withRoster('0-1', '1. f3 e5 2. g4 Qh4# 3. a3 0-1'), fix: 'Remove the moves after the mate or stalemate, or correct the move that ended the game.' },
  { code: 'result-contradicts-board', family: 'replay', severity: 'error', example: withRoster('1-0', '1. f3 e5 2. g4 Qh4# 1-0'), fix: 'Write the result the board shows (the suggestion).' },
  { code: 'result-tag-mismatch', family: 'replay', severity: 'warning', example: withRoster('1-0', '1. e4 e5 0-1'), fix: 'Make the Result tag and the termination marker after the moves say the same.' },
  { code: 'missing-termination', family: 'replay', severity: 'warning', example: withRoster('1-0', '1. e4 e5'), fix: 'End the moves with the result (`1-0`, `0-1`, `1/2-1/2` or `*`); if moves are missing, add them.' },
  { code: 'missing-capture-mark', family: 'replay', severity: 'warning', example: game('1. e4 d5 2. ed5 *'), fix: 'Write `x` in the capture (`exd5`), or turn the code off for notation that omits it (FIDE C.13 allows that).' },
  { code: 'extra-capture-mark', family: 'replay', severity: 'warning', example: game('1. e4 e5 2. Nxf3 *'), fix: 'Remove the `x`: the move captures nothing.' },
  { code: 'missing-check-mark', family: 'replay', severity: 'warning', example: game('1. e4 d5 2. Bb5 *'), fix: 'Write `+` after the move.' },
  { code: 'extra-check-mark', family: 'replay', severity: 'warning', example: game('1. e4+ e5 *'), fix: 'Remove the `+`: the move gives no check.' },
  { code: 'missing-mate-mark', family: 'replay', severity: 'warning', example: withRoster('0-1', '1. f3 e5 2. g4 Qh4 0-1'), fix: 'Write `#` after the mating move.' },
  { code: 'false-mate-mark', family: 'replay', severity: 'warning', example: game('1. e4 d5 2. Bb5# *'), fix: 'Write `+`: the move gives check, not mate.' },
  { code: 'over-disambiguation', family: 'replay', severity: 'warning', example: game('1. e4 e5 2. Ngf3 *'), fix: 'Write only as much of the origin square as tells the move apart: `Nf3`.' },
  { code: 'extra-en-passant-mark', family: 'replay', severity: 'warning', example: game('1. e4 d5 2. exd5 e.p. *'), fix: 'Remove `e.p.`: the move is an ordinary capture.' },
  { code: 'invalid-fen-tag', family: 'replay', severity: 'error', example: withRoster('*', '*', '[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n'), fix: 'Correct the FEN (the message names the field); the game cannot be replayed without its start position.' },
  { code: 'null-move', family: 'replay', severity: 'error', example: game('1. e4 -- 2. d4 *'), fix: 'Replace the null move with the move played; null moves belong in analysis, not game records.' },
  { code: 'move-number-mismatch', family: 'replay', severity: 'warning', example: game('1. e4 e5 3. Nf3 *'), fix: 'Correct the move number, or look for a move left out before it.' },
  {
    code: 'variation-too-deep', family: 'replay', severity: 'warning', example: game(`1. e4 ${'(1. d4 '.repeat(65)}${')'.repeat(65)} e5 *`),
    exampleShown: game('1. e4 (1. d4 (1. d4 (1. d4 … 65 variations, each inside the last … ))) e5 *'),
    fix: 'Flatten the analysis; variations deeper than 64 are kept as written but not replayed.',
  },

  // Archive rules: what an archive's records should hold beyond legal moves.
  { code: 'missing-tag', family: 'archive', severity: 'warning', example: '[Event "Open"]\n\n1. e4 e5 *\n', fix: 'Add the tags of the Seven Tag Roster, with `"?"` for a value that is unknown.' },
  { code: 'tag-order', family: 'archive', severity: 'warning', example: '[White "A"]\n[Event "Open"]\n[Site "Warsaw"]\n[Date "2024.05.01"]\n[Round "1"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n', fix: 'Put Event, Site, Date, Round, White, Black, Result first, in that order (`zapis validate --fix` does).' },
  { code: 'duplicate-tag', family: 'archive', severity: 'warning', example: withRoster('*', '1. e4 e5 *', '[Event "Open B"]\n'), fix: 'Keep one of the values.' },
  { code: 'malformed-tag', family: 'archive', severity: 'warning', example: `${ROSTER.replace('2024.05.01', '2024/05/01')} [Result "*"]\n\n1. e4 e5 *\n`, fix: 'Write the value in the PGN standard\'s format: dates `YYYY.MM.DD` with `??` for what is unknown.' },
  { code: 'impossible-date', family: 'archive', severity: 'error', example: `${ROSTER.replace('2024.05.01', '2023.02.30')} [Result "*"]\n\n1. e4 e5 *\n`, fix: 'Correct the date, or write `??` for the parts that are unknown.' },
  { code: 'duplicate-game', family: 'archive', severity: 'warning', example: `${game('1. e4 e5 2. Nf3 Nc6 *')}\n${game('1. e4 e5 2. Nf3 Nc6 *')}`, fix: 'Remove the copy, or correct the tags if they are two games.' },
  { code: 'non-export-san', family: 'archive', severity: 'warning', example: game('1. e2-e4 e7-e5 *'), fix: 'Write moves in standard SAN; `zapis validate --fix -o fixed.pgn` rewrites them without changing a move.' },
  {
    code: 'line-too-long', family: 'archive', severity: 'warning', example: game(`1. e4 {${'a very long comment '.repeat(14)}} e5 *`),
    exampleShown: game('1. e4 {a very long comment a very long comment … 280 characters …} e5 *'),
    fix: 'Break the line; export format keeps lines under 80 characters. The limit is `maxLineLength` in the config file.',
  },
  { code: 'setup-without-fen', family: 'archive', severity: 'error', example: withRoster('*', '1. e4 e5 *', '[SetUp "1"]\n'), fix: 'Add the FEN tag of the start position, or remove `SetUp`.' },
  { code: 'fen-without-setup', family: 'archive', severity: 'warning', example: withRoster('*', '1. e4 e5 *', '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n'), fix: 'Add `[SetUp "1"]` before the FEN tag.' },
  {
    code: 'rule-failure', family: 'archive', severity: 'error', example: '',
    noExample: 'only a bug in zapis raises it', fix: 'Report it with the game; the game\'s replay still stands.',
  },

  // Limits: what zapis did not read or list.
  {
    code: 'diagnostics-not-listed', family: 'limit', severity: 'warning', example: game(`${'Nf3+ Nf6+ Ng1+ Ng8+ '.repeat(26)}*`),
    exampleShown: game('Nf3+ Nf6+ Ng1+ Ng8+ Nf3+ Nf6+ … (104 moves, each with a check mark but no check) *'),
    fix: 'The rest are counted in the summary (`byCode`): fix the listed ones and validate again, or turn off codes you do not need.',
  },
  {
    code: 'game-too-long', family: 'limit', severity: 'error', example: game(`${'Nf3 Nf6 Ng1 Ng8 '.repeat(25_001)}*`),
    exampleShown: game('Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 … (100,004 moves) *'),
    fix: 'Split the text into games: a game this long is almost always several games without tags between them.',
  },
];
