// Acceptance: bad input never crashes the server or corrupts its state. A seeded stream of a few
// thousand malformed requests (random paths, methods, headers, bodies, query parameters) must each get
// a well-formed HTTP answer — a Status JSON body on API paths, never a 5xx unless injected — and
// afterwards the server still answers a normal CRUD + watch sequence correctly.
import { request as httpRequest } from 'node:http';
import type { OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const SEED = 0x5eed;
const COUNT = 3000;
const CONCURRENCY = 8;

/** mulberry32: a small seeded PRNG so that a failure replays exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  streaming: boolean;
}

interface Sent {
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer | string;
}

let server: ApiServer;
let port: number;

/** Sends one raw request; a watch-like answer still streaming after `streamMs` is cut and marked. */
function send(req: Sent, streamMs = 300): Promise<Answer> {
  // Frame every body (Node's client sends DELETE/OPTIONS/TRACE bodies unframed unless told the length).
  const headers = { ...req.headers };
  if (req.body !== undefined && headers['transfer-encoding'] === undefined) headers['content-length'] = Buffer.byteLength(req.body);
  return new Promise((resolve) => {
    const r = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let done = false;
      const finish = (streaming: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), streaming });
        if (streaming) res.destroy();
      };
      const timer = setTimeout(() => finish(true), streamMs);
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(false));
      res.on('error', () => finish(true));
    });
    r.setTimeout(10_000, () => r.destroy(new Error(`no answer within 10 s to ${req.method} ${req.path}`)));
    // A client-side parse error is a malformed answer: report it as status 0 with the reason.
    r.on('error', (error) => resolve({ status: 0, headers: {}, body: String(error.message), streaming: false }));
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

