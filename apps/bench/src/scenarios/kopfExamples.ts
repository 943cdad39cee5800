// The KopfExample CRD (kopfexamples.kopf.dev, with a status subresource) that the bench operators handle:
// one definition for every scenario, created on a fresh embedded API server and waited for until served.
import { setTimeout as delay } from 'node:timers/promises';
import type { KubeClient, Resource } from '@opkit/kube';

const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

/**
 * Create the KopfExample CRD with `client` and wait (up to 60 s) until `resolver` sees it served.
 *
 * @example
 * ```ts
 * const kex = await createKopfExamples(client);
 * await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'a' } }, { namespace: 'default' });
 * ```
 */
export async function createKopfExamples(client: KubeClient, resolver: KubeClient = client): Promise<Resource> {
  await client.create(CRDS, {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'kopfexamples.kopf.dev' },
    spec: {
      scope: 'Namespaced', group: 'kopf.dev', names: { kind: 'KopfExample', plural: 'kopfexamples', singular: 'kopfexample' },
      versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const kex = await resolver.resolveOne('kopfexamples.kopf.dev').catch(() => undefined);
    if (kex) return kex;
    if (Date.now() > deadline) throw new Error('bench: the KopfExample CRD was not served within 60 s');
    await delay(20);
  }
}
