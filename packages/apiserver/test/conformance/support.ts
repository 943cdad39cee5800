// Small helpers of the conformance suite: waiting for a condition with a deadline, running a client as a child
// process, and finding out whether a client is available (and saying why not).
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { deadline } from '@opkit/test-tools';

/** Polls `check` every 50 ms until it returns true; fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = deadline(20_000)): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > giveUpAt) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The outcome of a child process. */
export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` (stdin `input`), resolving with its exit code and output whatever the code. */
export function runProcess(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { env: options.env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(new Error(`${file} ${args.join(' ')} could not run: ${error.message}\n${stderr}`));
        return;
      }
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

/** The first executable `name` on PATH, or undefined. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
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

/** The Python interpreter the suite uses: Debian's, where python3-kubernetes installs (`CONFORMANCE_PYTHON` overrides). */
export const PYTHON = process.env.CONFORMANCE_PYTHON ?? '/usr/bin/python3';

/** Whether a client can run here: `{ available: true }` or the reason it cannot. */
export type Availability = { available: true; detail: string } | { available: false; reason: string };

/** kubectl: `KUBECTL`, else the first `kubectl` on PATH. */
export async function kubectlAvailability(): Promise<Availability & { path?: string }> {
  const path = process.env.KUBECTL ?? onPath('kubectl');
  if (!path) return { available: false, reason: 'no kubectl on PATH (and KUBECTL is not set)' };
  const version = await runProcess(path, ['version', '--client', '-o', 'json']).catch((e: unknown) => ({ code: -1, stdout: '', stderr: String(e) }));
  if (version.code !== 0) return { available: false, reason: `${path} version --client failed: ${version.stderr.trim()}` };
  const parsed = JSON.parse(version.stdout) as { clientVersion?: { gitVersion?: string } };
  return { available: true, path, detail: `${path} ${parsed.clientVersion?.gitVersion ?? ''}`.trim() };
}

/** The Python client: PYTHON must import `kubernetes`. */
export async function pythonAvailability(): Promise<Availability> {
  const probe = await runProcess(PYTHON, ['-c', 'import kubernetes; print(kubernetes.__version__)']).catch((e: unknown) => ({ code: -1, stdout: '', stderr: String(e) }));
  if (probe.code !== 0) {
    const why = probe.stderr.includes('No module named') ? 'the kubernetes module is not installed (apt-get install -y python3-kubernetes)' : probe.stderr.trim().split('\n').at(-1) ?? '';
    return { available: false, reason: `${PYTHON} cannot import kubernetes: ${why}` };
  }
  return { available: true, detail: `${PYTHON} with kubernetes ${probe.stdout.trim()}` };
}
