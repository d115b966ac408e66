/* global process */
// Runs the zapis CLI in this process and reports its peak resident memory
// (worker threads included: they share the process) on stderr.
const [cli, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], cli, ...args];
await import(cli);
process.on('exit', () => process.stderr.write(`maxRSS=${process.resourceUsage().maxRSS}\n`));
