// Admission webhooks over real HTTP: the server calls the webhooks its stored configurations name with
// AdmissionReview v1, applies mutating JSON patches, enforces validating denials, and honours
// failurePolicy, rules and objectSelector.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
let hooks: Server;
let hookUrl: string;
const reviews: any[] = [];
const cms = '/api/v1/namespaces/default/configmaps';

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
  hooks = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const review = JSON.parse(text);
      reviews.push({ path: req.url, review });
      const request = review.request;
      const response: Record<string, unknown> = { uid: request.uid, allowed: true };
      if (req.url?.startsWith('/annotate')) {
        response.patchType = 'JSONPatch';
        response.patch = Buffer.from(JSON.stringify([{ op: 'add', path: '/metadata/annotations', value: { annotated: 'yes' } }])).toString('base64');
      } else if (req.url?.startsWith('/mutate')) {
        response.patchType = 'JSONPatch';
        const seen = request.object?.metadata?.annotations?.annotated ?? 'no';
        const patch = [{ op: 'add', path: '/metadata/labels', value: { mutated: 'yes', 'saw-annotation': seen } }];
        response.patch = Buffer.from(JSON.stringify(patch)).toString('base64');
        response.warnings = ['mutated by the test webhook'];
      }
      if (req.url?.startsWith('/validate') && request.object?.data?.forbidden !== undefined) {
        Object.assign(response, { allowed: false, status: { code: 422, reason: 'Invalid', message: 'forbidden key' } });
      }
      if (req.url?.startsWith('/validate') && request.operation === 'DELETE' && request.oldObject?.metadata?.name === 'undeletable') {
        Object.assign(response, { allowed: false, status: { message: 'keep me' } });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  const rule = (operations: string[]) => [{ operations, apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: 'Namespaced' }];
  const common = { sideEffects: 'None', admissionReviewVersions: ['v1'] };
  await call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations', {
    metadata: { name: 'mutate' },
    webhooks: [
      { name: 'mutate.example.com', clientConfig: { url: `${hookUrl}/mutate` }, rules: rule(['CREATE']), objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] }, reinvocationPolicy: 'IfNeeded', ...common },
      { name: 'annotate.example.com', clientConfig: { url: `${hookUrl}/annotate` }, rules: rule(['CREATE']), objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] }, ...common },
    ],
  });
  await call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    metadata: { name: 'validate' },
    webhooks: [
      { name: 'validate.example.com', clientConfig: { url: `${hookUrl}/validate` }, rules: rule(['CREATE', 'UPDATE', 'DELETE']), ...common },
      { name: 'broken.example.com', clientConfig: { url: 'http://127.0.0.1:1/nothing' }, rules: rule(['CREATE']), failurePolicy: 'Ignore', ...common },
    ],
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
});

describe('admission webhooks', () => {
  it('applies a mutating webhook patch and passes its warnings on', async () => {
    const r = await call(url, 'POST', cms, configMap('mutated'));
    expect(r.status).toBe(201);
    // The first webhook (reinvocationPolicy IfNeeded) ran again after the second one annotated.
    expect(r.body.metadata.labels).toEqual({ mutated: 'yes', 'saw-annotation': 'yes' });
    expect(r.body.metadata.annotations).toEqual({ annotated: 'yes' });
    expect(reviews.filter((x) => x.path.startsWith('/mutate') && x.review.request.name === 'mutated')).toHaveLength(2);
    expect(String(r.headers.warning)).toContain('mutated by the test webhook');
    const review = reviews.find((x) => x.path.startsWith('/mutate'))?.review;
    expect(review).toMatchObject({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { operation: 'CREATE', namespace: 'default', name: 'mutated', resource: { group: '', version: 'v1', resource: 'configmaps' } } });
    const validated = reviews.find((x) => x.path.startsWith('/validate') && x.review.request.name === 'mutated')?.review;
    expect(validated.request.object.metadata.labels).toEqual({ mutated: 'yes', 'saw-annotation': 'yes' });
  });

  it('skips webhooks whose objectSelector does not match', async () => {
    const r = await call(url, 'POST', cms, configMap('skipped', {}, { metadata: { labels: { skip: 'true' } } }));
    expect(r.body.metadata.labels).toEqual({ skip: 'true' });
  });

  it('rejects writes a validating webhook denies, with its code and message', async () => {
    const denied = await call(url, 'POST', cms, configMap('bad', { forbidden: 'x' }));
    expect(denied.status).toBe(422);
    expect(denied.body.message).toBe('admission webhook "validate.example.com" denied the request: forbidden key');
    expect((await call(url, 'GET', `${cms}/bad`)).status).toBe(404);
    const before = (await call(url, 'GET', `${cms}/mutated`)).body;
    const update = await call(url, 'PATCH', `${cms}/mutated`, { data: { forbidden: 'y' } }, { 'content-type': 'application/merge-patch+json' });
    expect(update.status).toBe(422);
    expect((await call(url, 'GET', `${cms}/mutated`)).body.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    const oldSeen = reviews.filter((x) => x.review.request.operation === 'UPDATE').at(-1)?.review.request;
    expect(oldSeen.oldObject.metadata.name).toBe('mutated');
  });

  it('runs a dry run through the webhooks (dryRun: true) without storing, and refuses it for webhooks with side effects', async () => {
    const dry = await call(url, 'POST', `${cms}?dryRun=All`, configMap('dry-admitted'));
    expect(dry.status).toBe(201);
    expect(dry.body.metadata.labels).toEqual({ mutated: 'yes', 'saw-annotation': 'yes' });
    const seen = reviews.filter((x) => x.review.request.name === 'dry-admitted');
    expect(seen.length).toBeGreaterThan(0);
    for (const x of seen) expect(x.review.request.dryRun).toBe(true);
    expect(seen[0].review.request.userInfo).toEqual({ username: 'system:anonymous', groups: ['system:unauthenticated'] });
    expect((await call(url, 'GET', `${cms}/dry-admitted`)).status).toBe(404);
    const secrets = '/api/v1/namespaces/default/secrets';
    await call(url, 'POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
      metadata: { name: 'side-effects' },
      webhooks: [{ name: 'audit.example.com', clientConfig: { url: `${hookUrl}/validate` }, rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['secrets'] }], sideEffects: 'Some', admissionReviewVersions: ['v1'] }],
    });
    const refused = await call(url, 'POST', `${secrets}?dryRun=All`, { metadata: { name: 's' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('admission webhook "audit.example.com" does not support dry run');
    expect((await call(url, 'POST', secrets, { metadata: { name: 's' } })).status).toBe(201);
  });

  it('checks DELETE, and fails closed only under failurePolicy Fail', async () => {
    await call(url, 'POST', cms, configMap('undeletable'));
    const del = await call(url, 'DELETE', `${cms}/undeletable`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('admission webhook "validate.example.com" denied the request: keep me');
    await call(url, 'PATCH', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/validate', [{ op: 'replace', path: '/webhooks/1/failurePolicy', value: 'Fail' }], {
      'content-type': 'application/json-patch+json',
    });
    const failed = await call(url, 'POST', cms, configMap('unreachable'));
    expect(failed.status).toBe(500);
    expect(failed.body.message).toContain('failed calling webhook "broken.example.com"');
  });
});
