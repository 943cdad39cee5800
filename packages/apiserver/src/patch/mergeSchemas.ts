// The one table of list-merge rules for built-in kinds: which lists merge by a key (and which key),
// which are merged sets of scalars, everything else being atomic. Strategic merge patch reads it for
// `patchMergeKey`/`patchStrategy: merge`; server-side apply reads it for associative lists.
// Adding a kind is one entry in MERGE_SCHEMAS.

/**
 * Merge rules of one value. For an object, `fields` describes its members; for a list, `list` says
 * how it merges and `fields` describes the members of its (object) items.
 *
 * @example
 * ```ts
 * const env: MergeSchema = { list: { mergeKey: 'name' } };
 * ```
 */
export interface MergeSchema {
  /** How this list merges: by a key field of its items, or as a set of scalars. Absent: atomic. */
  readonly list?: { readonly mergeKey: string } | { readonly set: true };
  /**
   * The list is associative for server-side apply only (`x-kubernetes-list-type: map` without a
   * `patchStrategy: merge` tag): strategic merge patch replaces it.
   */
  readonly applyOnly?: true;
  /** Rules of the members of this object (or of this list's items), by field name. */
  readonly fields?: Readonly<Record<string, MergeSchema>>;
}

/** A list merged by `mergeKey` whose items follow `items`. */
function keyed(mergeKey: string, items?: MergeSchema): MergeSchema {
  return { list: { mergeKey }, ...(items?.fields === undefined ? {} : { fields: items.fields }) };
}

const SET: MergeSchema = { list: { set: true } };

const objectMeta: MergeSchema = {
  fields: { ownerReferences: keyed('uid'), finalizers: SET },
};

const conditions = keyed('type');
/** Conditions that apply merges by type but strategic merge patch replaces (no patchStrategy tag). */
const applyOnlyConditions: MergeSchema = { ...conditions, applyOnly: true };
const withConditions: MergeSchema = { fields: { conditions } };

const container: MergeSchema = {
  fields: {
    ports: keyed('containerPort'),
    env: keyed('name'),
    volumeMounts: keyed('mountPath'),
    volumeDevices: keyed('devicePath'),
  },
};

const podSpec: MergeSchema = {
  fields: {
    containers: keyed('name', container),
    initContainers: keyed('name', container),
    ephemeralContainers: keyed('name', container),
    volumes: keyed('name'),
    imagePullSecrets: keyed('name'),
    hostAliases: keyed('ip'),
    topologySpreadConstraints: keyed('topologyKey'),
    resourceClaims: keyed('name'),
    schedulingGates: keyed('name'),
  },
};

const podTemplate: MergeSchema = { fields: { metadata: objectMeta, spec: podSpec } };

/** A top-level kind: object metadata rules plus the kind's own fields. */
function kind(fields: Record<string, MergeSchema> = {}): MergeSchema {
  return { fields: { metadata: objectMeta, ...fields } };
}

/** A workload whose pod template sits at `spec.template`. */
const workload = kind({ spec: { fields: { template: podTemplate } }, status: withConditions });

/**
 * Merge rules by `apiVersion/kind` (`v1/Pod`, `apps/v1/Deployment`). Kinds not listed (custom
 * resources included) get object-metadata rules only.
 *
 * @example
 * ```ts
 * MERGE_SCHEMAS['v1/Service']?.fields?.spec?.fields?.ports?.list; // { mergeKey: 'port' }
 * ```
 */
export const MERGE_SCHEMAS: Readonly<Record<string, MergeSchema>> = {
  'v1/Pod': kind({
    spec: podSpec,
    status: { fields: { conditions, podIPs: keyed('ip'), hostIPs: keyed('ip') } },
  }),
  'v1/PodTemplate': kind({ template: podTemplate }),
  'v1/Service': kind({ spec: { fields: { ports: keyed('port') } }, status: withConditions }),
  'v1/ServiceAccount': kind({ secrets: keyed('name') }),
  'v1/Namespace': kind({ status: withConditions }),
  'v1/Node': kind({ status: { fields: { conditions, addresses: keyed('type') } } }),
  'apps/v1/Deployment': workload,
  'apps/v1/ReplicaSet': workload,
  'apps/v1/StatefulSet': workload,
  'apps/v1/DaemonSet': workload,
  'batch/v1/Job': workload,
  'batch/v1/CronJob': kind({ spec: { fields: { jobTemplate: { fields: { spec: { fields: { template: podTemplate } } } } } } }),
  'apiextensions.k8s.io/v1/CustomResourceDefinition': kind({ status: { fields: { conditions: applyOnlyConditions } } }),
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration': kind({ webhooks: keyed('name') }),
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': kind({ webhooks: keyed('name') }),
};

const DEFAULT_SCHEMA = kind();

/**
 * The merge rules of a kind, from its group, version and kind.
 *
 * @example
 * ```ts
 * mergeSchemaFor({ group: 'apps', version: 'v1', kind: 'Deployment' });
 * ```
 */
export function mergeSchemaFor(gvk: { group: string; version: string; kind: string }): MergeSchema {
  const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
  return mergeSchemaForApiVersion(apiVersion, gvk.kind);
}

/** The merge rules of a kind, from an object's `apiVersion` and `kind`. */
export function mergeSchemaForApiVersion(apiVersion: unknown, kindName: unknown): MergeSchema {
  if (typeof apiVersion !== 'string' || typeof kindName !== 'string') return DEFAULT_SCHEMA;
  const key = `${apiVersion}/${kindName}`;
  return Object.hasOwn(MERGE_SCHEMAS, key) ? (MERGE_SCHEMAS[key] ?? DEFAULT_SCHEMA) : DEFAULT_SCHEMA;
}

/**
 * How strategic merge patch merges the list `schema` describes (undefined: it replaces it).
 *
 * @example
 * ```ts
 * strategicListRule(MERGE_SCHEMAS['v1/Service']?.fields?.spec?.fields?.ports); // { mergeKey: 'port' }
 * ```
 */
export function strategicListRule(schema: MergeSchema | undefined): MergeSchema['list'] {
  return schema?.applyOnly === true ? undefined : schema?.list;
}

/** The rules of member `field` of an object (or of a list's items) described by `schema`. */
export function childSchema(schema: MergeSchema | undefined, field: string): MergeSchema | undefined {
  const fields = schema?.fields;
  return fields !== undefined && Object.hasOwn(fields, field) ? fields[field] : undefined;
}
