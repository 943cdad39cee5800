// The scenarios of the log-line vectors, shared by the generator that runs the real Kopf
// (scripts/kopf-log-vectors.mjs) and the test that runs Opkit's ports (kopfLogVectors.test.ts), so both sides
// see the same steps; and the normalisation of the volatile parts of a line (bodies, patches, durations).

/** What a scenario does to kopf-example-1, on either side. */
export interface ScenarioSteps {
  create(): Promise<unknown>;
  patch(body: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
  gone(): Promise<unknown>;
  log(pattern: RegExp): Promise<unknown>;
}

/** One example's scenario. */
export interface Scenario {
  run(steps: ScenarioSteps): Promise<void>;
}

/** Kopf's end of a handling cycle: the next step may go. */
const SETTLED = /Handling cycle is finished, waiting for new changes\./;

/** Create kopf-example-1, wait for the cycles to settle, delete it, wait for it to go. */
async function createThenDelete(steps: ScenarioSteps): Promise<void> {
  await steps.create();
  await steps.log(/Creation is processed: /);
  await steps.log(SETTLED);
  await steps.delete();
  await steps.gone();
  await steps.log(/Deleted, really deleted, and we are notified\./);
}

/** Per example (a directory of Kopf's examples/ and of Opkit's examples/): what is done to kopf-example-1. */
export const SCENARIOS: Record<string, Scenario> = {
  '01-minimal': { run: (steps) => createThenDelete(steps) },
  '03-exceptions': { run: (steps) => createThenDelete(steps) },
  '05-handlers': {
    async run(steps: ScenarioSteps): Promise<void> {
      await steps.create();
      await steps.log(/Creation is processed: /);
      await steps.log(SETTLED);
      await steps.patch({ spec: { field: 'newvalue', newfield: 100 } });
      await steps.log(/Updating is processed: /);
      await steps.delete();
      await steps.gone();
      await steps.log(/Deleted, really deleted, and we are notified\./);
    },
  },
  '07-subhandlers': { run: (steps) => createThenDelete(steps) },
};

/**
 * A line with its volatile parts replaced: the body dumped with `… is in progress:`, the diff, the
 * patches logged at debug (Python reprs in Kopf, JSON in Opkit).
 */
export function normaliseLine(message: string): string {
  return message
    .replace(/^(Creation|Updating|Deletion|Resuming) is in progress: .*$/s, '$1 is in progress: <body>')
    .replace(/^(Merge-patching the (?:resource|status) with|JSON-patching the (?:resource|status) with): .*$/s, '$1: <patch>')
    .replace(/^Updating diff: .*$/s, 'Updating diff: <diff>')
    // Python writes a float backoff (`backoff=1.0` in Kopf's 03) as 1.0; JavaScript has no such float.
    .replace(/ in (\d+)\.0 seconds: /, ' in $1 seconds: ')
    .replace(/^(Sleeping (?:was skipped because of the patch|for)), \d+(?:\.\d+)? seconds/, '$1, <n> seconds')
    .replace(/^Sleeping for \d+(?:\.\d+)? seconds/, 'Sleeping for <n> seconds')
    .replace(/, \d+(?:\.\d+)? seconds left\.$/, ', <n> seconds left.');
}
