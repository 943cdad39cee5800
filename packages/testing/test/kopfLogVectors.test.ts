// Opkit's ports of Kopf's examples against the log lines the real Kopf wrote for the same scenario
// (fixtures/kopf-log-vectors.json, made by scripts/kopf-log-vectors.mjs): the same per-object lines at the same
// levels, in the same order. Lines only one side writes fail the test unless an allow-list below names
// them, with the reason. No Kopf is needed here: the vectors are committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestEnv } from '../src/index.js';
import { normaliseLine, SCENARIOS } from './kopfLogScenarios.js';

type Line = [level: string, message: string];
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const vectors = JSON.parse(readFileSync(new URL('fixtures/kopf-log-vectors.json', import.meta.url), 'utf8')) as { kopf: string; examples: Record<string, Line[]> };

/** Lines Kopf writes that Opkit does not, and why. */
const KOPF_ONLY: RegExp[] = [
  // Kopf's API client logs each PATCH body at debug; Opkit's client does not log its requests (the feed has them).
  /^(Merge|JSON)-patching the (resource|status) with: <patch>$/,
  // Kopf's debug lines about its own sleeps between retries; Opkit schedules the retry without a line.
  // (The cycles that only sleep are dropped whole by kopfCycles below.)
  /^Sleeping (was skipped because of the patch|for)\b/,
  // Kopf handles the echo of its own last patch as an event and finds nothing to do; Opkit knows its
  // own patch (the consistency gate) and does not log the echo.
  /^Something has changed, but we are not interested \(the essence is the same\)\.$/,
];
/** Lines Opkit writes that Kopf does not, and why. */
const OPKIT_ONLY: RegExp[] = [
  // What Kopf's examples print() to stdout, the ports log through the object's logger at info.
  /^And here we are! Creating: /, /^(CREATED|UPDATED|DELETED|RESUMED) (1st|2nd)$|^UPDATED$/, /^FIELD CHANGED: /, /^=== Handling creation for /,
];

const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };
const compared = (lines: readonly Line[], skip: readonly RegExp[]): Line[] => lines.filter(([, message]) => !skip.some((pattern) => pattern.test(message)));

/**
 * Kopf's lines without its sleep-only cycles: when a retry is delayed, Kopf wakes on the echo of its own
 * patch, logs `… is in progress`, finds no handler due and sleeps (`Sleeping …`); Opkit waits for the
 * delay without that cycle. Only an in-progress line directly followed (patch lines aside) by a
 * `Sleeping` line is dropped, so every cycle that ran a handler is still compared.
 */
function kopfCycles(lines: readonly Line[]): Line[] {
  const relevant = lines.filter(([, message]) => !/^(Merge|JSON)-patching /.test(message));
  return relevant.filter(([, message], i) => !(/ is in progress: <body>$/.test(message) && /^Sleeping /.test(relevant[i + 1]?.[1] ?? '')));
}

describe('log-line vectors of the real Kopf', () => {
  it('were made by Kopf 1.44', () => {
    expect(vectors.kopf).toMatch(/^kopf 1\.44\./);
    expect(Object.keys(vectors.examples).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`${name}: Opkit's port logs Kopf's lines at Kopf's levels`, async () => {
      await using env = await startTestEnv({ crds: [join(ROOT, 'examples/crd.yaml')] });
      const op = await env.run(join(ROOT, 'examples', name, 'operator.ts'), { namespaces: ['default'] });
      try {
        await scenario.run({
          create: () => env.apply(join(ROOT, 'examples/obj.yaml')),
          patch: (body) => env.patch(ref, body),
          delete: () => env.delete(ref),
          gone: () => env.waitForGone(ref),
          log: (pattern) => op.waitForLog(pattern),
        });
      } finally {
        await op.stop();
      }
      const opkit = op.records
        .filter((record) => record.object?.name === 'kopf-example-1' && record.object?.namespace === 'default')
        .map((record): Line => [record.level, normaliseLine(record.message)]);
      const kopf = (vectors.examples[name] ?? []).map(([level, message]): Line => [level, normaliseLine(message)]);
      expect(compared(opkit, OPKIT_ONLY)).toEqual(compared(kopfCycles(kopf), KOPF_ONLY));
    });
  }
});
