// The per-kind strategies: what makes a Namespace, a CRD, a Service, a Secret, a ConfigMap or a Node
// different from any other object when it is written or deleted. The write engine and the deletion
// steps ask `strategyFor(type)` at each step (prepare for create and update, validate, canonicalise,
// generation and status rules, before delete, after commit) instead of comparing storage keys; every
// kind-specific rule of the registry lives here, registered in one table.
import { Statuses } from '../errors.js';
import type { StatusCause } from '../errors.js';
import { CRDS, NAMESPACES, NODES, RETURNS_DELETED_OBJECT, UNDELETABLE_NAMESPACES } from '../resources/builtins.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { floatSchemaBounds } from '../schema/index.js';
import type { ObjectStore } from '../storage/index.js';
import { deepEqual } from '../storage/deepEqual.js';
import type { NameValidation } from '../validation/index.js';
import { validateCrd, validateCrdStatus } from './modules.js';
import { isObject, wholeSecondsNow } from './objectRules.js';
import { allocateService, keepAllocated } from './serviceAllocation.js';

/** What a strategy may read while it prepares a write. */
export interface StrategyContext {
  store: ObjectStore;
  /** The subresource written (`status`, `finalize`, `scale`), if any. */
  subresource: string | undefined;
}

/** The follow-ups a strategy may ask for after a commit (the server supplies them). */
export interface CommitHooks {
  /** A CRD was created or updated: register its resource, set its conditions. */
  crdChanged(crd: KubeObject): void;
}

/** What happens to an object of the kind when it is deleted. */
export interface DeleteRules {
  /** Finalizers every deletion of the kind adds (a CRD waits for its objects to go). */
  finalizers?: string[];
  /** Whether deletion is always deferred to a controller (a namespace empties itself first). */
  alwaysDeferred?: boolean;
  /** The object as it is marked for deletion (a namespace's phase, a CRD's Terminating condition). */
  terminating?(old: KubeObject): KubeObject;
  /** Objects of the kind that may never be deleted (403). */
  undeletable?(name: string): boolean;
  /** Whether a DELETE that removes the object answers with it (otherwise a Success Status). */
  returnsDeletedObject?: boolean;
}

/**
 * The rules of one kind. Every member is optional: the default strategy is that of an ordinary object.
 *
 * @example
 * const strategy = strategyFor(type);
 * next = strategy.prepareForCreate?.(next) ?? next;
 */
export interface Strategy {
  /** How names are validated (default: a DNS-1123 subdomain). */
  nameValidation?: NameValidation;
  /** Whether ObjectMeta goes through the generic validation (CRDs check their own names). */
  skipMetadataValidation?: boolean;
  /** Whether a create keeps the status it is given although the kind has a status subresource. */
  keepsStatusOnCreate?: boolean;
  /** Create: after the system metadata is set, before validation. */
  prepareForCreate?(obj: KubeObject): KubeObject;
  /** Update of the main resource: fields only a subresource may change are kept from `old`. */
  prepareForUpdate?(next: KubeObject, old: KubeObject): KubeObject;
  /** The `finalize` subresource (namespaces): what such an update writes. */
  finalize?(old: KubeObject, next: KubeObject): KubeObject;
  /** Metadata every write of the kind canonicalises (a namespace's name label). */
  canonicalMetadata?(meta: Record<string, any>): Record<string, any>;
  /** Kind validation beyond the type's own, on the served object (422 causes). */
  validate?(obj: KubeObject, context: StrategyContext): StatusCause[];
  /** After validation: server-filled fields (CRD defaults, Service allocations). `old` is undefined on create. */
  canonicalize?(next: KubeObject, old: KubeObject | undefined, context: StrategyContext): KubeObject;
  /** Update rules that compare old and new (immutability); throws the Status to answer. */
  validateUpdate?(type: ResourceType, old: KubeObject, next: KubeObject): void;
  /** Whether a deleting object whose finalizers are gone may now be removed (namespaces: spec.finalizers too). */
  readyToRemove?(obj: KubeObject): boolean;
  /** After a create was committed. */
  afterCreate?(stored: KubeObject, hooks: CommitHooks): void;
  /** After an update was committed (not for a deleting object). */
  afterUpdate?(stored: KubeObject, hooks: CommitHooks): void;
  /** Deletion rules. */
  beforeDelete?: DeleteRules;
}

/** The label kube-apiserver keeps on every namespace (it can be neither changed nor removed). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** The finalizer that holds a CRD until its custom resources are gone. */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

