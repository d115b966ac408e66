/**
 * Cuts an input into sections that each begin with a tag section (or are the
 * move text before the first one). A `[` outside comments and strings after
 * move text starts the next game, with or without a result marker. The
 * parser later splits a section further where a result is followed by more
 * moves (bare move text). Sections keep memory bounded: only one section is
 * tokenized at a time.
 */
import { braceCommentEnd, isLineStart, isWhitespace, lineEnd, stringEnd, tagEnd } from './text-scan.js';

export interface TextSection {
  readonly start: number;
  readonly end: number;
}

function hasContent(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (!isWhitespace(text.charCodeAt(at))) return true;
  return false;
}

/** The sections of `text` from offset `from` (a section start) on. */
export function* splitSections(text: string, from = 0): Generator<TextSection> {
  const length = text.length;
  let sectionStart = from;
  let sawMovetext = false;
  let at = from;
  while (at < length) {
    const code = text.charCodeAt(at);
    switch (code) {
      case 123: // {
        at = braceCommentEnd(text, at);
        break;
      case 59: // ;
        at = lineEnd(text, at);
        break;
      case 37: // % escape line
        if (isLineStart(text, at)) at = lineEnd(text, at);
        else {
          sawMovetext = true;
          at++;
        }
        break;
      case 91: // [
        if (sawMovetext) {
          if (hasContent(text, sectionStart, at)) yield { start: sectionStart, end: at };
          sectionStart = at;
          sawMovetext = false;
        }
        at = tagEnd(text, at);
        break;
      case 34: // a stray string in move text
        sawMovetext = true;
        at = stringEnd(text, at);
        break;
      default:
        if (!isWhitespace(code)) sawMovetext = true;
        at++;
    }
  }
  if (hasContent(text, sectionStart, length)) yield { start: sectionStart, end: length };
}
