// Applying manifest files before an operator starts (`op run --apply crd.yaml --apply obj.yaml`):
// CRDs first, each waited for until the API serves it, then everything else; existing objects are
// updated with a merge patch of their labels, annotations, spec and data.
import { readFileSync } from 'node:fs';
import { ConflictError } from '@opkit/kube';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { parseAllDocuments } from 'yaml';

/** Read every document of YAML files. */
export function readManifests(files: readonly string[]): KubeObject[] {
  const result: KubeObject[] = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
      if (doc.errors.length > 0) throw new Error(`${file}: invalid YAML: ${doc.errors[0]!.message}`);
      const value = doc.toJS() as KubeObject | null;
      if (value === null) continue;
      if (!value.apiVersion || !value.kind || !value.metadata?.name) throw new Error(`${file}: every manifest needs apiVersion, kind and metadata.name`);
      result.push(value);
    }
  }
  return result;
}

/**
 * Create or update the manifests, CRDs first (waiting until each is served).
 *
 * @example
 * ```ts
 * await applyManifests(client, readManifests(['examples/crd.yaml', 'examples/obj.yaml']), { namespace: 'default' });
 * ```
 */
export async function applyManifests(client: KubeClient, manifests: readonly KubeObject[], options: { readonly namespace: string; readonly signal?: AbortSignal }): Promise<void> {
  const crds = manifests.filter((item) => item.kind === 'CustomResourceDefinition');
  const rest = manifests.filter((item) => item.kind !== 'CustomResourceDefinition');
  for (const item of [...crds, ...rest]) {
    const [group, version] = item.apiVersion!.includes('/') ? item.apiVersion!.split('/') as [string, string] : ['', item.apiVersion!];
    const resource = await client.resolveOne({ group, version, kind: item.kind! });
    const namespace = resource.namespaced ? item.metadata.namespace ?? options.namespace : undefined;
    const body = { ...item, metadata: { ...item.metadata, ...(namespace ? { namespace } : {}) } };
    try {
      await client.create(resource, body, namespace ? { namespace } : {});
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const { labels, annotations } = item.metadata;
      await client.patch(resource, item.metadata.name!, { metadata: { labels, annotations }, spec: item.spec, data: item.data },
        { type: 'merge', ...(namespace ? { namespace } : {}) });
    }
    if (item.kind === 'CustomResourceDefinition') {
      const spec = item.spec as { group: string; names: { plural: string } };
      for (let attempt = 0; ; attempt++) {
        client.invalidateDiscovery();
        const found = await client.resolve(`${spec.names.plural}.${spec.group}`, options.signal ? { signal: options.signal } : {});
        if (found.length > 0) break;
        if (attempt > 200) throw new Error(`the CRD ${spec.names.plural}.${spec.group} was not served within 10 s`);
        await new Promise((resolve) => { setTimeout(resolve, 50); });
      }
    }
  }
}
