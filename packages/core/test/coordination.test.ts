// Peering, leader election and sharding wired into the operator: a peering pause closes the watches
// and objects created meanwhile are handled after it; only a leader handles objects and a standby
// takes over; shard members split the objects; the feed reports each state.
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { freezeOperators, peeringCrds, resumeOperators } from '@opkit/peering';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../src/index.js';
import type { FeedEvent } from '../src/index.js';
import type { Harness, Running } from './harness.js';
import { CRDS, FAST, kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const FAST_LEASES = { leaseDuration: 2, renewDeadline: 1.5, retryPeriod: 0.25 };
// Leader election with a lease a busy machine cannot lose by a stalled event loop: a clean stop releases the lease,
// so the standby still takes over within a retry period.
const STEADY_LEASES = { leaseDuration: 30, renewDeadline: 20, retryPeriod: 0.25 };

/** A registry whose create handler records which operator handled which object. */
function recording(name: string, handled: Map<string, string[]>): Registry {
  const registry = new Registry();
  registry.on.create('kopfexamples', function create_fn({ name: object }) {
    handled.set(object!, [...(handled.get(object!) ?? []), name]);
    return name;
  });
  return registry;
}

describe('coordination', () => {
  let h: Harness;
  const clients: KubeClient[] = [];
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => {
    await h.close();
    for (const client of clients.splice(0)) client.close();
  });

  const clientOf = async (name: string): Promise<KubeClient> => {
    const client = await connect({ server: { url: h.server.url }, userAgent: `opkit-test (${name})` });
    clients.push(client);
    return client;
  };
  const installPeering = async (): Promise<void> => {
    for (const crd of peeringCrds()) await h.client.create(CRDS, crd);
    const resource = await vi.waitFor(() => h.client.resolveOne('clusterkopfpeerings.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
    await h.client.create(resource, { apiVersion: 'kopf.dev/v1', kind: 'ClusterKopfPeering', metadata: { name: 'default' } });
  };
  const peeringEvents = (run: Running): Extract<FeedEvent, { type: 'peering' }>[] => run.feed.filter((event): event is Extract<FeedEvent, { type: 'peering' }> => event.type === 'peering');

  it('runs standalone with Kopf\'s warning when the cluster has no peering objects', async () => {
    const handled = new Map<string, string[]>();
    const run = await h.run(recording('a', handled));
    await h.client.create(h.kex, kopfExample('x'), { namespace: 'default' });
    await h.waitFor('x', (body) => (body.status as any)?.create_fn === 'a', 'x handled');
    expect(run.lines).toContain('Default peering object is not found, falling back to the standalone mode.');
    expect(peeringEvents(run).at(-1)).toMatchObject({ paused: false, standalone: true, priority: 0, name: 'default' });
  });

  it('pauses for a frozen peering object (watches closed), and handles what was created meanwhile after the resume', async () => {
    await installPeering();
    const handled = new Map<string, string[]>();
    const run = await h.run(recording('a', handled), { settings: { ...FAST, peering: { identity: 'op-a' } } });
    await h.client.create(h.kex, kopfExample('before'), { namespace: 'default' });
    await h.waitFor('before', (body) => (body.status as any)?.create_fn === 'a', 'before handled');
    await freezeOperators({ client: h.client, identity: 'admin@host', clusterwide: true, lifetime: 600 });
    await vi.waitFor(() => expect(run.lines.some((line) => line.startsWith('Pausing operations in favour of [<Peer admin@host: priority=100, lifetime=600, lastseen='))).toBe(true), { timeout: deadline(30_000) });
    await vi.waitFor(() => expect(run.lines).toContain('Pausing the watches.'), { timeout: deadline(30_000) });
    expect(peeringEvents(run).at(-1)).toMatchObject({ paused: true, reason: 'higher-priority', identity: 'op-a' });
    expect(peeringEvents(run).at(-1)!.objects[0]!.peers.map((peer) => peer.identity).sort()).toEqual(['admin@host', 'op-a']);
    await h.client.create(h.kex, kopfExample('during'), { namespace: 'default' });
    await resumeOperators({ client: h.client, identity: 'admin@host', clusterwide: true });
    await h.waitFor('during', (body) => (body.status as any)?.create_fn === 'a', 'during handled after the resume');
    expect(run.lines).toContain('Resuming operations after the pause. Conflicting operators with the same priority are gone.');
    await run.stop();
    const [peerings] = await h.client.resolve('clusterkopfpeerings.kopf.dev');
    expect(((await h.client.get<KubeObject>(peerings!, 'default')).status ?? {})).not.toHaveProperty('op-a');
  });

  it('lets only the leader handle objects, and a standby take over when it stops', async () => {
    await installPeering();
    const handled = new Map<string, string[]>();
    const settings = (identity: string): typeof FAST => ({ ...FAST, peering: { identity, leaderElection: true, leaseName: 'kex-operator', ...STEADY_LEASES } });
    const a = await h.run(recording('a', handled), { client: await clientOf('a'), settings: settings('a') });
    await vi.waitFor(() => expect(a.feed.some((event) => event.type === 'leadership' && event.leader)).toBe(true), { timeout: deadline(30_000) });
    const b = await h.run(recording('b', handled), { client: await clientOf('b'), settings: settings('b') });
    await vi.waitFor(() => expect(b.feed.some((event) => event.type === 'leadership' && !event.leader && event.holder === 'a')).toBe(true), { timeout: deadline(30_000) });
    for (const name of ['one', 'two', 'three']) await h.client.create(h.kex, kopfExample(name), { namespace: 'default' });
    for (const name of ['one', 'two', 'three']) await h.waitFor(name, (body) => (body.status as any)?.create_fn === 'a', `${name} handled by the leader`);
    // Only the leader writes a peering record; its group would keep its replicas from pausing each other.
    // The leader writes its record beside handling, not before it: wait for it.
    const [peerings] = await h.client.resolve('clusterkopfpeerings.kopf.dev');
    const records = await vi.waitFor(async () => {
      const status = ((await h.client.get<KubeObject>(peerings!, 'default')).status ?? {}) as Record<string, any>;
      expect(Object.keys(status)).toEqual(['a']);
      return status;
    }, { timeout: deadline(30_000), interval: 50 });
    expect(records.a.opkit).toEqual({ group: 'default/kex-operator' });

    await a.stop();
    await h.client.create(h.kex, kopfExample('four'), { namespace: 'default' });
    await h.waitFor('four', (body) => (body.status as any)?.create_fn === 'b', 'four handled by the new leader');
    expect([...handled.values()].every((by) => by.length === 1)).toBe(true);
    expect(b.lines).toContain('Acquired the leader lease default/kex-operator; handling objects now.');
  });

  it('splits the objects between shard members and hands a leaving member\'s share over', async () => {
    const handled = new Map<string, string[]>();
    const settings = (identity: string): typeof FAST => ({ ...FAST, peering: { identity, sharding: true, leaseName: 'kex-operator', standalone: true, ...FAST_LEASES } });
    const a = await h.run(recording('a', handled), { client: await clientOf('a'), settings: settings('a') });
    const b = await h.run(recording('b', handled), { client: await clientOf('b'), settings: settings('b') });
    const both = (run: Running): boolean => run.feed.some((event) => event.type === 'shards' && event.active && event.members.length === 2);
    await vi.waitFor(() => expect(both(a) && both(b)).toBe(true), { timeout: deadline(30_000) });
    const names = Array.from({ length: 20 }, (_, i) => `obj-${i}`);
    for (const name of names) await h.client.create(h.kex, kopfExample(name), { namespace: 'default' });
    await vi.waitFor(() => expect(names.every((name) => handled.has(name))).toBe(true), { timeout: deadline(15_000) });
    expect([...handled.values()].every((by) => by.length === 1)).toBe(true);
    const byA = names.filter((name) => handled.get(name)![0] === 'a').length;
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(names.length);

    await b.stop();
    const later = Array.from({ length: 10 }, (_, i) => `late-${i}`);
    for (const name of later) await h.client.create(h.kex, kopfExample(name), { namespace: 'default' });
    for (const name of later) await h.waitFor(name, (body) => (body.status as any)?.create_fn === 'a', `${name} handled by the remaining member`);
  });
});
