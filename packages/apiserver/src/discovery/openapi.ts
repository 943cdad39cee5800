// A minimal `/openapi/v3`: the root lists one document per served group-version under a content-hashed
// URL, and each document declares, per kind, a PATCH operation tagged with its GVK that accepts
// `fieldValidation` — which is what makes kubectl create/apply/edit skip client-side validation and send
// `fieldValidation=Strict`. Every kind's schema goes under components.schemas — a CRD's own, with apiVersion,
// kind and ObjectMeta added as kube-apiserver adds them, and the built-in kinds' from builtinSchemas.ts — so
// that `kubectl explain` has them. The cache also serves `/openapi/v2`, converted from these documents
// (openapiV2.ts).
import { createHash } from 'node:crypto';
import { stringifyJson } from '@opkit/json';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/types.js';
import { builtinSchemas, withStandardFields } from './builtinSchemas.js';
import { openApiV2Document, openApiV2Forms } from './openapiV2.js';
import type { OpenApiV2Forms } from './openapiV2.js';

/** The `/version` document. */
export const VERSION_INFO = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.23',
  compiler: 'gc',
  platform: 'linux/amd64',
};

function gvPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

function reverseGroup(group: string): string {
  return group === '' ? 'io.k8s.api.core' : group.split('.').reverse().join('.');
}

function schemaName(t: ResourceType): string {
  return `${reverseGroup(t.group)}.${t.version}.${t.kind}`;
}

/** The OpenAPI v3 document of one group-version, or undefined when not served. */
export function openApiDocument(registry: ResourceRegistry, group: string, version: string): Record<string, unknown> | undefined {
  const types = registry.inGroupVersion(group, version);
  if (types.length === 0) return undefined;
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const t of types) {
    const gvk = { group: t.group, version: t.version, kind: t.kind };
    const prefix = `/${gvPath(t.group, t.version)}${t.namespaced ? '/namespaces/{namespace}' : ''}/${t.plural}`;
    const parameters = [
      { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
      { name: 'fieldManager', in: 'query', schema: { type: 'string', uniqueItems: true } },
      { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
    ];
    const op = (id: string): Record<string, unknown> => ({
      operationId: `${id}${t.kind}`,
      'x-kubernetes-group-version-kind': gvk,
      'x-kubernetes-action': id,
      parameters,
      responses: { '200': { description: 'OK' } },
    });
    paths[`${prefix}/{name}`] = { patch: op('patch'), put: op('put'), get: { ...op('get'), parameters: [] } };
    paths[prefix] = { post: op('post'), get: { ...op('list'), parameters: [] } };
    if (!t.custom) {
      Object.assign(schemas, builtinSchemas(t));
      continue;
    }
    const own: Record<string, unknown> = t.custom.schema ? structuredClone(t.custom.schema) : { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    const { schema, referenced } = withStandardFields(own);
    schema['x-kubernetes-group-version-kind'] = [gvk];
    schemas[schemaName(t)] = schema;
    Object.assign(schemas, referenced);
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.32.0' }, paths, components: { schemas } };
}

/** Caches documents per registry revision and hashes them for the root's URLs. */
export class OpenApiCache {
  private revision = -1;
  private docs = new Map<string, { body: string; hash: string; doc: Record<string, unknown> }>();
  private v2: OpenApiV2Forms | undefined;

  constructor(private readonly registry: ResourceRegistry) {}

  private refresh(): void {
    if (this.revision === this.registry.revision) return;
    this.revision = this.registry.revision;
    this.docs = new Map();
    this.v2 = undefined;
    for (const g of this.registry.groups()) {
      for (const v of g.versions) {
        const doc = openApiDocument(this.registry, g.name, v);
        if (!doc) continue;
        const body = stringifyJson(doc);
        const hash = createHash('sha512').update(body).digest('hex').slice(0, 128).toUpperCase();
        this.docs.set(gvPath(g.name, v), { body, hash, doc });
      }
    }
  }

  /** `GET /openapi/v3`. */
  root(): Record<string, unknown> {
    this.refresh();
    const paths: Record<string, unknown> = {};
    for (const [path, doc] of this.docs) paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${doc.hash}` };
    return { paths };
  }

  /** `GET /openapi/v2`: the Swagger 2.0 document as JSON and protobuf, built on first use per revision. */
  v2Document(): OpenApiV2Forms {
    this.refresh();
    if (!this.v2) {
      const customKinds = new Set<string>();
      for (const g of this.registry.groups()) {
        for (const v of g.versions) for (const t of this.registry.inGroupVersion(g.name, v)) if (t.custom) customKinds.add(schemaName(t));
      }
      const v3 = [...this.docs.values()].map((d) => d.doc);
      this.v2 = openApiV2Forms(openApiV2Document(v3, customKinds, VERSION_INFO.gitVersion));
    }
    return this.v2;
  }

  /** `GET /openapi/v3/<gv path>` body text, or undefined. */
  document(path: string): string | undefined {
    this.refresh();
    return this.docs.get(path)?.body;
  }
}
