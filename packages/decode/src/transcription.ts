/**
 * Plain text of a scoresheet transcription (lines like `12. Sf3 G:e5`, any
 * language, OCR noise and all) to sheets of cells. Move numbers are recognised
 * even when misread (`l2.`, `I2,`) and set aside; everything else that could
 * be a move becomes a cell in writing order, so a move in the wrong column or
 * a number in the wrong place does not shift the game. Tags `[Name "value"]`
 * and a result start and end games. Never throws.
 */
import type { Cell, Sheet } from './readings.js';

export interface Transcription {
  /** 1-based index of the game in the text. */
  readonly index: number;
  /** 1-based line where the game starts. */
  readonly line: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly sheet: Sheet;
  readonly result?: string;
}

const TAG = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
const RESULTS: readonly [RegExp, string][] = [
  [/^[1lI][-–][0Oo]$/, '1-0'],
  [/^[0Oo][-–][1lI]$/, '0-1'],
  [/^(1\/2|½)[-–](1\/2|½)$/, '1/2-1/2'],
  [/^\*$/, '*'],
];
/** Characters a misread digit of a move number turns into. */
const DIGIT_LIKE = '0123456789lIOoSZB|';
const NUMBER_WITH_DOTS = new RegExp(`^([${DIGIT_LIKE}]{1,3})(\\.{1,3}|…|,|\\.,|,\\.)(.*)$`);
const PLACEHOLDER = /^(\.{2,}|…|-{1,2}|—|–|_+|\(=\)|=)$/;
const ANNOTATION = /^[!?]+$/;
const EN_PASSANT = /^(e\.?p\.?)$/i;
/** A `%` escape line — unless the `%` is a misread digit of a move number (`%0. Hxb5`). */
const ESCAPE_LINE = new RegExp(`^\\s*%(?![${DIGIT_LIKE}]{0,2}(\\.|,)\\s*\\S)`);

const DIGIT_VALUES: Readonly<Record<string, string>> = { l: '1', I: '1', '|': '1', O: '0', o: '0', S: '5', Z: '2', B: '8' };

function numberValue(text: string): number | undefined {
  const digits = [...text].map((character) => DIGIT_VALUES[character] ?? character).join('');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

interface Builder {
  line: number;
  tags: Record<string, string>;
  cells: Cell[];
  result?: string;
}

/**
 * A result-like token ends the game only where a game can end: before the end of the text, a tag,
 * or a new game's first move number. Mid-game it is a misread move (`O-l` for `O-O`).
 */
function endsGame(lines: readonly string[], lineIndex: number, after: number): boolean {
  const rest = [lines[lineIndex].slice(after), ...lines.slice(lineIndex + 1)];
  for (const line of rest) {
    if (ESCAPE_LINE.test(line)) continue;
    if (TAG.test(line)) return true;
    const next = /\S+/.exec(line.replace(/\{[^}]*\}/g, ' '));
    if (!next) continue;
    return /^[1lI](\.|,|$)/.test(next[0]) || RESULTS.some(([pattern]) => pattern.test(next[0]));
  }
  return true;
}

