// Built-in kinds and server options over real HTTP: Events served as core/v1 and events.k8s.io/v1 from
// one store, involvedObject field selectors, MicroTime strictness, Leases with optimistic concurrency,
// strategic merge on built-ins, bearer tokens, /version, OpenAPI and the kubeconfig.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch, waitFor } from './protocolHelpers.js';

let server: ApiServer;
let url: string;

beforeAll(async () => {
  server = await startApiServer({ strictMicroTime: true });
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

const coreEvents = '/api/v1/namespaces/default/events';
const v1Events = '/apis/events.k8s.io/v1/namespaces/default/events';

describe('built-in kinds', () => {
  it('serves one stored Event through core/v1 and events.k8s.io/v1, with involvedObject selectors', async () => {
    const created = await call(url, 'POST', v1Events, {
      metadata: { generateName: 'ev-' },
      regarding: { kind: 'Widget', namespace: 'default', name: 'w1', uid: 'u-1', apiVersion: 'example.com/v1' },
      note: 'hello',
      reason: 'Tested',
      type: 'Normal',
      action: 'Test',
      reportingController: 'tests',
      reportingInstance: 'tests-1',
      eventTime: '2026-01-02T03:04:05.123456Z',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ apiVersion: 'events.k8s.io/v1', kind: 'Event', note: 'hello', regarding: { name: 'w1' } });
    const name = created.body.metadata.name;
    const core = await call(url, 'GET', `${coreEvents}/${name}`);
    expect(core.body).toMatchObject({ apiVersion: 'v1', kind: 'Event', message: 'hello', involvedObject: { uid: 'u-1' }, reportingComponent: 'tests' });
    const selector = encodeURIComponent('involvedObject.namespace=default,involvedObject.kind=Widget,involvedObject.uid=u-1,involvedObject.name=w1');
    const listed = await call(url, 'GET', `${coreEvents}?fieldSelector=${selector}&limit=500`, undefined, { accept: 'application/vnd.kubernetes.protobuf,application/json' });
    expect(listed.body.items.map((i: any) => i.metadata.name)).toEqual([name]);
    const none = await call(url, 'GET', `${coreEvents}?fieldSelector=involvedObject.name%3Dother`);
    expect(none.body.items).toEqual([]);
  });

  it('requires the events.k8s.io/v1 fields and rejects 3-digit MicroTimes when strict', async () => {
    const missing = await call(url, 'POST', v1Events, { metadata: { name: 'bad' }, note: 'x' });
    expect(missing.status).toBe(422);
    const ms = await call(url, 'POST', coreEvents, { metadata: { name: 'ms' }, involvedObject: { name: 'x' }, eventTime: new Date().toISOString() });
    expect(ms.status).toBe(400);
    const lease = await call(url, 'POST', '/apis/coordination.k8s.io/v1/namespaces/default/leases', { metadata: { name: 'l' }, spec: { renewTime: '2026-01-02T03:04:05.123Z' } });
    expect(lease.status).toBe(400);
  });

  it('drops unknown fields of built-ins like a typed decoder, reported per fieldValidation', async () => {
    const cms = '/api/v1/namespaces/default/configmaps';
    const typo = { metadata: { name: 'typo', lables: { a: 'b' } }, data: { k: 'v' }, dta: { x: 'y' } };
    const strict = await call(url, 'POST', `${cms}?fieldValidation=Strict`, typo);
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "dta", unknown field "metadata.lables"');
    const warned = await call(url, 'POST', cms, typo);
    expect(warned.status).toBe(201);
    expect(warned.body.dta).toBeUndefined();
    expect(warned.body.metadata.lables).toBeUndefined();
    expect(String(warned.headers.warning)).toContain('unknown field \\"dta\\"');
  });

  it('labels namespaces with their name and gives each a default ServiceAccount', async () => {
    const created = await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'team-a', labels: { tier: 'x' } } });
    expect(created.body.metadata.labels).toEqual({ tier: 'x', 'kubernetes.io/metadata.name': 'team-a' });
    const relabel = await call(url, 'PATCH', '/api/v1/namespaces/team-a', { metadata: { labels: { 'kubernetes.io/metadata.name': null } } }, { 'content-type': 'application/merge-patch+json' });
    expect(relabel.body.metadata.labels['kubernetes.io/metadata.name']).toBe('team-a');
    const selected = await call(url, 'GET', `/api/v1/namespaces?labelSelector=${encodeURIComponent('kubernetes.io/metadata.name in (team-a,default)')}`);
    expect(selected.body.items.map((n: any) => n.metadata.name).sort()).toEqual(['default', 'team-a']);
    expect((await call(url, 'GET', '/api/v1/namespaces/team-a/serviceaccounts/default')).status).toBe(200);
    expect((await call(url, 'GET', '/api/v1/namespaces/kube-system/serviceaccounts/default')).status).toBe(200);
  });

  it('allocates cluster IPs and node ports for Services and keeps them across updates that omit them', async () => {
    const services = '/api/v1/namespaces/default/services';
    const a = (await call(url, 'POST', services, { metadata: { name: 'svc-a' }, spec: { ports: [{ port: 80 }] } })).body;
    const b = (await call(url, 'POST', services, { metadata: { name: 'svc-b' }, spec: { type: 'NodePort', ports: [{ name: 'http', port: 80 }] } })).body;
    expect(a.spec).toMatchObject({ type: 'ClusterIP', clusterIP: expect.stringMatching(/^10\.96\.\d+\.\d+$/), ipFamilies: ['IPv4'], ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] });
    expect(b.spec.clusterIP).not.toBe(a.spec.clusterIP);
    expect(b.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    const put = await call(url, 'PUT', `${services}/svc-b`, { metadata: { name: 'svc-b', resourceVersion: b.metadata.resourceVersion }, spec: { type: 'NodePort', ports: [{ name: 'http', port: 80 }] } });
    expect(put.body.spec.clusterIP).toBe(b.spec.clusterIP);
    expect(put.body.spec.ports[0].nodePort).toBe(b.spec.ports[0].nodePort);
    expect(put.body.metadata.resourceVersion).toBe(b.metadata.resourceVersion);
  });

  it('merges Secret stringData into data and enforces immutable ConfigMaps', async () => {
    const secret = await call(url, 'POST', '/api/v1/namespaces/default/secrets', { metadata: { name: 's' }, data: { a: 'eA==' }, stringData: { b: 'hello' } });
    expect(secret.body).toMatchObject({ type: 'Opaque', data: { a: 'eA==', b: Buffer.from('hello').toString('base64') } });
    expect(secret.body.stringData).toBeUndefined();
    const cms = '/api/v1/namespaces/default/configmaps';
    await call(url, 'POST', cms, { metadata: { name: 'frozen' }, data: { a: '1' }, immutable: true });
    const changed = await call(url, 'PATCH', `${cms}/frozen`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
    expect(changed.status).toBe(422);
    expect(changed.body.details.causes[0]).toMatchObject({ field: 'data', message: 'Forbidden: field is immutable when `immutable` is set' });
    expect((await call(url, 'PATCH', `${cms}/frozen`, { metadata: { labels: { ok: 'yes' } } }, { 'content-type': 'application/merge-patch+json' })).status).toBe(200);
  });

  it('supports leader election on Leases by optimistic concurrency', async () => {
    const leases = '/apis/coordination.k8s.io/v1/namespaces/default/leases';
    const spec = { holderIdentity: 'a', leaseDurationSeconds: 15, renewTime: '2026-01-02T03:04:05.000000Z' };
    const created = (await call(url, 'POST', leases, { metadata: { name: 'leader' }, spec })).body;
    const first = await call(url, 'PUT', `${leases}/leader`, { ...created, spec: { ...spec, holderIdentity: 'b' } });
    expect(first.status).toBe(200);
    const second = await call(url, 'PUT', `${leases}/leader`, { ...created, spec: { ...spec, holderIdentity: 'c' } });
    expect(second.status).toBe(409);
  });

  it('strategic-merges built-ins by merge key and rejects unknown patch types with 415', async () => {
    const deployments = '/apis/apps/v1/namespaces/default/deployments';
    const containers = [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }];
    const d = await call(url, 'POST', deployments, { metadata: { name: 'd' }, spec: { template: { spec: { containers } } } });
    expect(d.body.metadata.generation).toBe(1);
    const smp = await call(url, 'PATCH', `${deployments}/d`, { spec: { template: { spec: { containers: [{ name: 'b', image: 'b:2' }] } } } }, { 'content-type': 'application/strategic-merge-patch+json' });
    expect(smp.status).toBe(200);
    expect(smp.body.spec.template.spec.containers.map((c: any) => [c.name, c.image, c.imagePullPolicy])).toEqual([
      ['a', 'a:1', 'IfNotPresent'],
      ['b', 'b:2', 'IfNotPresent'],
    ]);
    // kube's defaults are filled in, as on a real cluster (operators diffing desired vs live must expect them).
    expect(smp.body.spec).toMatchObject({ replicas: 1, revisionHistoryLimit: 10, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } });
    expect(smp.body.spec.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30 });
    expect(smp.body.metadata.generation).toBe(2);
    const status = await call(url, 'PATCH', `${deployments}/d/status`, { status: { replicas: 1 } }, { 'content-type': 'application/merge-patch+json' });
    expect(status.body.metadata.generation).toBe(2);
    expect(status.body.status.replicas).toBe(1);
    await call(url, 'PATCH', `${deployments}/d`, { spec: { selector: { matchLabels: { app: 'd' } } } }, { 'content-type': 'application/merge-patch+json' });
    const scaled = await call(url, 'PATCH', `${deployments}/d/scale`, { spec: { replicas: 3 } }, { 'content-type': 'application/merge-patch+json' });
    expect(scaled.body).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 3 }, status: { replicas: 1, selector: 'app=d' } });
    const after = (await call(url, 'GET', `${deployments}/d`)).body;
    expect(after.spec.replicas).toBe(3);
    expect(after.metadata.generation).toBe(4);
    const weird = await call(url, 'PATCH', `${deployments}/d`, {}, { 'content-type': 'application/xml' });
    expect(weird.status).toBe(415);
  });

  it('answers access reviews with yes (no RBAC here) and never stores them', async () => {
    const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb: 'get', resource: 'pods' } } };
    const r = await call(url, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'SelfSubjectAccessReview', spec: review.spec, status: { allowed: true } });
    expect((await call(url, 'GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')).status).toBe(405);
    const who = await call(url, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
    expect(who.body.status.userInfo.username).toBe('system:anonymous');
  });

  it('serves /version, OpenAPI v3 documents with PATCH operations, and the Swagger 2.0 /openapi/v2', async () => {
    expect((await call(url, 'GET', '/version')).body).toMatchObject({ major: '1', gitVersion: expect.stringMatching(/^v1\./) });
    const root = (await call(url, 'GET', '/openapi/v3')).body;
    const doc = (await call(url, 'GET', root.paths['api/v1'].serverRelativeURL)).body;
    const patch = doc.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: '', version: 'v1', kind: 'ConfigMap' });
    expect(patch.parameters.some((p: any) => p.name === 'fieldValidation')).toBe(true);
    const v2 = await call(url, 'GET', '/openapi/v2');
    expect(v2.status).toBe(200);
    expect(v2.body.swagger).toBe('2.0');
    expect(v2.body.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch['x-kubernetes-group-version-kind']).toEqual({ group: '', version: 'v1', kind: 'ConfigMap' });
  });
});

