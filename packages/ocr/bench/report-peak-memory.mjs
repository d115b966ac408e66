// Preloaded into `zapis read` by the reading bench: on exit, the process's peak resident memory (its reader
// threads included) goes to stderr on a line of its own, which the bench takes out of the output.
import process from 'node:process';

process.on('exit', () => {
  process.stderr.write(`\nzapis-bench-peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
