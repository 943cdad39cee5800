// Running the real kubectl from a test: its exit code and output (never a thrown error), and `ok` for the calls
// that must succeed. Shared by the kubectl test files that drive one embedded server each.
import { execFile } from 'node:child_process';
import { deadline } from '@opkit/test-tools';

/** One kubectl run: exit code and output. */
export interface KubectlRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** kubectl bound to an executable and an environment (read at each call, so a test may set it in `beforeAll`). */
export interface Kubectl {
  /** Runs kubectl (optionally with stdin) and resolves with its exit code and output. */
  run(args: string[], stdin?: string): Promise<KubectlRun>;
  /** Runs kubectl and resolves with its stdout; rejects with its stderr when it exits non-zero. */
  ok(args: string[], stdin?: string): Promise<string>;
}

/**
 * @param command - the kubectl executable
 * @param env - the environment of each run
 * @param timeout - ms before a run is killed
 */
export function kubectlRunner(command: string, env: () => NodeJS.ProcessEnv, timeout = deadline(60_000)): Kubectl {
  const run = (args: string[], stdin?: string): Promise<KubectlRun> => new Promise((resolve) => {
    const child = execFile(command, args, { env: env(), timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin?.end(stdin ?? '');
  });
  return {
    run,
    async ok(args, stdin) {
      const result = await run(args, stdin);
      if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr}`);
      return result.stdout;
    },
  };
}
