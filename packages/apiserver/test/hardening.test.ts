// Hostile and slow clients against the embedded server over real HTTP: unfinished headers, short and
// dribbled bodies and idle keep-alive connections are cut off by the configured timeouts; hundreds of
// connections that never finish their headers cannot keep /healthz from answering; built-in kinds are
// type-checked on every write path as a real server's decoder checks them; a malformed strategic-merge
// directive is a 400; a write that names no resourceVersion is retried (not refused with 409) when its
// object changed while it waited for a webhook; a service-account token presented to the plain server
// names its ServiceAccount. Timeouts are set small and every wait has a deadline.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadline, toolMissing } from '@opkit/test-tools';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer, ApiServerOptions } from '../src/index.js';
import { call, waitFor } from './protocolHelpers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: ApiServerOptions = {}): Promise<ApiServer> {
  const server = await startApiServer(options);
  cleanups.push(() => server.close());
  return server;
}

/** A raw connection to the server; `closed` settles with how it ended (or says it did not within 20 s). */
async function rawConnection(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  cleanups.push(() => {
    socket.destroy();
  });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => {
    const giveUpAt = setTimeout(() => resolve('still open after 20 s'), 20_000);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(giveUpAt);
      resolve('closed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

const SMALL_TIMEOUTS = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 };

describe('slow clients', () => {
  it('cuts off unfinished headers, a body short of its length, a dribbled body and an idle keep-alive connection', async () => {
    const server = await start({ connections: SMALL_TIMEOUTS });
    const host = new URL(server.url).host;
    const headers = await rawConnection(server.url);
    headers.socket.write(`GET /api/v1/namespaces HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
    const short = await rawConnection(server.url);
    short.socket.write(`POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"metadata":`);
    const dribbled = await rawConnection(server.url);
    dribbled.socket.write(`POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
    const drip = setInterval(() => dribbled.socket.writable && dribbled.socket.write(' '), 50);
    cleanups.push(() => clearInterval(drip));
    const idle = await rawConnection(server.url);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(await headers.closed).toBe('closed');
    expect(await short.closed).toBe('closed');
    expect(await dribbled.closed).toBe('closed');
    expect(await idle.closed).toBe('closed');
    expect(headers.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(short.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(dribbled.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
    // Nothing half-sent was stored.
    expect((await call(server.url, 'GET', '/api/v1/namespaces/default/configmaps')).body.items).toEqual([]);
  });

  it('keeps /healthz answering while 500 connections never finish their headers: the oldest idle ones give way', async () => {
    // Timeouts far beyond the test: only the bound on connections can make room.
    const server = await start({ connections: { headersTimeoutMs: 600_000, requestTimeoutMs: 600_000, maxConnections: 50 } });
    const host = new URL(server.url).host;
    const stalled: { closed: Promise<string>; isClosed: () => boolean }[] = [];
    for (let i = 0; i < 500; i++) {
      const { socket, closed } = await rawConnection(server.url);
      let isClosed = false;
      void closed.then((how) => (isClosed = how === 'closed'));
      socket.write(`GET /api/v1/namespaces HTTP/1.1\r\nHost: ${host}\r\nX-Never-Ends: `);
      stalled.push({ closed, isClosed: () => isClosed });
    }
    const health = await call(server.url, 'GET', '/healthz');
    expect(health).toMatchObject({ status: 200, text: 'ok' });
    // At most the bound stays open: at least 450 of the stalled connections were closed by the server.
    await waitFor(() => stalled.filter((s) => s.isClosed()).length >= 450, 30_000, '450 stalled connections to be closed');
    expect((await call(server.url, 'GET', '/api/v1/namespaces?limit=1')).status).toBe(200);
  });

  it('refuses connection limits that cannot work', async () => {
    await expect(startApiServer({ connections: { maxConnections: 0 } })).rejects.toThrow('invalid connections.maxConnections: 0; expected a positive integer');
    await expect(startApiServer({ connections: { headersTimeoutMs: 2000, requestTimeoutMs: 1000 } })).rejects.toThrow('headersTimeoutMs (2000) exceeds requestTimeoutMs (1000)');
  });
});

describe('built-in kinds are type-checked on every write path', () => {
  const cms = '/api/v1/namespaces/default/configmaps';
  const cannot = 'ConfigMap in version "v1" cannot be handled as a ConfigMap: ';

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a number in data', { data: { a: 1 } }, 400, `${cannot}json: cannot unmarshal number into Go struct field ConfigMap.data of type string`],
    ['an object in data', { data: { a: { b: 'c' } } }, 400, `${cannot}json: cannot unmarshal object into Go struct field ConfigMap.data of type string`],
    ['a string as data', { data: 'str' }, 400, `${cannot}json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string`],
    ['binaryData that is not base64', { binaryData: { a: 'not base64!' } }, 400, `${cannot}illegal base64 data at input byte 3`],
    ['a string as immutable', { immutable: 'yes' }, 400, `${cannot}json: cannot unmarshal string into Go struct field ConfigMap.immutable of type bool`],
    [
      'the data key bad/key',
      { data: { 'bad/key': 'x' } },
      422,
      `ConfigMap "cm" is invalid: data[bad/key]: Invalid value: "bad/key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
    ],
    ['a key in data and binaryData', { data: { a: 'x' }, binaryData: { a: 'eA==' } }, 422, 'ConfigMap "cm" is invalid: data[a]: Invalid value: "a": duplicate of key present in binaryData'],
  ])('refuses a ConfigMap with %s on create and update, storing nothing', async (_name, fields, status, message) => {
    const server = await start();
    const created = await call(server.url, 'POST', cms, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, ...fields });
    expect(created).toMatchObject({ status, body: { kind: 'Status', code: status, reason: status === 400 ? 'BadRequest' : 'Invalid', message } });
    expect((await call(server.url, 'GET', `${cms}/cm`)).status).toBe(404);
    const good = await call(server.url, 'POST', cms, { metadata: { name: 'cm' }, data: { a: 'b' } });
    expect(good.status).toBe(201);
    const updated = await call(server.url, 'PUT', `${cms}/cm`, { metadata: { name: 'cm', resourceVersion: good.body.metadata.resourceVersion }, ...fields });
    expect(updated).toMatchObject({ status, body: { message } });
    expect((await call(server.url, 'GET', `${cms}/cm`)).body.data).toEqual({ a: 'b' });
  });

  it.each<[string, string, unknown]>([
    ['merge', 'application/merge-patch+json', { data: { a: 1 } }],
    ['strategic merge', 'application/strategic-merge-patch+json', { data: { a: 1 } }],
    ['JSON', 'application/json-patch+json', [{ op: 'replace', path: '/data/a', value: 1 }]],
    ['apply', 'application/apply-patch+yaml', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { a: 1 } }],
  ])('refuses a %s patch setting data.a to a number', async (_name, contentType, patch) => {
    const server = await start();
    expect((await call(server.url, 'POST', cms, { metadata: { name: 'cm' }, data: { a: 'b' } })).status).toBe(201);
    const r = await call(server.url, 'PATCH', `${cms}/cm?fieldManager=test`, JSON.stringify(patch), { 'content-type': contentType });
    expect(r).toMatchObject({ status: 400, body: { reason: 'BadRequest', message: `${cannot}json: cannot unmarshal number into Go struct field ConfigMap.data of type string` } });
    expect((await call(server.url, 'GET', `${cms}/cm`)).body.data).toEqual({ a: 'b' });
  });

  it('checks every kind from its schema: nested structs, integers, Secrets', async () => {
    const server = await start();
    const deployment = (spec: Record<string, unknown>): Record<string, unknown> => ({
      metadata: { name: 'd' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }, ...spec },
    });
    const deployments = '/apis/apps/v1/namespaces/default/deployments';
    expect((await call(server.url, 'POST', deployments, deployment({ replicas: 'two' }))).body.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    expect((await call(server.url, 'POST', deployments, deployment({ replicas: 1.5 }))).body.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    const badImage = deployment({ template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 5 }] } } });
    expect((await call(server.url, 'POST', deployments, badImage)).body.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string',
    );
    expect((await call(server.url, 'POST', deployments, deployment({}))).status).toBe(201);
    const secret = await call(server.url, 'POST', '/api/v1/namespaces/default/secrets', { metadata: { name: 's' }, data: { a: 'eA==' }, stringData: { '..x': 'y' } });
    expect(secret).toMatchObject({ status: 422, body: { message: `Secret "s" is invalid: data[..x]: Invalid value: "..x": must not start with '..'` } });
    // Fields the schemas do not describe keep whatever type they have (an Event's message, count).
    const event = await call(server.url, 'POST', '/api/v1/namespaces/default/events', { metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p' }, reason: 'R', message: 'm', count: 2 });
    expect(event.status).toBe(201);
  });
});

describe('strategic merge patch directives', () => {
  it('answers a $setElementOrder that is not a list with 400 and a message', async () => {
    const server = await start();
    const cms = '/api/v1/namespaces/default/configmaps';
    expect((await call(server.url, 'POST', cms, { metadata: { name: 'cm', finalizers: ['example.com/x'] } })).status).toBe(201);
    const r = await call(server.url, 'PATCH', `${cms}/cm`, '{"metadata":{"$setElementOrder/finalizers":5}}', { 'content-type': 'application/strategic-merge-patch+json' });
    expect(r).toMatchObject({ status: 400, body: { reason: 'BadRequest', message: 'invalid patch: $setElementOrder/finalizers: expected a []interface {}, but received a int64' } });
  });
});

/** A validating webhook for configmap UPDATEs that holds the first review it gets until released. */
async function gatingWebhook(server: ApiServer): Promise<{ held: () => boolean; release: () => void; reviews: () => number }> {
  let reviews = 0;
  let release: (() => void) | undefined;
  let held = false;
  const hooks: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const { request } = JSON.parse(text);
      reviews++;
      const answer = (): void => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: request.uid, allowed: true } }));
      };
      if (request.object?.metadata?.annotations?.hold === 'yes' && !held) {
        held = true;
        release = answer;
      } else answer();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => hooks.close(() => resolve())));
  cleanups.push(() => {
    const answer = release;
    release = undefined;
    answer?.();
  });
  const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/validate`;
  const created = await call(server.url, 'POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    metadata: { name: 'gate' },
    webhooks: [
      {
        name: 'gate.example.com',
        clientConfig: { url: hookUrl },
        rules: [{ operations: ['UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: 'Namespaced' }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        timeoutSeconds: 30,
      },
    ],
  });
  expect(created.status).toBe(201);
  const releaseOnce = (): void => {
    const answer = release;
    release = undefined;
    answer?.();
  };
  return { held: () => held && release !== undefined, release: releaseOnce, reviews: () => reviews };
}

describe('a write that waited for its webhooks while the object changed', () => {
  const cms = '/api/v1/namespaces/default/configmaps';
  const merge = { 'content-type': 'application/merge-patch+json' };

  it('is applied to the new object when it names no resourceVersion (GuaranteedUpdate), not refused with 409', async () => {
    const server = await start();
    expect((await call(server.url, 'POST', cms, { metadata: { name: 'raced' }, data: { base: '0' } })).status).toBe(201);
    const gate = await gatingWebhook(server);
    const slow = call(server.url, 'PATCH', `${cms}/raced`, { metadata: { annotations: { hold: 'yes' } }, data: { slow: '1' } }, merge);
    await waitFor(() => gate.held(), 30_000, 'the webhook to hold the slow patch');
    const fast = await call(server.url, 'PATCH', `${cms}/raced`, { data: { fast: '2' } }, merge);
    expect(fast.status).toBe(200);
    gate.release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ base: '0', fast: '2', slow: '1' });
    expect(Number(answer.body.metadata.resourceVersion)).toBeGreaterThan(Number(fast.body.metadata.resourceVersion));
    // The retry asked the webhook again: the held review, the fast patch's, and the slow patch's second.
    expect(gate.reviews()).toBe(3);
  });

  it('still conflicts when it names the resourceVersion it read', async () => {
    const server = await start();
    const created = await call(server.url, 'POST', cms, { metadata: { name: 'raced' }, data: { base: '0' } });
    const gate = await gatingWebhook(server);
    const rv = created.body.metadata.resourceVersion;
    const slow = call(server.url, 'PATCH', `${cms}/raced`, { metadata: { resourceVersion: rv, annotations: { hold: 'yes' } }, data: { slow: '1' } }, merge);
    await waitFor(() => gate.held(), 30_000, 'the webhook to hold the slow patch');
    expect((await call(server.url, 'PATCH', `${cms}/raced`, { data: { fast: '2' } }, merge)).status).toBe(200);
    gate.release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 409, body: { reason: 'Conflict' } });
    expect((await call(server.url, 'GET', `${cms}/raced`)).body.data).toEqual({ base: '0', fast: '2' });
  });
});

describe('service-account tokens on the plain server', () => {
  async function robotToken(server: ApiServer): Promise<string> {
    expect((await call(server.url, 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } })).status).toBe(201);
    const requested = await call(server.url, 'POST', '/api/v1/namespaces/default/serviceaccounts/robot/token', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
    expect(requested.status).toBe(201);
    return requested.body.status.token as string;
  }

  it('names the ServiceAccount of a presented token in a SelfSubjectReview (no token: anonymous)', async () => {
    const server = await start();
    const token = await robotToken(server);
    const review = { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' };
    const as = await call(server.url, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', review, { authorization: `Bearer ${token}` });
    expect(as.body.status.userInfo).toMatchObject({ username: 'system:serviceaccount:default:robot', groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] });
    const anonymous = await call(server.url, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', review);
    expect(anonymous.body.status.userInfo.username).toBe('system:anonymous');
  });

  it('is what `kubectl --token=$(kubectl create token robot) auth whoami` says (https: kubectl sends tokens only there)', async (ctx) => {
    const kubectlPath = process.env.KUBECTL ?? '/usr/bin/kubectl';
    if (!existsSync(kubectlPath)) toolMissing(ctx, 'kubectl', `no kubectl at ${kubectlPath} (set KUBECTL)`);
    const server = await start({ tls: true });
    const home = await mkdtemp(join(tmpdir(), 'opkit-whoami-'));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const kubeconfig = join(home, 'kubeconfig');
    await writeFile(kubeconfig, server.kubeconfig({ user: 'opkit:admin-for-test' }));
    const kubectl = (args: string[]): Promise<string> =>
      new Promise((resolve, reject) => {
        execFile(kubectlPath, ['--kubeconfig', kubeconfig, ...args], { env: { ...process.env, HOME: home }, timeout: deadline(30_000) }, (error, stdout, stderr) => (error ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout)));
      });
    await kubectl(['create', 'serviceaccount', 'robot']);
    const token = (await kubectl(['create', 'token', 'robot'])).trim();
    const whoami = await kubectl(['--token', token, 'auth', 'whoami']);
    expect(whoami).toMatch(/Username\s+system:serviceaccount:default:robot/);
  });
});
