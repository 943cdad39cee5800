// perObject fed by a real resource stream: 5,000 events over 250 objects, concurrency 8. Correctness only
// (serial per object, the last event last, nothing lost): its speed is apps/bench's (`bench watching`), so
// the test has a deadline sized for a loaded machine rather than a figure.
import { afterEach, describe, expect, it } from 'vitest';
import { lastValueFrom, Subject, takeUntil, toArray } from 'rxjs';
import { perObject, watchResource } from '../src/index.js';
import { configmaps, fast, namespaces, parallel, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';
import { deadline } from '@opkit/test-tools';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('perObject over a live stream', () => {
  it('processes 5,000 events over 250 objects with concurrency 8: serial per object, last event last, completes', async () => {
    h = await startHarness();
    const { client, server } = h;
    await client.create(namespaces, { metadata: { name: 'po' } });
    const names = Array.from({ length: 250 }, (_, i) => `o${i}`);
    await parallel(names, 16, async (name) => void (await client.create(configmaps, { metadata: { name, namespace: 'po' }, data: { n: '0' } })));

    const stop = new Subject<void>();
    const active = new Set<string>();
    const lastRv = new Map<string, number>();
    let running = 0;
    let maxRunning = 0;
    let overlaps = 0;
    let regressions = 0;
    let processed = 0;
    const outcomes = lastValueFrom(
      perObject(
        watchResource(client, configmaps, { namespace: 'po', settings: fast }).pipe(takeUntil(stop)),
        async (event, { key }) => {
          if (active.has(key)) overlaps++;
          active.add(key);
          maxRunning = Math.max(maxRunning, ++running);
          const rv = Number(event.object.metadata.resourceVersion);
          if ((lastRv.get(event.object.metadata.name!) ?? 0) > rv) regressions++;
          lastRv.set(event.object.metadata.name!, rv);
          await new Promise((resolve) => setTimeout(resolve, Math.random() < 0.2 ? 2 : 0));
          running--;
          active.delete(key);
          processed++;
        },
        { concurrency: 8 },
      ).pipe(toArray()),
    );
    const updates = Array.from({ length: 4_750 }, (_, i) => ({ name: names[i % 250]!, n: Math.floor(i / 250) + 1 }));
    await parallel(updates, 16, async ({ name, n }) => void (await client.patch(configmaps, name, { data: { n: String(n) } }, { namespace: 'po' })));

    const final = new Map((await client.listAll(configmaps, { namespace: 'po' })).items.map((o) => [o.metadata.name!, Number(o.metadata.resourceVersion)]));
    await waitFor(() => [...final].every(([name, rv]) => lastRv.get(name) === rv) && running === 0, 120_000, 'every object processed at its final version');
    stop.next();
    const results = await outcomes;
    expect(overlaps).toBe(0);
    expect(regressions).toBe(0);
    expect(maxRunning).toBeLessThanOrEqual(8);
    expect(results.reduce((n, r) => n + 1 + r.coalesced, 0)).toBe(5_000);
    expect(processed).toBe(results.length);
    await waitFor(() => server.stats().watches === 0, 1000, 'the stream closed');
  }, deadline(300_000));
});
