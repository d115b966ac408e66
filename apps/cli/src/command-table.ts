/**
 * Every `zapis` command by name, each loaded only when it is asked for: a command's module pulls in the packages it
 * needs (scan reading pulls in image and network code, printing a PDF library), and a run pays only for its own.
 */
import type { CommandRegistrar } from './program.js';
import type { CommandRunner } from './commands/demo.js';

type RegistrarLoader = (runCli: CommandRunner) => Promise<CommandRegistrar>;

/** In the order the top-level help lists them. */
export const COMMAND_LOADERS: ReadonlyMap<string, RegistrarLoader> = new Map<string, RegistrarLoader>([
  ['validate', async () => (await import('./commands/validate.js')).registerValidate],
  ['convert', async () => (await import('./commands/convert.js')).registerConvert],
  ['reconcile', async () => (await import('./commands/reconcile.js')).registerReconcile],
  ['decode', async () => (await import('./commands/decode.js')).registerDecode],
  ['read', async () => (await import('./commands/read.js')).registerRead],
  ['print', async () => (await import('./commands/print.js')).registerPrint],
  ['demo', async (runCli) => {
    const demo = await import('./commands/demo.js');
    demo.setDemoRunner(runCli);
    return demo.registerDemo;
  }],
  ['merge-reports', async () => (await import('./commands/merge-reports.js')).registerMergeReports],
  ['merge-reads', async () => (await import('./commands/merge-reads.js')).registerMergeReads],
  ['help', async () => (await import('./commands/help.js')).registerHelp],
]);

const VERSION_FLAGS = new Set(['-v', '--version', '-V']);

/**
 * The commands a run of `argv` needs loaded: none to print the version, the one its first word names, or every one
 * (the top-level help lists them all, `help` looks one up, and a mistyped name gets a suggestion).
 */
export function commandsNeeded(argv: readonly string[]): readonly string[] {
  const first = argv[0];
  if (argv.length === 1 && first !== undefined && VERSION_FLAGS.has(first)) return [];
  if (first !== undefined && first !== 'help' && COMMAND_LOADERS.has(first)) return [first];
  return [...COMMAND_LOADERS.keys()];
}
