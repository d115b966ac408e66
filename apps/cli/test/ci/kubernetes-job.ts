/**
 * Runs a Kubernetes Job's pods on this machine the way the Job controller would, for the parts a sharded
 * recipe uses: one pod per completion index with JOB_COMPLETION_INDEX set (an Indexed Job), the container's
 * command and args with Kubernetes' `$(NAME)` expansion, its env and working folder, and persistent volumes
 * as folders. A pod succeeds when its command exits 0; the Job is Complete when every pod succeeded, Failed
 * otherwise (a retry runs the same command on the same files, so it fails the same way). Whatever else a
 * manifest holds is refused by name.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { freshRunner, runCommand, type CommandRun } from './runner.js';

interface Container {
  readonly name: string;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly workingDir?: string;
  readonly env?: readonly { readonly name: string; readonly value?: string; readonly valueFrom?: unknown }[];
  readonly volumeMounts?: readonly { readonly name: string; readonly mountPath: string; readonly subPath?: string }[];
}

export interface KubernetesJob {
  readonly kind: 'Job';
  readonly metadata: { readonly name: string };
  readonly spec: {
    readonly completionMode?: 'Indexed' | 'NonIndexed';
    readonly completions?: number;
    readonly template: {
      readonly spec: {
        readonly containers: readonly Container[];
        readonly initContainers?: readonly Container[];
        readonly volumes?: readonly { readonly name: string; readonly persistentVolumeClaim?: { readonly claimName: string } }[];
      };
    };
  };
}

export interface PodRun extends CommandRun {
  /** The completion index of an Indexed Job's pod. */
  readonly index?: number;
}

export interface JobRun {
  readonly name: string;
  readonly pods: readonly PodRun[];
  readonly condition: 'Complete' | 'Failed';
}

export interface JobRunOptions {
  /** Each persistent volume claim's name and the folder standing for it. */
  readonly claims: ReadonlyMap<string, string>;
  /** Where the pods' runners are made. */
  readonly scratch: string;
  /** The built CLI that `npm install --global zapis` provides. */
  readonly cliScript: string;
}

/** The Jobs of a manifest file (several documents allowed). */
export function readJobs(path: string): KubernetesJob[] {
  return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => {
    const resource = document.toJS() as { kind?: string } | null;
    if (resource?.kind !== 'Job') throw new Error(`${path}: the emulation runs Jobs, not ${resource?.kind}`);
    return resource as KubernetesJob;
  });
}

/** Kubernetes' expansion of `$(NAME)` in command and args: defined names are replaced, `$$` is `$`, the rest stays. */
export function expandReferences(text: string, env: Readonly<Record<string, string>>): string {
  return text.replaceAll(/\$\$|\$\(([^)]*)\)/gu, (whole, name: string | undefined) => (name === undefined ? '$' : (env[name] ?? whole)));
}

/** Runs every pod of the Job, one after another, and says whether the Job completes. */
export function runJob(job: KubernetesJob, options: JobRunOptions): JobRun {
  const pod = job.spec.template.spec;
  if (pod.initContainers !== undefined || pod.containers.length !== 1) throw new Error(`${job.metadata.name}: the emulation runs pods of exactly one container`);
  const [container] = pod.containers;
  const indexed = job.spec.completionMode === 'Indexed';
  const completions = job.spec.completions ?? 1;
  const pods = Array.from({ length: completions }, (_, index): PodRun => {
    const runner = freshRunner(options.scratch, options.cliScript);
    const env: Record<string, string> = { ...runner.env, ...(indexed ? { JOB_COMPLETION_INDEX: String(index) } : {}) };
    for (const variable of container.env ?? []) {
      if (variable.value === undefined) throw new Error(`${job.metadata.name}: the emulation takes env values, not valueFrom (${variable.name})`);
      env[variable.name] = expandReferences(variable.value, env);
    }
    const argv = [...(container.command ?? []), ...(container.args ?? [])].map((part) => expandReferences(part, env));
    if (argv.length === 0) throw new Error(`${job.metadata.name}: the emulation needs the container's command (an image's entry point is unknown here)`);
    const cwd = hostPath(job, container, container.workingDir ?? '/', options.claims);
    return { ...(indexed ? { index } : {}), ...runCommand(argv, { cwd, env }) };
  });
  return { name: job.metadata.name, pods, condition: pods.every((run) => run.exitCode === 0) ? 'Complete' : 'Failed' };
}

/** The folder on this machine that a path inside the container lands in; only mounted volumes exist. */
function hostPath(job: KubernetesJob, container: Container, path: string, claims: ReadonlyMap<string, string>): string {
  for (const mount of container.volumeMounts ?? []) {
    const inside = relative(mount.mountPath, path);
    if (inside.startsWith('..') || mount.subPath !== undefined) continue;
    const claim = job.spec.template.spec.volumes?.find((volume) => volume.name === mount.name)?.persistentVolumeClaim?.claimName;
    const folder = claim === undefined ? undefined : claims.get(claim);
    if (folder === undefined) throw new Error(`${job.metadata.name}: no folder stands for the volume ${mount.name} (claim ${claim})`);
    return join(folder, inside);
  }
  throw new Error(`${job.metadata.name}: ${path} is on no mounted volume, so the emulation has no folder for it`);
}
