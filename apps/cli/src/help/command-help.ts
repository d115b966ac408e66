/**
 * One help layout for every command: commander prints the usage, the one-line summary and the options; this adds
 * what each exit code means for the command and two examples, in the same words and columns everywhere.
 */
import type { Command } from 'commander';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io.js';

/** What exit codes 0, 1 and 2 mean for one command (ARCHITECTURE.md: good, input with errors, usage or unreadable). */
export interface ExitCodeMeanings {
  readonly ok: string;
  readonly inputErrors: string;
  /** Defaults to USAGE_OR_UNREADABLE. */
  readonly usage?: string;
}

/** A command line and what it does, for the help's examples. */
export interface HelpExample {
  readonly command: string;
  readonly what: string;
}

export const USAGE_OR_UNREADABLE = 'bad usage, or an input that is missing or cannot be read';

/** The help's closing text: the exit codes, then the examples, their comments lined up. */
export function helpFooter(exitCodes: ExitCodeMeanings, examples: readonly [HelpExample, HelpExample]): string {
  const width = Math.max(...examples.map((example) => example.command.length));
  return [
    '',
    'Exit codes:',
    `  ${EXIT_OK}  ${exitCodes.ok}`,
    `  ${EXIT_INPUT_ERRORS}  ${exitCodes.inputErrors}`,
    `  ${EXIT_USAGE}  ${exitCodes.usage ?? USAGE_OR_UNREADABLE}`,
    '',
    'Examples:',
    ...examples.map((example) => `  ${example.command.padEnd(width)}  # ${example.what}`),
  ].join('\n');
}

/** Adds the exit codes and examples after a command's options. */
export function withHelpFooter(command: Command, exitCodes: ExitCodeMeanings, examples: readonly [HelpExample, HelpExample]): Command {
  return command.addHelpText('after', helpFooter(exitCodes, examples));
}
