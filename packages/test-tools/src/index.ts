// What a test does when a tool it drives (kubectl, tmux, the Python client) is not installed: it reports itself skipped,
// with the reason, instead of passing without running — and with CI set it fails instead, naming the tool, because
// .ci/run installs every tool the suites drive, so a missing one there is a broken machine, not an optional extra.
// The reason also goes into the test's `meta.skipReason`, which vitest's JSON report keeps (it drops skip notes):
// scripts/test-summary.mjs reads it to name what was skipped, and why, above `npm test`'s closing line.
import type { TestContext } from 'vitest';

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

/**
 * The running test cannot run because `tool` is missing (`why`: what was tried). Outside CI it is skipped with the
 * reason; with CI set (in `env`) it fails, saying which tool is missing.
 * @example
 * it('drives kubectl', (ctx) => {
 *   if (!onPath('kubectl')) toolMissing(ctx, 'kubectl', 'no kubectl on PATH');
 * });
 */
export function toolMissing(ctx: TestContext, tool: string, why: string, env: NodeJS.ProcessEnv = process.env): never {
  const reason = `${tool} is missing: ${why}`;
  if (missingToolFails(env)) throw new Error(`${reason} (with CI set, a missing ${tool} fails the run: .ci/run installs it)`);
  skipWithReason(ctx, reason);
}
