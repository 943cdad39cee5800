// The steps after the files are written, each a child process that may fail without undoing the
// project: installing dependencies (the retry command is printed on failure), regenerating the
// manifests for the chosen names, and a first git commit — only where git can make one: never
// inside another work tree, never without user.name and user.email, and never with a deploy/ that was
// not regenerated for the project's names (the files stay staged then, and the reason is said).
import { spawn, spawnSync } from 'node:child_process';
import type { StdioOptions } from 'node:child_process';
import { rmSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from './packageManager.js';

/** How a child process ended. */
export interface RunResult {
  /** Exit code; `undefined` when the command could not start (not installed) or was killed. */
  readonly code: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
  /** Why it could not start, when it could not. */
  readonly error?: string;
}

/** Where a step's own output goes: the user's terminal, another stream, or captured. */
export type StepOutput = 'inherit' | 'stderr' | 'capture';

/**
 * Run `command` in `cwd`. Output goes to the terminal (`inherit`), to our stderr (`stderr`, for
 * `--json`), or is captured. Stdin is closed, so a command that would ask a question fails instead of hanging.
 */
export function runCommand(command: Command, cwd: string, output: StepOutput, env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  return new Promise((done) => {
    const stdio: StdioOptions = output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : output === 'stderr' ? ['ignore', 2, 2] : ['ignore', 'pipe', 'pipe'];
    let stdout = '';
    let stderr = '';
    const child = spawn(command.command, [...command.args], {
      cwd,
      env,
      stdio,
      // npm, pnpm and yarn are .cmd shims on Windows, which only a shell runs.
      shell: process.platform === 'win32',
    });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      done({ code: undefined, stdout, stderr, error: error.code === 'ENOENT' ? `${command.command} is not installed (not found on PATH)` : error.message }),
    );
    child.on('close', (code) => done({ code: code ?? undefined, stdout, stderr }));
  });
}

/** The result of the git step, for the report. */
export type GitOutcome =
  | { readonly status: 'committed' }
  | { readonly status: 'staged'; readonly reason: string }
  | { readonly status: 'failed'; readonly reason: string };

/** Whether `git` runs here (asked once, before any question, so it is synchronous). */
export function gitAvailable(): boolean {
  const result = spawnSync('git', ['--version'], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  return result.status === 0;
}

/** Whether `path` (or, when it does not exist yet, its nearest existing parent) lies inside a git work tree. */
export function insideGitWorkTree(path: string): boolean {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const result = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  return result.status === 0 && result.stdout.trim() === 'true';
}

async function gitConfig(dir: string, key: string): Promise<string> {
  const result = await runCommand({ command: 'git', args: ['config', '--get', key] }, dir, 'capture');
  return result.code === 0 ? result.stdout.trim() : '';
}

/**
 * `git init -b main`, `git add -A`, and a first commit (hooks skipped: the project's own hooks do not
 * exist yet) when user.name and user.email are configured; otherwise the files stay staged. If init
 * itself fails, the half-made `.git` is removed.
 *
 * @param holdCommit when given, the files are staged but not committed, and this is the reason reported
 *   (a first commit must not record generated files that are not yet generated for the project's names)
 */
export async function initGit(dir: string, message: string, holdCommit?: string): Promise<GitOutcome> {
  const hadGit = existsSync(join(dir, '.git'));
  const init = await runCommand({ command: 'git', args: ['init', '-b', 'main'] }, dir, 'capture');
  if (init.code !== 0) {
    if (!hadGit) rmSync(join(dir, '.git'), { recursive: true, force: true });
    return { status: 'failed', reason: `git init failed: ${(init.error ?? init.stderr).trim()}` };
  }
  const add = await runCommand({ command: 'git', args: ['add', '-A'] }, dir, 'capture');
  if (add.code !== 0) return { status: 'failed', reason: `git add failed: ${(add.error ?? add.stderr).trim()}` };
  if (holdCommit !== undefined) return { status: 'staged', reason: holdCommit };
  const name = await gitConfig(dir, 'user.name');
  const email = await gitConfig(dir, 'user.email');
  if (name === '' || email === '') {
    return {
      status: 'staged',
      reason: 'git has no user.name or user.email, so the files are staged but not committed: set them (git config --global user.name "…"; git config --global user.email "…") and commit',
    };
  }
  const commit = await runCommand({ command: 'git', args: ['commit', '--no-verify', '-q', '-m', message] }, dir, 'capture');
  if (commit.code !== 0) return { status: 'staged', reason: `git commit failed, the files are staged: ${(commit.error ?? commit.stderr).trim()}` };
  return { status: 'committed' };
}
