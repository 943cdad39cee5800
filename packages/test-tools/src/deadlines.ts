// How long a test waits before it gives up. A test waits for a condition, never for a time; its deadline only says
// when a condition that never comes counts as a failure. On a 2-core machine that other work loads, a child process
// can take half a minute to start, so every deadline of the suite is its nominal figure times one factor:
// OPKIT_TEST_TIME_SCALE (default 3). A passing test is no slower for it — it ends when its condition holds — and a
// failing one fails later. Raise the factor on a slower machine; lower it to find hangs sooner.
// This file imports nothing of vitest's: the packages' vitest.config.ts files load it before vitest runs a test.

/** The variable that scales every deadline of the test suite. */
export const TIME_SCALE_VARIABLE = 'OPKIT_TEST_TIME_SCALE';

/** The factor when {@link TIME_SCALE_VARIABLE} is unset. */
export const DEFAULT_TIME_SCALE = 3;

/** The factor every test deadline is multiplied by: {@link TIME_SCALE_VARIABLE}, or {@link DEFAULT_TIME_SCALE}. */
export function timeScale(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[TIME_SCALE_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_TIME_SCALE;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`${TIME_SCALE_VARIABLE}=${JSON.stringify(raw)}: expected a positive number, the factor every test deadline is multiplied by (default ${DEFAULT_TIME_SCALE})`);
  }
  return scale;
}

/**
 * A deadline of `ms` nominal milliseconds, scaled for the machine.
 * @example
 * await vi.waitFor(() => expect(run.lines).toContain('Resuming.'), { timeout: deadline(30_000) });
 */
export function deadline(ms: number, env: NodeJS.ProcessEnv = process.env): number {
  return Math.round(ms * timeScale(env));
}
