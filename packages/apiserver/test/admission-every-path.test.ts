// Admission on every write path, over real HTTP with webhooks served over HTTPS: a validating webhook
// that denies everything stops create, update, every patch type, delete, deletecollection, the scale and
// status subresources and the removal of a last finalizer (the object unchanged, the exact Status
// answered); a mutating webhook changes what each of those paths writes; every request calls each
// matching webhook exactly once; and the garbage collector's deletions are admitted like any DELETE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, waitFor } from './protocolHelpers.js';

const tlsDir = new URL('./fixtures/webhook-tls/', import.meta.url);
const cert = readFileSync(new URL('tls.crt', tlsDir), 'utf8');
const key = readFileSync(new URL('tls.key', tlsDir), 'utf8');
const caBundle = Buffer.from(cert).toString('base64');

const cms = '/api/v1/namespaces/default/configmaps';
const deploys = '/apis/apps/v1/namespaces/default/deployments';
const merge = { 'content-type': 'application/merge-patch+json' };
const jsonPatch = { 'content-type': 'application/json-patch+json' };
const strategic = { 'content-type': 'application/strategic-merge-patch+json' };
const apply = { 'content-type': 'application/apply-patch+yaml' };

interface Review {
  path: string;
  request: Record<string, any>;
}

/** An HTTPS webhook server answering each AdmissionReview with `answer(path, request)`. */
async function webhookServer(answer: (path: string, request: Record<string, any>) => Record<string, unknown>): Promise<{ server: Server; url: string; reviews: Review[] }> {
  const reviews: Review[] = [];
  const server = createServer({ cert, key }, (req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const request = JSON.parse(text).request;
      const path = (req.url ?? '').split('?')[0] ?? '';
      reviews.push({ path, request });
      const response = { uid: request.uid, ...answer(path, request) };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, reviews };
}

function rules(operations: string[]): Record<string, unknown>[] {
  return [{ operations, apiGroups: ['', 'apps'], apiVersions: ['v1'], resources: ['configmaps', 'deployments', 'deployments/scale', 'deployments/status'], scope: 'Namespaced' }];
}

function webhook(name: string, url: string, operations: string[]): Record<string, unknown> {
  return { name, clientConfig: { url, caBundle }, rules: rules(operations), sideEffects: 'None', failurePolicy: 'Fail', admissionReviewVersions: ['v1'] };
}

function deployment(name: string): Record<string, any> {
  return {
    metadata: { name },
    spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
}

async function must(r: Promise<{ status: number; body: any }>, status: number): Promise<any> {
  const answer = await r;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

describe('a validating webhook that denies everything', () => {
  let api: ApiServer;
  let url: string;
  let hooks: Awaited<ReturnType<typeof webhookServer>>;
  const denial = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'admission webhook "deny.example.com" denied the request: no writes today',
    reason: 'Forbidden',
    code: 403,
  };

  beforeAll(async () => {
    api = await startApiServer();
    url = api.url;
    hooks = await webhookServer(() => ({ allowed: false, status: { code: 403, reason: 'Forbidden', message: 'no writes today' } }));
    await must(call(url, 'POST', cms, configMap('cm', { a: '1' })), 201);
    for (const name of ['del-1', 'del-2']) await must(call(url, 'POST', cms, configMap(name, {}, { metadata: { labels: { set: 'del' } } })), 201);
    await must(call(url, 'POST', cms, configMap('held', {}, { metadata: { finalizers: ['example.com/hold'] } })), 201);
    await must(call(url, 'DELETE', `${cms}/held`), 200);
    await must(call(url, 'POST', deploys, deployment('web')), 201);
    await must(call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', { metadata: { name: 'deny' }, webhooks: [webhook('deny.example.com', `${hooks.url}/deny`, ['*'])] }), 201);
  });
  afterAll(async () => {
    await api.close();
    await new Promise<void>((resolve) => hooks.server.close(() => resolve()));
  });

  /** Sends a write, expects the denial, and returns the reviews that write caused. */
  async function denied(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Record<string, any>[]> {
    hooks.reviews.length = 0;
    const r = await call(url, method, path, body, headers);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(denial);
    return hooks.reviews.map((x) => x.request);
  }

  it('denies create, on a dry run too', async () => {
    const [review, ...more] = await denied('POST', cms, configMap('new'));
    expect(more).toEqual([]);
    expect(review).toMatchObject({ operation: 'CREATE', name: 'new', namespace: 'default', dryRun: false, object: { metadata: { name: 'new' } }, oldObject: null });
    const [dry] = await denied('POST', `${cms}?dryRun=All`, configMap('new'));
    expect(dry?.dryRun).toBe(true);
    expect((await call(url, 'GET', `${cms}/new`)).status).toBe(404);
  });

  it('denies update and every patch type, leaving the object unchanged', async () => {
    const before = (await call(url, 'GET', `${cms}/cm`)).body;
    const writes: [string, unknown, Record<string, string> | undefined][] = [
      ['PUT', { ...before, data: { a: '2' } }, undefined],
      ['PATCH', { data: { a: '3' } }, merge],
      ['PATCH', [{ op: 'replace', path: '/data/a', value: '4' }], jsonPatch],
      ['PATCH', { data: { a: '5' } }, strategic],
      ['PATCH', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: "6"\n', apply],
    ];
    for (const [method, body, headers] of writes) {
      const reviews = await denied(method, `${cms}/cm${headers === apply ? '?fieldManager=test' : ''}`, body, headers);
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ operation: 'UPDATE', name: 'cm', oldObject: { data: { a: '1' } } });
    }
    expect((await call(url, 'GET', `${cms}/cm`)).body).toEqual(before);
  });

  it('denies delete and deletecollection (each object a DELETE admission)', async () => {
    const [review, ...more] = await denied('DELETE', `${cms}/cm`);
    expect(more).toEqual([]);
    expect(review).toMatchObject({ operation: 'DELETE', name: 'cm', object: null, oldObject: { metadata: { name: 'cm' } }, options: { kind: 'DeleteOptions' } });
    const collection = await denied('DELETE', `${cms}?labelSelector=set%3Ddel`);
    expect(collection).toHaveLength(1);
    expect(collection[0]).toMatchObject({ operation: 'DELETE', name: 'del-1' });
    expect((await call(url, 'GET', `${cms}?labelSelector=set%3Ddel`)).body.items.map((i: any) => i.metadata.name)).toEqual(['del-1', 'del-2']);
    expect((await call(url, 'GET', `${cms}/cm`)).status).toBe(200);
  });

  it('denies the scale subresource, showing the webhook an autoscaling/v1 Scale', async () => {
    const before = (await call(url, 'GET', `${deploys}/web`)).body;
    const [review, ...more] = await denied('PUT', `${deploys}/web/scale`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 5 } });
    expect(more).toEqual([]);
    expect(review).toMatchObject({
      operation: 'UPDATE',
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
      subResource: 'scale',
      object: { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 5 } },
      oldObject: { kind: 'Scale', spec: { replicas: 1 } },
    });
    expect(await denied('PATCH', `${deploys}/web/scale`, { spec: { replicas: 6 } }, merge)).toHaveLength(1);
    expect((await call(url, 'GET', `${deploys}/web`)).body).toEqual(before);
  });

  it('denies the status subresource', async () => {
    const before = (await call(url, 'GET', `${deploys}/web`)).body;
    const [review] = await denied('PATCH', `${deploys}/web/status`, { status: { replicas: 1 } }, merge);
    expect(review).toMatchObject({ operation: 'UPDATE', subResource: 'status', kind: { group: 'apps', version: 'v1', kind: 'Deployment' }, object: { status: { replicas: 1 } } });
    expect(await denied('PUT', `${deploys}/web/status`, { ...before, status: { replicas: 2 } })).toHaveLength(1);
    expect((await call(url, 'GET', `${deploys}/web`)).body).toEqual(before);
  });

  it('denies the removal of the last finalizer of a deleting object (an UPDATE), which then stays', async () => {
    const before = (await call(url, 'GET', `${cms}/held`)).body;
    expect(before.metadata.deletionTimestamp).toBeDefined();
    const [review, ...more] = await denied('PATCH', `${cms}/held`, { metadata: { finalizers: null } }, merge);
    expect(more).toEqual([]);
    expect(review).toMatchObject({ operation: 'UPDATE', name: 'held', oldObject: { metadata: { finalizers: ['example.com/hold'] } } });
    expect(review?.object.metadata.finalizers).toBeUndefined();
    expect((await call(url, 'GET', `${cms}/held`)).body).toEqual(before);
  });
});

