// The acceptance scenario of issue 3 at its full size: 2,000 objects created, updated 5 times and
// partly deleted while the server drops every watch every 2 s, fails 5% of requests with 503 and
// compacts its history every 5 s. Each run takes about 30 s, mostly waiting out the injected 503s'
// Retry-After (little CPU). apps/bench's `watching` suite runs the same scenario and reports timings.
// Besides the final state, it asserts that the faults happened during the run: watches dropped and history
// compacted (the server's fault counters) and 410 relists (the stream's own phases).
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { watchResource } from '../src/index.js';
import type { WatchEvent, WatchPhase } from '../src/index.js';
import { configmaps, namespaces, parallel, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const OBJECTS = 2000;
const UPDATES = 5;
const WRITERS = 24;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Tracked {
  rv: number;
  object: KubeObject;
}

async function runScenario(clusterWide: boolean): Promise<void> {
  h = await startHarness({ faults: { watchDropMs: 2000, errorRate: 0.05, errorCode: 503, compactEveryMs: 5000 } });
  const { client, server } = h;
  const spaces = clusterWide ? ['r-0', 'r-1', 'r-2'] : ['r-0'];
  for (const name of [...spaces, 'noise']) await client.create(namespaces, { metadata: { name } });
  const names = Array.from({ length: OBJECTS }, (_, i) => ({ name: `obj-${i}`, namespace: spaces[i % spaces.length]! }));
  const [early, late] = [names.slice(0, OBJECTS / 2), names.slice(OBJECTS / 2)];
  await parallel(early, WRITERS, async ({ name, namespace }) => void (await client.create(configmaps, { metadata: { name, namespace }, data: { v: '0' } })));

  const seen = new Map<string, Tracked>();
  const deletedSeen = new Set<string>();
  const problems: string[] = [];
  const onEvent = (event: WatchEvent): void => {
    if (event.type === 'SYNCED') return;
    const meta = event.object.metadata;
    const key = `${meta.namespace}/${meta.name}`;
    if (!clusterWide && meta.namespace !== 'r-0') problems.push(`out of scope: ${key}`);
    const rv = Number(meta.resourceVersion);
    const previous = seen.get(key);
    if (event.type === 'DELETED') {
      seen.delete(key);
      deletedSeen.add(key);
      return;
    }
    if (previous && rv <= previous.rv) problems.push(`stale ${event.type} for ${key}: ${rv} after ${previous.rv}`);
    seen.set(key, { rv, object: event.object });
  };
  let failed: unknown;
  // The stream's own account of its life: each 410 relist, each reconnect after a failure.
  const phases: Record<WatchPhase['phase'], number> = { listed: 0, bookmark: 0, relist: 0, reconnect: 0, stalled: 0, inactivity: 0 };
  const faultsBefore = server.faults.counts();
  const subscription = watchResource(client, configmaps, {
    ...(clusterWide ? {} : { namespace: 'r-0' }),
    settings: { backoffStartMs: 50, backoffMaxMs: 1000, pageSize: 50, inactivityTimeoutMs: 10_000 },
    onPhase: (phase) => void phases[phase.phase]++,
  }).subscribe({ next: onEvent, error: (e: unknown) => (failed = e) });

  await parallel(late, WRITERS, async ({ name, namespace }) => void (await create(client, name, namespace)));
  // Outside the watched namespace (only meaningful in single-namespace mode).
  if (!clusterWide) await client.create(configmaps, { metadata: { name: 'noise-obj', namespace: 'noise' } });
  // One 410 for certain, whatever the timing of the periodic faults: stall the stream (it keeps its watch but
  // receives nothing, so its position stays behind), write, compact, then drop its watch (the held event is
  // never delivered). It resumes from a version older than the compaction, gets 410 and must relist.
  server.faults.set({ stallWatches: true });
  await waitFor(() => server.stats().watches >= 1, 30_000, 'the stream to be watching (stalled)');
  await client.patch(configmaps, names[1]!.name, { data: { v: 'stalled' } }, { namespace: names[1]!.namespace });
  server.faults.compactNow();
  server.faults.dropWatches();
  server.faults.set({ stallWatches: false });
  await waitFor(() => phases.relist > 0, 60_000, 'the stream to relist after the 410');
  const updates = names.flatMap((n) => Array.from({ length: UPDATES }, (_, u) => ({ ...n, u: u + 1 })));
  // Interleave objects so that updates of one object are spread over time (and across watch drops).
  updates.sort((a, b) => a.u - b.u);
  await parallel(updates, WRITERS, async ({ name, namespace, u }) => void (await client.patch(configmaps, name, { data: { v: String(u) } }, { namespace })));
  const doomed = names.filter((_, i) => i % 5 === 0);
  await parallel(doomed, WRITERS, async ({ name, namespace }) => void (await client.delete(configmaps, name, { namespace })));

  const expected = new Map<string, KubeObject>();
  for (const ns of spaces) for (const item of (await client.listAll(configmaps, { namespace: ns })).items) expected.set(`${ns}/${item.metadata.name}`, item);
  expect(expected.size).toBe(OBJECTS - doomed.length);
  await waitFor(
    () => seen.size === expected.size && [...expected].every(([key, object]) => seen.get(key)?.object.metadata.resourceVersion === object.metadata.resourceVersion),
    60_000,
    'the stream to converge on the server state',
  );
  for (const [key, object] of expected) expect(seen.get(key)?.object.data).toEqual(object.data);
  for (const { name, namespace } of doomed) expect(deletedSeen.has(`${namespace}/${name}`)).toBe(true);
  expect(problems).toEqual([]);
  expect(failed).toBeUndefined();
  // The faults really happened while the stream ran, and the stream went through each recovery: the server
  // dropped its watches and compacted its history, it relisted after 410s, and requests failed with 503.
  const faults = server.faults.counts();
  const happened = {
    droppedWatches: faults.droppedWatches - faultsBefore.droppedWatches,
    compactions: faults.compactions - faultsBefore.compactions,
    relists: phases.relist,
    watchesOpened: server.stats().requests['watch configmaps'] ?? 0,
  };
  expect(happened.droppedWatches, JSON.stringify(happened)).toBeGreaterThan(0);
  expect(happened.compactions, JSON.stringify(happened)).toBeGreaterThan(0);
  expect(happened.relists, JSON.stringify(happened)).toBeGreaterThan(0);
  // Each drop was followed by a new watch (a resume, or a relist's fresh watch).
  expect(happened.watchesOpened).toBeGreaterThan(happened.droppedWatches);
  expect(phases.listed).toBeGreaterThanOrEqual(1 + happened.relists); // the first list, then one after each 410
  const codes = server.requests().map((r) => r.code);
  expect(codes.filter((c) => c === 503).length).toBeGreaterThan(20);
  subscription.unsubscribe();
  await waitFor(() => server.stats().watches === 0, 1000, 'zero open watches');
}

async function create(client: KubeClient, name: string, namespace: string): Promise<void> {
  await client.create(configmaps, { metadata: { name, namespace }, data: { v: '0' } });
}

describe('watchResource under faults (watch drops every 2 s, 5% 503s, compaction every 5 s)', () => {
  it('converges on the server state in a single namespace, seeing every deletion', { timeout: deadline(240_000) }, async () => {
    await runScenario(false);
  });

  it('converges on the server state cluster-wide, seeing every deletion', { timeout: deadline(240_000) }, async () => {
    await runScenario(true);
  });
});
