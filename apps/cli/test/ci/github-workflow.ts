/**
 * Runs a GitHub Actions workflow on this machine the way GitHub would, for the parts a sharded recipe uses:
 * jobs in the order `needs:` gives, one fresh runner per matrix leg, `strategy.fail-fast`, `if:` on jobs and
 * steps, `continue-on-error`, `run:` steps in GitHub's default shells, and the checkout, setup-node and
 * artifact actions (artifacts are files copied through a folder). Matrix legs run one after another: with
 * fail-fast, a failing leg cancels every leg still to run, the worst case of GitHub's parallel legs.
 * Whatever else a workflow holds is refused by name.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { freshRunner, runCommand, type Runner } from './runner.js';
import { conditionHolds, substitute, type ExpressionContext } from './workflow-expressions.js';

type Condition = string | boolean | undefined;

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Readonly<Record<string, string | number | boolean>>;
  readonly if?: Condition;
  readonly shell?: string;
  readonly env?: Readonly<Record<string, string | number | boolean>>;
  readonly 'continue-on-error'?: boolean;
  readonly 'working-directory'?: string;
}

interface Job {
  readonly needs?: string | readonly string[];
  readonly if?: Condition;
  readonly strategy?: { readonly 'fail-fast'?: boolean; readonly matrix?: Readonly<Record<string, readonly (string | number)[]>> };
  readonly env?: Readonly<Record<string, string | number | boolean>>;
  readonly steps: readonly Step[];
}

export interface Workflow {
  readonly env?: Readonly<Record<string, string | number | boolean>>;
  readonly jobs: Readonly<Record<string, Job>>;
}

export type StepOutcome = 'success' | 'failure' | 'skipped';
export type JobResult = 'success' | 'failure' | 'cancelled' | 'skipped';

export interface StepRun {
  /** The step's `name`, its `run` or its `uses`, with the matrix values in. */
  readonly label: string;
  /** The command as the shell ran it, for `run:` steps. */
  readonly run?: string;
  readonly outcome: StepOutcome;
  readonly exitCode?: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface JobRun {
  readonly job: string;
  readonly matrix: Readonly<Record<string, string | number>>;
  readonly result: JobResult;
  readonly steps: readonly StepRun[];
}

export interface WorkflowRun {
  readonly jobs: readonly JobRun[];
  /** What GitHub shows for the run: failure when any job failed or was cancelled. */
  readonly conclusion: 'success' | 'failure';
  /** Each uploaded artifact's name and the folder holding its files. */
  readonly artifacts: ReadonlyMap<string, string>;
}

export interface WorkflowRunOptions {
  /** The repository as `actions/checkout` finds it. */
  readonly repository: string;
  /** Where runners and artifacts are made. */
  readonly scratch: string;
  /** The built CLI that `npm install --global zapis` provides. */
  readonly cliScript: string;
}

export function readWorkflow(path: string): Workflow {
  const workflow = parse(readFileSync(path, 'utf8')) as Workflow;
  if (typeof workflow?.jobs !== 'object') throw new Error(`${path}: no jobs`);
  return workflow;
}

const textValues = (values: Readonly<Record<string, string | number | boolean>> | undefined, context: ExpressionContext): Record<string, string> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, substitute(String(value), context)]));

/** The jobs in an order where every job comes after the jobs it needs. */
function jobOrder(workflow: Workflow): string[] {
  const order: string[] = [];
  const visit = (name: string, path: readonly string[]): void => {
    if (order.includes(name)) return;
    if (path.includes(name)) throw new Error(`jobs need each other in a cycle: ${[...path, name].join(' → ')}`);
    const job = workflow.jobs[name];
    if (job === undefined) throw new Error(`${path.at(-1)} needs ${name}, which is no job of the workflow`);
    for (const need of needsOf(job)) visit(need, [...path, name]);
    order.push(name);
  };
  for (const name of Object.keys(workflow.jobs)) visit(name, []);
  return order;
}

const needsOf = (job: Job): readonly string[] => (job.needs === undefined ? [] : typeof job.needs === 'string' ? [job.needs] : job.needs);

