#!/usr/bin/env node
import { processIo } from './io.js';
import { runCli } from './program.js';

// A reader that stops early (`zapis validate big.pgn | head`) is not an error: processIo's standard output drops
// what follows, and the command's exit status still says what it found.
process.exitCode = await runCli(process.argv.slice(2), processIo());
