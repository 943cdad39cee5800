// A whole Kopf-style life cycle of examples/obj.yaml against the embedded API server over real HTTP,
// driven only by @opkit/state in the kopf profile: creation with a temporary failure and a retry,
// the finalizer added and removed by guarded JSON patches, own patches seen as noop, an update,
// deletion, and a guarded patch that loses a race instead of clobbering another controller.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import {
  AnnotationsDiffBaseStorage, Patch, SmartProgressStorage, addFinalizerPatch, deliverResults, detectChangingCause,
  removeFinalizerPatch, shouldReleaseFinalizer, startCause,
} from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const KEXES = '/apis/kopf.dev/v1/namespaces/default/kopfexamples';
const OBJ = `${KEXES}/kopf-example-1`;
const FINALIZER = 'kopf.zalando.org/KopfFinalizerMarker';
const OBJ_YAML_DIFF_BASE = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';

let server: ApiServer;

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': contentType }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function get(): Promise<any> {
  const answer = await call('GET', OBJ);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Send what a cycle accumulated: the merge patch (status to /status), then guarded JSON patches. */
async function apply(patch: Patch): Promise<any> {
  const { status, ...main } = patch.asMergePatch();
  let body: any;
  if (Object.keys(main).length > 0) {
    const answer = await call('PATCH', OBJ, main, 'application/merge-patch+json');
    expect(answer.status).toBe(200);
    body = answer.body;
  }
  if (status !== undefined) {
    const answer = await call('PATCH', `${OBJ}/status`, { status }, 'application/merge-patch+json');
    expect(answer.status).toBe(200);
    body = answer.body;
  }
  return body ?? get();
}

beforeAll(async () => {
  server = await startApiServer();
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'kopfexamples.kopf.dev' },
    spec: {
      scope: 'Namespaced', group: 'kopf.dev',
      names: { kind: 'KopfExample', plural: 'kopfexamples', singular: 'kopfexample', shortNames: ['kopfexes', 'kopfex', 'kexes', 'kex'] },
      versions: [{
        name: 'v1', served: true, storage: true, subresources: { status: {} },
        schema: { openAPIV3Schema: { type: 'object', properties: {
          spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        } } },
      }],
    },
  };
  expect((await call('POST', CRDS, crd)).status).toBe(201);
  await vi.waitFor(async () => {
    if ((await call('GET', KEXES)).status !== 200) throw new Error('the kopfexamples resource was not served within 10 s');
  }, { timeout: deadline(30_000), interval: 10 });
});

afterAll(async () => {
  await server.close();
});

