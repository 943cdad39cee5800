// Shared setup of the integration tests: an embedded API server on loopback and a client for it.
import { vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer, ApiServerOptions } from '@opkit/apiserver';
import { connect } from '../src/index.js';
import type { ConnectOptions, KubeClient, Resource } from '../src/index.js';

export const configmaps: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
export const namespaces: Resource = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false };
export const crds: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

export interface Harness {
  server: ApiServer;
  client: KubeClient;
  dir: string;
  kubeconfigPath: string;
  close(): Promise<void>;
}

export async function startHarness(options: ApiServerOptions = {}, connectOptions: ConnectOptions = {}): Promise<Harness> {
  const server = await startApiServer(options);
  const dir = mkdtempSync(join(tmpdir(), 'opkit-kube-it-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeFileSync(kubeconfigPath, server.kubeconfig());
  const client = await connect({ kubeconfig: kubeconfigPath, retry: { start: 20, max: 200 }, ...connectOptions });
  return {
    server,
    client,
    dir,
    kubeconfigPath,
    close: async () => {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A CRD manifest for `kopfexamples.kopf.dev` (or another plural/group). */
export function crdManifest(plural = 'kopfexamples', group = 'kopf.dev', kind = 'KopfExample'): { apiVersion: string; kind: string; metadata: { name: string }; spec: unknown } {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, singular: plural.replace(/s$/, ''), kind, shortNames: ['kex'], categories: ['all'] },
      versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
}

/** The shortest deadline of {@link waitFor}: a loaded machine makes a wait longer, never a test fail. */
export const MIN_WAIT_MS = 30_000;

/**
 * Wait until `check` returns true, or fail naming `what` (vitest's `vi.waitFor` does the polling).
 * `timeoutMs` is a deadline, never an assertion on speed: it is raised to at least {@link MIN_WAIT_MS}.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = MIN_WAIT_MS, what = 'condition'): Promise<void> {
  const deadline = Math.max(timeoutMs, MIN_WAIT_MS);
  await vi.waitFor(async () => {
    if (!(await check())) throw new Error(`timed out after ${deadline} ms waiting for ${what}`);
  }, { timeout: deadline, interval: 10 });
}
