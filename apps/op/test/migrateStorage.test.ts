// `op migrate-storage` against the embedded API server over real HTTP: a CRD stored at v1 gets objects, its
// storage moves to v2, and the command re-stores every object at v2 (seen in the server's data directory,
// where each write is journalled with the object as stored) and trims status.storedVersions to [v2]. Also
// the dry run, the conflict and deleted-meanwhile paths, and the errors a user meets.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect, ConflictError } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CRDS_RESOURCE, migrateStorage } from '../src/migrateStorage.js';
import { parseMigrateStorageArgs } from '../src/migrateStorageCommand.js';
import { OP } from './helpers/devProcess.js';
import { deadline } from '@opkit/test-tools';

const CRD_NAME = 'widgets.example.dev';
const WIDGETS_V1: Resource = { group: 'example.dev', version: 'v1', plural: 'widgets', kind: 'Widget', namespaced: true };
const NAMESPACES: Resource = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false };
const SCHEMA = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } };

/** Run `op ARGS` as its own process (the API server lives in this one). */
function op(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OP, ...args], { env: { ...process.env, KUBECONFIG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Wait for a condition, polling within a deadline. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = deadline(30_000)): Promise<T> {
  for (const giveUpAt = Date.now() + timeoutMs; Date.now() < giveUpAt;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => { setTimeout(resolve, 25); });
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The stored form of every live widget, from the server's journal (last line per key wins). */
function storedWidgets(dataDir: string): Map<string, KubeObject> {
  const objects = new Map<string, KubeObject | null>();
  for (const line of readFileSync(join(dataDir, 'journal.ndjson'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as { key?: string; object?: KubeObject | null };
    if (typeof record.key === 'string' && record.key.startsWith('example.dev/widgets|')) objects.set(record.key, record.object ?? null);
  }
  return new Map([...objects].filter((entry): entry is [string, KubeObject] => entry[1] !== null));
}

async function storedVersions(client: KubeClient): Promise<string[]> {
  return ((await client.get(CRDS_RESOURCE, CRD_NAME)).status as { storedVersions: string[] }).storedVersions;
}

/** Switch the CRD's storage version to `version` (retrying on a conflict with the server's own status writes). */
async function setStorage(client: KubeClient, version: string): Promise<void> {
  for (;;) {
    const crd = await client.get(CRDS_RESOURCE, CRD_NAME);
    const spec = crd.spec as { versions: { name: string; storage: boolean }[] };
    for (const item of spec.versions) item.storage = item.name === version;
    try {
      await client.replace(CRDS_RESOURCE, crd);
      return;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

/** The two-version CRD (storage v1), a second namespace, and `count` widgets at v1 spread over both namespaces. */
async function createWidgets(client: KubeClient, count: number): Promise<void> {
  await client.create(CRDS_RESOURCE, {
    metadata: { name: CRD_NAME },
    spec: {
      group: 'example.dev', scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wg'] },
      versions: [{ name: 'v1', served: true, storage: true, schema: SCHEMA }, { name: 'v2', served: true, storage: false, schema: SCHEMA }],
    },
  });
  await until('the CRD to be served', async () => {
    client.invalidateDiscovery();
    return (await client.discovery.resolve('widgets.example.dev')).length > 0 ? true : undefined;
  });
  await client.create(NAMESPACES, { metadata: { name: 'other' } });
  for (let index = 0; index < count; index++) {
    await client.create(WIDGETS_V1, { metadata: { name: `w${index}`, namespace: index % 2 === 0 ? 'default' : 'other' }, spec: { size: index } });
  }
}

describe('op migrate-storage', () => {
  let server: ApiServer;
  let client: KubeClient;
  let dir: string;
  let dataDir: string;
  let kubeconfig: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opkit-migrate-'));
    dataDir = join(dir, 'data');
    server = await startApiServer({ dataDir });
    kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, server.kubeconfig({ namespace: 'default' }));
    client = await connect({ kubeconfig });
    await createWidgets(client, 7);
  });
  afterEach(async () => {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('re-stores every object at the new storage version and trims storedVersions (the command, paginated)', async () => {
    await setStorage(client, 'v2');
    expect(await storedVersions(client)).toEqual(['v1', 'v2']);
    const before = storedWidgets(dataDir);
    expect(before.size).toBe(7);
    expect([...before.values()].map((item) => item.apiVersion)).toEqual(Array(7).fill('example.dev/v1'));

    const result = await op(['migrate-storage', 'wg', '--chunk-size', '3', '--kubeconfig', kubeconfig]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // Three pages (3 + 3 + 1), then the summary.
    expect(lines).toEqual([
      'op migrate-storage: 3 objects listed, 3 rewritten',
      'op migrate-storage: 6 objects listed, 6 rewritten',
      'op migrate-storage: 7 objects listed, 7 rewritten',
      'op migrate-storage: migrated widgets.example.dev to storage version v2: 7 objects rewritten; status.storedVersions [v1, v2] -> [v2]',
    ]);
    expect(await storedVersions(client)).toEqual(['v2']);
    const after = storedWidgets(dataDir);
    expect(after.size).toBe(7);
    for (const [key, item] of after) {
      expect(item.apiVersion, key).toBe('example.dev/v2');
      expect(item.spec, key).toEqual(before.get(key)!.spec);
    }
  });

  it('--dry-run lists and reports, writes nothing', async () => {
    await setStorage(client, 'v2');
    const journal = readFileSync(join(dataDir, 'journal.ndjson'), 'utf8');
    const result = await op(['migrate-storage', 'widgets', '--dry-run', '-q', '--kubeconfig', kubeconfig]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('op migrate-storage (dry run): would rewrite 7 objects of widgets.example.dev at storage version v2 and set status.storedVersions from [v1, v2] to [v2]; nothing written\n');
    expect(readFileSync(join(dataDir, 'journal.ndjson'), 'utf8')).toBe(journal);
    expect(await storedVersions(client)).toEqual(['v1', 'v2']);
  });

  it('an object changed after the list is read again and rewritten; one deleted meanwhile is skipped', async () => {
    await setStorage(client, 'v2');
    let pages = 0;
    // Pages after the first come from the list's snapshot (kube's continue semantics): what changes between
    // pages reaches the migration with a stale resourceVersion (a conflict) or no longer exists (a 404).
    const result = await migrateStorage(client, 'Widget', {
      chunkSize: 2,
      onProgress: async () => {
        pages += 1;
        if (pages !== 1) return;
        // A list is ordered by namespace, then name: page 1 holds two of 'default', so 'other' is still to come.
        const changed = await client.get<KubeObject>(WIDGETS_V1, 'w3', { namespace: 'other' });
        await client.replace(WIDGETS_V1, { ...changed, spec: { size: 'changed' } });
        await client.delete(WIDGETS_V1, 'w5', { namespace: 'other' });
      },
    });
    expect(result).toMatchObject({ seen: 7, rewritten: 6, retried: 1, gone: 1, storageVersion: 'v2', storedVersionsAfter: ['v2'] });
    const after = storedWidgets(dataDir);
    expect(after.size).toBe(6);
    for (const item of after.values()) expect(item.apiVersion).toBe('example.dev/v2');
    expect([...after.values()].find((item) => item.metadata.name === 'w3')!.spec).toEqual({ size: 'changed' });
    expect(await storedVersions(client)).toEqual(['v2']);
  });

  it('says what is wrong: an unknown resource (with a suggestion), a built-in, bad arguments', async () => {
    const unknown = await op(['migrate-storage', 'widgest', '--kubeconfig', kubeconfig]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('op migrate-storage: error: the server doesn\'t have a resource type "widgest"; did you mean "widgets"?\n');

    const builtin = await op(['migrate-storage', 'configmaps', '--kubeconfig', kubeconfig]);
    expect(builtin.status).toBe(2);
    expect(builtin.stderr).toMatch(/^op migrate-storage: error: configmaps is a built-in resource, not a custom resource/);

    const grouped = await op(['migrate-storage', 'deployments.apps', '--kubeconfig', kubeconfig]);
    expect(grouped.status).toBe(2);
    expect(grouped.stderr).toMatch(/is not defined by a CustomResourceDefinition \(no CustomResourceDefinition deployments\.apps\)/);

    const none = await op(['migrate-storage']);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/name the resource to migrate/);

    expect(parseMigrateStorageArgs(['a', 'b'])).toEqual({ kind: 'error', message: 'one resource at a time; got a, b' });
    expect(parseMigrateStorageArgs(['a', '--chunk-size', '0'])).toEqual({ kind: 'error', message: '--chunk-size must be a whole number >= 1; got "0"' });
    expect(parseMigrateStorageArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseMigrateStorageArgs(['wg.example.dev'])).toMatchObject({ kind: 'run', options: { resource: 'wg.example.dev', dryRun: false, chunkSize: 500 } });
    // Nothing was touched by the failed runs.
    expect(await storedVersions(client)).toEqual(['v1']);
  });
});

describe('op migrate-storage without permission', () => {
  it('names what it may not do: read the CRD, then list and update the objects', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-migrate-rbac-'));
    const server = await startApiServer({ authorization: 'rbac' });
    const adminConfig = join(dir, 'admin');
    writeFileSync(adminConfig, server.kubeconfig());
    const admin = await connect({ kubeconfig: adminConfig });
    try {
      await createWidgets(admin, 1);
      const kubeconfig = join(dir, 'kubeconfig');
      writeFileSync(kubeconfig, server.kubeconfig({ user: 'jane' }));
      const nothing = await op(['migrate-storage', 'widgets.example.dev', '--kubeconfig', kubeconfig]);
      expect(nothing.status).toBe(1);
      expect(nothing.stderr).toMatch(/^op migrate-storage: error: no permission to get customresourcedefinitions\/widgets\.example\.dev: .*jane/);

      const rbac = (kind: string): Resource => ({ group: 'rbac.authorization.k8s.io', version: 'v1', plural: `${kind.toLowerCase()}s`, kind, namespaced: false });
      await admin.create(rbac('ClusterRole'), { metadata: { name: 'read-crds' }, rules: [{ apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['get'] }] });
      await admin.create(rbac('ClusterRoleBinding'), { metadata: { name: 'jane-read-crds' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'read-crds' }, subjects: [{ kind: 'User', name: 'jane', apiGroup: 'rbac.authorization.k8s.io' }] });
      const crdOnly = await until('the binding to take effect', async () => {
        const result = await op(['migrate-storage', 'widgets.example.dev', '--kubeconfig', kubeconfig]);
        return result.stderr.includes('no permission to get customresourcedefinitions') ? undefined : result;
      });
      expect(crdOnly.status).toBe(1);
      expect(crdOnly.stderr).toMatch(/^op migrate-storage: error: no permission to list and update widgets\.example\.dev\/v1 in every namespace: .*jane/);
      expect(await storedVersions(admin)).toEqual(['v1']);
    } finally {
      admin.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
