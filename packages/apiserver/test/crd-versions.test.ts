// Multi-version CRDs over real HTTP, as apiextensions-apiserver serves them: objects stored at the storage
// version and converted for every read and write at the requested one — strategy None (apiVersion
// rewritten) and strategy Webhook (a ConversionReview to a small HTTPS conversion webhook run by the test,
// trusted through caBundle) — storedVersions, deprecation warnings, and kube's errors when the webhook is
// down or answers badly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { TestWebhook, twoVersionCrd } from './conversionHelpers.js';
import type { Mode } from './conversionHelpers.js';
import { call, openWatch, waitFor } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const merge = { 'content-type': 'application/merge-patch+json' };

async function establish(crd: Record<string, any>): Promise<void> {
  const r = await call(url, 'POST', crds, crd);
  expect(r.status, r.text).toBe(201);
  await waitFor(async () => (await call(url, 'GET', `${crds}/${crd.metadata.name}`)).body?.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True'));
}

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

describe('multi-version CRDs, strategy None', () => {
  const v1 = '/apis/conv.example.com/v1/namespaces/default/nones';
  const v2 = '/apis/conv.example.com/v2/namespaces/default/nones';

  beforeAll(async () => {
    await establish(twoVersionCrd('nones', 'v2'));
  });

  it('stores at the storage version and answers every read and write at the requested one', async () => {
    const created = await call(url, 'POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'None', metadata: { name: 'a' }, spec: { size: 3 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.apiVersion).toBe('conv.example.com/v1');
    // Defaulted with v1's schema (only v1 has color).
    expect(created.body.spec).toEqual({ size: 3, color: 'red' });
    const got = await call(url, 'GET', `${v2}/a`);
    expect(got.body.apiVersion).toBe('conv.example.com/v2');
    // None converts nothing but apiVersion: v2's schema does not know size/color, but stored fields stay.
    expect(got.body.spec).toEqual({ size: 3, color: 'red' });
    const back = await call(url, 'GET', `${v1}/a`);
    expect(back.body.apiVersion).toBe('conv.example.com/v1');
    const listed = await call(url, 'GET', v2);
    expect(listed.body.kind).toBe('NoneList');
    expect(listed.body.apiVersion).toBe('conv.example.com/v2');
    expect(listed.body.items.map((i: any) => i.apiVersion)).toEqual(['conv.example.com/v2']);
  });

  it('patches at the requested version, validated with its schema, and answers at it', async () => {
    const patched = await call(url, 'PATCH', `${v2}/a`, { spec: { replicas: 5 } }, merge);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.apiVersion).toBe('conv.example.com/v2');
    expect(patched.body.spec.replicas).toBe(5);
    const invalid = await call(url, 'PATCH', `${v2}/a`, { spec: { replicas: 'many' } }, merge);
    expect(invalid.status).toBe(422);
    const status = await call(url, 'PATCH', `${v2}/a/status`, { status: { ready: true } }, merge);
    expect(status.body.apiVersion).toBe('conv.example.com/v2');
    expect(status.body.status).toEqual({ ready: true });
  });

  it('tables use the requested version’s printer columns', async () => {
    const table = await call(url, 'GET', v2, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(table.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Replicas']);
    expect(table.body.rows[0].cells[1]).toBe(5);
  });

  it('a deprecated version warns on every verb', async () => {
    const warning = '299 - "conv.example.com/v1 None is deprecated"';
    const requests: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', `${v1}/a`],
      ['GET', v1],
      ['PATCH', `${v1}/a`, { metadata: { labels: { x: 'y' } } }, merge],
      ['POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'None', metadata: { name: 'dep' } }],
      ['PUT', `${v1}/dep`, undefined],
      ['DELETE', `${v1}/dep`],
    ];
    for (const [method, path, body, headers] of requests) {
      let sent = body;
      if (method === 'PUT') sent = (await call(url, 'GET', `${v1}/dep`)).body;
      const r = await call(url, method, path, sent, headers);
      expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
      // The deprecation comes first (an unknown-field warning of the write may follow it).
      expect(String(r.headers.warning).startsWith(warning), `${method} ${path}: ${String(r.headers.warning)}`).toBe(true);
    }
    // A watch too: the header comes with the stream's first bytes.
    const controller = new AbortController();
    const watch = await fetch(`${url}${v1}?watch=true`, { signal: controller.signal });
    expect(watch.headers.get('warning')).toBe(warning);
    controller.abort();
    const v2get = await call(url, 'GET', `${v2}/a`);
    expect(v2get.headers.warning).toBeUndefined();
  });

  it('a watch at v2 sees the writes made at v1, at v2', async () => {
    const w = await openWatch(url, `${v2}?watch=true&resourceVersion=0`);
    try {
      const first = await w.next();
      expect(first.object.apiVersion).toBe('conv.example.com/v2');
      await call(url, 'POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'None', metadata: { name: 'b' }, spec: { size: 1 } });
      const ev = await waitFor(async () => {
        const e = await w.next();
        return e.object.metadata.name === 'b' ? e : undefined;
      });
      expect(ev?.type).toBe('ADDED');
      expect(ev?.object.apiVersion).toBe('conv.example.com/v2');
    } finally {
      w.close();
    }
  });

  it('status.storedVersions gains the new storage version and loses versions only by a status write', async () => {
    const name = 'nones.conv.example.com';
    let crd = (await call(url, 'GET', `${crds}/${name}`)).body;
    expect(crd.status.storedVersions).toEqual(['v2']);
    crd.spec.versions[0].storage = true;
    crd.spec.versions[1].storage = false;
    const updated = await call(url, 'PUT', `${crds}/${name}`, crd);
    expect(updated.status, updated.text).toBe(200);
    crd = await waitFor(async () => {
      const c = (await call(url, 'GET', `${crds}/${name}`)).body;
      return c.status.storedVersions.length === 2 ? c : undefined;
    });
    expect(crd.status.storedVersions).toEqual(['v2', 'v1']);
    // Objects stored at v2 still read at both versions; a write stores them at v1 now.
    expect((await call(url, 'GET', `${v1}/a`)).body.apiVersion).toBe('conv.example.com/v1');
    const rewritten = await call(url, 'PATCH', `${v2}/a`, { metadata: { annotations: { migrated: 'yes' } } }, merge);
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.apiVersion).toBe('conv.example.com/v2');
    // A storage migration trims storedVersions through the status subresource.
    const trimmed = await call(url, 'PATCH', `${crds}/${name}/status`, { status: { storedVersions: ['v1'] } }, merge);
    expect(trimmed.status, trimmed.text).toBe(200);
    expect(trimmed.body.status.storedVersions).toEqual(['v1']);
    const bad = await call(url, 'PATCH', `${crds}/${name}/status`, { status: { storedVersions: ['v2'] } }, merge);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('must have the storage version v1');
  });
});

describe('multi-version CRDs, strategy Webhook', () => {
  const hook = new TestWebhook();
  const v1 = '/apis/conv.example.com/v1/namespaces/default/hooks';
  const v2 = '/apis/conv.example.com/v2/namespaces/default/hooks';

  beforeAll(async () => {
    await hook.start();
    await establish(
      twoVersionCrd('hooks', 'v1', {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `https://127.0.0.1:${hook.port}/convert`, caBundle: hook.caBundle } },
      }),
    );
  });
  afterAll(async () => {
    await hook.stop();
  });

  it('creates at v2, stores at v1 through the webhook, and reads at both', async () => {
    hook.mode = 'convert';
    const before = hook.reviews.length;
    const created = await call(url, 'POST', v2, { apiVersion: 'conv.example.com/v2', kind: 'Hook', metadata: { name: 'a' }, spec: { replicas: 2, colour: 'blue' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.apiVersion).toBe('conv.example.com/v2');
    expect(created.body.spec).toEqual({ replicas: 2, colour: 'blue' });
    const sent = hook.reviews.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]).toMatchObject({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { desiredAPIVersion: 'conv.example.com/v1' } });
    expect(sent[0].request.objects[0]).toMatchObject({ apiVersion: 'conv.example.com/v2', spec: { replicas: 2 } });
    const atV1 = await call(url, 'GET', `${v1}/a`);
    expect(atV1.status, atV1.text).toBe(200);
    expect(atV1.body.apiVersion).toBe('conv.example.com/v1');
    expect(atV1.body.spec).toEqual({ size: 2, color: 'blue' });
    const atV2 = await call(url, 'GET', `${v2}/a`);
    expect(atV2.body.spec).toEqual({ replicas: 2, colour: 'blue' });
    expect(atV2.body.metadata.uid).toBe(atV1.body.metadata.uid);
  });

  it('creates at v1 and reads at v2; a list at v2 is one ConversionReview', async () => {
    await call(url, 'POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'Hook', metadata: { name: 'b' }, spec: { size: 7 } });
    await call(url, 'POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'Hook', metadata: { name: 'c' }, spec: { size: 8 } });
    const before = hook.reviews.length;
    const list = await call(url, 'GET', v2);
    expect(list.status, list.text).toBe(200);
    expect(list.body.apiVersion).toBe('conv.example.com/v2');
    expect(list.body.items.map((i: any) => [i.metadata.name, i.apiVersion, i.spec.replicas])).toEqual([
      ['a', 'conv.example.com/v2', 2],
      ['b', 'conv.example.com/v2', 7],
      ['c', 'conv.example.com/v2', 8],
    ]);
    const reviews = hook.reviews.slice(before);
    expect(reviews.length).toBe(1);
    expect(reviews[0].request.objects.length).toBe(3);
    const listV1 = await call(url, 'GET', v1);
    expect(listV1.body.items.map((i: any) => i.spec.size)).toEqual([2, 7, 8]);
  });

  it('patches at v2: applied to the converted object, validated with v2’s schema, stored at v1', async () => {
    const patched = await call(url, 'PATCH', `${v2}/b`, { spec: { replicas: 9 } }, merge);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.apiVersion).toBe('conv.example.com/v2');
    expect(patched.body.spec.replicas).toBe(9);
    expect((await call(url, 'GET', `${v1}/b`)).body.spec.size).toBe(9);
    const invalid = await call(url, 'PATCH', `${v2}/b`, { spec: { replicas: 'x' } }, merge);
    expect(invalid.status).toBe(422);
    expect(invalid.body.details.causes[0].field).toBe('spec.replicas');
    const applied = await call(url, 'PATCH', `${v2}/b?fieldManager=test`, { apiVersion: 'conv.example.com/v2', kind: 'Hook', metadata: { name: 'b' }, spec: { replicas: 4 } }, { 'content-type': 'application/apply-patch+yaml' });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.spec.replicas).toBe(4);
    const status = await call(url, 'PATCH', `${v2}/b/status`, { status: { ready: true } }, merge);
    expect(status.body.apiVersion).toBe('conv.example.com/v2');
    expect(status.body.status).toEqual({ ready: true });
    expect(status.body.spec.replicas).toBe(4);
    const deleted = await call(url, 'DELETE', `${v2}/c`);
    expect(deleted.status).toBe(200);
  });

  it('the scale subresource uses the requested version’s paths; a deferred delete answers at the requested version', async () => {
    const scale = await call(url, 'GET', `${v2}/a/scale`);
    expect(scale.status, scale.text).toBe(200);
    expect(scale.body.spec.replicas).toBe(2);
    const scaled = await call(url, 'PATCH', `${v2}/a/scale`, { spec: { replicas: 6 } }, merge);
    expect(scaled.status, scaled.text).toBe(200);
    expect(scaled.body.spec.replicas).toBe(6);
    expect((await call(url, 'GET', `${v1}/a`)).body.spec.size).toBe(6);
    await call(url, 'POST', v1, { apiVersion: 'conv.example.com/v1', kind: 'Hook', metadata: { name: 'f', finalizers: ['test/hold'] }, spec: { size: 1 } });
    const deleting = await call(url, 'DELETE', `${v2}/f`);
    expect(deleting.status, deleting.text).toBe(200);
    expect(deleting.body.apiVersion).toBe('conv.example.com/v2');
    expect(deleting.body.spec).toEqual({ replicas: 1, colour: 'red' });
    expect(deleting.body.metadata.deletionTimestamp).toBeDefined();
    const released = await call(url, 'PATCH', `${v2}/f`, { metadata: { finalizers: null } }, merge);
    expect(released.status, released.text).toBe(200);
    expect(released.body.apiVersion).toBe('conv.example.com/v2');
    expect((await call(url, 'GET', `${v1}/f`)).status).toBe(404);
  });

  it('a watch at v2 sees writes made at v1, converted, in order', async () => {
    const w = await openWatch(url, `${v2}?watch=true&resourceVersion=0`);
    const w1 = await openWatch(url, `${v1}?watch=true&resourceVersion=0`);
    try {
      const initial = await w.take(2);
      expect(initial.map((e) => [e.type, e.object.apiVersion, e.object.metadata.name])).toEqual([
        ['ADDED', 'conv.example.com/v2', 'a'],
        ['ADDED', 'conv.example.com/v2', 'b'],
      ]);
      for (let i = 1; i <= 3; i++) await call(url, 'PATCH', `${v1}/a`, { spec: { size: 10 + i } }, merge);
      const events = await w.take(3);
      expect(events.map((e) => [e.type, e.object.apiVersion, e.object.spec.replicas])).toEqual([
        ['MODIFIED', 'conv.example.com/v2', 11],
        ['MODIFIED', 'conv.example.com/v2', 12],
        ['MODIFIED', 'conv.example.com/v2', 13],
      ]);
      const atV1 = await w1.take(5);
      expect(atV1.slice(2).map((e) => [e.object.apiVersion, e.object.spec.size])).toEqual([
        ['conv.example.com/v1', 11],
        ['conv.example.com/v1', 12],
        ['conv.example.com/v1', 13],
      ]);
    } finally {
      w.close();
      w1.close();
    }
  });

  it('a slow webhook holds up only the watches it converts for, never others or the server', async () => {
    const converted = await openWatch(url, `${v2}?watch=true&resourceVersion=0`);
    const stored = await openWatch(url, `${v1}?watch=true&resourceVersion=0`);
    try {
      await converted.take(2);
      await stored.take(2);
      hook.hold();
      await call(url, 'PATCH', `${v1}/a`, { spec: { size: 31 } }, merge);
      await call(url, 'PATCH', `${v1}/a`, { spec: { size: 32 } }, merge);
      // The watch at the storage version gets both events while the webhook holds the other one's.
      expect((await stored.take(2)).map((e) => e.object.spec.size)).toEqual([31, 32]);
      expect((await call(url, 'GET', `${v1}/a`)).status).toBe(200);
      await waitFor(() => hook.held > 0);
      expect(converted.pending()).toEqual([]);
      hook.release();
      expect((await converted.take(2)).map((e) => e.object.spec.replicas)).toEqual([31, 32]);
    } finally {
      hook.release();
      converted.close();
      stored.close();
    }
  });

  it('discovery and OpenAPI serve each version with its own schema', async () => {
    const group = await call(url, 'GET', '/apis/conv.example.com');
    expect(group.body.versions.map((v: any) => v.version)).toEqual(['v2', 'v1']);
    expect(group.body.preferredVersion.version).toBe('v2');
    for (const version of ['v1', 'v2']) {
      const resources = await call(url, 'GET', `/apis/conv.example.com/${version}`);
      expect(resources.body.resources.map((r: any) => r.name)).toContain('hooks');
    }
    const root = await call(url, 'GET', '/openapi/v3');
    const v2doc = await call(url, 'GET', root.body.paths['apis/conv.example.com/v2'].serverRelativeURL);
    const v1doc = await call(url, 'GET', root.body.paths['apis/conv.example.com/v1'].serverRelativeURL);
    const specOf = (doc: any): string[] => Object.keys(doc.components.schemas['com.example.conv.v2.Hook']?.properties?.spec?.properties ?? doc.components.schemas['com.example.conv.v1.Hook']?.properties?.spec?.properties ?? {});
    expect(specOf(v2doc.body).sort()).toEqual(['colour', 'replicas']);
    expect(specOf(v1doc.body).sort()).toEqual(['color', 'size']);
    const v2 = await call(url, 'GET', '/openapi/v2');
    expect(Object.keys(v2.body.definitions)).toEqual(expect.arrayContaining(['com.example.conv.v1.Hook', 'com.example.conv.v2.Hook']));
  });

  it('labels and annotations of the answer are kept; other metadata is restored', async () => {
    hook.mode = 'relabel';
    try {
      const got = await call(url, 'GET', `${v2}/a`);
      expect(got.status, got.text).toBe(200);
      expect(got.body.metadata.labels).toEqual({ converted: 'yes' });
      expect(got.body.metadata.generation).not.toBe(99);
    } finally {
      hook.mode = 'convert';
    }
  });

  it('bad webhook answers give kube’s errors', async () => {
    const cases: [Mode, string][] = [
      ['wrong-uid', 'conversion webhook for conv.example.com/v1, Kind=Hook failed: expected response.uid='],
      ['too-few', 'conversion webhook for conv.example.com/v1, Kind=Hook returned 0 objects, expected 1'],
      ['wrong-version', 'conversion webhook for conv.example.com/v1, Kind=Hook returned invalid object at index 0: invalid groupVersion (expected conv.example.com/v2, received conv.example.com/v9)'],
      ['failure', 'conversion webhook for conv.example.com/v1, Kind=Hook failed: cannot convert this one'],
      ['rename', 'conversion webhook for conv.example.com/v1, Kind=Hook returned invalid object: must have the same name: a != other'],
    ];
    try {
      for (const [mode, message] of cases) {
        hook.mode = mode;
        const r = await call(url, 'GET', `${v2}/a`);
        expect(r.status, mode).toBe(500);
        expect(r.body).toMatchObject({ kind: 'Status', status: 'Failure', code: 500 });
        expect(r.body.message, mode).toContain(message);
      }
    } finally {
      hook.mode = 'convert';
    }
  });

  it('with the webhook down: reads and writes at the other version fail with kube’s 500; an open watch ends with an ERROR event', async () => {
    const w = await openWatch(url, `${v2}?watch=true`);
    try {
      // The initial events (converted while the webhook still answers), then the webhook goes away.
      expect((await w.take(2)).map((e) => e.type)).toEqual(['ADDED', 'ADDED']);
      await hook.stop();
      const got = await call(url, 'GET', `${v2}/a`);
      expect(got.status).toBe(500);
      expect(got.body.message).toBe(`conversion webhook for conv.example.com/v1, Kind=Hook failed: Post "https://127.0.0.1:${hook.port}/convert?timeout=30s": dial tcp 127.0.0.1:${hook.port}: connect: connection refused`);
      const list = await call(url, 'GET', v2);
      expect(list.status).toBe(500);
      expect(list.body.message).toContain('conversion webhook for conv.example.com/v1, Kind=HookList failed: Post');
      const created = await call(url, 'POST', v2, { apiVersion: 'conv.example.com/v2', kind: 'Hook', metadata: { name: 'd' }, spec: { replicas: 1 } });
      expect(created.status).toBe(500);
      expect(created.body.message).toContain('conversion webhook for conv.example.com/v2, Kind=Hook failed: Post');
      expect((await call(url, 'GET', `${v1}/d`)).status).toBe(404);
      // The storage version itself needs no webhook.
      const atV1 = await call(url, 'GET', `${v1}/a`);
      expect(atV1.status).toBe(200);
      await call(url, 'PATCH', `${v1}/a`, { spec: { size: 20 } }, merge);
      const ev = await w.next();
      expect(ev.type).toBe('ERROR');
      expect(ev.object).toMatchObject({ kind: 'Status', code: 500, reason: 'InternalError' });
      expect(ev.object.message).toContain('Internal error occurred: conversion webhook for conv.example.com/v1, Kind=Hook failed: Post');
      await w.ended;
    } finally {
      w.close();
      await hook.start();
    }
  });
});

describe('the conversion stanza is validated as kube does', () => {
  const withConversion = (plural: string, conversion: Record<string, any>): Record<string, any> => twoVersionCrd(plural, 'v1', conversion);
  const causes = async (crd: Record<string, any>): Promise<Record<string, string>> => {
    const r = await call(url, 'POST', crds, crd);
    expect(r.status, r.text).toBe(422);
    return Object.fromEntries(r.body.details.causes.map((c: any) => [c.field, c.message]));
  };

  it('Webhook needs a clientConfig and conversionReviewVersions', async () => {
    expect(await causes(withConversion('bads', { strategy: 'Webhook' }))).toEqual({
      'spec.conversion.webhookClientConfig': 'Required value: required when strategy is set to Webhook',
      'spec.conversion.conversionReviewVersions': 'Required value',
    });
  });

  it('checks the url, the caBundle and the review versions', async () => {
    const found = await causes(withConversion('bads', { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v9'], clientConfig: { url: 'http://127.0.0.1:1/convert', caBundle: Buffer.from('not a pem').toString('base64') } } }));
    expect(found['spec.conversion.webhookClientConfig.url']).toContain("'https' is the only allowed URL scheme");
    expect(found['spec.conversion.webhookClientConfig.caBundle']).toContain('unable to load root certificates: unable to parse bytes as PEM block');
    expect(found['spec.conversion.conversionReviewVersions']).toContain('must include at least one of v1, v1beta1');
    const both = await causes(withConversion('bads', { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://127.0.0.1:1/', service: { name: 's', namespace: 'n' } } } }));
    expect(both['spec.conversion.webhookClientConfig']).toBe('Required value: exactly one of url or service is required');
  });

  it('None may not have a webhook', async () => {
    expect(await causes(withConversion('bads', { strategy: 'None', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://127.0.0.1:1/' } } }))).toEqual({
      'spec.conversion.webhookClientConfig': 'Forbidden: should not be set when strategy is not set to Webhook',
      'spec.conversion.conversionReviewVersions': 'Forbidden: should not be set when strategy is not set to Webhook',
    });
  });

  it('a version still listed in storedVersions cannot leave spec.versions', async () => {
    await establish(twoVersionCrd('keeps', 'v1'));
    const crd = (await call(url, 'GET', `${crds}/keeps.conv.example.com`)).body;
    crd.spec.versions = crd.spec.versions.filter((v: any) => v.name === 'v2');
    crd.spec.versions[0].storage = true;
    const r = await call(url, 'PUT', `${crds}/keeps.conv.example.com`, crd);
    expect(r.status, r.text).toBe(422);
    expect(r.body.details.causes).toContainEqual(expect.objectContaining({ field: 'status.storedVersions[0]', message: 'Invalid value: "v1": must appear in spec.versions' }));
  });
});

describe('ConversionReview v1beta1', () => {
  const hook = new TestWebhook();

  beforeAll(async () => {
    await hook.start();
    await establish(
      twoVersionCrd('betas', 'v1', {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1beta1', 'v1'], clientConfig: { url: `https://127.0.0.1:${hook.port}/convert`, caBundle: hook.caBundle } },
      }),
    );
  });
  afterAll(async () => {
    await hook.stop();
  });

  it('is sent when the CRD lists it first', async () => {
    await call(url, 'POST', '/apis/conv.example.com/v1/namespaces/default/betas', { apiVersion: 'conv.example.com/v1', kind: 'Beta', metadata: { name: 'a' }, spec: { size: 6 } });
    const got = await call(url, 'GET', '/apis/conv.example.com/v2/namespaces/default/betas/a');
    expect(got.status, got.text).toBe(200);
    expect(got.body.spec.replicas).toBe(6);
    expect(hook.reviews.at(-1).apiVersion).toBe('apiextensions.k8s.io/v1beta1');
  });
});