describe('a mutating webhook (and a validating one that records)', () => {
  let api: ApiServer;
  let url: string;
  let hooks: Awaited<ReturnType<typeof webhookServer>>;

  /** The JSON patch the mutating webhook answers with for `request`. */
  function mutation(request: Record<string, any>): unknown[] {
    if (request.operation === 'DELETE') return [];
    if (request.subResource === 'scale') return [{ op: 'replace', path: '/spec/replicas', value: 7 }];
    if (request.subResource === 'status') return [{ op: 'add', path: '/status/observedGeneration', value: 42 }];
    const labels = request.object?.metadata?.labels;
    return labels ? [{ op: 'add', path: '/metadata/labels/admitted', value: 'yes' }] : [{ op: 'add', path: '/metadata/labels', value: { admitted: 'yes' } }];
  }

  beforeAll(async () => {
    api = await startApiServer();
    url = api.url;
    hooks = await webhookServer((path, request) => {
      if (path !== '/mutate') return { allowed: true };
      const patch = mutation(request);
      return patch.length === 0 ? { allowed: true } : { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(patch)).toString('base64') };
    });
    await must(call(url, 'POST', deploys, deployment('web')), 201);
    await must(call(url, 'POST', cms, configMap('held', {}, { metadata: { finalizers: ['example.com/hold'] } })), 201);
    await must(call(url, 'DELETE', `${cms}/held`), 200);
    await must(call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations', { metadata: { name: 'mutate' }, webhooks: [webhook('mutate.example.com', `${hooks.url}/mutate`, ['*'])] }), 201);
    await must(call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', { metadata: { name: 'record' }, webhooks: [webhook('record.example.com', `${hooks.url}/record`, ['*'])] }), 201);
  });
  afterAll(async () => {
    await api.close();
    await new Promise<void>((resolve) => hooks.server.close(() => resolve()));
  });

  /** Sends a write expecting `status`; checks each webhook was called exactly once; returns the body and the validating review. */
  async function admitted(status: number, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ body: any; validated: Record<string, any> }> {
    hooks.reviews.length = 0;
    const answer = await must(call(url, method, path, body, headers), status);
    expect(hooks.reviews.map((r) => r.path).sort()).toEqual(['/mutate', '/record']);
    return { body: answer, validated: hooks.reviews.find((r) => r.path === '/record')?.request ?? {} };
  }

  it('mutates create (the validating webhook sees the mutated object), on a dry run too', async () => {
    const created = await admitted(201, 'POST', cms, configMap('cm', { a: '1' }));
    expect(created.body.metadata.labels).toEqual({ admitted: 'yes' });
    expect(created.validated.object.metadata.labels).toEqual({ admitted: 'yes' });
    expect(created.validated.object.metadata.uid).toBe(created.body.metadata.uid);
    expect((await call(url, 'GET', `${cms}/cm`)).body.metadata.labels).toEqual({ admitted: 'yes' });
    const dry = await admitted(201, 'POST', `${cms}?dryRun=All`, configMap('dry'));
    expect(dry.body.metadata.labels).toEqual({ admitted: 'yes' });
    expect(dry.validated.dryRun).toBe(true);
    expect((await call(url, 'GET', `${cms}/dry`)).status).toBe(404);
  });

  it('mutates update and every patch type', async () => {
    const writes: [string, string, (current: any) => unknown, Record<string, string> | undefined][] = [
      ['PUT', 'put', (current) => ({ ...current, metadata: { ...current.metadata, labels: { step: 'put' } } }), undefined],
      ['PATCH', 'merge', () => ({ metadata: { labels: { step: 'merge', admitted: null } } }), merge],
      ['PATCH', 'json', () => [{ op: 'replace', path: '/metadata/labels', value: { step: 'json' } }], jsonPatch],
      ['PATCH', 'strategic', () => ({ metadata: { labels: { step: 'strategic', admitted: null } } }), strategic],
    ];
    for (const [method, step, body, headers] of writes) {
      const current = (await call(url, 'GET', `${cms}/cm`)).body;
      const { body: written } = await admitted(200, method, `${cms}/cm`, body(current), headers);
      // The write's own label, and the mutator's (which merge and strategic patches had removed).
      expect(written.metadata.labels).toEqual({ step, admitted: 'yes' });
      expect((await call(url, 'GET', `${cms}/cm`)).body.metadata.labels).toEqual(written.metadata.labels);
    }
    const applied = await admitted(201, 'PATCH', `${cms}/applied?fieldManager=test`, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n', apply);
    expect(applied.body.metadata.labels).toEqual({ admitted: 'yes' });
    expect(applied.validated.operation).toBe('CREATE');
  });

  it('mutates the scale subresource (the replicas written are the webhook’s)', async () => {
    const { body, validated } = await admitted(200, 'PUT', `${deploys}/web/scale`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3 } });
    expect(body).toMatchObject({ kind: 'Scale', spec: { replicas: 7 } });
    expect(validated.object).toMatchObject({ kind: 'Scale', spec: { replicas: 7 } });
    expect((await call(url, 'GET', `${deploys}/web`)).body.spec.replicas).toBe(7);
  });

  it('mutates the status subresource', async () => {
    const { body } = await admitted(200, 'PATCH', `${deploys}/web/status`, { status: { replicas: 1 } }, merge);
    expect(body.status).toMatchObject({ replicas: 1, observedGeneration: 42 });
    expect((await call(url, 'GET', `${deploys}/web`)).body.status).toMatchObject({ replicas: 1, observedGeneration: 42 });
  });

  it('admits delete and deletecollection once per object, and the removal of a last finalizer once', async () => {
    for (const name of ['c-1', 'c-2']) await must(call(url, 'POST', cms, configMap(name, {}, { metadata: { labels: { set: 'c' } } })), 201);
    hooks.reviews.length = 0;
    const removed = await must(call(url, 'DELETE', `${cms}?labelSelector=set%3Dc`), 200);
    expect(removed.items.map((i: any) => i.metadata.name)).toEqual(['c-1', 'c-2']);
    const seen = hooks.reviews.map((r) => `${r.path} ${r.request.operation} ${r.request.name}`).sort();
    expect(seen).toEqual(['/mutate DELETE c-1', '/mutate DELETE c-2', '/record DELETE c-1', '/record DELETE c-2']);
    const { body } = await admitted(200, 'DELETE', `${cms}/cm`);
    expect(body.status).toBe('Success');
    // The UPDATE that drops the last finalizer is admitted (and mutated); the removal it causes is not admitted again.
    const finalized = await admitted(200, 'PATCH', `${cms}/held`, { metadata: { finalizers: null } }, merge);
    expect(finalized.validated.operation).toBe('UPDATE');
    expect(finalized.body.metadata.labels).toEqual({ admitted: 'yes' });
    expect((await call(url, 'GET', `${cms}/held`)).status).toBe(404);
  });

  it("admits the garbage collector's deletions like any DELETE", async () => {
    const owner = await must(call(url, 'POST', cms, configMap('owner')), 201);
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid };
    await must(call(url, 'POST', cms, configMap('dependent', {}, { metadata: { ownerReferences: [ref] } })), 201);
    hooks.reviews.length = 0;
    await must(call(url, 'DELETE', `${cms}/owner`), 200);
    await waitFor(async () => (await call(url, 'GET', `${cms}/dependent`)).status === 404, 30_000, 'the dependent collected');
    const gc = hooks.reviews.filter((r) => r.request.name === 'dependent');
    expect(gc.map((r) => `${r.path} ${r.request.operation}`).sort()).toEqual(['/mutate DELETE', '/record DELETE']);
    expect(gc[0]?.request.userInfo.username).toBe('system:serviceaccount:kube-system:generic-garbage-collector');
  });
});
