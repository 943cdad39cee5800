// Shared setup of the @kubernetes/client-node suites: an embedded server with the Kopf example CRD
// Established, a KubeConfig loaded from the server's own kubeconfig, and the typed clients the suites use.
import { vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { ApiextensionsV1Api, CoreV1Api, CustomObjectsApi, KubeConfig, loadYaml } from '@kubernetes/client-node';
import type { KubernetesListObject, KubernetesObject, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

export const GROUP = 'kopf.dev';
export const VERSION = 'v1';
export const PLURAL = 'kopfexamples';

/** A server with the Kopf example CRD, and client-node clients pointed at it. */
export interface ClientNodeHarness {
  server: ApiServer;
  kc: KubeConfig;
  custom: CustomObjectsApi;
  core: CoreV1Api;
  /** Names of the KopfExamples in `default`, as the server lists them, sorted. */
  serverNames(): Promise<string[]>;
}

/** Polls `check` (vitest's `vi.waitFor`) until it returns true, failing with `what` after the deadline. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = deadline(15_000)): Promise<void> {
  await vi.waitFor(async () => {
    if (!(await check())) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
  }, { timeout: timeoutMs, interval: 20 });
}

/** A KopfExample body. */
export function example(name: string, spec: Record<string, unknown> = { duration: '1m' }): KubernetesObject & { spec: unknown } {
  return { apiVersion: `${GROUP}/${VERSION}`, kind: 'KopfExample', metadata: { name }, spec };
}

/** Start a server, create the Kopf example CRD through client-node and wait until it is Established. */
export async function startClientNodeHarness(): Promise<ClientNodeHarness> {
  const server = await startApiServer();
  const kc = new KubeConfig();
  kc.loadFromString(server.kubeconfig());
  const custom = kc.makeApiClient(CustomObjectsApi);
  const core = kc.makeApiClient(CoreV1Api);
  const crds = kc.makeApiClient(ApiextensionsV1Api);
  // loadYaml maps YAML keys (x-kubernetes-preserve-unknown-fields) onto the typed model's attributes.
  const crd = loadYaml<V1CustomResourceDefinition>(readFileSync(new URL('./fixtures/crd.yaml', import.meta.url), 'utf8'));
  await crds.createCustomResourceDefinition({ body: crd });
  await waitUntil('the CRD is Established', async () => {
    const read = await crds.readCustomResourceDefinition({ name: 'kopfexamples.kopf.dev' });
    return read.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
  });
  const serverNames = async (): Promise<string[]> => {
    const list = (await custom.listNamespacedCustomObject({ group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL })) as KubernetesListObject<KubernetesObject>;
    return list.items.map((o) => o.metadata?.name ?? '').sort();
  };
  return { server, kc, custom, core, serverNames };
}