const namespaceStrategy: Strategy = {
  nameValidation: 'dns1123-label',
  prepareForCreate: (obj) => ({ ...obj, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } }),
  prepareForUpdate: (next, old) => ({ ...next, spec: old.spec }),
  finalize: (old, next) => ({ ...old, spec: { ...(old.spec ?? {}), finalizers: next.spec?.finalizers ?? [] } }),
  canonicalMetadata: (meta) => ({ ...meta, labels: { ...(isObject(meta.labels) ? meta.labels : {}), [NAMESPACE_NAME_LABEL]: meta.name } }),
  readyToRemove: (obj) => {
    const specFinalizers = obj.spec?.finalizers;
    return !(Array.isArray(specFinalizers) && specFinalizers.length > 0);
  },
  beforeDelete: {
    alwaysDeferred: true,
    terminating: (old) => ({ ...old, status: { ...(old.status ?? {}), phase: 'Terminating' } }),
    undeletable: (name) => UNDELETABLE_NAMESPACES.has(name),
    returnsDeletedObject: true,
  },
};

const crdStrategy: Strategy = {
  skipMetadataValidation: true,
  validate: (obj, context) => (context.subresource === 'status' ? validateCrdStatus(obj) : validateCrd(obj)),
  canonicalize: (next, _old, context) => (context.subresource === 'status' ? next : prepareCrd(next)),
  afterCreate: (stored, hooks) => hooks.crdChanged(stored),
  afterUpdate: (stored, hooks) => hooks.crdChanged(stored),
  beforeDelete: {
    finalizers: [CRD_CLEANUP_FINALIZER],
    terminating: (old) => ({ ...old, status: withTerminatingCondition(old.status) }),
  },
};

const serviceStrategy: Strategy = {
  nameValidation: 'dns1123-label',
  canonicalize: (next, old, context) => {
    if (context.subresource === 'status') return next;
    return allocateService(context.store, old ? keepAllocated(old, next) : next);
  },
  beforeDelete: { returnsDeletedObject: true },
};

const immutableData: Strategy['validateUpdate'] = (type, old, next) => {
  if (old.immutable !== true) return;
  const causes = ['data', 'binaryData', 'immutable']
    .filter((field) => !deepEqual(old[field], next[field]))
    .map((field) => ({ reason: 'FieldValueForbidden', field, message: 'Forbidden: field is immutable when `immutable` is set' }));
  if (causes.length > 0) throw Statuses.invalid(type.kind, type.group, old.metadata?.name ?? '', causes);
};

/** Every kind with rules of its own, by storage key (the one place they are registered). */
const STRATEGIES: Record<string, Strategy> = {
  [NAMESPACES]: namespaceStrategy,
  [CRDS]: crdStrategy,
  '/services': serviceStrategy,
  '/configmaps': { validateUpdate: immutableData },
  '/secrets': { validateUpdate: immutableData, prepareForCreate: (obj) => (obj.type === undefined ? { ...obj, type: 'Opaque' } : obj) },
  // A kubelet registers its Node with its status in one create.
  [NODES]: { keepsStatusOnCreate: true },
  '/pods': { beforeDelete: { returnsDeletedObject: true } },
};

const RBAC_STRATEGY: Strategy = { nameValidation: 'path-segment' };
const DEFAULT_STRATEGY: Strategy = {};

for (const key of RETURNS_DELETED_OBJECT) {
  if (!STRATEGIES[key]?.beforeDelete?.returnsDeletedObject) throw new Error(`the strategy of ${key} must return the deleted object`);
}

/**
 * The strategy of a resource type (the default one for kinds without rules of their own).
 *
 * @example
 * strategyFor(namespacesType).beforeDelete?.alwaysDeferred; // true
 */
export function strategyFor(type: ResourceType): Strategy {
  const own = STRATEGIES[type.storageKey];
  if (own) return own;
  // RBAC names may contain ':' (system:controller:…): kube validates them as path segments.
  if (type.group === 'rbac.authorization.k8s.io') return RBAC_STRATEGY;
  return DEFAULT_STRATEGY;
}

function withTerminatingCondition(status: Record<string, any> | undefined): Record<string, any> {
  const conditions = ((status?.conditions as Record<string, any>[] | undefined) ?? []).filter((c) => c.type !== 'Terminating');
  conditions.push({ type: 'Terminating', status: 'True', lastTransitionTime: wholeSecondsNow(), reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
  return { ...(status ?? {}), conditions };
}

/** Fills a CRD's defaults (listKind, singular, conversion); schema bounds become float64 as in Go. */
function prepareCrd(input: KubeObject): KubeObject {
  const crd = floatSchemaBounds(input);
  const spec = { ...(crd.spec ?? {}) };
  const names = { ...(spec.names ?? {}) };
  if (!names.singular && typeof names.kind === 'string') names.singular = names.kind.toLowerCase();
  if (!names.listKind && typeof names.kind === 'string') names.listKind = `${names.kind}List`;
  spec.names = names;
  if (!spec.conversion) spec.conversion = { strategy: 'None' };
  return { ...crd, spec };
}