/** Every combination of a matrix's values, in the order GitHub lists the legs. */
function matrixLegs(job: Job): Record<string, string | number>[] {
  const matrix = job.strategy?.matrix;
  if (matrix === undefined) return [{}];
  let legs: Record<string, string | number>[] = [{}];
  for (const [key, values] of Object.entries(matrix)) {
    if (!Array.isArray(values)) throw new Error(`the emulated runner takes matrix values as lists, not matrix.${key}`);
    legs = legs.flatMap((leg) => values.map((value) => ({ ...leg, [key]: value })));
  }
  return legs;
}

/** Runs the workflow, every job it can, and says what GitHub would. */
export function runWorkflow(workflow: Workflow, options: WorkflowRunOptions): WorkflowRun {
  const artifactsFolder = mkdtempSync(join(options.scratch, 'artifacts-'));
  const artifacts = new Map<string, string>();
  const results = new Map<string, JobResult>();
  const runs: JobRun[] = [];
  const ancestors = (name: string): string[] => needsOf(workflow.jobs[name]).flatMap((need) => [need, ...ancestors(need)]);

  for (const name of jobOrder(workflow)) {
    const job = workflow.jobs[name];
    const needed = needsOf(job).map((need) => results.get(need));
    const status = {
      success: needed.every((result) => result === 'success'),
      failure: ancestors(name).some((ancestor) => results.get(ancestor) === 'failure'),
      cancelled: false,
    };
    const legs = matrixLegs(job);
    if (!conditionHolds(job.if, status)) {
      results.set(name, 'skipped');
      runs.push({ job: name, matrix: {}, result: 'skipped', steps: [] });
      continue;
    }
    const failFast = job.strategy?.['fail-fast'] ?? true;
    const legResults: JobResult[] = [];
    legs.forEach((matrix, index) => {
      if (failFast && legResults.includes('failure')) {
        legResults.push('cancelled');
        runs.push({ job: name, matrix, result: 'cancelled', steps: [] });
        return;
      }
      const context: ExpressionContext = {
        ...Object.fromEntries(Object.entries(matrix).map(([key, value]) => [`matrix.${key}`, value])),
        'strategy.job-total': legs.length,
        'strategy.job-index': index,
        'strategy.fail-fast': failFast,
      };
      const run = runLeg(workflow, job, name, matrix, context, { ...options, artifactsFolder, artifacts });
      legResults.push(run.result);
      runs.push(run);
    });
    const result: JobResult = legResults.includes('failure') ? 'failure' : legResults.includes('cancelled') ? 'cancelled' : 'success';
    results.set(name, result);
  }
  const failed = [...results.values()].some((result) => result === 'failure' || result === 'cancelled');
  return { jobs: runs, conclusion: failed ? 'failure' : 'success', artifacts };
}

interface LegOptions extends WorkflowRunOptions {
  readonly artifactsFolder: string;
  readonly artifacts: Map<string, string>;
}

function runLeg(workflow: Workflow, job: Job, name: string, matrix: Readonly<Record<string, string | number>>, context: ExpressionContext, options: LegOptions): JobRun {
  const runner = freshRunner(options.scratch, options.cliScript);
  const workspace = join(runner.root, 'workspace');
  mkdirSync(workspace);
  const steps: StepRun[] = [];
  let failed = false;
  job.steps.forEach((step, index) => {
    const label = substitute(step.name ?? step.run ?? step.uses ?? `step ${index + 1}`, context);
    if (!conditionHolds(step.if, { success: !failed, failure: failed, cancelled: false })) {
      steps.push({ label, outcome: 'skipped', stdout: '', stderr: '' });
      return;
    }
    const env = {
      ...runner.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      ...textValues(workflow.env, context),
      ...textValues(job.env, context),
      ...textValues(step.env, context),
    };
    const done = step.run !== undefined
      ? runStep(step, substitute(step.run, context), { runner, workspace, env, index })
      : actionStep(step, textValues(step.with, context), { workspace, options });
    const outcome: StepOutcome = done.exitCode === 0 ? 'success' : 'failure';
    if (outcome === 'failure' && step['continue-on-error'] !== true) failed = true;
    steps.push({ label, ...done, outcome });
  });
  return { job: name, matrix, result: failed ? 'failure' : 'success', steps };
}

