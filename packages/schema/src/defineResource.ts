// A typed resource: one definition in TypeScript gives the resource's identity (group, version,
// plural, kind, scope), the TypeScript type of its objects, a validator that agrees with the API
// server, and its CustomResourceDefinition. It is also a handler selector: `on.create(Greeting, …)`
// serves exactly this group/version/plural and types the handler's `spec`, `status` and `body`.
import type { Static, TSchema } from 'typebox';
import { k } from './builders.js';
import { SchemaError } from './errors.js';
import type { SchemaIssue } from './errors.js';
import type { JsonSchemaObject } from './internal/json.js';
import { isPlainObject, plainCopy } from './internal/json.js';
import { lintStructural } from './lintStructural.js';
import { pluralize } from './plural.js';
import { RESOURCE_IDENTITY } from './identity.js';

export { isTypedResource, RESOURCE_IDENTITY } from './identity.js';
import { applyDefaults, checkValue } from './validateValue.js';
import type { ValueIssue } from './validateValue.js';


/** The metadata of an object (the fields Opkit reads; others pass through). */
export interface ResourceMetadata {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }[];
  [key: string]: unknown;
}

/** The least an object of a resource has. */
export type ResourceObject = { apiVersion?: string; kind?: string; metadata: ResourceMetadata; [key: string]: unknown };

/** The objects of a typed resource: its spec and status types, with apiVersion, kind and metadata. */
export type TypedBody<Spec, Status> = {
  apiVersion: string;
  kind: string;
  metadata: ResourceMetadata;
  spec: Spec;
  status?: Status;
};

/** An extra column of `kubectl get` (additionalPrinterColumns). */
export interface PrinterColumn {
  /** The column header. */
  readonly name: string;
  /** `string`, `integer`, `number`, `boolean` or `date`. */
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  /** A simple JSONPath into the object, e.g. `.status.message`. */
  readonly jsonPath: string;
  readonly description?: string;
  /** `int32`, `int64`, `float`, `double`, `byte`, `date`, `date-time`, `password` or `name`. */
  readonly format?: string;
  /** 0 shows the column in the standard view; higher values only in `-o wide`. @defaultValue 0 */
  readonly priority?: number;
}

/** What {@link defineResource} takes. */
export interface ResourceDefinition<Spec extends TSchema, Status extends TSchema> {
  /** The API group, a DNS subdomain with at least one dot, e.g. `example.com`. */
  readonly group: string;
  /** The version, e.g. `v1alpha1`. */
  readonly version: string;
  /** The kind, in CamelCase, e.g. `Greeting`. */
  readonly kind: string;
  /** The plural resource name. @defaultValue derived from the kind by English rules (`greetings`) */
  readonly plural?: string;
  /** The singular name. @defaultValue the kind in lower case */
  readonly singular?: string;
  /** `Namespaced` or `Cluster`. @defaultValue 'Namespaced' */
  readonly scope?: 'Namespaced' | 'Cluster';
  /** Short names for kubectl, e.g. `['gr']`. */
  readonly shortNames?: readonly string[];
  /** Categories for kubectl, e.g. `['all']`. */
  readonly categories?: readonly string[];
  /** The spec's schema (`k.object({...})`). */
  readonly spec: Spec;
  /** The status's schema. @defaultValue `k.status({})`: any fields, kept (handler results live there) */
  readonly status?: Status;
  /** Extra `kubectl get` columns. */
  readonly printerColumns?: readonly PrinterColumn[];
  /** What the resource is (the schema's root description, shown by `kubectl explain`). */
  readonly description?: string;
}

/** The result of {@link TypedResource.validate}. */
export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly errors: readonly ValueIssue[] };

/** A CustomResourceDefinition object (apiextensions.k8s.io/v1). */
export type CustomResourceDefinition = {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string };
  spec: Record<string, unknown>;
  [key: string]: unknown;
};

declare const BODY: unique symbol;

/**
 * A typed resource made by {@link defineResource}. `B` is the type of its objects ({@link ResourceBody}).
 */
export interface TypedResource<B extends ResourceObject = ResourceObject> {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly kind: string;
  readonly singular: string;
  readonly scope: 'Namespaced' | 'Cluster';
  /** Whether objects live in namespaces. */
  readonly namespaced: boolean;
  /** `group/version`, e.g. `example.com/v1alpha1`. */
  readonly apiVersion: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  /** The CRD's `openAPIV3Schema`, as plain JSON. */
  readonly schema: JsonSchemaObject;
  /** The identity the resource is matched by (see {@link RESOURCE_IDENTITY}). */
  readonly [RESOURCE_IDENTITY]: { readonly group: string; readonly version: string; readonly plural: string };
  /** The CustomResourceDefinition: structural, with the status subresource, one served storage version. */
  toCRD(): CustomResourceDefinition;
  /**
   * Check an object the way the API server would on create: defaults applied, unknown fields
   * pruned, then the schema's rules; also apiVersion and kind.
   */
  validate(body: unknown): ValidationResult;
  /** Type-level only: the type of the objects. */
  readonly [BODY]?: B;
}

