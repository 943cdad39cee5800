import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { AdmissionReviewError, Registry, reviewAdmission } from '@opkit/handlers';
import type { AdmissionReviewResponse } from '@opkit/handlers';
import { afterEach, describe, expect, it } from 'vitest';
import { generateCertificates } from './certificates.js';
import { WebhooksError } from './errors.js';
import { startWebhookServer } from './webhookServer.js';
import type { WebhookCall, WebhookServer, WebhookServerOptions } from './webhookServer.js';

interface Answer { status: number; body: any; fingerprint: string }

/** POST (or another method) over a fresh TLS connection that trusts only the server's CA. */
function call(server: WebhookServer, path: string, body: string | Buffer, options: { method?: string; headers?: Record<string, string>; ca?: string } = {}): Promise<Answer> {
  const ca = options.ca ?? Buffer.from(server.caBundle!, 'base64').toString('utf8');
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, path, method: options.method ?? 'POST', ca, agent: false, headers: { 'content-type': 'application/json', ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const peer = (res.socket as TLSSocket | null)?.getPeerCertificate?.();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, fingerprint: peer?.fingerprint256 ?? '' });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const obj = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kex1', namespace: 'default' }, spec: { field: 'wrong' } };
function reviewBody(request: Record<string, unknown> = {}): string {
  return JSON.stringify({
    apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview',
    request: { uid: 'u1', kind: { group: 'kopf.dev', version: 'v1', kind: 'KopfExample' }, resource: { group: 'kopf.dev', version: 'v1', resource: 'kopfexamples' }, operation: 'CREATE', userInfo: { username: 'alice' }, object: obj, ...request },
  });
}

const registry = new Registry();
const calls: WebhookCall[] = [];
registry.on.validate('kopfexamples', ({ spec }) => { if (spec.field === 'wrong') throw new Error('spec.field is wrong'); }, { id: 'validate/field' });
registry.on.mutate('kopfexamples', ({ patch }) => { patch.labels.mutated = 'yes'; }, { id: 'mutate1' });
const review = (body: unknown, call: WebhookCall): Promise<AdmissionReviewResponse> => {
  calls.push(call);
  return reviewAdmission(registry.admissionHandlers(), body, call);
};

