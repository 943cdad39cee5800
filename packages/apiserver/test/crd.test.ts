// CRD lifecycle over real HTTP: validation, Established only after the resource is served and in
// discovery, schema pruning/validation/defaulting, fieldValidation, the status subresource both ways,
// generation rules, patch types on custom resources, Tables, and deletion of a CRD with its objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch, waitFor, widgetCrd } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const widgets = '/apis/example.com/v1/namespaces/default/widgets';
const merge = { 'content-type': 'application/merge-patch+json' };
const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

describe('CustomResourceDefinitions', () => {
  it('rejects a CRD whose name is not plural.group', async () => {
    const bad = widgetCrd();
    bad.metadata.name = 'wrong.example.com';
    const r = await call(url, 'POST', crds, bad);
    expect(r.status).toBe(422);
    expect(r.body.reason).toBe('Invalid');
    expect(r.body.details.causes.some((c: any) => c.field === 'metadata.name')).toBe(true);
  });

  it('serves the resource and updates discovery before the Established event', async () => {
    const w = await openWatch(url, `${crds}?watch=true`);
    try {
      const created = await call(url, 'POST', crds, widgetCrd());
      expect(created.status).toBe(201);
      let established: any;
      while (!established) {
        const ev = await w.next();
        const cond = ev.object.status?.conditions?.find((c: any) => c.type === 'Established');
        if (cond?.status === 'True') {
          established = ev;
          // Reacting to the event at once must find the resource served.
          expect((await call(url, 'GET', widgets)).status).toBe(200);
        }
      }
      expect(established.object.status.acceptedNames).toMatchObject({ plural: 'widgets', kind: 'Widget', listKind: 'WidgetList' });
      expect(established.object.status.conditions.find((c: any) => c.type === 'NamesAccepted').status).toBe('True');
      const gv = await call(url, 'GET', '/apis/example.com/v1');
      expect(gv.body.resources.map((r: any) => r.name)).toEqual(['widgets', 'widgets/status']);
      const groups = await call(url, 'GET', '/apis');
      expect(groups.headers['content-type']).toBe('application/json');
      expect(groups.body.groups.find((g: any) => g.name === 'example.com').preferredVersion.version).toBe('v1');
      const agg = await call(url, 'GET', '/apis', undefined, { accept: `${AGGREGATED},application/json` });
      expect(agg.headers['content-type']).toBe(AGGREGATED);
      const item = agg.body.items.find((i: any) => i.metadata.name === 'example.com');
      expect(item.versions[0].resources[0]).toMatchObject({ resource: 'widgets', scope: 'Namespaced', subresources: [{ subresource: 'status' }] });
      const root = await call(url, 'GET', '/openapi/v3');
      expect(root.body.paths['apis/example.com/v1'].serverRelativeURL).toMatch(/^\/openapi\/v3\/apis\/example.com\/v1\?hash=/);
      expect((await call(url, 'GET', '/api/v1')).body.resources.some((r: any) => r.name === 'namespaces/status')).toBe(true);
      expect((await call(url, 'GET', '/api', undefined, { accept: AGGREGATED })).headers['content-type']).toBe(AGGREGATED);
    } finally {
      w.close();
    }
  });

  it('prunes unknown fields, applies defaults, validates with 422 causes, and honours fieldValidation', async () => {
    const r = await call(url, 'POST', widgets, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 1, junk: true, extra: { kept: 1 } }, status: { phase: 'x' } });
    expect(r.status).toBe(201);
    expect(r.body.spec).toEqual({ size: 1, color: 'red', extra: { kept: 1 } });
    expect(r.body.status).toBeUndefined();
    expect(r.body.metadata.generation).toBe(1);
    expect(String(r.headers.warning)).toContain('unknown field \\"spec.junk\\"');
    const invalid = await call(url, 'POST', widgets, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w2' }, spec: { size: 'x', color: 'green' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.details.causes.map((c: any) => c.field).sort()).toEqual(['spec.color', 'spec.size']);
    const strict = await call(url, 'POST', `${widgets}?fieldValidation=Strict`, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w3' }, spec: { size: 1, junk: 1 } });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toContain('unknown field "spec.junk"');
    const ignore = await call(url, 'POST', `${widgets}?fieldValidation=Ignore`, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w4' }, spec: { size: 1, junk: 1 } });
    expect(ignore.status).toBe(201);
    expect(ignore.headers.warning).toBeUndefined();
  });

  it('applies the status subresource rules both ways, with generation for spec changes only', async () => {
    const base = `${widgets}/w1`;
    const main = await call(url, 'PATCH', base, { spec: { size: 2 }, status: { phase: 'ignored' } }, merge);
    expect(main.body.spec.size).toBe(2);
    expect(main.body.status).toBeUndefined();
    expect(main.body.metadata.generation).toBe(2);
    const status = await call(url, 'PATCH', `${base}/status`, { spec: { size: 9 }, metadata: { labels: { a: 'b' } }, status: { phase: 'Ready' } }, merge);
    expect(status.body.status).toEqual({ phase: 'Ready' });
    expect(status.body.spec.size).toBe(2);
    expect(status.body.metadata.labels).toBeUndefined();
    expect(status.body.metadata.generation).toBe(2);
    const meta = await call(url, 'PATCH', base, { metadata: { labels: { a: 'b' } } }, merge);
    expect(meta.body.metadata.generation).toBe(2);
    const put = await call(url, 'PUT', `${base}/status`, { ...meta.body, status: { phase: 'Done' } });
    expect(put.body.status.phase).toBe('Done');
    expect((await call(url, 'GET', `${base}/status`)).body.status.phase).toBe('Done');
  });

  it('answers the patch types like kube-apiserver does for custom resources', async () => {
    const base = `${widgets}/w1`;
    const smp = await call(url, 'PATCH', base, { spec: { size: 3 } }, { 'content-type': 'application/strategic-merge-patch+json' });
    expect(smp.status).toBe(415);
    expect(smp.body.reason).toBe('UnsupportedMediaType');
    const testFail = await call(url, 'PATCH', base, [{ op: 'test', path: '/metadata/resourceVersion', value: '1' }, { op: 'replace', path: '/spec/size', value: 5 }], { 'content-type': 'application/json-patch+json' });
    expect(testFail.status).toBe(422);
    const notArray = await call(url, 'PATCH', base, { op: 'x' }, { 'content-type': 'application/json-patch+json' });
    expect(notArray.status).toBe(400);
    const current = (await call(url, 'GET', base)).body;
    const testOk = await call(url, 'PATCH', base, [{ op: 'test', path: '/metadata/resourceVersion', value: current.metadata.resourceVersion }, { op: 'replace', path: '/spec/size', value: 5 }], { 'content-type': 'application/json-patch+json' });
    expect(testOk.body.spec.size).toBe(5);
    const noRv = await call(url, 'PUT', base, { ...testOk.body, metadata: { ...testOk.body.metadata, resourceVersion: undefined } });
    expect(noRv.status).toBe(422);
    const apply = await call(url, 'PATCH', `${widgets}/applied?fieldManager=test`, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'applied' }, spec: { size: 7 } }, { 'content-type': 'application/apply-patch+yaml' });
    expect(apply.status).toBe(201);
    expect(apply.body.spec.size).toBe(7);
    expect(apply.body.metadata.managedFields[0].manager).toBe('test');
    const missingManager = await call(url, 'PATCH', `${widgets}/applied`, { spec: { size: 8 } }, { 'content-type': 'application/apply-patch+yaml' });
    expect(missingManager.status).toBe(422);
  });

  it('answers Tables with the printer columns when kubectl asks', async () => {
    const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
    const t = await call(url, 'GET', `${widgets}?limit=500`, undefined, { accept });
    expect(t.body.kind).toBe('Table');
    expect(t.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Size']);
    expect(t.body.rows.find((r: any) => r.cells[0] === 'w1').cells[1]).toBe(5);
  });

  it('refuses a CRD whose names clash with an established one', async () => {
    const clash = widgetCrd('gadgets');
    clash.spec.names.kind = 'Widget';
    const r = await call(url, 'POST', crds, clash);
    expect(r.status).toBe(201);
    const got = await waitFor(async () => {
      const c = (await call(url, 'GET', `${crds}/gadgets.example.com`)).body;
      return c.status?.conditions ? c : undefined;
    });
    expect(got.status.conditions.find((c: any) => c.type === 'NamesAccepted').status).toBe('False');
    expect((await call(url, 'GET', '/apis/example.com/v1/namespaces/default/gadgets')).status).toBe(404);
    await call(url, 'DELETE', `${crds}/gadgets.example.com`);
    await waitFor(async () => (await call(url, 'GET', `${crds}/gadgets.example.com`)).status === 404, 30_000, 'the clashing CRD to go');
  });

  it('serves several versions of one storage, warns on deprecated ones, and defaults on read', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'gizmos.example.org' },
      spec: {
        group: 'example.org',
        scope: 'Cluster',
        names: { plural: 'gizmos', kind: 'Gizmo' },
        versions: ['v1beta1', 'v1'].map((name) => ({
          name,
          served: true,
          storage: name === 'v1',
          ...(name === 'v1beta1' ? { deprecated: true, deprecationWarning: 'example.org/v1beta1 Gizmo is deprecated' } : {}),
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { mode: { type: 'string' } } } } } },
        })),
      },
    };
    expect((await call(url, 'POST', crds, crd)).status).toBe(201);
    const made = await call(url, 'POST', '/apis/example.org/v1beta1/gizmos', { metadata: { name: 'g' }, spec: {} });
    expect(made.status).toBe(201);
    expect(String(made.headers.warning)).toContain('v1beta1 Gizmo is deprecated');
    expect(made.body.apiVersion).toBe('example.org/v1beta1');
    const asV1 = await call(url, 'GET', '/apis/example.org/v1/gizmos/g');
    expect(asV1.body.apiVersion).toBe('example.org/v1');
    expect(asV1.headers.warning).toBeUndefined();
    expect((await call(url, 'GET', '/apis/example.org')).body.preferredVersion.version).toBe('v1');
    const current = (await call(url, 'GET', `${crds}/gizmos.example.org`)).body;
    for (const v of current.spec.versions) v.schema.openAPIV3Schema.properties.spec.properties.mode.default = 'auto';
    expect((await call(url, 'PUT', `${crds}/gizmos.example.org`, current)).status).toBe(200);
    expect((await call(url, 'GET', '/apis/example.org/v1/gizmos/g')).body.spec).toEqual({ mode: 'auto' });
    await call(url, 'DELETE', `${crds}/gizmos.example.org`);
  });

  it('serves the scale subresource through the CRD paths', async () => {
    const crd = widgetCrd('scalers', 'example.net');
    crd.spec.names.kind = 'Scaler';
    crd.spec.versions[0].subresources.scale = { specReplicasPath: '.spec.size', statusReplicasPath: '.status.ready', labelSelectorPath: '.status.selector' };
    expect((await call(url, 'POST', crds, crd)).status).toBe(201);
    const base = '/apis/example.net/v1/namespaces/default/scalers';
    await call(url, 'POST', base, { metadata: { name: 's' }, spec: { size: 1 } });
    await call(url, 'PATCH', `${base}/s/status`, { status: { ready: 1, selector: 'app=s' } }, merge);
    const scale = await call(url, 'GET', `${base}/s/scale`);
    expect(scale.body).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { replicas: 1 }, status: { replicas: 1, selector: 'app=s' } });
    const patched = await call(url, 'PATCH', `${base}/s/scale`, { spec: { replicas: 4 } }, merge);
    expect(patched.body.spec.replicas).toBe(4);
    expect((await call(url, 'GET', `${base}/s`)).body.spec.size).toBe(4);
    expect((await call(url, 'GET', '/apis/example.net/v1')).body.resources.map((r: any) => r.name)).toEqual(['scalers', 'scalers/scale', 'scalers/status']);
    await call(url, 'DELETE', `${crds}/scalers.example.net`);
  });

  it('deletes a CRD: its objects go (finalizers honoured), watches end, discovery forgets it', async () => {
    await call(url, 'PATCH', `${widgets}/w4`, { metadata: { finalizers: ['example.com/hold'] } }, merge);
    const w = await openWatch(url, `${widgets}?watch=true&resourceVersion=${server.stats().resourceVersion}`);
    const del = await call(url, 'DELETE', `${crds}/widgets.example.com`);
    expect(del.body.metadata.finalizers).toContain('customresourcecleanup.apiextensions.k8s.io');
    await waitFor(async () => (await call(url, 'GET', `${widgets}/w1`)).status === 404, 30_000, 'objects to go');
    expect((await call(url, 'GET', `${crds}/widgets.example.com`)).status).toBe(200);
    await call(url, 'PATCH', `${widgets}/w4`, { metadata: { finalizers: null } }, merge);
    await w.ended;
    expect(w.pending().filter((e) => e.type === 'DELETED').map((e) => e.object.metadata.name).sort()).toEqual(['applied', 'w1', 'w4']);
    await waitFor(async () => (await call(url, 'GET', `${crds}/widgets.example.com`)).status === 404, 30_000, 'CRD to go');
    expect((await call(url, 'GET', '/apis/example.com/v1')).status).toBe(404);
    expect((await call(url, 'GET', widgets)).status).toBe(404);
    await call(url, 'POST', crds, { ...widgetCrd('gadgets'), spec: { ...widgetCrd('gadgets').spec, names: { plural: 'gadgets', kind: 'Widget' } } });
    await call(url, 'POST', crds, widgetCrd('things'));
    // 'things' (kind Gadget) is fine; a second CRD claiming kind Widget is refused until 'gadgets' goes.
    const second = { ...widgetCrd('others'), spec: { ...widgetCrd('others').spec, names: { plural: 'others', kind: 'Widget' } } };
    await call(url, 'POST', crds, second);
    const refused = (await call(url, 'GET', `${crds}/others.example.com`)).body;
    expect(refused.status.conditions.find((c: any) => c.type === 'NamesAccepted').status).toBe('False');
    await call(url, 'DELETE', `${crds}/gadgets.example.com`);
    await waitFor(async () => (await call(url, 'GET', '/apis/example.com/v1/namespaces/default/others')).status === 200, 30_000, 'the refused CRD to be accepted');
  });
});
