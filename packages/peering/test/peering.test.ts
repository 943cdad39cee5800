// Peering between several Peering instances (as several operators would run them) on one embedded
// API server: Kopf's decisions, its log lines, and its records on the wire.
import type { ApiServer } from '@opkit/apiserver';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectIdentity, freezeOperators, Peering, PeeringError, resumeOperators } from '../src/index.js';
import type { PeeringOptions } from '../src/index.js';
import { client, CRDS, listWatch, peeringServer, recordingLogger, waitFor } from './helpers.js';

const KOPF_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/;

interface Running {
  readonly peering: Peering;
  readonly lines: string[];
  paused: boolean;
  stop(): Promise<void>;
}

describe('Peering', () => {
  let server: ApiServer;
  let admin: KubeClient;
  let clusterPeerings: Resource;
  const running: Running[] = [];

  beforeEach(async () => {
    ({ server, admin } = await peeringServer());
    [clusterPeerings] = await admin.resolve({ group: 'kopf.dev', plural: 'clusterkopfpeerings' }) as [Resource];
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((item) => item.stop()));
    admin.close();
    await server.close();
  });

  async function start(identity: string, options: Partial<PeeringOptions> = {}): Promise<Running> {
    const own = await client(server, identity);
    const lines: string[] = [];
    const peering = new Peering({
      client: own, identity, logger: recordingLogger(lines), resources$: of([clusterPeerings]),
      watch: (resource, namespace, name) => listWatch(own, resource, { namespace, fieldSelector: `metadata.name=${name}` }),
      ...options,
    });
    const controller = new AbortController();
    const item: Running = {
      peering, lines, paused: true,
      stop: async () => {
        controller.abort();
        await done;
        own.close();
      },
    };
    peering.paused$.subscribe((paused) => { item.paused = paused; });
    const done = peering.run(controller.signal);
    running.push(item);
    return item;
  }

  const status = async (): Promise<Record<string, any>> => ((await admin.get<KubeObject>(clusterPeerings, 'default')).status ?? {}) as Record<string, any>;

  it('pauses for a higher priority, says so in Kopf\'s words, and resumes when that peer leaves', async () => {
    const prod = await start('prod-0');
    await waitFor(() => !prod.paused, 'prod runs');
    const dev = await start('dev-0', { priority: 666 });
    await waitFor(() => prod.paused, 'prod pauses');
    await waitFor(() => !dev.paused, 'dev runs');
    const pausing = prod.lines.find((line) => line.startsWith('INFO Pausing operations in favour of '));
    expect(pausing).toMatch(/^INFO Pausing operations in favour of \[<Peer dev-0: priority=666, lifetime=60, lastseen='\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00'>\]\.$/);
    expect(prod.peering.state).toMatchObject({ paused: true, reason: 'higher-priority' });
    expect(dev.lines.some((line) => line.includes('Pausing'))).toBe(false);
    await dev.stop();
    running.splice(running.indexOf(dev), 1);
    await waitFor(() => !prod.paused, 'prod resumes');
    expect(prod.lines).toContain('INFO Resuming operations after the pause. Conflicting operators with the same priority are gone.');
    expect(Object.keys(await status())).toEqual(['prod-0']); // the leaver removed its own record
  });

  it('pauses everyone on the same priority, with both of Kopf\'s warnings', async () => {
    const a = await start('op-a');
    const b = await start('op-b');
    await waitFor(() => a.paused && b.paused && a.lines.some((line) => line.startsWith('WARNING Pausing all')) && b.lines.some((line) => line.startsWith('WARNING Pausing all')), 'both pause');
    for (const [me, other] of [[a, 'op-b'], [b, 'op-a']] as const) {
      expect(me.lines.find((line) => line.includes('Possibly conflicting'))).toMatch(new RegExp(`^WARNING Possibly conflicting operators with the same priority: \\[<Peer ${other}: priority=0, lifetime=60, lastseen='[^']+'>\\]\\.$`));
      // Every record of the object, ours too if it was there yet.
      expect(me.lines.find((line) => line.includes('including self'))).toMatch(new RegExp(`^WARNING Pausing all operators, including self: \\[(<Peer op-[ab]: [^>]+>, )?<Peer ${other}: [^>]+>(, <Peer op-[ab]: [^>]+>)?\\]$`));
    }
    expect(a.peering.state.reason).toBe('same-priority');
  });

  it('writes Kopf\'s record on the wire and removes it on exit', async () => {
    const a = await start('op-a', { lifetime: 30 });
    await waitFor(async () => (await status())['op-a'] !== undefined, 'the record is written');
    const record = (await status())['op-a'];
    expect(Object.keys(record).sort()).toEqual(['lastseen', 'lifetime', 'priority']);
    expect(record).toMatchObject({ priority: 0, lifetime: 30 });
    expect(record.lastseen).toMatch(KOPF_TIME);
    const requests = server.requests().filter((request) => request.resource === 'clusterkopfpeerings' && request.verb === 'patch');
    expect(requests.length).toBeGreaterThanOrEqual(1);
    await a.stop();
    running.splice(0);
    expect((await status())['op-a']).toBeUndefined();
  });

  it('never pauses for replicas of its own group, but does for others of the same priority', async () => {
    const a = await start('op-a', { group: 'ns/op' });
    const b = await start('op-b', { group: 'ns/op' });
    await waitFor(async () => Object.keys(await status()).length === 2, 'both records are written');
    await waitFor(() => !a.paused && !b.paused, 'both run');
    expect((await status())['op-a'].opkit).toEqual({ group: 'ns/op' });
    const kopf = await start('kopf-op');
    await waitFor(() => a.paused && b.paused && kopf.paused, 'everyone pauses for the stranger of the same priority');
  });

  it('resumes when a blocking peer expires, and cleans its dead record', async () => {
    const a = await start('op-a');
    await waitFor(() => !a.paused, 'a runs');
    const [result] = await freezeOperators({ client: admin, identity: 'admin@host', clusterwide: true, lifetime: 2, message: 'maintenance' });
    expect(result!.result).toBe('ok');
    expect((await status())['admin@host']).toMatchObject({ priority: 100, lifetime: 2, opkit: { message: 'maintenance' } });
    await waitFor(() => a.paused, 'a pauses for the freeze');
    expect(a.lines.find((line) => line.includes('Pausing operations'))).toMatch(/\[<Peer admin@host: priority=100, lifetime=2, lastseen='[^']+'>\]/);
    await waitFor(() => !a.paused, 'a resumes at the deadline');
    await waitFor(async () => (await status())['admin@host'] === undefined, 'the dead record is cleaned');
  });

  it('resumes at once on op resume', async () => {
    const a = await start('op-a');
    await waitFor(() => !a.paused, 'a runs');
    const identity = detectIdentity({ env: { USER: 'alice' }, host: 'box', manual: true });
    await freezeOperators({ client: admin, identity, clusterwide: true, lifetime: 3600, priority: 1 });
    await waitFor(() => a.paused, 'a pauses');
    await resumeOperators({ client: admin, identity, clusterwide: true });
    await waitFor(() => !a.paused, 'a resumes');
    expect(await status()).not.toHaveProperty('alice@box');
  });

  it('runs standalone, with Kopf\'s warning, when the cluster has no peering resource', async () => {
    const a = await start('op-a', { resources$: of([]) });
    await waitFor(() => !a.paused, 'a runs');
    expect(a.lines).toContain('WARNING Default peering object is not found, falling back to the standalone mode.');
    expect(a.peering.state).toMatchObject({ paused: false, standalone: true });
  });

  it('stays paused while mandatory peering has no resource or no object, and resumes once the object exists', async () => {
    const none = await start('op-a', { resources$: of([]), mandatory: true });
    await new Promise((resolve) => { setTimeout(resolve, 0); });
    expect(none.peering.state).toMatchObject({ paused: true, reason: 'missing' });
    const named = await start('op-b', { mandatory: true, name: 'custom' });
    await waitFor(() => named.lines.some((line) => line.includes("Peering object 'custom' cluster-wide is not found")), 'the missing object is reported');
    expect(named.paused).toBe(true);
    await admin.create(clusterPeerings, { apiVersion: 'kopf.dev/v1', kind: 'ClusterKopfPeering', metadata: { name: 'custom' } });
    await waitFor(() => !named.paused, 'op-b resumes');
    expect(named.lines).toContain('INFO Resuming operations after the pause. Conflicting operators with the same priority are gone.');
  });

  it('peers in each served namespace of a namespaced operator', async () => {
    const [namespaced] = await admin.resolve({ group: 'kopf.dev', plural: 'kopfpeerings' }) as [Resource];
    await admin.create({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }, { metadata: { name: 'team' } });
    await admin.create(namespaced, { apiVersion: 'kopf.dev/v1', kind: 'KopfPeering', metadata: { name: 'default', namespace: 'team' } });
    const a = await start('op-a', { resources$: of([namespaced]), namespaces$: of(new Set(['default', 'team'])) });
    await waitFor(() => !a.paused, 'a runs');
    for (const namespace of ['default', 'team']) {
      await waitFor(async () => ((await admin.get<KubeObject>(namespaced, 'default', { namespace })).status as Record<string, unknown> | undefined)?.['op-a'] !== undefined, `the record in ${namespace}`);
    }
    await freezeOperators({ client: admin, identity: 'admin', clusterwide: false, namespaces: ['team'], lifetime: 60 });
    await waitFor(() => a.paused, 'a pauses for a freeze in one of its namespaces');
  });

  it('says what to install when the cluster serves no peering resource', async () => {
    await admin.delete(CRDS, 'clusterkopfpeerings.kopf.dev');
    await waitFor(async () => (await admin.resolve({ group: 'kopf.dev', plural: 'clusterkopfpeerings' })).length === 0, 'the CRD is gone', () => admin.invalidateDiscovery());
    const error = await freezeOperators({ client: admin, identity: 'x', clusterwide: true, lifetime: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PeeringError);
    expect((error as PeeringError).code).toBe('no-peering-resource');
    // Names the kind the cluster lacks and both ways to install it.
    expect((error as Error).message).toBe('The cluster serves no ClusterKopfPeering resource: install the peering CRDs first (op peering install, or kubectl apply -f peering.yaml).');
    // A namespaced freeze names the namespaced kind.
    await admin.delete(CRDS, 'kopfpeerings.kopf.dev');
    await waitFor(async () => (await admin.resolve({ group: 'kopf.dev', plural: 'kopfpeerings' })).length === 0, 'the namespaced CRD is gone', () => admin.invalidateDiscovery());
    const namespaced = await freezeOperators({ client: admin, identity: 'x', clusterwide: false, namespaces: ['default'], lifetime: 1 }).catch((caught: unknown) => caught);
    expect(namespaced).toMatchObject({ code: 'no-peering-resource', message: expect.stringMatching(/^The cluster serves no KopfPeering resource: /) });
  });
});
