/**
 * The `zapis` command line. Commands live one per file in ./commands and are
 * thin: parse flags, call the packages, print.
 */
import { Command, CommanderError, Option } from 'commander';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './io.js';
import { COMMAND_LOADERS, commandsNeeded } from './command-table.js';
import { helpFooter } from './help/command-help.js';

export { VERSION } from './version.js';
import { VERSION } from './version.js';

/** A command sets its exit code here; commander's own action result is not used. */
export interface CommandContext {
  readonly io: CliIo;
  exitCode: number;
}

export type CommandRegistrar = (program: Command, context: CommandContext) => void;

/** The program with the commands `names` (every command by default); the others' modules are never loaded. */
export async function buildProgram(context: CommandContext, names: readonly string[] = [...COMMAND_LOADERS.keys()]): Promise<Command> {
  const program = new Command();
  program
    .name('zapis')
    .description('Chess games in any language: validate, convert, reconcile, decode, print, read.')
    .version(VERSION, '-v, --version')
    // -V, as commander has it, still answers (scripts use it), unlisted.
    .addOption(new Option('-V').hideHelp())
    .on('option:V', () => {
      context.io.stdout.write(`${VERSION}\n`);
      throw new CommanderError(EXIT_OK, 'commander.version', VERSION);
    })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.io.stdout.write(text),
      writeErr: (text) => context.io.stderr.write(text),
    })
    .showHelpAfterError('(run zapis --help for usage)');
  const loaders = [...COMMAND_LOADERS].filter(([name]) => names.includes(name));
  const registrars = await Promise.all(loaders.map(async ([, load]) => load(runCli)));
  for (const register of registrars) register(program, context);
  program.addHelpText('after', helpFooter({
    ok: 'all good (warnings allowed)',
    inputErrors: 'a game or an input has errors',
  }, [
    { command: 'zapis validate games.pgn.gz', what: 'every game of an archive against the rules' },
    { command: 'zapis read scans/', what: 'every scan in a folder into checked games' },
  ]));
  return program;
}

/** Runs the CLI with `argv` (without node and script) and resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const context: CommandContext = { io, exitCode: EXIT_OK };
  const program = await buildProgram(context, commandsNeeded(argv));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`zapis: ${error.message}\n`);
      return EXIT_USAGE;
    }
    // Anything else is our bug, not the user's: say so plainly.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`zapis: internal error (please report it): ${message}\n`);
    return 70;
  }
}
