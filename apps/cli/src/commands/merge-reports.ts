/**
 * `zapis merge-reports`: NDJSON reports of `zapis validate --format json` (shards
 * of one run in any order, or whole reports) in, one report in any format out.
 */
import { once } from 'node:events';
import { open, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import {
  DuplicateGames, REPORT_FORMATS, countAtLeast, createWriter, loadRuleConfig, mergeReports, ruleDescriptions, type DuplicateCheck,
  type SeverityName,
} from '@zapis/archive';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { unwritableReason } from '../output.js';
import { parseChoice } from '../options.js';
import type { CommandContext } from '../program.js';
import { VERSION } from '../version.js';
import { emptyFolderReason, walkInputs, type FolderKind } from '../input-folders.js';
import { helpFooter } from '../help/command-help.js';

/** What a folder given to merge-reports is walked for: what `validate --format json -o` is given to write. */
const REPORT_FILES: FolderKind = { endings: ['.ndjson', '.ndjson.gz', '.jsonl', '.jsonl.gz'], what: 'NDJSON reports' };

interface MergeReportsFlags {
  format: string;
  show: string;
  severity: string;
  output?: string;
  rule: string[];
  config?: string;
}

/** What the program wires in: the run's duplicate finder and the rule descriptions SARIF lists. */
export interface MergeReportsHooks {
  /** A fresh duplicate check per merge (it remembers the games it has seen). */
  readonly createDuplicateCheck?: () => DuplicateCheck;
  readonly ruleDescriptions?: Readonly<Record<string, string>>;
}

/** Writes, waiting when the stream asks to, so a slow pipe holds the merge back instead of filling memory. */
async function write(stream: Writable, text: string): Promise<void> {
  if (text === '' || stream.write(text)) return;
  if (stream.errored) throw stream.errored;
  await once(stream, 'drain');
}

/** The output file, opened before any report is read, so a bad path is a usage error up front. */
async function openOutput(path: string, name: string): Promise<Writable> {
  const handle = await open(path, 'w').catch((error: unknown) => {
    throw new UsageError(`cannot write ${name}: ${unwritableReason(error)}`);
  });
  const stream = handle.createWriteStream();
  // A failed write is reported by finished() below; without a listener it would end the process.
  stream.on('error', () => undefined);
  return stream;
}

export function registerMergeReports(program: Command, context: CommandContext, hooks: MergeReportsHooks = {}): void {
  program
    .command('merge-reports')
    .description('combine NDJSON reports (from validate --shard i/n, in any order) into one report')
    .argument('<reports...>', 'NDJSON reports written by zapis validate --format json (.gz read directly), or folders of .ndjson files (their folders too)')
    .option('--format <format>', REPORT_FORMATS.join(', '), 'text')
    .option('--show <severity>', 'the least severe diagnostics to print (info, warning, error); json keeps all', 'warning')
    .option('--severity <level>', 'the least severe diagnostic that fails the merge (exit code 1): error, warning or info, as the shards were validated with', 'error')
    .option('-o, --output <file>', 'write here instead of standard output')
    .option('--rule <code=level>', 'rule settings for the duplicate check across reports, as for validate (repeatable)', (value: string, all: string[]) => [...all, value], [] as string[])
    .option('--config <file>', 'rule settings file, as for validate')
    .addHelpText('after', helpFooter({
      ok: 'no diagnostic at or above --severity (warnings allowed by default)',
      inputErrors: 'a game has a diagnostic at or above --severity (an error, by default)',
      usage: 'bad usage, or a report missing or not whole (then nothing is written)',
    }, [
      { command: 'zapis merge-reports report-*.ndjson --format sarif -o zapis.sarif', what: 'the shards of one run, as SARIF' },
      { command: 'zapis merge-reports reports/ --format github', what: 'every .ndjson report in a folder, as annotations' },
    ]))
    .action(async (reports: string[], flags: MergeReportsFlags) => {
      const format = parseChoice('--format', flags.format, REPORT_FORMATS);
      const show = parseChoice('--show', flags.show, ['info', 'warning', 'error'] as const);
      const failAt: SeverityName = parseChoice('--severity', flags.severity, ['info', 'warning', 'error'] as const);
      const { io } = context;
      const loaded = loadRuleConfig({ ruleFlags: flags.rule, directory: io.cwd, ...(flags.config ? { configFile: resolve(io.cwd, flags.config) } : {}) });
      if (!loaded.ok) throw new UsageError(loaded.error);
      const ruleConfig = loaded.value;
      const createDuplicateCheck = hooks.createDuplicateCheck ?? ((): DuplicateCheck => {
        const duplicates = new DuplicateGames(ruleConfig);
        return (record) => duplicates.check(record);
      });
      const writer = createWriter(format, { show, toolVersion: VERSION, ruleDescriptions: hooks.ruleDescriptions ?? ruleDescriptions() });
      const outputPath = flags.output === undefined ? undefined : resolve(io.cwd, flags.output);
      const output = outputPath === undefined ? io.stdout : await openOutput(outputPath, flags.output ?? '');
      // Nothing is written until every report has been checked (mergeReports checks before its first record):
      // a bad report leaves standard output empty, never a report cut short.
      let begun = false;
      let failing = false;
      const begin = async (): Promise<void> => {
        if (begun) return;
        begun = true;
        await write(output, writer.begin());
      };
      try {
        const walked = await walkInputs(reports, io.cwd, REPORT_FILES);
        const empty = walked.emptyFolders[0];
        if (empty !== undefined) throw new UsageError(`cannot read ${empty}: ${emptyFolderReason(REPORT_FILES)}`);
        const names = walked.inputs.map((input) => (input === '-' ? '-' : input.name));
        const merged = await mergeReports(names, async (record) => {
          if (!failing && record.diagnostics.length > 0 && countAtLeast(record, failAt) > 0) failing = true;
          await begin();
          await write(output, writer.game(record));
        }, {
          cwd: io.cwd,
          duplicates: createDuplicateCheck(),
        });
        // A bad report is the user's to fix: one line, exit 2, no stack trace.
        if (!merged.ok) throw new UsageError(merged.error.message);
        const summary = merged.value;
        await begin();
        await write(output, writer.end(summary));
        if (output !== io.stdout) {
          output.end();
          await finished(output);
        }
        context.exitCode = summary.unreadable.length > 0 ? EXIT_USAGE : failing ? EXIT_INPUT_ERRORS : EXIT_OK;
      } catch (error) {
        // Half a report in a file would pass for a whole one in CI: leave none.
        if (outputPath !== undefined) {
          output.destroy();
          await unlink(outputPath).catch(() => undefined);
        }
        throw error;
      }
    });
}
