#!/usr/bin/env node
import { processIo } from './io.js';
import { runCli } from './program.js';

// A reader that stops early (`zapis validate big.pgn | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), processIo());
