// The official Python client (Debian's python3-kubernetes, for /usr/bin/python3) watches a namespace
// from a resourceVersion: it sends `watch=True`, which the server must read as kube-apiserver does
// (any value but 0/false is true). The cross-client conformance suite covers the rest; this is the one
// watch check. Without the client installed the test is skipped with the reason (with CI set it fails instead,
// naming python3-kubernetes: .ci/run installs it).
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { deadline, toolMissing } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap } from './protocolHelpers.js';

/** Debian's interpreter, where python3-kubernetes installs (`CONFORMANCE_PYTHON` overrides, as for the conformance suite). */
const PYTHON = process.env.CONFORMANCE_PYTHON ?? '/usr/bin/python3';
const SCRIPT = join(import.meta.dirname, 'fixtures', 'python_watch.py');

/** Why the Python client cannot run here, or undefined when `import kubernetes` works. */
function pythonClientMissing(): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(PYTHON, ['-c', 'import kubernetes'], { timeout: deadline(20_000) }, (error, _stdout, stderr) => {
      resolve(error ? `${PYTHON} cannot import kubernetes (${(stderr.trim().split('\n').pop() ?? error.message) || error.message}); apt-get install -y python3-kubernetes` : undefined);
    });
  });
}

let server: ApiServer;
let dir: string;

beforeAll(async () => {
  server = await startApiServer();
  dir = await mkdtemp(join(tmpdir(), 'opkit-python-watch-'));
  await server.writeKubeconfig(join(dir, 'kubeconfig'));
  await call(server.url, 'POST', '/api/v1/namespaces', { metadata: { name: 'py-watch' } });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the official Python client', () => {
  it('watches ADDED, MODIFIED and DELETED of a ConfigMap in order (watch=True)', async (ctx) => {
    const missing = await pythonClientMissing();
    if (missing !== undefined) toolMissing(ctx, 'python3-kubernetes (the Python client)', missing);
    const child = spawn(PYTHON, [SCRIPT, join(dir, 'kubeconfig'), 'py-watch'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines: string[] = [];
    const base = `/api/v1/namespaces/py-watch/configmaps`;
    const written: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(line);
      if (line.startsWith('RV ')) {
        // The client has listed; every write from here on is after its resourceVersion.
        const created = await call(server.url, 'POST', base, configMap('pycm', { a: '1' }));
        const patched = await call(server.url, 'PATCH', `${base}/pycm`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
        const deleted = await call(server.url, 'DELETE', `${base}/pycm`);
        expect([created.status, patched.status, deleted.status]).toEqual([201, 200, 200]);
        written.push(created.body.metadata.resourceVersion, patched.body.metadata.resourceVersion);
      }
    }
    expect(await exited, stderr).toBe(0);
    const events = lines.filter((l) => !l.startsWith('RV '));
    expect(events.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['ADDED pycm', 'MODIFIED pycm', 'DELETED pycm']);
    expect(events.slice(0, 2).map((l) => l.split(' ')[2])).toEqual(written);
  });
});
