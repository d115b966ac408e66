/**
 * `zapis help [command|topic]`: commander's help for a command, or a topic commander does not know
 * (`zapis help languages`, `zapis help codes`). Replaces commander's own help command.
 */
import type { Command } from 'commander';
import { UsageError } from '../io.js';
import type { CommandContext } from '../program.js';
import { HELP_TOPICS, isHelpTopic, topicHelp } from '../help/topics.js';
import { helpFooter } from '../help/command-help.js';

export const HELP_TOPICS_LINE = `Topics: ${HELP_TOPICS.map((topic) => `zapis help ${topic}`).join(', ')}.`;

export function registerHelp(program: Command, context: CommandContext): void {
  program.helpCommand(false);
  program.addHelpText('after', `\n${HELP_TOPICS_LINE}`);
  program
    .command('help [name]')
    .description(`help for a command, or a topic: ${HELP_TOPICS.join(', ')}`)
    .addHelpText('after', helpFooter({
      ok: 'the help was printed',
      inputErrors: 'not used',
      usage: 'no command or topic of that name',
    }, [
      { command: 'zapis help validate', what: 'the options of validate' },
      { command: 'zapis help codes', what: 'every diagnostic code, with its fix' },
    ]))
    .action((name: string | undefined) => {
      if (name === undefined) program.help();
      if (isHelpTopic(name)) {
        context.io.stdout.write(topicHelp(name));
        return;
      }
      const command = program.commands.find((candidate) => candidate.name() === name || candidate.aliases().includes(name));
      if (command === undefined) {
        const known = [...program.commands.map((candidate) => candidate.name()), ...HELP_TOPICS];
        throw new UsageError(`no command or help topic '${name}': try one of ${known.join(', ')}`);
      }
      command.help();
    });
}
