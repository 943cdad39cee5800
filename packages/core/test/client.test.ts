// The operator's own client in handler contexts (`ctx.client`) and `connect()` inside an operator:
// against the embedded API server over HTTP, with a KUBECONFIG that points elsewhere, so that a
// handler reaching any other cluster than the operator's would fail these tests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@opkit/kube';
import type { KubeObject, Resource } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdmissionError, AdoptionError, Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const CONFIGMAPS: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
/** Where a handler would go if it read KUBECONFIG: nothing listens there. */
const ELSEWHERE = 'https://elsewhere.invalid:6443';

function childOf(name: string, data: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'child' } }, data };
}

describe("handlers get the operator's client", () => {
  let h: Harness;
  let dir: string;
  let saved: { KUBECONFIG: string | undefined; HOME: string | undefined };
  beforeEach(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'opkit-core-client-'));
    const kubeconfig = join(dir, 'elsewhere.yaml');
    writeFileSync(kubeconfig, [
      'apiVersion: v1', 'kind: Config', 'current-context: elsewhere',
      'clusters: [{ name: elsewhere, cluster: { server: "' + ELSEWHERE + '" } }]',
      'users: [{ name: someone, user: { token: not-yours } }]',
      'contexts: [{ name: elsewhere, context: { cluster: elsewhere, user: someone } }]', '',
    ].join('\n'));
    saved = { KUBECONFIG: process.env.KUBECONFIG, HOME: process.env.HOME };
    process.env.KUBECONFIG = kubeconfig;
    process.env.HOME = dir;
  });
  afterEach(async () => {
    for (const key of ['KUBECONFIG', 'HOME'] as const) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a child owned by the handled object, and adopts it when the handler runs again', async () => {
    const registry = new Registry();
    const attempts: string[] = [];
    registry.on.create('kopfexamples', async function make_child({ body, name, client, retry }) {
      // Every attempt creates (or adopts) the child with its own data; the first one then fails, as a
      // handler does whose effect was made but whose success was not recorded.
      const child = await client.createOrAdopt(childOf(`${name!}-child`, { attempt: String(retry) }));
      attempts.push(`${String(child.metadata.uid)}:${String((child.data as Record<string, string>).attempt)}`);
      if (retry === 0) throw new TemporaryError('once more', { delay: 0 });
      return { child: child.metadata.name, owners: child.metadata.ownerReferences?.length, owner: body.metadata.uid };
    });
    const run = await h.run(registry);
    const owner = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.make_child?.child !== undefined, 'the child to be reported');

    const child = await h.client.get(CONFIGMAPS, 'kopf-example-1-child', { namespace: 'default' });
    expect(child.metadata.ownerReferences).toEqual([{ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(child.metadata.labels).toEqual({ app: 'child' });
    // The second attempt adopted the object of the first (same uid) and merged its own data into it.
    expect(attempts).toEqual([`${String(child.metadata.uid)}:0`, `${String(child.metadata.uid)}:1`]);
    expect(child.data).toEqual({ attempt: '1' });
    expect((body.status as any).make_child).toEqual({ child: 'kopf-example-1-child', owners: 1, owner: owner.metadata.uid });
    // The client's requests are the operator's: they appear in its feed.
    expect(run.feed.some((event) => event.type === 'api-request' && event.verb === 'create' && event.resource === 'configmaps' && event.name === 'kopf-example-1-child' && event.code === 201)).toBe(true);
    expect(run.feed.some((event) => event.type === 'api-request' && event.verb === 'create' && event.resource === 'configmaps' && event.code === 409)).toBe(true);
  });

  it('adopts an existing unowned object (keeping its other owners) and refuses one controlled by another owner', async () => {
    const other = await h.client.create(CONFIGMAPS, { metadata: { name: 'someone-else' }, data: {} }, { namespace: 'default' });
    const foreignRef = { apiVersion: 'v1', kind: 'ConfigMap', name: 'someone-else', uid: other.metadata.uid!, controller: true };
    await h.client.create(CONFIGMAPS, { metadata: { name: 'loose', ownerReferences: [{ ...foreignRef, controller: false }] }, data: { kept: 'yes', value: 'old' } }, { namespace: 'default' });
    await h.client.create(CONFIGMAPS, { metadata: { name: 'taken', ownerReferences: [foreignRef] }, data: { value: 'theirs' } }, { namespace: 'default' });
    const registry = new Registry();
    registry.on.create('kopfexamples', async function adopt_them({ client }) {
      const loose = await client.createOrAdopt(childOf('loose', { value: 'new' }));
      let refused = '';
      try {
        await client.createOrAdopt(childOf('taken', { value: 'mine' }));
      } catch (error) {
        if (!(error instanceof AdoptionError)) throw error;
        refused = error.controller.name;
      }
      return { loose: loose.data, owners: loose.metadata.ownerReferences?.map((ref) => ref.name), refused };
    }, { errors: 'permanent' });
    await h.run(registry);
    const owner = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.adopt_them !== undefined, 'the adoption result');
    expect((body.status as any).adopt_them).toEqual({ loose: { kept: 'yes', value: 'new' }, owners: ['someone-else', 'kopf-example-1'], refused: 'someone-else' });
    const taken = await h.client.get(CONFIGMAPS, 'taken', { namespace: 'default' });
    expect(taken.data).toEqual({ value: 'theirs' });
    expect(taken.metadata.ownerReferences?.map((ref) => ref.uid)).toEqual([other.metadata.uid]);
    const loose = await h.client.get(CONFIGMAPS, 'loose', { namespace: 'default' });
    expect(loose.metadata.ownerReferences?.find((ref) => ref.uid === owner.metadata.uid)?.controller).toBe(true);
  });

  it('lists, finds, patches and deletes by selector in the handled object\'s namespace', async () => {
    await h.client.create(CONFIGMAPS, { metadata: { name: 'a', labels: { pick: 'me' } }, data: {} }, { namespace: 'default' });
    await h.client.create(CONFIGMAPS, { metadata: { name: 'b', labels: { pick: 'me' } }, data: {} }, { namespace: 'default' });
    await h.client.create(CONFIGMAPS, { metadata: { name: 'c', labels: { pick: 'me' } }, data: {} }, { namespace: 'kube-system' });
    const registry = new Registry();
    registry.on.create('kopfexamples', async function by_kind({ client }) {
      const here = await client.list('configmaps', { labelSelector: 'pick=me' });
      const everywhere = await client.list('configmaps', { labelSelector: 'pick=me', allNamespaces: true });
      await client.patch('configmaps', 'a', { data: { patched: 'yes' } });
      const patched = await client.get('cm', 'a');
      const deleted = [await client.delete('configmaps', 'b'), await client.delete('configmaps', 'b')];
      const missing = await client.find('configmaps', 'b');
      return { here: here.map((item) => item.metadata.name), everywhere: everywhere.length, patched: patched.data, deleted, missing: missing === undefined };
    }, { errors: 'permanent' });
    await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.by_kind !== undefined, 'the result');
    expect((body.status as any).by_kind).toEqual({ here: ['a', 'b'], everywhere: 3, patched: { patched: 'yes' }, deleted: [true, false], missing: true });
  });

  it('gives connect() without options the operator\'s connection inside handlers, activities, spies, timers, daemons and indices', async () => {
    const registry = new Registry();
    const seen = new Map<string, string>();
    const note = async (where: string, server: string): Promise<void> => {
      const client = await connect();
      seen.set(where, `${client.info.server} ${server}`);
      client.close(); // a no-op on the operator's connection: the operator goes on working
    };
    registry.on.startup(async function started({ client }) {
      await note('startup', client.info.server);
    });
    registry.on.event('kopfexamples', async function spy({ client }) {
      await note('spy', client.info.server);
    });
    registry.on.timer('kopfexamples', async function tick({ client }) {
      await note('timer', client.info.server);
    }, { interval: 0.05 });
    registry.on.daemon('kopfexamples', async function watcher({ client, stopped }) {
      await note('daemon', client.info.server);
      await stopped.wait();
    });
    registry.on.index('kopfexamples', function by_server({ client }) {
      seen.set('index', `${client.info.server} ${client.info.server}`);
      return client.info.server;
    });
    registry.on.create('kopfexamples', async function create_fn({ client }) {
      await note('create', client.info.server);
      const own = await connect();
      // Its requests go through the operator's connection: the operator's feed reports them.
      await own.get(CONFIGMAPS, 'kube-root-ca.crt', { namespace: 'default' }).catch(() => undefined);
      return { server: own.info.server };
    });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn !== undefined, 'the create handler');
    await expect.poll(() => seen.size, { timeout: deadline(15_000) }).toBe(6);
    const server = h.client.info.server;
    expect(server).not.toBe(ELSEWHERE);
    expect((body.status as any).create_fn).toEqual({ server });
    const both = `${server} ${server}`;
    expect(Object.fromEntries(seen)).toEqual({ startup: both, spy: both, timer: both, daemon: both, index: both, create: both });
    expect(run.feed.some((event) => event.type === 'api-request' && event.resource === 'configmaps' && event.name === 'kube-root-ca.crt')).toBe(true);

    // Outside an operator, connect() behaves as it always did: KUBECONFIG decides.
    const outside = await connect();
    expect(outside.info.server).toBe(ELSEWHERE);
    outside.close();
  });

  it('gives admission handlers the client too', async () => {
    const registry = new Registry();
    registry.on.validate('kopfexamples', async ({ client, spec }) => {
      // A policy kept in a ConfigMap, read through the operator's client at admission time.
      const policy = await client.find<KubeObject>('configmaps', 'policy');
      const forbidden = (policy?.data as Record<string, string> | undefined)?.forbidden;
      if (forbidden !== undefined && spec.field === forbidden) throw new AdmissionError(`field ${forbidden} is forbidden by the policy of ${client.info.server}`, { code: 400 });
    }, { id: 'by_policy' });
    await h.client.create(CONFIGMAPS, { metadata: { name: 'policy' }, data: { forbidden: 'value' } }, { namespace: 'default' });
    await h.run(registry, { localApiServer: true });
    await expect(h.client.create(h.kex, kopfExample('refused'), { namespace: 'default' })).rejects.toThrow(`field value is forbidden by the policy of ${h.client.info.server}`);
    const allowed = kopfExample('allowed');
    (allowed.spec as Record<string, unknown>).field = 'other';
    await h.client.create(h.kex, allowed, { namespace: 'default' });
  });
});
