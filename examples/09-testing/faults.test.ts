// 09-testing, under faults: the same operator, tested against an API server that drops its watches,
// answers 410 Gone and 5xx — on fake time, so the operator's retries, backoffs and reconnects happen
// at once instead of over minutes. Each object is still handled exactly once, and the fault counters
// prove the hard paths ran.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const names = ['faulty-1', 'faulty-2', 'faulty-3', 'faulty-4', 'faulty-5'];
const example = (name: string) => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name }, spec: { field: name } });

describe('example 09-testing under faults', () => {
  it('handles every object exactly once through watch drops, 410s and 5xx', async () => {
    // `faults` turns on fake time too: `env.clock` drives the operator and the server's timers.
    await using env = await startTestEnv({
      crds: [crd],
      faults: {
        dropWatchesEveryMs: 30_000, // every open watch is closed every 30 s of fake time
        errors: [
          { code: 410, verbs: ['watch'], resources: ['kopfexamples'], count: 2 }, // resumes refused: relist
          { code: 503, verbs: ['patch'], resources: ['kopfexamples'], count: 3 }, // the operator's writes fail, then pass
          { code: 500, verbs: ['list'], resources: ['kopfexamples'], rate: 0.5, count: 2 },
        ],
      },
    });
    const op = await env.run(operator);

    for (const name of names) await env.apply(example(name));
    for (const name of names) await op.waitForLog(`[default/${name}] Creation is processed:`);
    // Half-way through, a compaction: the next resume of a watch gets 410 Gone from the history.
    env.faults.compact();
    env.faults.dropWatches();
    await env.apply(example('faulty-6'));
    await op.waitForLog('[default/faulty-6] Creation is processed:');

    // Exactly one run of the create handler per object, however many faults.
    const runs = (name: string) => op.feed.filter((e) => e.type === 'handler' && e.phase === 'started' && e.id === 'create_fn' && e.name === name).length;
    for (const name of [...names, 'faulty-6']) expect(runs(name)).toBe(1);
    expect(op.logs.filter((line) => line.endsWith('Something was logged here.'))).toHaveLength(6);

    // And the faults did happen.
    const counts = env.faults.counts();
    expect(counts.gone).toBe(2);
    expect(counts.serverErrors).toBeGreaterThanOrEqual(3);
    expect(counts.droppedWatches).toBeGreaterThan(0);
    expect(counts.compactions).toBeGreaterThan(0);
    expect(op.feed.some((e) => e.type === 'watch' && e.phase === 'relist')).toBe(true);
  });
});
