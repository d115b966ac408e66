/**
 * `zapis validate`: replay every game of any number of archives (streamed,
 * gzip read directly, on every core), apply the archive rules, and report in
 * text, NDJSON, SARIF, JUnit or GitHub annotations. Exit 1 when a diagnostic
 * at or above `--severity` was found.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  DuplicateGames, REPORT_FORMATS, countAtLeast, createWriter, loadRuleConfig, ruleDescriptions, runValidation,
  type SeverityName, type Shard,
} from '@zapis/archive';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { parseChoice, parsePositive, parseLanguage } from '../options.js';
import type { CommandContext } from '../program.js';
import { VERSION } from '../version.js';
import { checkWritable, openOutput } from '../output.js';
import { progressLine } from '../report/progress.js';
import { fixArchive } from './validate-fix.js';
import { archiveInputs } from '../archive-inputs.js';
import { PGN_FILES } from '../input-folders.js';
import { helpFooter } from '../help/command-help.js';

interface ValidateFlags {
  lang: string;
  format: string;
  show: string;
  severity: string;
  maxErrors?: string;
  quiet?: boolean;
  jobs?: string;
  rule: string[];
  config?: string;
  shard?: string;
  fix?: boolean;
  output?: string;
}

function parseShard(value: string): Shard {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new UsageError(`--shard wants i/n with 1 <= i <= n (for example 2/8), not '${value}'`);
  return { index, count };
}


export function registerValidate(program: Command, context: CommandContext): void {
  program
    .command('validate')
    .description('replay every game and report each problem with its file, line and move')
    .argument('[files...]', 'PGN or move-text files (.pgn.gz read directly), or folders of .pgn and .pgn.gz files (their folders too); - or none for standard input')
    .option('--lang <code>', 'language of the piece letters: auto or a code (zapis help languages)', 'auto')
    .option('--format <format>', `${REPORT_FORMATS.join(', ')} (json is NDJSON: one object per game, then a summary)`, 'text')
    .option('--show <severity>', 'the least severe diagnostics to print (info, warning, error)', 'warning')
    .option('--severity <level>', 'the least severe diagnostic that fails the run (exit code 1): error, warning or info', 'error')
    .option('--max-errors <n>', 'stop after this many errors')
    .option('-q, --quiet', 'no progress, and only errors in text output')
    .option('-j, --jobs <n>', 'worker threads (default: every core)')
    .option('--rule <code=level>', 'set a rule: error, warning, info or off (repeatable)', (value: string, all: string[]) => [...all, value], [] as string[])
    .option('--config <file>', 'rule settings file (default: zapis.config.json or .zapisrc.json here, if present)')
    .option('--shard <i/n>', 'validate only the i-th of n equal parts of the input (merge the reports with zapis merge-reports)')
    .option('--fix', 'write the archive in PGN export format with safe fixes (tags and SAN normalised; moves never changed); needs -o')
    .option('-o, --output <file>', 'write the report (or, with --fix, the fixed archive) here instead of standard output')
    .addHelpText('after', helpFooter({
      ok: 'no diagnostic at or above --severity (warnings allowed by default)',
      inputErrors: 'a game has a diagnostic at or above --severity (an error, by default)',
    }, [
      { command: 'zapis validate games.pgn.gz', what: 'every game of an archive, a report on the terminal' },
      { command: 'zapis validate round3/ --format github', what: 'every .pgn file in a folder, as pull-request annotations' },
    ]))
    .action(async (files: string[], flags: ValidateFlags) => {
      const { io } = context;
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, REPORT_FORMATS);
      const show = flags.quiet ? 'error' : parseChoice('--show', flags.show, ['info', 'warning', 'error'] as const);
      const failAt: SeverityName = parseChoice('--severity', flags.severity, ['info', 'warning', 'error'] as const);
      const maxErrors = flags.maxErrors === undefined ? undefined : parsePositive('--max-errors', flags.maxErrors);
      const jobs = flags.jobs === undefined ? availableParallelism() : parsePositive('--jobs', flags.jobs);
      const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
      const loaded = loadRuleConfig({ ruleFlags: flags.rule, directory: io.cwd, ...(flags.config ? { configFile: resolve(io.cwd, flags.config) } : {}) });
      if (!loaded.ok) throw new UsageError(loaded.error);
      const ruleConfig = loaded.value;
      const { sources: inputs, emptyInputs, explain } = await archiveInputs(files, io.cwd, PGN_FILES);
      if (shard && inputs.some((input) => input.path === undefined)) throw new UsageError('--shard needs files: standard input cannot be split into byte ranges');

      if (flags.fix) {
        if (!flags.output) throw new UsageError('--fix writes a new archive and needs -o FILE');
        await checkWritable(io.cwd, flags.output);
        const fixed = await fixArchive(inputs, resolve(io.cwd, flags.output), { language, stdin: io.stdin });
        for (const bad of emptyInputs) io.stderr.write(`zapis: cannot read ${bad.file}: ${bad.reason}\n`);
        for (const bad of fixed.unreadable) io.stderr.write(`zapis: cannot read ${bad.file}: ${explain(bad.file, bad.reason)}\n`);
        io.stderr.write(`zapis: wrote ${fixed.games} game${fixed.games === 1 ? '' : 's'} to ${flags.output} (${fixed.rewritten} in export format, ${fixed.keptAsWritten} with errors kept as written)\n`);
        context.exitCode = fixed.unreadable.length > 0 || emptyInputs.length > 0 ? EXIT_USAGE : fixed.keptAsWritten > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
        return;
      }

      const output = await openOutput(io, flags.output);
      const writer = createWriter(format, { show, toolVersion: VERSION, ruleDescriptions: ruleDescriptions(), ...(shard ? { shard } : {}) });
      const duplicates = new DuplicateGames(ruleConfig);
      const progress = io.isTty && !flags.quiet ? io.stderr : undefined;
      let failing = false;
      for (const bad of emptyInputs) io.stderr.write(`zapis: cannot read ${bad.file}: ${bad.reason}\n`);
      await output.write(writer.begin());
      const run = await runValidation({
        inputs,
        jobs,
        language,
        ruleConfig,
        keepMoves: writer.needsMoves,
        everyGame: writer.needsEveryGame,
        stdin: io.stdin,
        ...(shard ? { shard } : {}),
        ...(maxErrors !== undefined ? { maxErrors } : {}),
        duplicates: (record) => duplicates.check(record),
        // No promise when there is nothing to write (most games of a text report): the run then need not wait on this game.
        onRecord: (record) => {
          if (!failing && record.diagnostics.length > 0 && countAtLeast(record, failAt) > 0) failing = true;
          const text = writer.game(record);
          return text ? output.write(text) : undefined;
        },
        onUnreadable: (file, reason) => io.stderr.write(`zapis: cannot read ${file}: ${explain(file, reason)}\n`),
        ...(progress ? { onProgress: (state) => progress.write(`\r${progressLine(state)}`) } : {}),
      });
      const { stoppedEarly, lastGame } = run;
      // A folder with nothing to read is unreadable input, listed with the rest.
      const summary = { ...run.summary, unreadable: [...emptyInputs, ...run.summary.unreadable.map((bad) => ({ file: bad.file, reason: explain(bad.file, bad.reason) }))] };
      if (progress) progress.write('\r\x1b[K');
      await output.write(writer.end(summary));
      await output.close();
      if (stoppedEarly) {
        const where = lastGame ? `: nothing after game ${lastGame.index} of ${lastGame.file} (line ${lastGame.line}) was validated` : '';
        io.stderr.write(`zapis: stopped at ${maxErrors} error${maxErrors === 1 ? '' : 's'} (--max-errors ${maxErrors})${where}\n`);
      }
      context.exitCode = summary.unreadable.length > 0 ? EXIT_USAGE : failing ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}