export function parseTranscription(text: string): Transcription[] {
  const games: Transcription[] = [];
  let current: Builder | undefined;
  const finish = (): void => {
    if (current && (current.cells.length > 0 || Object.keys(current.tags).length > 0 || current.result)) {
      games.push({
        index: games.length + 1,
        line: current.line,
        tags: current.tags,
        sheet: { cells: current.cells },
        ...(current.result ? { result: current.result } : {}),
      });
    }
    current = undefined;
  };
  const open = (line: number): Builder => (current ??= { line, tags: {}, cells: [] });

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  /** The last move number read, carried from line to line (a garbled number is most likely the next one). */
  let moveNumber: number | undefined;
  /** The last move number as read (before any correction). */
  let lastRead: number | undefined;
  lines.forEach((rawLine: string, lineIndex) => {
    const lineNumber = lineIndex + 1;
    if (ESCAPE_LINE.test(rawLine)) return;
    const tag = TAG.exec(rawLine);
    if (tag) {
      if (current && (current.cells.length > 0 || current.result)) {
        finish();
        moveNumber = undefined;
        lastRead = undefined;
      }
      open(lineNumber).tags[tag[1]] = tag[2].replace(/\\(.)/g, '$1');
      return;
    }
    // Comments: `{…}` closed on the same line. A lone `{` or `;` is more likely a misread mark than a
    // comment on a scoresheet, so neither swallows the rest of the text.
    const line = rawLine.replace(/\{[^}]*\}/g, (comment) => ' '.repeat(comment.length));
    /** Which half-move of the numbered line comes next: 0 White's, 1 Black's. */
    let slot = 0;
    let numbered = false;
    const readNumber = (text: string, dots: string): void => {
      const value = numberValue(text);
      const expected = (moveNumber ?? 0) + 1;
      // A clean number is taken as read; a garbled one is most likely the next in the count.
      const oneDigitOff = value !== undefined && moveNumber !== undefined && String(value).length === String(expected).length
        && [...String(value)].filter((digit, index) => digit !== String(expected)[index]).length === 1;
      // Unless it follows the last number as read: then the count was wrong, not this number.
      const followsLastRead = value !== undefined && lastRead !== undefined && value === lastRead + 1;
      moveNumber = value !== undefined && (!oneDigitOff || followsLastRead) ? value : expected;
      lastRead = value;
      slot = dots.length >= 2 || dots === '…' ? 1 : 0;
      numbered = true;
    };
    let first = true;
    for (const match of line.matchAll(/\S+/g)) {
      let token = match[0];
      let column = (match.index ?? 0) + 1;
      const atLineStart = first;
      first = false;
      const result = RESULTS.find(([pattern]) => pattern.test(token));
      if (result && endsGame(lines, lineIndex, (match.index ?? 0) + token.length)) {
        open(lineNumber).result = result[1];
        finish();
        moveNumber = undefined;
        lastRead = undefined;
        continue;
      }
      const withDots = NUMBER_WITH_DOTS.exec(token);
      if (withDots && (/\d/.test(withDots[1]) || atLineStart)) {
        readNumber(withDots[1], withDots[2] + (/^[.…]+$/.test(withDots[3]) ? withDots[3] : ''));
        if (withDots[3] === '' || /^[.…,]+$/.test(withDots[3])) continue;
        column += token.length - withDots[3].length;
        token = withDots[3];
      } else if ((atLineStart && /^[\d]{1,3}[lIOo|]?$/.test(token))
        // Mid-line bare digits are a number only when they continue the count (else a misread move: `45` for `d5`).
        // (and only after the line's two half-moves: lines run together, `3. 4 exf4` is a lost `f`).
        || (/^\d{1,3}$/.test(token) && Number(token) === (moveNumber ?? 0) + 1 && (!numbered || slot >= 2))
        || (atLineStart && token.length <= 5 && /\d/.test(token) && /[.,:;-]$/.test(token))
        || (atLineStart && token.length <= 4 && /[.,:;]$/.test(token))
        // No move starts with a digit other than castling's 0: `3d` at a line's start is a misread `3.`.
        || (atLineStart && /^[1-9]\d{0,2}\D?$/.test(token))) {
        // A move number, however misread (`4'.`, `=3.`), at the start of a line.
        readNumber(token.replace(/[.,:;-]+$/, ''), '');
        continue;
      }
      if (PLACEHOLDER.test(token)) {
        slot++;
        continue;
      }
      if (ANNOTATION.test(token)) continue;
      const game = open(lineNumber);
      if (EN_PASSANT.test(token) && game.cells.length > 0) {
        const previous = game.cells[game.cells.length - 1];
        game.cells[game.cells.length - 1] = { ...previous, readings: previous.readings.map((reading) => ({ ...reading, text: `${reading.text} ${token}` })) };
        continue;
      }
      game.cells.push({
        readings: [{ text: token }],
        source: {
          line: lineNumber, column,
          ...(moveNumber !== undefined ? { moveNumber } : {}),
          ...(numbered && moveNumber !== undefined ? { ply: 2 * (moveNumber - 1) + slot + 1 } : {}),
        },
      });
      slot++;
    }
  });
  finish();
  return games;
}