/** Protobuf encoding of length-delimited fields only (enough for the test bodies). */
function pb(fields: [number, Buffer | string][]): Buffer {
  const parts: Buffer[] = [];
  for (const [field, value] of fields) {
    const bytes = typeof value === 'string' ? Buffer.from(value) : value;
    parts.push(Buffer.from([(field << 3) | 2, bytes.length]), bytes);
  }
  return Buffer.concat(parts);
}

describe('protobuf bodies (kubectl create configmap|deployment|…)', () => {
  it('decodes a ConfigMap sent as application/vnd.kubernetes.protobuf', async () => {
    const meta = pb([[1, 'from-proto'], [11, pb([[1, 'app'], [2, 'x']])]]);
    const cm = pb([[1, meta], [2, pb([[1, 'k'], [2, 'v']])]]);
    const envelope = Buffer.concat([Buffer.from('k8s\0', 'latin1'), pb([[1, pb([[1, 'v1'], [2, 'ConfigMap']])], [2, cm]])]);
    const res = await fetch(`${url}/api/v1/namespaces/default/configmaps`, { method: 'POST', body: envelope, headers: { 'content-type': 'application/vnd.kubernetes.protobuf' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    expect(body.metadata).toMatchObject({ name: 'from-proto', labels: { app: 'x' } });
    expect(body.metadata.generateName).toBeUndefined();
    expect(body.data).toEqual({ k: 'v' });
    const other = Buffer.concat([Buffer.from('k8s\0', 'latin1'), pb([[1, pb([[1, 'v1'], [2, 'Pod']])], [2, Buffer.alloc(0)]])]);
    const refused = await fetch(`${url}/api/v1/namespaces/default/pods`, { method: 'POST', body: other, headers: { 'content-type': 'application/vnd.kubernetes.protobuf' } });
    expect(refused.status).toBe(415);
    await refused.text();
  });

  it('decodes the nested messages of a Deployment (as kubectl create deployment sends it)', async () => {
    const meta = pb([[1, 'web'], [11, pb([[1, 'app'], [2, 'web']])]]);
    const container = pb([[1, 'nginx'], [2, 'nginx'], [6, pb([[1, '']]) ]]);
    const podSpec = pb([[2, container]]);
    const template = pb([[1, pb([[11, pb([[1, 'app'], [2, 'web']])]])], [2, podSpec]]);
    const spec = Buffer.concat([Buffer.from([0x08, 0x02]), pb([[2, pb([[1, pb([[1, 'app'], [2, 'web']])]])], [3, template]])]);
    const body = Buffer.concat([Buffer.from('k8s\0', 'latin1'), pb([[1, pb([[1, 'apps/v1'], [2, 'Deployment']])], [2, pb([[1, meta], [2, spec]])]])]);
    const res = await fetch(`${url}/apis/apps/v1/namespaces/default/deployments`, { method: 'POST', body, headers: { 'content-type': 'application/vnd.kubernetes.protobuf' } });
    expect(res.status).toBe(201);
    const d = (await res.json()) as any;
    expect(d.spec).toMatchObject({
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', imagePullPolicy: 'Always', ports: [{ protocol: 'TCP' }] }] } },
    });
    expect(Object.keys(d.spec.template.spec.containers[0].ports[0])).toEqual(['protocol']);
  });
});

describe('server options', () => {
  it('requires the bearer token when one is set, and can change it at run time', async () => {
    const guarded = await startApiServer({ token: 's3cret' });
    try {
      const denied = await call(guarded.url, 'GET', '/api/v1/namespaces');
      expect(denied.status).toBe(401);
      expect(denied.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
      expect((await call(guarded.url, 'GET', '/api/v1/namespaces', undefined, { authorization: 'Bearer s3cret' })).status).toBe(200);
      const kc = parse(guarded.kubeconfig());
      expect(kc.users[0].user).toEqual({ token: 's3cret' });
      expect(kc.clusters[0].cluster['insecure-skip-tls-verify']).toBe(true);
      guarded.setToken(undefined);
      expect((await call(guarded.url, 'GET', '/api/v1/namespaces')).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('closes everything on close(): open watches end, the port refuses, no timers or sockets stay', async () => {
    const count = (kind: string): number => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const before = { timers: count('Timeout'), sockets: count('TCPSocketWrap') + count('TCPServerWrap') };
    for (let i = 0; i < 5; i++) {
      const s = await startApiServer({ faults: 'watch-drop=1m,compact-every=1m', bookmarkIntervalMs: 1000 });
      const w = await openWatch(s.url, '/api/v1/namespaces/default/configmaps?watch=true&allowWatchBookmarks=true&timeoutSeconds=300');
      await call(s.url, 'GET', '/api/v1/namespaces');
      await s.close();
      await w.ended;
      await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    }
    await waitFor(() => count('TCPSocketWrap') + count('TCPServerWrap') <= before.sockets, 30_000, 'sockets to close');
    expect(count('Timeout')).toBeLessThanOrEqual(before.timers);
  });

  it('binds loopback by default, injects faults with Retry-After, and records requests', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    server.faults.failNext(1, 429, { retryAfterSeconds: 3 });
    const limited = await call(url, 'GET', '/api/v1/namespaces/default/configmaps');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
    expect((await call(url, 'GET', '/healthz')).status).toBe(200);
    const createsBefore = server.stats().requests['create configmaps'] ?? 0;
    await call(url, 'POST', '/api/v1/namespaces/default/configmaps', configMap('audited'));
    const record = server.requests().filter((r) => r.verb === 'create' && r.name === undefined && r.resource === 'configmaps').at(-1);
    expect(record).toMatchObject({ group: '', version: 'v1', namespace: 'default', code: 201, user: 'system:anonymous' });
    expect(server.stats().requests['create configmaps']).toBe(createsBefore + 1);
    const metrics = await call(url, 'GET', '/metrics');
    expect(metrics.text).toContain('apiserver_request_total{');
  });

  it('counts the watches it drops and the compactions it makes, so a scenario can prove they happened', async () => {
    const before = server.faults.counts();
    const first = await openWatch(url, '/api/v1/namespaces/default/configmaps?watch=true');
    const second = await openWatch(url, '/api/v1/namespaces/default/secrets?watch=true');
    await waitFor(() => server.stats().watches >= 2, 30_000, 'both watches to be open');
    server.faults.dropWatches();
    await first.ended;
    await second.ended;
    server.faults.compactNow();
    server.faults.compactNow();
    const counts = server.faults.counts();
    expect(counts.droppedWatches - before.droppedWatches).toBe(2);
    expect(counts.compactions - before.compactions).toBe(2);
    expect({ failed: counts.failed, cut: counts.cut }).toEqual({ failed: before.failed, cut: before.cut });
  });

  it('cuts off one client by its User-Agent as a network partition would, and counts what it cut', async () => {
    const before = server.faults.counts();
    const lists = (): number => server.requests().filter((r) => r.requestURI === '/api/v1/namespaces/default/configmaps' && r.verb === 'list').length;
    const listsBefore = lists();
    const cut = { 'user-agent': 'opkit/0.1.0 (replica-a)' };
    const other = { 'user-agent': 'opkit/0.1.0 (replica-b)' };
    const watch = await openWatch(url, '/api/v1/namespaces/default/configmaps?watch=true', cut);
    server.faults.partition('replica-a');
    await watch.ended;                                          // its open connection is closed
    await expect(call(url, 'GET', '/api/v1/namespaces/default/configmaps', undefined, cut)).rejects.toThrow(); // no answer at all
    expect((await call(url, 'GET', '/api/v1/namespaces/default/configmaps', undefined, other)).status).toBe(200);
    const counts = server.faults.counts();
    expect(counts.cut - before.cut).toBe(2);                    // the watch's connection and the request
    expect(counts.failed).toBe(before.failed);
    expect(lists() - listsBefore).toBe(1); // replica-b's list is served and audited; replica-a's never reached the server
    server.faults.heal('replica-a');
    expect((await call(url, 'GET', '/api/v1/namespaces/default/configmaps', undefined, cut)).status).toBe(200);
  });
});