const PATHS = [
  '/api', '/apis', '/api/v1', '/apis/apps/v1', '/api/v2', '/apis/nope/v1', '/api/v1/namespaces', '/api/v1/namespaces/default',
  '/api/v1/namespaces/default/configmaps', '/api/v1/namespaces/default/configmaps/fuzz', '/api/v1/namespaces/fuzz-ns/configmaps',
  '/api/v1/namespaces/default/configmaps/fuzz/status', '/api/v1/namespaces/default/unknowns', '/api/v1/configmaps', '/api/v1/secrets',
  '/api/v1/namespaces/default/pods/p/log', '/api/v1/namespaces/default/events', '/apis/coordination.k8s.io/v1/namespaces/default/leases/l',
  '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.y',
  '/api/v1/watch/namespaces/default/configmaps', '/api/v1/namespaces//configmaps', '/api/v1/namespaces/default/configmaps/',
  '/api/v1/namespaces/%2e%2e/configmaps', '/api/v1/namespaces/default/configmaps/a%2Fb', '/api/v1/namespaces/default/configmaps/..',
  '/api/v1/namespaces/default/configmaps/UPPER', '/api/v1/namespaces/default/configmaps/x/y/z/w', '/apis/apps', '/apis/apps/v1/deployments',
  '/version', '/healthz', '/readyz', '/livez', '/metrics', '/openapi/v3', '/openapi/v2', '/', '/favicon.ico', '//api//v1', '/api/v1/%ZZ',
];
// Methods Node's HTTP parser accepts (it answers unknown tokens itself, before the server sees them).
const METHODS = ['GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE'];
const CONTENT_TYPES = [
  'application/json', 'application/json', 'application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json',
  'application/apply-patch+yaml', 'text/plain', 'application/xml', 'application/vnd.kubernetes.protobuf', 'multipart/form-data; boundary=x', '', 'application/json; charset=latin1',
];
const ACCEPTS = ['*/*', 'application/json', 'application/json;as=Table;v=v1;g=meta.k8s.io', 'text/html', 'application/vnd.kubernetes.protobuf', 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', ''];
const QUERIES = [
  'labelSelector=a%20in%20(b', 'labelSelector=!!x', 'labelSelector=a=b,,c', 'labelSelector=' + 'x'.repeat(300), 'fieldSelector=spec.foo=1', 'fieldSelector=metadata.name',
  'limit=-1', 'limit=abc', 'limit=99999999999999999999', 'continue=garbage', 'continue=eyJ4IjoxfQ', 'resourceVersion=abc', 'resourceVersion=-5', 'resourceVersion=999999999',
  'resourceVersionMatch=Bogus', 'watch=maybe', 'watch=true&timeoutSeconds=1', 'watch=1&resourceVersion=1', 'timeoutSeconds=-1', 'propagationPolicy=Sideways',
  'gracePeriodSeconds=x', 'dryRun=Maybe', 'fieldManager=' + 'm'.repeat(200), 'force=yes', 'fieldValidation=Loud', 'sendInitialEvents=true', 'pretty=1', '%zz=1', 'a=%',
];
const BODIES: Array<(rand: () => number) => string | Buffer> = [
  () => '{',
  () => '{"metadata":',
  () => 'null',
  () => '[]',
  () => '"string"',
  () => '42',
  () => '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"fuzz"},"data":{"a":1}}',
  () => '{"metadata":{"name":"Bad_Name!"}}',
  () => '{"metadata":{"name":"fuzz","namespace":"other"}}',
  () => '{"metadata":{"name":"fuzz","resourceVersion":"zzz"}}',
  () => '{"metadata":{"name":"fuzz","labels":{"a":5}}}',
  () => '{"metadata":"nope","spec":[]}',
  () => '[{"op":"explode","path":"/x"}]',
  () => '[{"op":"remove","path":"/metadata/name"}]',
  () => '[{"op":"test","path":"/metadata/resourceVersion","value":"0"}]',
  () => '{"$patch":"delete"}',
  () => 'a: [unclosed',
  () => '\u0000\u0001\u0002binary',
  () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  (rand) => nested(Math.floor(rand() * 20_000)),
  (rand) => Buffer.alloc(Math.floor(rand() * 2048), 0x61),
];

/** A deeply nested object as text (built as text: JSON.stringify itself would overflow the stack). */
function nested(depth: number): string {
  return `{"metadata":{"name":"deep"},"data":${'{"x":'.repeat(depth)}"leaf"${'}'.repeat(depth)}}`;
}

function randomRequest(rand: () => number): Sent {
  let path = pick(rand, PATHS);
  if (rand() < 0.15) path += `/${encodeURIComponent(String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 12) }, () => 32 + Math.floor(rand() * 400))))}`;
  if (rand() < 0.5) {
    const parts = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(rand, QUERIES));
    path += `?${parts.join('&')}`;
  }
  const method = pick(rand, METHODS);
  const headers: OutgoingHttpHeaders = {};
  const accept = pick(rand, ACCEPTS);
  if (accept) headers.accept = accept;
  if (rand() < 0.1) headers.authorization = pick(rand, ['Bearer', 'Bearer x', 'Basic Zm9vOmJhcg==', '']);
  if (rand() < 0.05) headers['transfer-encoding'] = 'chunked';
  if (rand() < 0.05) headers['x-garbage'] = 'y'.repeat(4000);
  let body: string | Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' && rand() < 0.9) {
    const contentType = pick(rand, CONTENT_TYPES);
    if (contentType) headers['content-type'] = contentType;
    body = pick(rand, BODIES)(rand);
  }
  return { method, path, headers, body };
}

/** The object path of a list item (lists of namespaced kinds span all namespaces). */
function objectPath(listPath: string, item: { metadata: { name: string; namespace?: string } }): string {
  const { name, namespace } = item.metadata;
  if (!namespace) return `${listPath}/${name}`;
  const cut = listPath.lastIndexOf('/');
  return `${listPath.slice(0, cut)}/namespaces/${namespace}${listPath.slice(cut)}/${name}`;
}

function isApiPath(path: string): boolean {
  const p = path.split('?')[0]!;
  return p === '/api' || p === '/apis' || p.startsWith('/api/') || p.startsWith('/apis/');
}