const servers: WebhookServer[] = [];
const dirs: string[] = [];
async function start(options: Partial<WebhookServerOptions> = {}): Promise<WebhookServer> {
  const server = await startWebhookServer({ review, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  calls.length = 0;
});

async function until<T>(what: string, fn: () => Promise<T | undefined>, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('startWebhookServer', () => {
  it('serves AdmissionReviews over HTTPS with a generated CA, one path per handler id', async () => {
    const server = await start();
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.clientConfig()).toEqual({ url: server.url, caBundle: server.caBundle });
    const denied = await call(server, '/validate%2Ffield?timeout=10s', reviewBody(), { headers: { 'user-agent': 'kube-apiserver-admission' } });
    expect(denied.status).toBe(200);
    expect(denied.body).toEqual({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'u1', allowed: false, status: { code: 500, message: 'spec.field is wrong' } } });
    expect(calls[0]).toMatchObject({ webhook: 'validate/field', headers: { 'user-agent': 'kube-apiserver-admission' }, sslPeer: {} });
    const mutated = await call(server, '/mutate1', reviewBody());
    expect(mutated.body.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    expect(JSON.parse(Buffer.from(mutated.body.response.patch, 'base64').toString())).toEqual([{ op: 'add', path: '/metadata/labels', value: { mutated: 'yes' } }]);
    const all = await call(server, '/', reviewBody());
    expect(all.body.response).toMatchObject({ allowed: false, patchType: 'JSONPatch' });
  });

  it('serves under a base path and names the host it is reached by', async () => {
    const server = await start({ path: '/hooks/', host: 'localhost', extraSans: ['127.0.0.1'] });
    expect(server.url).toMatch(/^https:\/\/localhost:\d+\/hooks$/);
    expect((await call(server, '/hooks/mutate1', reviewBody())).status).toBe(200);
    expect((await call(server, '/mutate1', reviewBody())).status).toBe(404);
  });

  it('answers bad calls with clear 4xx statuses and keeps serving', async () => {
    const server = await start({ maxBodyBytes: 4096 });
    const cases: [string, string | Buffer, number, RegExp, string?][] = [
      ['/mutate1', 'not json', 400, /not JSON/],
      ['/mutate1', '{"apiVersion":"v1"}', 400, /Not a valid AdmissionReview: apiVersion must be/],
      ['/mutate1', reviewBody({ uid: 7 }), 400, /request.uid/],
      ['/nope', reviewBody(), 404, /No admission handler has the id "nope"/],
      ['/mutate1', reviewBody({ resource: { group: '', version: 'v1', resource: 'pods' } }), 404, /No admission handler serves the resource v1\/pods/],
      ['/%E0%A4%A', reviewBody(), 400, /not validly percent-encoded/],
      ['/mutate1', 'x'.repeat(5000), 413, /over the limit of 4096 bytes/],
      ['/mutate1', reviewBody(), 405, /answer POST requests/, 'PUT'],
    ];
    for (const [path, body, status, message, method] of cases) {
      const answer = await call(server, path, body, method ? { method } : {});
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.body).toMatchObject({ kind: 'Status', status: 'Failure', code: status });
      expect(answer.body.message).toMatch(message);
    }
    expect((await call(server, '/mutate1', reviewBody())).status).toBe(200);
  });

  it('answers 500 when the review function fails, and the AdmissionReviewError status it throws', async () => {
    let error: Error = new Error('internal bug');
    const server = await start({ review: () => Promise.reject(error) });
    expect(await call(server, '/x', reviewBody())).toMatchObject({ status: 500, body: { message: 'The webhook failed: internal bug' } });
    error = new AdmissionReviewError('unknown-webhook', 'no such hook');
    expect(await call(server, '/x', reviewBody())).toMatchObject({ status: 404, body: { message: 'no such hook' } });
  });

  it('answers 504 and aborts the handlers when the deadline passes (the shorter of ?timeout= and requestTimeout)', async () => {
    const aborted: unknown[] = [];
    const hang = (_body: unknown, { signal }: WebhookCall): Promise<never> => new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => { aborted.push(signal.reason); reject(new Error('aborted')); });
    });
    const server = await start({ review: hang, requestTimeout: 0.05 });
    const answer = await call(server, '/mutate1?timeout=30s', reviewBody());
    expect(answer).toMatchObject({ status: 504, body: { code: 504, message: 'The admission handlers did not answer within 0.05 seconds.' } });
    expect(aborted).toHaveLength(1);
    const short = await start({ review: hang, requestTimeout: 600 });
    expect((await call(short, '/mutate1?timeout=10ms', reviewBody())).body.message).toBe('The admission handlers did not answer within 0.01 seconds.');
  });

  it('survives hundreds of malformed, oversize and garbage requests, then serves a good one', async () => {
    const server = await start({ maxBodyBytes: 10_000 });
    const { port } = server;
    const ca = Buffer.from(server.caBundle!, 'base64').toString('utf8');
    const garbage = (i: number): Buffer => createHash('sha512').update(String(i)).digest();
    const raw = (bytes: Buffer, tls: boolean): Promise<void> => new Promise((resolve) => {
      const socket = tls ? tlsConnect({ port, host: '127.0.0.1', ca }) : netConnect({ port, host: '127.0.0.1' });
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
      socket.on(tls ? 'secureConnect' : 'connect', () => socket.end(bytes));
      socket.on('data', () => undefined);
    });
    const attempts: Promise<unknown>[] = [];
    for (let i = 0; i < 300; i++) {
      switch (i % 10) {
        case 0: attempts.push(raw(garbage(i), false)); break; // not TLS at all
        case 1: attempts.push(raw(garbage(i), true)); break; // TLS, then not HTTP
        case 2: attempts.push(raw(Buffer.from(`POST /mutate1 HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{"apiVersion":`), true)); break; // truncated body
        case 3: attempts.push(raw(Buffer.from(`POST /mutate1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`), true)); break; // bad chunking
        case 4: attempts.push(call(server, '/mutate1', garbage(i), { ca })); break;
        case 5: attempts.push(call(server, '/mutate1', 'y'.repeat(20_000), { ca })); break; // oversize
        case 6: attempts.push(call(server, '/mutate1', JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 'x', resource: [], operation: i } }), { ca })); break;
        case 7: attempts.push(call(server, '/mutate1', '[1,2,3]', { ca })); break;
        case 8: attempts.push(call(server, `/${'%'.repeat(1 + (i % 7))}`, reviewBody(), { ca, method: i % 2 ? 'GET' : 'POST' })); break;
        default: attempts.push(call(server, '/mutate1', reviewBody({ object: 'str', oldObject: 5 }), { ca })); break;
      }
    }
    const results = await Promise.allSettled(attempts);
    const statuses = results.flatMap((r) => (r.status === 'fulfilled' && r.value && typeof r.value === 'object' ? [(r.value as Answer).status] : []));
    expect(statuses.length).toBeGreaterThanOrEqual(180);
    expect(statuses.filter((status) => status < 400 || status >= 500)).toEqual([]);
    const good = await call(server, '/mutate1', reviewBody());
    expect(good.status).toBe(200);
    expect(good.body.response.allowed).toBe(true);
  });

  it("serves the user's certificate files and reloads them when they change", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-webhook-certs-'));
    dirs.push(dir);
    const files = { certFile: join(dir, 'tls.crt'), keyFile: join(dir, 'tls.key'), caFile: join(dir, 'ca.crt') };
    const write = (certs: ReturnType<typeof generateCertificates>): void => {
      writeFileSync(files.caFile, certs.caPem);
      writeFileSync(files.keyFile, certs.keyPem);
      writeFileSync(files.certFile, certs.certPem);
    };
    const first = generateCertificates({ hostnames: ['127.0.0.1'] });
    write(first);
    const reloads: unknown[] = [];
    const server = await start({ certificates: files, fileCheckInterval: 0.02, onReload: (config) => reloads.push(config) });
    expect(server.caBundle).toBe(first.caBundle);
    const before = await call(server, '/mutate1', reviewBody());
    expect(before.fingerprint).toBe(new X509Certificate(first.certPem).fingerprint256);

    const second = generateCertificates({ hostnames: ['127.0.0.1'] });
    write(second);
    const after = await until('the new certificate', async () => {
      const answer = await call(server, '/mutate1', reviewBody(), { ca: `${first.caPem}${second.caPem}` });
      return answer.fingerprint === new X509Certificate(second.certPem).fingerprint256 ? answer : undefined;
    });
    expect(after.status).toBe(200);
    expect(server.caBundle).toBe(second.caBundle);
    expect(reloads).toContainEqual({ url: server.url, caBundle: second.caBundle });
  });

  it('refuses certificate files that do not belong together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-webhook-certs-'));
    dirs.push(dir);
    const one = generateCertificates({ hostnames: ['127.0.0.1'] });
    const two = generateCertificates({ hostnames: ['127.0.0.1'] });
    writeFileSync(join(dir, 'tls.crt'), one.certPem);
    writeFileSync(join(dir, 'tls.key'), two.keyPem);
    await expect(start({ certificates: { certFile: join(dir, 'tls.crt'), keyFile: join(dir, 'tls.key') } })).rejects.toThrow(/do not belong together/);
    await expect(start({ certificates: { certFile: join(dir, 'missing.crt'), keyFile: join(dir, 'tls.key') } })).rejects.toThrow(WebhooksError);
  });

  it('stops on abort: in-flight calls are aborted, the port is released', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    let aborted = false;
    const server = await startWebhookServer({
      review: (_body, { signal }) => new Promise((_resolve, reject) => {
        started();
        signal.addEventListener('abort', () => { aborted = true; reject(new Error('stopped')); });
      }),
      signal: controller.signal,
    });
    const pending = call(server, '/x', reviewBody()).catch((error: unknown) => error);
    await running;
    controller.abort();
    await server.closed;
    expect(aborted).toBe(true);
    // The in-flight call gets no verdict: its connection is closed (the API server then applies the failurePolicy).
    expect(await pending).toMatchObject({ code: 'ECONNRESET', message: 'socket hang up' });
    const again = await startWebhookServer({ review, port: server.port });
    servers.push(again);
    expect(again.port).toBe(server.port);
  });

  it('closes a connection whose TLS handshake does not complete in time (a truncated ClientHello), and keeps serving', async () => {
    const server = await start({ handshakeTimeout: 0.3 });
    const url = new URL(server.url);
    const socket = netConnect({ host: url.hostname, port: Number(url.port) });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<string>((resolve) => {
      const deadline = setTimeout(() => resolve('still open after 20 s'), 20_000);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearTimeout(deadline);
        resolve('closed');
      });
    });
    // A handshake record announcing a 512-byte ClientHello, of which only the first bytes ever come; a
    // byte more now and then must not keep the connection alive either.
    socket.write(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]));
    const dribble = setInterval(() => socket.writable && socket.write(Buffer.from([0x00])), 100);
    try {
      expect(await closed).toBe('closed');
    } finally {
      clearInterval(dribble);
      socket.destroy();
    }
    expect((await call(server, '/validate/field', reviewBody())).status).toBe(200);
  });

  it('rejects bad options', async () => {
    await expect(start({ handshakeTimeout: -1 })).rejects.toThrow(/handshakeTimeout must be a positive number of seconds/);
    await expect(start({ requestTimeout: 0 })).rejects.toThrow(/requestTimeout must be a positive number of seconds/);
    await expect(start({ path: 'hooks' })).rejects.toThrow(/path must start with '\/'/);
    await expect(start({ maxBodyBytes: -1 })).rejects.toThrow(/maxBodyBytes/);
  });
});
