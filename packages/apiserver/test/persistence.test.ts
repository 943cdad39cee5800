// Acceptance: with --data-dir, every acknowledged write survives `kill -9` of the server process in
// the middle of a write stream, and a restart continues the resourceVersion counter. Runs the built
// bin (dist/bin/opkit-apiserver.js) as a child process, so `npm run build` must have run first.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const BIN = fileURLToPath(new URL('../dist/bin/opkit-apiserver.js', import.meta.url));
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

let dataDir: string;
const children = new Set<ChildProcess>();

/** Starts the bin on `dataDir` and resolves with its URL once it printed the ready line. */
function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start within 15 s: ${out}${err}`)), deadline(15_000));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /opkit-apiserver listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready: ${out}${err}`));
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function request(url: string, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': contentType },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the package first (pnpm --filter @opkit/apiserver build)`);
  dataDir = await mkdtemp(join(tmpdir(), 'opkit-persist-'));
});

afterAll(async () => {
  await Promise.all([...children].map(killHard));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('opkit-apiserver --data-dir', () => {
  it('keeps every acknowledged write across kill -9 and continues the resourceVersion counter', async () => {
    const first = await startChild();
    expect((await request(first.url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', CRD)).status).toBe(201);
    const widgets = '/apis/example.com/v1/namespaces/default/widgets';
    const giveUpAt = Date.now() + deadline(15_000);
    while ((await request(first.url, 'GET', widgets)).status !== 200) {
      if (Date.now() > giveUpAt) throw new Error('the widgets resource was never served');
    }

    // acknowledged[name] = highest counter the server acknowledged for that object, with its RV.
    const acknowledged = new Map<string, { counter: number; rv: number; path: string }>();
    const uids = new Map<string, string>();
    const deleted = new Set<string>();
    const deleting = new Set<string>(); // sent, maybe persisted, but not (yet) acknowledged
    let maxAckedRv = 0;
    let stop = false;
    const ack = (name: string, path: string, counter: number, rv: string): void => {
      const previous = acknowledged.get(name);
      if (!previous || previous.counter < counter) acknowledged.set(name, { counter, rv: Number(rv), path });
      maxAckedRv = Math.max(maxAckedRv, Number(rv));
    };
    const writer = async (id: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const kind = (id + i) % 2 === 0 ? 'cm' : 'widget';
        const base = kind === 'cm' ? '/api/v1/namespaces/default/configmaps' : widgets;
        const name = `${kind}-${id}-${i}`;
        const body = kind === 'cm' ? { metadata: { name }, data: { counter: '0' } } : { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec: { counter: 0 } };
        try {
          const created = await request(first.url, 'POST', base, body);
          if (created.status !== 201) throw new Error(`create ${name} answered ${created.status}: ${JSON.stringify(created.body)}`);
          ack(name, `${base}/${name}`, 0, created.body.metadata.resourceVersion);
          uids.set(name, created.body.metadata.uid);
          for (let counter = 1; counter <= 3 && !stop; counter++) {
            const patch = kind === 'cm' ? { data: { counter: String(counter) } } : { spec: { counter } };
            const patched = await request(first.url, 'PATCH', `${base}/${name}`, patch, 'application/merge-patch+json');
            if (patched.status !== 200) throw new Error(`patch ${name} answered ${patched.status}`);
            ack(name, `${base}/${name}`, counter, patched.body.metadata.resourceVersion);
          }
          if (i % 5 === 4 && !stop) {
            deleting.add(name);
            const removed = await request(first.url, 'DELETE', `${base}/${name}`);
            if (removed.status !== 200) throw new Error(`delete ${name} answered ${removed.status}`);
            deleted.add(name);
          }
        } catch (error) {
          if (stop) return; // the connection died with the server: this write was never acknowledged
          throw error;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (acknowledged.size >= 150) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    stop = true;
    await killHard(first.child); // mid-stream: every writer has a request in flight
    await Promise.all(writers);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startChild();
    try {
      expect(deleted.size).toBeGreaterThan(0);
      for (const [name, expected] of acknowledged) {
        const got = await request(second.url, 'GET', expected.path);
        if (got.status === 404 && deleting.has(name) && !deleted.has(name)) continue; // its delete was in flight
        if (deleted.has(name)) {
          expect(got.status, `${name} was deleted (acknowledged) but came back after the restart`).toBe(404);
          continue;
        }
        expect(got.status, `${name} was acknowledged but is missing after the restart`).toBe(200);
        const counter = name.startsWith('cm-') ? Number(got.body.data.counter) : got.body.spec.counter;
        expect(counter, `${name} lost an acknowledged update`).toBeGreaterThanOrEqual(expected.counter);
        expect(Number(got.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(expected.rv);
        expect(got.body.metadata.uid).toBe(uids.get(name));
      }
      const list = await request(second.url, 'GET', '/api/v1/namespaces/default/configmaps');
      expect(Number(list.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(maxAckedRv);
      const next = await request(second.url, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'after-restart' } });
      expect(next.status).toBe(201);
      expect(Number(next.body.metadata.resourceVersion)).toBeGreaterThan(maxAckedRv);
      // A second server on the same directory is refused while this one runs.
      await expect(startChild()).rejects.toThrow(/exited with 1 .*in use by process \d+/s);
      const crd = await request(second.url, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com');
      expect(crd.body.status.conditions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Established', status: 'True' })]));
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
    expect(second.child.exitCode).toBe(0);

    // A clean stop (SIGTERM) also keeps everything.
    const third = await startChild();
    try {
      const got = await request(third.url, 'GET', '/api/v1/namespaces/default/configmaps/after-restart');
      expect(got.status).toBe(200);
    } finally {
      await killHard(third.child);
    }
  }, deadline(60_000));
});