/** Checks one answer; returns a description of what is wrong, or undefined. */
function problem(req: Sent, res: Answer): string | undefined {
  const where = `${req.method} ${req.path} (${String(req.headers['content-type'] ?? '-')})`;
  if (res.status < 200 || res.status > 599) return `${where}: bad status ${res.status} ${res.body}`;
  // 504 "Too large resource version" is kube's own answer to an RV from the future.
  const tooLargeRv = res.status === 504 && res.body.includes('"ResourceVersionTooLarge"');
  if (res.status >= 500 && !tooLargeRv) return `${where}: ${res.status} ${res.body.slice(0, 300)}`;
  if (req.method === 'HEAD' || res.streaming || !isApiPath(req.path)) return undefined;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `${where}: ${res.status} with Content-Type ${String(res.headers['content-type'])}: ${JSON.stringify(res.headers)} ${res.body.slice(0, 200)}`;
  }
  if (/[?&]watch=(1|true)/.test(req.path) && res.status === 200) {
    const complete = res.body.slice(0, res.body.lastIndexOf('\n') + 1); // a cut stream may end mid-line
    for (const line of complete.split('\n').filter(Boolean)) {
      try {
        const event = JSON.parse(line);
        if (typeof event.type !== 'string' || typeof event.object !== 'object') return `${where}: bad watch event ${line.slice(0, 200)}`;
      } catch {
        return `${where}: watch line is not JSON: ${line.slice(0, 200)}`;
      }
    }
    return undefined;
  }
  let parsed: any;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return `${where}: ${res.status} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (res.status >= 400 && (parsed.kind !== 'Status' || parsed.code !== res.status || parsed.status !== 'Failure')) {
    return `${where}: ${res.status} without a matching Status: ${res.body.slice(0, 300)}`;
  }
  return undefined;
}

beforeAll(async () => {
  server = await startApiServer();
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server?.close();
});

describe('the API server under malformed input', { timeout: deadline(30_000) }, () => {
  it(`answers ${COUNT} seeded malformed requests well-formed and without 5xx`, async () => {
    const rand = prng(SEED);
    const requests = Array.from({ length: COUNT }, () => randomRequest(rand));
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const req = requests[next++]!;
          const res = await send(req);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const p = problem(req, res);
          if (p) problems.push(p);
        }
      }),
    );
    expect(problems.slice(0, 20)).toEqual([]);
    // The stream really exercised the error paths.
    for (const code of [400, 404, 405, 415, 422]) expect(statuses.get(code) ?? 0, `no ${code} answers`).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, deadline(90_000));

  it('keeps its stored state well-formed', async () => {
    const current = Number(server.stats().resourceVersion);
    for (const path of ['/api/v1/namespaces', '/api/v1/configmaps', '/api/v1/secrets', '/api/v1/events', '/apis/coordination.k8s.io/v1/leases',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', '/apis/apps/v1/deployments']) {
      const res = await send({ method: 'GET', path, headers: {} }, 5000);
      expect(res.status, path).toBe(200);
      const list = JSON.parse(res.body);
      expect(Number(list.metadata.resourceVersion)).toBe(current);
      for (const item of list.items) {
        expect(item.metadata.name, path).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
        expect(item.metadata.uid, path).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number(item.metadata.resourceVersion), path).toBeLessThanOrEqual(current);
        const got = await send({ method: 'GET', path: item.metadata.selfLink ?? objectPath(path, item), headers: {} }, 5000);
        expect(JSON.parse(got.body).metadata.resourceVersion, `${path} ${item.metadata.name}`).toBe(item.metadata.resourceVersion);
      }
    }
  });

  it('answers 401 with a Status to every API request without the right bearer token', async () => {
    const rand = prng(SEED + 1);
    server.setToken('fuzz-token');
    const checked = { admitted: 0, refused: 0 };
    try {
      for (let i = 0; i < 300; i++) {
        const req = randomRequest(rand);
        const auth = pick(rand, [undefined, 'Bearer fuzz-token', 'Bearer wrong', 'bearer fuzz-token', 'Bearer  fuzz-token', 'Basic x']);
        if (auth === undefined) delete req.headers.authorization;
        else req.headers.authorization = auth;
        const res = await send(req);
        const p = problem(req, res);
        expect(p).toBeUndefined();
        if (!isApiPath(req.path)) continue;
        if (auth === 'Bearer fuzz-token' || auth === 'bearer fuzz-token') {
          expect(res.status, `${req.method} ${req.path} with ${auth}`).not.toBe(401);
          checked.admitted += 1;
        } else if (auth !== 'Bearer  fuzz-token') {
          expect(res.status, `${req.method} ${req.path} with ${auth}`).toBe(401);
          checked.refused += 1;
        }
      }
    } finally {
      server.setToken(undefined);
    }
    // Both branches ran on a good share of the 300 requests.
    expect(checked.admitted, JSON.stringify(checked)).toBeGreaterThan(30);
    expect(checked.refused, JSON.stringify(checked)).toBeGreaterThan(30);
  });

  it('answers bodies over 3 MiB with 413 and a Status', async () => {
    const big = JSON.stringify({ metadata: { name: 'big' }, data: { a: 'x'.repeat(3 * 1024 * 1024 + 10) } });
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const path = method === 'POST' ? '/api/v1/namespaces/default/configmaps' : '/api/v1/namespaces/default/configmaps/big';
      const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      const res = await send({ method, path, headers: { 'content-type': contentType }, body: big }, 5000);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', status: 'Failure', code: 413 });
    }
  });

  it('mixes injected 503s (Status + Retry-After) into malformed traffic without other 5xx', async () => {
    const rand = prng(SEED + 2);
    server.faults.set({ errorRate: 0.3, errorCode: 503, retryAfterSeconds: 7, latencyMs: 1 });
    let injected = 0;
    try {
      for (let i = 0; i < 300; i++) {
        const req = randomRequest(rand);
        const res = await send(req);
        if (res.status === 503 && isApiPath(req.path)) {
          injected += 1;
          expect(res.headers['retry-after']).toBe('7');
          if (req.method !== 'HEAD') expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', status: 'Failure', code: 503 });
          continue;
        }
        expect(problem(req, res)).toBeUndefined();
      }
    } finally {
      server.faults.clear();
    }
    expect(injected).toBeGreaterThan(30);
  });

  it('answers injected faults with a Status and Retry-After', async () => {
    server.faults.failNext(1, 503, { retryAfterSeconds: 2 });
    const res = await send({ method: 'GET', path: '/api/v1/namespaces', headers: {} });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', code: 503 });
  });

  it('still serves CRUD and watch correctly afterwards', async () => {
    const ns = 'after-fuzz';
    const json = (body: unknown): Sent['headers'] => ({ 'content-type': 'application/json', 'content-length': Buffer.byteLength(JSON.stringify(body)) });
    const post = async (path: string, body: unknown): Promise<Answer> => send({ method: 'POST', path, headers: json(body), body: JSON.stringify(body) }, 5000);
    expect((await post('/api/v1/namespaces', { metadata: { name: ns } })).status).toBe(201);
    const base = `/api/v1/namespaces/${ns}/configmaps`;
    const list = JSON.parse((await send({ method: 'GET', path: base, headers: {} })).body);
    expect(list).toMatchObject({ kind: 'ConfigMapList', items: [] });

    const events: any[] = [];
    const watch = await new Promise<{ close(): void }>((resolve, reject) => {
      const r = httpRequest({ host: '127.0.0.1', port, path: `${base}?watch=true&resourceVersion=${list.metadata.resourceVersion}` }, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let nl;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            events.push(JSON.parse(buffer.slice(0, nl)));
            buffer = buffer.slice(nl + 1);
          }
        });
        res.on('error', () => undefined);
        resolve({ close: () => r.destroy() });
      });
      r.on('error', reject);
      r.end();
    });
    try {
      const created = JSON.parse((await post(base, { metadata: { name: 'c1' }, data: { a: '1' } })).body);
      const patchBody = JSON.stringify({ data: { a: '2' } });
      const patched = await send({ method: 'PATCH', path: `${base}/c1`, headers: { 'content-type': 'application/merge-patch+json' }, body: patchBody }, 5000);
      expect(JSON.parse(patched.body).data).toEqual({ a: '2' });
      const got = JSON.parse((await send({ method: 'GET', path: `${base}/c1`, headers: {} })).body);
      expect(got.metadata.uid).toBe(created.metadata.uid);
      expect((await send({ method: 'DELETE', path: `${base}/c1`, headers: {} }, 5000)).status).toBe(200);
      expect((await send({ method: 'GET', path: `${base}/c1`, headers: {} })).status).toBe(404);
      const giveUpAt = Date.now() + deadline(30_000);
      while (events.length < 3 && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
      const rvs = events.map((e) => Number(e.object.metadata.resourceVersion));
      expect(rvs[0]).toBe(Number(created.metadata.resourceVersion));
      expect(rvs[1]).toBeGreaterThan(rvs[0]!);
      expect(rvs[2]).toBeGreaterThan(rvs[1]!);
    } finally {
      watch.close();
    }
    const health = await send({ method: 'GET', path: '/healthz', headers: {} });
    expect(health.status).toBe(200);
  });
});