/** The shells GitHub runs `run:` with on Linux: bash -e by default, with pipefail when `shell: bash` is named. */
function shellCommand(shell: string | undefined, script: string): string[] {
  switch (shell) {
    case undefined: return ['bash', '-e', script];
    case 'bash': return ['bash', '--noprofile', '--norc', '-eo', 'pipefail', script];
    case 'sh': return ['sh', '-e', script];
    default: throw new Error(`the emulated runner has no shell ${shell}`);
  }
}

function runStep(step: Step, command: string, where: { runner: Runner; workspace: string; env: Record<string, string>; index: number }): Omit<StepRun, 'label' | 'outcome'> {
  const script = join(where.runner.root, `step-${where.index + 1}.sh`);
  writeFileSync(script, command);
  const cwd = step['working-directory'] === undefined ? where.workspace : join(where.workspace, step['working-directory']);
  return { run: command, ...runCommand(shellCommand(step.shell, script), { cwd, env: where.env }) };
}

/** A step that `uses:` an action; only the actions a sharded recipe needs are emulated. */
function actionStep(step: Step, inputs: Readonly<Record<string, string>>, where: { workspace: string; options: LegOptions }): Omit<StepRun, 'label' | 'outcome'> {
  const [action, version = ''] = (step.uses ?? '').split('@');
  const failure = (message: string): Omit<StepRun, 'label' | 'outcome'> => ({ exitCode: 1, stdout: '', stderr: `${action}: ${message}` });
  const { artifacts, artifactsFolder, repository } = where.options;
  switch (action) {
    case 'actions/checkout':
      cpSync(repository, where.workspace, { recursive: true });
      return { exitCode: 0, stdout: '', stderr: '' };
    case 'actions/setup-node':
      // Node is already on every emulated runner's PATH.
      return { exitCode: 0, stdout: '', stderr: '' };
    case 'actions/upload-artifact': {
      if (version !== 'v4') throw new Error(`the emulated runner knows ${action}@v4, not @${version}`);
      const name = inputs.name ?? 'artifact';
      const path = inputs.path;
      if (path === undefined || path.includes('\n') || /[*?[]/u.test(path)) throw new Error(`the emulated ${action} takes one path without wildcards, not ${path}`);
      // Artifacts of a run are immutable in v4: a second upload under one name fails.
      if (artifacts.has(name)) return failure(`an artifact named ${name} was already uploaded in this run`);
      const source = join(where.workspace, path);
      if (!existsSync(source)) {
        const ifMissing = inputs['if-no-files-found'] ?? 'warn';
        return ifMissing === 'error' ? failure(`no files were found with the provided path: ${path}`) : { exitCode: 0, stdout: '', stderr: `no files at ${path}; no artifact uploaded` };
      }
      const folder = join(artifactsFolder, name);
      mkdirSync(folder);
      cpSync(source, join(folder, basename(source)), { recursive: true });
      artifacts.set(name, folder);
      return { exitCode: 0, stdout: '', stderr: '' };
    }
    case 'actions/download-artifact': {
      if (version !== 'v4') throw new Error(`the emulated runner knows ${action}@v4, not @${version}`);
      const target = join(where.workspace, inputs.path ?? '.');
      if (inputs.name !== undefined) {
        const folder = artifacts.get(inputs.name);
        if (folder === undefined) return failure(`artifact not found: ${inputs.name}`);
        cpSync(folder, target, { recursive: true });
        return { exitCode: 0, stdout: '', stderr: '' };
      }
      const pattern = new RegExp(`^${(inputs.pattern ?? '*').split('*').map((part) => part.replaceAll(/[.+?^${}()|[\]\\]/gu, '\\$&')).join('.*')}$`, 'u');
      for (const [name, folder] of artifacts) {
        if (!pattern.test(name)) continue;
        const into = inputs['merge-multiple'] === 'true' ? target : join(target, name);
        mkdirSync(into, { recursive: true });
        for (const file of readdirSync(folder)) cpSync(join(folder, file), join(into, file), { recursive: true });
      }
      return { exitCode: 0, stdout: '', stderr: '' };
    }
    default:
      throw new Error(`the emulated runner has no emulation of ${step.uses}`);
  }
}
