/**
 * `zapis help [command|topic]`: commander's help for a command, or a topic commander does not know
 * (`zapis help languages`, `zapis help codes`). Replaces commander's own help command.
 */
import type { Command } from 'commander';
import { UsageError } from '../io.js';
import type { CommandContext } from '../program.js';
import { HELP_TOPICS, isHelpTopic, topicHelp } from '../help/topics.js';

export const HELP_TOPICS_LINE = `Topics: ${HELP_TOPICS.map((topic) => `zapis help ${topic}`).join(', ')} (the language codes, the diagnostic codes).`;

export function registerHelp(program: Command, context: CommandContext): void {
  program.helpCommand(false);
  program.addHelpText('after', `\n${HELP_TOPICS_LINE}\n`);
  program
    .command('help [name]')
    .description(`help for a command, or a topic: ${HELP_TOPICS.join(', ')}`)
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
