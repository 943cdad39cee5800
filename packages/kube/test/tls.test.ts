// Production clusters speak HTTPS with a private CA and often client certificates. A TLS-terminating
// proxy in front of the embedded API server checks that the kubeconfig's CA and client certificate
// are used, and that a wrong CA fails fast with a KubeNetworkError.
// Without openssl every test here is skipped with the reason; with CI set each fails, naming openssl (.ci/run
// installs it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';
import type { Server, TLSSocket } from 'node:tls';
import { requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect, KubeNetworkError } from '../src/index.js';
import { configmaps } from './harness.js';

/** openssl makes the certificates: without it every test here is skipped with the reason (failed under CI). */
const opensslTool = requireTool('openssl');
let dir: string;
let server: ApiServer;
let proxy: Server;
let url: string;
const pem: Record<string, string> = {};
const clientSubjects: string[] = [];

function openssl(...args: string[]): void {
  execFileSync(opensslTool.command, args, { cwd: dir, stdio: 'ignore' });
}

function issue(name: string, subject: string, ext: string): void {
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
  writeFileSync(join(dir, `${name}.ext`), ext);
  openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '1', '-extfile', `${name}.ext`);
}

beforeAll(async () => {
  if (opensslTool.missing) return; // its tests are skipped (or failed, under CI) by requireTool
  dir = mkdtempSync(join(tmpdir(), 'opkit-tls-'));
  for (const ca of ['ca', 'other-ca']) {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${ca}.key`, '-out', `${ca}.crt`, '-days', '1', '-subj', `/CN=${ca}`);
  }
  issue('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
  issue('client', '/CN=opkit-test', 'extendedKeyUsage=clientAuth\n');
  for (const name of ['ca', 'other-ca', 'server', 'client']) pem[`${name}.crt`] = readFileSync(join(dir, `${name}.crt`), 'utf8');
  pem['server.key'] = readFileSync(join(dir, 'server.key'), 'utf8');
  pem['client.key'] = readFileSync(join(dir, 'client.key'), 'utf8');
  server = await startApiServer();
  const target = new URL(server.url);
  proxy = createServer({ key: pem['server.key'], cert: pem['server.crt'], ca: pem['ca.crt'], requestCert: true, rejectUnauthorized: true }, (socket: TLSSocket) => {
    clientSubjects.push(String(socket.getPeerCertificate().subject?.CN));
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    socket.on('error', () => undefined);
    upstream.on('error', () => undefined);
    socket.pipe(upstream).pipe(socket);
    socket.on('close', () => upstream.destroy());
  });
  proxy.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (opensslTool.missing) return; // nothing was set up
  await new Promise<void>((resolve) => {
    proxy.close(() => resolve());
  });
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function kubeconfig(ca: string): object {
  const b64 = (text: string): string => Buffer.from(text).toString('base64');
  return {
    'current-context': 'tls',
    clusters: [{ name: 'tls', cluster: { server: url, 'certificate-authority-data': b64(ca) } }],
    users: [{ name: 'tls', user: { 'client-certificate-data': b64(pem['client.crt']!), 'client-key-data': b64(pem['client.key']!) } }],
    contexts: [{ name: 'tls', context: { cluster: 'tls', user: 'tls' } }],
  };
}

describe('connect over HTTPS', () => {
  it('verifies the server with the kubeconfig CA and presents the client certificate', async () => {
    const client = await connect({ kubeconfig: kubeconfig(pem['ca.crt']!) });
    try {
      const created = await client.create(configmaps, { metadata: { name: 'over-tls', namespace: 'default' } });
      expect(created.metadata.uid).toBeTruthy();
      expect(clientSubjects).toContain('opkit-test');
    } finally {
      client.close();
    }
  });

  it('refuses a server whose certificate the CA did not sign', async () => {
    const client = await connect({ kubeconfig: kubeconfig(pem['other-ca.crt']!), retry: { attempts: 1 } });
    try {
      const error = await client.listAll(configmaps).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KubeNetworkError);
      expect((error as KubeNetworkError).message).toMatch(/certificate/i);
    } finally {
      client.close();
    }
  });
});
