// What op dev's keys do to the cluster, against the embedded API server over real HTTP: apply a
// sample, touch, retry now (clearing a stored delay in both places it is kept), edit in $EDITOR, delete.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClusterActions, TOUCH_ANNOTATION } from '../src/dev/actions.js';
import { DevStore } from '../src/index.js';
import type { DevRecord } from '../src/index.js';

const CRD = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const OBJ = fileURLToPath(new URL('../../../examples/obj.yaml', import.meta.url));

describe('ClusterActions', () => {
  let server: ApiServer;
  let client: KubeClient;
  let kex: Resource;
  let dir: string;
  let actions: ClusterActions;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opkit-actions-'));
    server = await startApiServer({ port: 0 });
    writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig({ namespace: 'default' }));
    client = await connect({ kubeconfig: join(dir, 'kubeconfig') });
    const crds = await client.resolveOne({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' });
    await client.create(crds, parse(readFileSync(CRD, 'utf8')));
    for (let attempt = 0; ; attempt++) {
      client.invalidateDiscovery();
      const found = await client.resolve('kopfexamples.kopf.dev');
      if (found.length > 0) { kex = found[0]!; break; }
      if (attempt > 1200) throw new Error('the CRD was not served'); // 30 s of 25 ms pauses, and the requests' own time
      await new Promise((resolve) => { setTimeout(resolve, 25); });
    }
    actions = new ClusterActions({ client, namespace: 'default', cwd: dir, samples: [OBJ] });
  });
  afterEach(async () => {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The object as op dev's store sees it. */
  async function entry(): Promise<NonNullable<ReturnType<DevStore['find']>>> {
    const body = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
    const store = new DevStore();
    store.apply({ v: 1, ts: 1, type: 'dev.registry', gen: 1, handlers: [{ id: 'create_fn', kind: 'create', selector: 'kopfexamples', resources: ['kopfexamples.kopf.dev/v1'] }], files: [], resources: [], unserved: [] } as unknown as DevRecord);
    store.apply({ v: 1, ts: 1, type: 'dev.object', event: 'ADDED', resource: 'kopfexamples.kopf.dev/v1', kind: 'KopfExample', object: body } as unknown as DevRecord);
    return store.ordered()[0]!;
  }

  it('applies a sample, touches it, and deletes it', async () => {
    expect(actions.samples()).toEqual([OBJ.startsWith(dir) ? 'obj.yaml' : expect.stringMatching(/examples\/obj\.yaml$/)]);
    expect(await actions.applySample(actions.samples()[0]!)).toBe('applied obj.yaml: KopfExample/kopf-example-1');
    const before = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
    expect(await actions.touch(await entry())).toBe(`touched default/kopf-example-1 (${TOUCH_ANNOTATION})`);
    const touched = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
    expect(touched.metadata.annotations?.[TOUCH_ANNOTATION]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(touched.metadata.generation).toBe(before.metadata.generation); // metadata only; still an update cause for the essence
    expect(await actions.delete(await entry())).toBe('deleted default/kopf-example-1');
    await expect(client.get(kex, 'kopf-example-1', { namespace: 'default' })).rejects.toThrow();
  });

  it('retries now by clearing the stored delay in the annotations and the status', async () => {
    const record = { started: '2026-11-25T10:00:00.000000+00:00', delayed: '2099-01-01T00:00:00.000000+00:00', purpose: 'create', retries: 2, success: false, failure: false, message: 'db not ready' };
    const body = parse(readFileSync(OBJ, 'utf8')) as KubeObject;
    body.metadata.namespace = 'default';
    body.metadata.annotations = { ...body.metadata.annotations, 'opkit.dev/create_fn': JSON.stringify(record) };
    await client.create(kex, body, { namespace: 'default' });
    await client.patch(kex, 'kopf-example-1', { status: { opkit: { progress: { create_fn: record } } } }, { type: 'merge', namespace: 'default', subresource: 'status' });
    const found = await entry();
    expect(found.state).toMatchObject({ kind: 'retrying', handler: 'create_fn', retry: 2 });
    expect(await actions.retry(found)).toBe('retrying create_fn on default/kopf-example-1 now');
    const after = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
    expect(JSON.parse(after.metadata.annotations!['opkit.dev/create_fn']!)).toEqual({ started: record.started, purpose: 'create', retries: 2, success: false, failure: false, message: 'db not ready' });
    expect((after.status as any).opkit.progress.create_fn).toEqual({ started: record.started, purpose: 'create', retries: 2, success: false, failure: false, message: 'db not ready' });
    expect(await actions.retry(await entry())).toBe('default/kopf-example-1 has no delayed handler');
  });

  it('edits in $EDITOR and sends the change back', async () => {
    await actions.applySample(actions.samples()[0]!);
    const editor = join(dir, 'editor.sh');
    writeFileSync(editor, '#!/bin/sh\nsed -i "s/field: value/field: edited/" "$1"\n', { mode: 0o755 });
    const editing = new ClusterActions({ client, namespace: 'default', cwd: dir, samples: [OBJ], editor });
    expect(await editing.edit(await entry())).toBe('saved default/kopf-example-1');
    expect((await client.get(kex, 'kopf-example-1', { namespace: 'default' })).spec).toMatchObject({ field: 'edited' });
    writeFileSync(editor, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(await editing.edit(await entry())).toBe('default/kopf-example-1 unchanged');
  });
});
