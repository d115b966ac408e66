/**
 * A fresh machine for one emulated CI job or pod: its own home and temporary folder, and a PATH on which
 * `zapis` exists only once the job has run `npm install --global zapis`. Installing puts a `zapis` that runs
 * the CLI built in this clone on PATH, so a recipe's commands run unchanged against this clone.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

export interface Runner {
  /** Where the job's own files go (scripts, home, temporary files). */
  readonly root: string;
  /** The environment every command of the job starts from. */
  readonly env: Readonly<Record<string, string>>;
}

export interface CommandRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** A new runner under `parent`; `cliScript` is the built CLI (`apps/cli/dist/bin.js`) that installing zapis provides. */
export function freshRunner(parent: string, cliScript: string): Runner {
  const root = mkdtempSync(join(parent, 'runner-'));
  const bin = join(root, 'bin');
  const home = join(root, 'home');
  const temp = join(root, 'tmp');
  for (const folder of [bin, home, temp]) mkdirSync(folder);
  const executable = (name: string, text: string): void => {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  };
  // Shadows any zapis installed on this machine: a recipe that forgets to install it must fail here too.
  executable('zapis', '#!/bin/sh\necho "zapis: command not found" >&2\nexit 127\n');
  executable('zapis.installed', `#!/bin/sh\nexec ${quoted(process.execPath)} ${quoted(cliScript)} "$@"\n`);
  executable('npm', [
    '#!/bin/sh',
    '# The only npm command a recipe may run: npm install --global zapis (any version, quiet or not).',
    'fail() { echo "npm (emulated): only npm install --global zapis is available, not: npm $*" >&2; exit 1; }',
    'args="$*"',
    '[ "$1" = install ] || [ "$1" = i ] || fail "$args"',
    'shift',
    'global=no; zapis=no',
    'for arg; do',
    '  case $arg in',
    '    -g|--global) global=yes ;;',
    '    --silent|--quiet|--no-fund|--no-audit) ;;',
    '    zapis|zapis@*) zapis=yes ;;',
    '    *) fail "$args" ;;',
    '  esac',
    'done',
    '[ $global = yes ] && [ $zapis = yes ] || fail "$args"',
    `cp ${quoted(join(bin, 'zapis.installed'))} ${quoted(join(bin, 'zapis'))}`,
  ].join('\n') + '\n');
  const env = { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, TMPDIR: temp, LANG: 'C.UTF-8' };
  return { root, env };
}

/** Runs one program to its end, as a job's shell or a container's command would. */
export function runCommand(argv: readonly string[], options: { cwd: string; env: Readonly<Record<string, string>> }): CommandRun {
  const [program, ...args] = argv;
  const result = spawnSync(program, args, { cwd: options.cwd, env: { ...options.env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  // A command killed by a signal exits as a shell reports it: 128 + the signal's number.
  const exitCode = result.status ?? 128 + (result.signal === null ? 0 : constants.signals[result.signal]);
  return { exitCode, stdout: result.stdout, stderr: result.stderr };
}
