// What a test does when a tool it drives (kubectl, openssl, tmux, Chromium, git, the Python client) is not installed: it reports
// itself skipped, with the reason, instead of passing without running or erroring — and with CI set it fails
// instead, naming the tool, when .ci/run installs that tool (a missing one there is a broken machine, not an optional
// extra). A tool .ci/run does not install (git, tar) is skipped with the reason under CI too: the run could not have
// had it, and the closing line of `npm test` names the skip.
// The reason also goes into the test's `meta.skipReason`, which vitest's JSON report keeps (it drops skip notes):
// scripts/test-summary.mjs reads it to name what was skipped, and why, above `npm test`'s closing line.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { beforeEach } from 'vitest';
import type { TestContext } from 'vitest';

export { deadline, DEFAULT_TIME_SCALE, TIME_SCALE_VARIABLE, timeScale } from './deadlines.js';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test was skipped, for the JSON report (scripts/test-summary.mjs names it). */
    skipReason?: string;
  }
}

/** Whether the run is CI's (`CI` set to anything but `''`, `0` or `false`): a missing tool then fails instead of skipping. */
export function missingToolFails(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== '0' && ci !== 'false';
}

/** Skips the running test with `reason`, kept in the JSON report as `meta.skipReason`. */
export function skipWithReason(ctx: TestContext, reason: string): never {
  ctx.task.meta.skipReason = reason;
  ctx.skip(reason);
}

/** How {@link toolMissing} decides between skipping and failing. */
export interface MissingToolOptions {
  /** The environment whose `CI` decides (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * Whether .ci/run installs the tool (default true): only then does a missing one fail under CI. A tool it does not
   * install is skipped with the reason under CI too.
   */
  installedByCi?: boolean;
}

/**
 * The running test cannot run because `tool` is missing (`why`: what was tried). Outside CI it is skipped with the
 * reason; with CI set it fails, saying which tool is missing — unless `installedByCi` is false, when it is skipped
 * under CI too.
 * @example
 * it('drives kubectl', (ctx) => {
 *   if (!onPath('kubectl')) toolMissing(ctx, 'kubectl', 'no kubectl on PATH');
 * });
 */
export function toolMissing(ctx: TestContext, tool: string, why: string, options: MissingToolOptions = {}): never {
  const reason = `${tool} is missing: ${why}`;
  if (options.installedByCi !== false && missingToolFails(options.env)) {
    throw new Error(`${reason} (with CI set, a missing ${tool} fails the run: .ci/run installs it)`);
  }
  skipWithReason(ctx, options.installedByCi === false ? `${reason} (.ci/run does not install ${tool})` : reason);
}

/** What {@link findTool} knows of a tool: how to probe it, where to get it, and whether .ci/run installs it. */
export interface ToolSpec {
  /** The environment variable that names the program instead of a PATH lookup (`KUBECTL`). */
  override?: string;
  /** The arguments of a run that must exit 0 for the tool to count as present (default `['--version']`). */
  probe?: readonly string[];
  /** Where to get it, appended to the reason. */
  hint?: string;
  /** Whether .ci/run installs it (default false): only then does a missing one fail under CI. */
  installedByCi?: boolean;
}

/**
 * The tools the repository's tests drive. `installedByCi` must match .ci/run's install list (its unit test reads
 * .ci/run to keep them in step).
 */
export const KNOWN_TOOLS: Readonly<Record<string, ToolSpec>> = {
  kubectl: { override: 'KUBECTL', probe: ['version', '--client'], hint: 'https://kubernetes.io/docs/tasks/tools/', installedByCi: true },
  openssl: { probe: ['version'], hint: 'apt-get install openssl', installedByCi: true },
  tmux: { probe: ['-V'], hint: 'apt-get install tmux', installedByCi: true },
  chromium: { override: 'CHROMIUM', probe: ['--version'], hint: 'apt-get install chromium', installedByCi: true },
  git: { probe: ['--version'], hint: 'https://git-scm.com/downloads' },
  tar: { probe: ['--version'], hint: 'apt-get install tar' },
};

/** A tool as found on this machine. */
export interface Tool {
  /** Its name, as a skip or failure names it. */
  readonly name: string;
  /** The program to run: the override's value, else the first match on PATH, else the bare name. */
  readonly command: string;
  /** Why it cannot run here, or undefined when it can. */
  readonly missing: string | undefined;
  /** Whether .ci/run installs it. */
  readonly installedByCi: boolean;
}

/** The first executable `name` on the PATH of `env`, or undefined. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Finds `name` (its override variable, else PATH) and runs its probe, synchronously: a test file calls it once, at
 * load. `spec` defaults to the entry of {@link KNOWN_TOOLS}; `env` to `process.env`.
 */
export function findTool(name: string, spec: ToolSpec = KNOWN_TOOLS[name] ?? {}, env: NodeJS.ProcessEnv = process.env): Tool {
  const installedByCi = spec.installedByCi === true;
  const hint = spec.hint ? `; ${spec.hint}` : '';
  const override = spec.override ? env[spec.override] : undefined;
  const command = override || onPath(name, env);
  if (!command) {
    return { name, command: name, installedByCi, missing: `no ${name} on PATH${spec.override ? ` (and ${spec.override} is not set)` : ''}${hint}` };
  }
  const probe = spec.probe ?? ['--version'];
  const run = spawnSync(command, [...probe], { encoding: 'utf8', env, timeout: 30_000 });
  if (run.status !== 0) {
    const why = run.error?.message ?? (run.stderr.trim().split('\n').at(-1) || `exit code ${String(run.status ?? run.signal)}`);
    const from = spec.override && override ? ` (from ${spec.override})` : '';
    return { name, command, installedByCi, missing: `${command}${from} ${probe.join(' ')} failed: ${why}${hint}` };
  }
  return { name, command, installedByCi, missing: undefined };
}

/** Skips (or, under CI, fails) the running test when `tool` is missing; returns the command to run otherwise. */
export function useTool(ctx: TestContext, tool: Tool): string {
  if (tool.missing !== undefined) toolMissing(ctx, tool.name, tool.missing, { installedByCi: tool.installedByCi });
  return tool.command;
}

/**
 * {@link findTool} (or a tool found already), and a `beforeEach` that {@link useTool}s it: called at a file's top
 * level every test of the file is skipped with the reason when the tool is missing (failed under CI, for a tool
 * .ci/run installs); called in a `describe`, that block's tests. A `beforeAll` that drives the tool must return early
 * when `missing` is set (it runs before the `beforeEach`), and `afterAll`/`afterEach` hooks must tolerate what it did
 * not set up.
 * @example
 * const kubectl = requireTool('kubectl');
 * beforeAll(async () => {
 *   if (kubectl.missing) return;
 *   await run(kubectl.command, ['apply', '-f', 'crd.yaml']);
 * });
 */
export function requireTool(tool: string | Tool, spec?: ToolSpec): Tool {
  const found = typeof tool === 'string' ? findTool(tool, spec) : tool;
  beforeEach((ctx) => {
    useTool(ctx, found);
  });
  return found;
}
