export { runCli, buildProgram, VERSION, type CommandContext, type CommandRegistrar } from './program.js';
export { type CliIo, processIo, UsageError, EXIT_OK, EXIT_INPUT_ERRORS, EXIT_USAGE } from './io.js';