describe('@opkit/state against the embedded API server (kopf profile)', () => {
  const progress = new SmartProgressStorage({ profile: 'kopf' });
  const diffBase = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
  let now = Date.UTC(2026, 10, 22, 4, 0, 0);
  const clock = (): number => now;
  const detect = (body: unknown, type: 'ADDED' | 'MODIFIED' | null) => detectChangingCause({
    event: { type }, body, diffBase: diffBase.fetch({ body }), essence: diffBase.build({ body }), progressStorage: progress, profile: 'kopf',
  });

  it('runs creation, update and deletion with Kopf\'s formats and guarded finalizer patches', async () => {
    const created = await call('POST', KEXES, {
      apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
      metadata: { name: 'kopf-example-1', labels: { somelabel: 'somevalue' }, annotations: { someannotation: 'somevalue' } },
      spec: { duration: '1m', field: 'value', items: ['item1', 'item2'] },
    });
    expect(created.status).toBe(201);

    // Cycle 1: a mandatory delete handler needs the finalizer, added alone in its own cycle.
    let body = await get();
    expect(detect(body, 'ADDED').reason).toBe('create');
    const added = await call('PATCH', OBJ, addFinalizerPatch(body, FINALIZER), 'application/json-patch+json');
    expect(added.status).toBe(200);
    expect(added.body.metadata.finalizers).toEqual([FINALIZER]);

    // Cycle 2: create_fn fails temporarily; its record is stored in Kopf's exact bytes.
    body = await get();
    expect(detect(body, 'MODIFIED').reason).toBe('create');
    let patch = new Patch();
    let { states } = startCause({ body, patch, storage: progress, reason: 'create', ownedHandlerIds: ['create_fn', 'delete_fn'], causeHandlerIds: ['create_fn'], clock });
    states = states.withOutcomes({ create_fn: { final: false, delay: 60, error: new Error('Expected recoverable error.') } });
    states.store({ body, patch, storage: progress });
    body = await apply(patch);
    expect(body.metadata.annotations['kopf.zalando.org/create_fn']).toBe(
      '{"started":"2026-11-22T04:00:00.000000+00:00","delayed":"2026-11-22T04:01:00.000000+00:00","purpose":"create","retries":1,"success":false,"failure":false,"message":"Expected recoverable error."}',
    );
    expect(states.delay).toBe(60);

    // Cycle 3, a minute later: the retry succeeds; records are purged, the result and diff-base stored.
    now += 60_000;
    body = await get();
    const cause = detect(body, 'MODIFIED');
    expect(cause.reason).toBe('create');
    patch = new Patch();
    ({ states } = startCause({ body, patch, storage: progress, reason: 'create', ownedHandlerIds: ['create_fn', 'delete_fn'], causeHandlerIds: ['create_fn'], clock }));
    expect(states.awakened).toEqual(['create_fn']);
    const outcomes = { create_fn: { final: true, result: { message: 'hello world' } } };
    states = states.withOutcomes(outcomes);
    states.store({ body, patch, storage: progress });
    deliverResults({ outcomes, patch });
    expect(states.done).toBe(true);
    states.purge({ body, patch, storage: progress, handlerIds: ['create_fn', 'delete_fn'] });
    diffBase.store({ body, patch, essence: cause.new! });
    body = await apply(patch);
    expect(body.metadata.annotations['kopf.zalando.org/last-handled-configuration']).toBe(OBJ_YAML_DIFF_BASE);
    expect(body.metadata.annotations['kopf.zalando.org/create_fn']).toBeUndefined();
    expect(body.status.create_fn).toEqual({ message: 'hello world' });

    // Our own annotation and status patches are no change at all; after a restart they are a resume.
    body = await get();
    expect(detect(body, 'MODIFIED').reason).toBe('noop');
    expect(detectChangingCause({ event: null, body, diffBase: diffBase.fetch({ body }), initial: true, profile: 'kopf' }).reason).toBe('resume');

    // A user's change is an update with the diff against the stored diff-base.
    expect((await call('PATCH', OBJ, { spec: { field: 'newvalue', newfield: 100 } }, 'application/merge-patch+json')).status).toBe(200);
    body = await get();
    const update = detect(body, 'MODIFIED');
    expect(update.reason).toBe('update');
    expect(update.diff).toEqual([
      { op: 'add', path: ['spec', 'newfield'], old: null, new: 100 },
      { op: 'change', path: ['spec', 'field'], old: 'value', new: 'newvalue' },
    ]);

    // Deletion: the finalizer holds the object until the delete handler is done, then a guarded
    // JSON patch releases it, keeping another controller's finalizer in place.
    const other = await call('PATCH', OBJ, [{ op: 'add', path: '/metadata/finalizers/-', value: 'example.com/other' }], 'application/json-patch+json');
    expect(other.status).toBe(200);
    expect((await call('DELETE', OBJ)).status).toBe(200);
    body = await get();
    expect(detect(body, 'MODIFIED').reason).toBe('delete');
    expect(shouldReleaseFinalizer({ body, finalizer: FINALIZER, delays: [] })).toBe(true);
    const released = await call('PATCH', OBJ, removeFinalizerPatch(body, FINALIZER), 'application/json-patch+json');
    expect(released.status).toBe(200);
    expect(released.body.metadata.finalizers).toEqual(['example.com/other']);
    expect(detect(released.body, 'MODIFIED').reason).toBe('free');
    await call('PATCH', OBJ, [{ op: 'remove', path: '/metadata/finalizers' }], 'application/json-patch+json');
    expect((await call('GET', OBJ)).status).toBe(404);
  });

  it('a finalizer patch computed from a stale body fails instead of clobbering a newer list', async () => {
    const created = await call('POST', KEXES, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'race' }, spec: {} });
    expect(created.status).toBe(201);
    const stale = created.body;
    const path = `${KEXES}/race`;
    const theirs = await call('PATCH', path, [{ op: 'add', path: '/metadata/finalizers', value: ['example.com/theirs'] }], 'application/json-patch+json');
    expect(theirs.status).toBe(200);
    const ours = await call('PATCH', path, addFinalizerPatch(stale, FINALIZER), 'application/json-patch+json');
    expect([409, 422]).toContain(ours.status);
    const fresh = (await call('GET', path)).body;
    expect(fresh.metadata.finalizers).toEqual(['example.com/theirs']);
    const retried = await call('PATCH', path, addFinalizerPatch(fresh, FINALIZER), 'application/json-patch+json');
    expect(retried.body.metadata.finalizers).toEqual(['example.com/theirs', FINALIZER]);
    await call('PATCH', path, [{ op: 'remove', path: '/metadata/finalizers' }], 'application/json-patch+json');
    await call('DELETE', path);
  });
});