/**
 * The type of a typed resource's objects.
 *
 * @example
 * ```ts
 * export const Greeting = defineResource({ group: 'example.com', version: 'v1alpha1', kind: 'Greeting', spec: k.object({ name: k.string() }) });
 * export type Greeting = ResourceBody<typeof Greeting>; // { apiVersion: string; kind: string; metadata: …; spec: { name: string }; status?: … }
 * ```
 */
export type ResourceBody<R> = R extends TypedResource<infer B> ? B : never;

const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const VERSION = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const KIND = /^[A-Za-z][A-Za-z0-9]*$/;
const COLUMN_TYPES = ['string', 'integer', 'number', 'boolean', 'date'];
const COLUMN_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'date', 'date-time', 'password', 'name'];

function checkDefinition(definition: ResourceDefinition<TSchema, TSchema>, plural: string, singular: string): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const bad = (path: string, message: string): void => { issues.push({ path, message }); };
  const { group, version, kind } = definition;
  if (typeof group !== 'string' || !DNS_SUBDOMAIN.test(group) || !group.includes('.') || group.length > 253) {
    bad('group', `must be a DNS subdomain with at least one dot, e.g. 'example.com'; got ${JSON.stringify(group)}`);
  }
  if (typeof version !== 'string' || !VERSION.test(version) || version.length > 63) bad('version', `must be a lower-case DNS label such as 'v1alpha1'; got ${JSON.stringify(version)}`);
  if (typeof kind !== 'string' || !KIND.test(kind) || kind.length > 63) bad('kind', `must be a CamelCase name of letters and digits such as 'Greeting'; got ${JSON.stringify(kind)}`);
  if (!DNS_LABEL.test(plural) || plural.length > 63) bad('plural', `must be a lower-case DNS label such as 'greetings'; got ${JSON.stringify(plural)}`);
  if (!DNS_LABEL.test(singular) || singular.length > 63) bad('singular', `must be a lower-case DNS label such as 'greeting'; got ${JSON.stringify(singular)}`);
  if (`${plural}.${group}`.length > 253) bad('plural', `${plural}.${group} (the CRD's name) is longer than 253 characters`);
  if (definition.scope !== undefined && definition.scope !== 'Namespaced' && definition.scope !== 'Cluster') {
    bad('scope', `must be 'Namespaced' or 'Cluster'; got ${JSON.stringify(definition.scope)}`);
  }
  for (const key of ['shortNames', 'categories'] as const) {
    const names = definition[key];
    if (names === undefined) continue;
    if (!Array.isArray(names)) bad(key, 'must be a list of lower-case names');
    else names.forEach((name, index) => { if (typeof name !== 'string' || !DNS_LABEL.test(name)) bad(`${key}[${index}]`, `must be a lower-case DNS label; got ${JSON.stringify(name)}`); });
  }
  if (!isPlainObject(definition.spec)) bad('spec', 'is required: the spec\'s schema, e.g. k.object({ name: k.string() })');
  else if (definition.spec['type'] !== 'object') bad('spec', 'must be an object schema (k.object({...}) or k.preserveUnknown())');
  if (definition.status !== undefined && (!isPlainObject(definition.status) || definition.status['type'] !== 'object')) {
    bad('status', 'must be an object schema — use k.status({...})');
  }
  (definition.printerColumns ?? []).forEach((column, index) => {
    const where = `printerColumns[${index}]`;
    if (!isPlainObject(column)) return bad(where, 'must be { name, type, jsonPath }');
    if (typeof column.name !== 'string' || column.name === '') bad(where, 'needs a name');
    if (!COLUMN_TYPES.includes(column.type)) bad(where, `type must be one of ${COLUMN_TYPES.join(', ')}; got ${JSON.stringify(column.type)}`);
    if (typeof column.jsonPath !== 'string' || !column.jsonPath.startsWith('.')) bad(where, `jsonPath must be a simple JSONPath starting with '.', e.g. '.status.message'; got ${JSON.stringify(column.jsonPath)}`);
    if (column.format !== undefined && !COLUMN_FORMATS.includes(column.format)) bad(where, `format must be one of ${COLUMN_FORMATS.join(', ')}; got ${JSON.stringify(column.format)}`);
    if (column.priority !== undefined && (!Number.isInteger(column.priority) || column.priority < 0)) bad(where, 'priority must be a whole number >= 0');
  });
  return issues;
}

/** Whether every required property of an object schema has a default (so `{}` is a complete value). */
function fullyDefaulted(schema: JsonSchemaObject): boolean {
  const required = Array.isArray(schema['required']) ? schema['required'] as string[] : [];
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {};
  return required.every((key) => isPlainObject(properties[key]) && properties[key]['default'] !== undefined);
}

function buildSchema(definition: ResourceDefinition<TSchema, TSchema>): JsonSchemaObject {
  const spec = plainCopy(definition.spec) as JsonSchemaObject;
  const status = plainCopy(definition.status ?? k.status({})) as JsonSchemaObject;
  // A spec whose fields all have defaults defaults to {} (the server then fills in the fields), so
  // handlers always see a complete spec; otherwise the spec is required.
  const specDefaults = spec['default'] === undefined && fullyDefaulted(spec);
  return {
    type: 'object',
    ...(definition.description ? { description: definition.description } : {}),
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: specDefaults ? { ...spec, default: {} } : spec,
      status,
    },
    ...(specDefaults || spec['default'] !== undefined ? {} : { required: ['spec'] }),
  };
}

