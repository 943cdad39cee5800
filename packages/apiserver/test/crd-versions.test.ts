// Multi-version CRDs over real HTTP, as apiextensions-apiserver serves them: objects stored at the storage
// version and converted for every read and write at the requested one — strategy None (apiVersion
// rewritten) and strategy Webhook (a ConversionReview to a small HTTPS conversion webhook run by the test,
// trusted through caBundle) — storedVersions, deprecation warnings, and kube's errors when the webhook is
// down or answers badly.
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../src/auth/selfSignedCertificate.js';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch, waitFor } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const merge = { 'content-type': 'application/merge-patch+json' };

/** A CRD with v1 (spec.size) and v2 (spec.replicas, deprecated: false) — `storage` names the stored one. */
function twoVersionCrd(plural: string, storage: 'v1' | 'v2', conversion?: Record<string, any>): Record<string, any> {
  const schema = (props: Record<string, any>): Record<string, any> => ({
    openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: props }, status: { type: 'object', properties: { ready: { type: 'boolean' } } } } },
  });
  const kind = plural.charAt(0).toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.conv.example.com` },
    spec: {
      group: 'conv.example.com',
      scope: 'Namespaced',
      names: { plural, singular: plural.slice(0, -1), kind },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: storage === 'v1',
          deprecated: true,
          schema: schema({ size: { type: 'integer' }, color: { type: 'string', default: 'red' } }),
          subresources: { status: {} },
          additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        },
        {
          name: 'v2',
          served: true,
          storage: storage === 'v2',
          schema: schema({ replicas: { type: 'integer' }, colour: { type: 'string' } }),
          subresources: { status: {} },
          additionalPrinterColumns: [{ name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' }],
        },
      ],
      ...(conversion ? { conversion } : {}),
    },
  };
}

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
