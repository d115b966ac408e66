/**
 * The syntax problems the parser reports: stable kebab-case codes (scripts
 * and the CLI rely on them) with a plain-language message each.
 */
import type { SourceSpan, SyntaxProblem } from './ast.js';

export const PROBLEM_MESSAGES = {
  'unknown-token': 'Not a move, move number, annotation or result in any language profile',
  'unterminated-comment': 'Comment `{` is not closed before the next game or the end of the input',
  'unterminated-string': 'Tag value is not closed by `"` on its line',
  'unterminated-tag': 'Tag pair is not closed by `]`',
  'missing-tag-name': 'Tag pair has no name',
  'missing-tag-value': 'Tag pair has no quoted value',
  'unclosed-variation': 'Variation `(` is not closed before the game ends',
  'unmatched-variation-end': '`)` closes no variation',
  'variation-without-move': 'Variation `(` does not follow a move it could be an alternative to',
  'misplaced-nag': 'Annotation does not follow a move',
  'misplaced-draw-offer': 'Draw offer `(=)` does not follow a move',
  'move-number-without-move': 'Move number is not followed by a move',
  'unexpected-string': 'Quoted string outside a tag pair',
  'unexpected-token': 'Token has no place here',
  'text-after-result': 'Text after the game termination marker',
} as const;

export type ProblemCode = keyof typeof PROBLEM_MESSAGES;

/** The most of a token a problem keeps as its text: junk can be megabytes long. */
const MAX_PROBLEM_TEXT = 80;

/** `text` is the token as written, where the problem is one token. */
export function problem(code: ProblemCode, span: SourceSpan, detail?: string, text?: string): SyntaxProblem {
  const message = detail ? `${PROBLEM_MESSAGES[code]}: ${detail}` : PROBLEM_MESSAGES[code];
  return text === undefined ? { code, message, span } : { code, message, span, text: text.slice(0, MAX_PROBLEM_TEXT) };
}