/**
 * Define a typed resource: its identity, the schema of its spec and status, and how kubectl shows
 * it. Throws {@link SchemaError} listing every problem when a name is invalid or the schema is not
 * structural.
 *
 * @example
 * ```ts
 * export const Greeting = defineResource({
 *   group: 'example.com', version: 'v1alpha1', kind: 'Greeting', shortNames: ['gr'],
 *   spec: k.object({ name: k.string({ default: 'world' }), replicas: k.optional(k.integer({ minimum: 0 })) }),
 *   status: k.status({ message: k.optional(k.string()) }),
 *   printerColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }],
 * });
 * export type Greeting = ResourceBody<typeof Greeting>;
 * Greeting.plural;  // 'greetings'
 * Greeting.toCRD(); // the CustomResourceDefinition greetings.example.com
 * ```
 */
export function defineResource<Spec extends TSchema, Status extends TSchema = ReturnType<typeof k.status<Record<never, TSchema>>>>(
  definition: ResourceDefinition<Spec, Status>,
): TypedResource<TypedBody<Static<Spec>, Static<Status>>> {
  if (!isPlainObject(definition)) throw new SchemaError('invalid-definition', 'defineResource() takes { group, version, kind, spec, status?, … }.');
  const plural = definition.plural ?? (typeof definition.kind === 'string' ? pluralize(definition.kind) : '');
  const singular = definition.singular ?? (typeof definition.kind === 'string' ? definition.kind.toLowerCase() : '');
  const problems = checkDefinition(definition, plural, singular);
  const name = typeof definition.kind === 'string' ? definition.kind : 'a resource';
  if (problems.length > 0) throw new SchemaError('invalid-definition', `defineResource(${name}): the definition is invalid:`, problems);
  const schema = buildSchema(definition);
  const issues = lintStructural(schema, { root: true, statusSubresource: true });
  if (issues.length > 0) {
    throw new SchemaError('not-structural', `defineResource(${name}): the schema is not structural, so no Kubernetes API server would accept the CRD:`, issues);
  }
  const { group, version, kind } = definition;
  const scope = definition.scope ?? 'Namespaced';
  const apiVersion = `${group}/${version}`;
  const shortNames = Object.freeze([...(definition.shortNames ?? [])]);
  const categories = Object.freeze([...(definition.categories ?? [])]);
  const columns = (definition.printerColumns ?? []).map((column) => plainCopy(column));
  const frozenSchema = deepFreeze(schema);

  const toCRD = (): CustomResourceDefinition => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: {
        kind, listKind: `${kind}List`, plural, singular,
        ...(shortNames.length > 0 ? { shortNames: [...shortNames] } : {}),
        ...(categories.length > 0 ? { categories: [...categories] } : {}),
      },
      scope,
      versions: [{
        name: version, served: true, storage: true,
        schema: { openAPIV3Schema: plainCopy(frozenSchema) },
        subresources: { status: {} },
        ...(columns.length > 0 ? { additionalPrinterColumns: columns } : {}),
      }],
    },
  });

  const validate = (body: unknown): ValidationResult => {
    const errors: ValueIssue[] = [];
    if (!isPlainObject(body)) return { ok: false, errors: [{ path: '', message: `must be an object; got ${body === null ? 'null' : Array.isArray(body) ? 'a list' : typeof body}` }] };
    if (body['apiVersion'] !== apiVersion) errors.push({ path: 'apiVersion', message: `must be ${JSON.stringify(apiVersion)}; got ${JSON.stringify(body['apiVersion'])}` });
    if (body['kind'] !== kind) errors.push({ path: 'kind', message: `must be ${JSON.stringify(kind)}; got ${JSON.stringify(body['kind'])}` });
    if (body['metadata'] !== undefined && !isPlainObject(body['metadata'])) errors.push({ path: 'metadata', message: 'must be an object' });
    const { apiVersion: _a, kind: _k, metadata: _m, ...rest } = body;
    const content = applyDefaults(frozenSchema, rest) as Record<string, unknown>;
    const properties = frozenSchema['properties'] as Record<string, JsonSchemaObject>;
    const contentSchema: JsonSchemaObject = { type: 'object', properties: { spec: properties['spec']!, status: properties['status']! }, ...(frozenSchema['required'] ? { required: frozenSchema['required'] } : {}) };
    errors.push(...checkValue(contentSchema, content));
    return errors.length === 0 ? { ok: true } : { ok: false, errors };
  };

  const resource = {
    group, version, plural, kind, singular, scope, namespaced: scope === 'Namespaced', apiVersion, shortNames, categories,
    schema: frozenSchema,
    [RESOURCE_IDENTITY]: Object.freeze({ group, version, plural }),
    toCRD, validate,
  };
  return Object.freeze(resource);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

