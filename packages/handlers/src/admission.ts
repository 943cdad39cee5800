// Admission handlers (`on.validate`, `on.mutate`): their options as users write them, the normalized
// handler the Registry keeps, and the context they receive. They are kept apart from the resource
// handlers because nothing watches for them: the API server calls them through a webhook, each at its
// own URL path `/<handler id>`, so their ids are unique across all admission handlers.
import type { KubeObject, Resource } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { HandlerRegistrationError } from './errors.js';
import type { HandlerClient } from './client.js';
import type { Indices } from './indices.js';
import { buildFilters, describeSelector } from './internal/normalize.js';
import type { DiffItem, FilterOptions, HandlerFilters, HandlerPatch, HandlerSpec, HandlerStatus, Selector } from './types.js';

/** The operations an admission request can be for. */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** The two kinds of admission handlers, named after their webhook configurations. */
export type AdmissionHandlerKind = 'validate' | 'mutate';

/** The sub-resource an admission handler serves: none (the main body), one by name (`status`), or `'*'` (all and none). */
export type AdmissionSubresource = string | null;

/** Options of `on.validate` and `on.mutate`. */
export type AdmissionHandlerOptions = FilterOptions & {
  /** The handler id; also its URL path and, in managed configurations, its webhook's name. @defaultValue the function's name */
  readonly id?: string;
  /** A value passed to the handler as `param`. */
  readonly param?: unknown;
  /**
   * The operations to serve. @defaultValue all (`['*']` in the webhook's rules) — but a mutator is
   * called for DELETE only when this is exactly `['DELETE']`.
   */
  readonly operations?: readonly AdmissionOperation[];
  /** `null` for the main body only, a sub-resource name such as `'status'`, or `'*'` for all. @defaultValue null */
  readonly subresource?: AdmissionSubresource;
  /** Keep the webhook in a managed configuration when the operator exits. @defaultValue false */
  readonly persistent?: boolean;
  /** The handler has side effects outside the object (its webhook gets `sideEffects: NoneOnDryRun`; it must honour `dryRun`). @defaultValue false */
  readonly sideEffects?: boolean;
  /** Let the API server ignore failures to reach this webhook (`failurePolicy: Ignore`). @defaultValue false (`Fail`) */
  readonly ignoreFailures?: boolean;
};

/** Who sent the request under review (the AdmissionReview's `request.userInfo`). */
export interface AdmissionUserInfo {
  readonly username?: string;
  readonly uid?: string;
  readonly groups?: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** What admission handlers receive (one object). */
export interface AdmissionContext<B extends KubeObject = KubeObject> {
  readonly id: string;
  /** The resource under review. */
  readonly resource: Resource;
  /** The object under review: the new object, or the old one for DELETE. */
  readonly body: B;
  readonly spec: HandlerSpec<B>;
  readonly meta: B['metadata'];
  readonly status: HandlerStatus<B>;
  readonly name: string | undefined;
  readonly namespace: string | undefined;
  readonly uid: string | undefined;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  /** Mutators write here; the changes are returned as a JSON patch against the request's object. */
  readonly patch: HandlerPatch;
  readonly logger: Logger;
  /** The object's memo (a throw-away one for CREATE). */
  readonly memo: Record<string, any>;
  /** The stored object (UPDATE, DELETE), else `null`. */
  readonly old: B | null;
  /** The object as it would be written (CREATE, UPDATE), else `null`. */
  readonly new: B | null;
  /** The differences between `old` and `new`. */
  readonly diff: readonly DiffItem[];
  /** Whether the request is a dry run: a handler with side effects must not cause them. */
  readonly dryRun: boolean;
  readonly userInfo: AdmissionUserInfo;
  /** The HTTP headers of the webhook call (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;
  /** The client certificate's subject fields, when the API server presented one; else `{}`. */
  readonly sslPeer: Readonly<Record<string, unknown>>;
  readonly operation: AdmissionOperation;
  /** The sub-resource written (`'status'`), or `null` for the main body. */
  readonly subresource: string | null;
  /** Push strings here: they are returned to the client as warnings. */
  readonly warnings: string[];
  readonly param?: unknown;
  /** Aborted when the webhook call is abandoned (its deadline passed or the server stops). */
  readonly signal: AbortSignal;
  /** Every index of the operator (`on.index`), by index id. */
  readonly indices: Indices;
  /**
   * The operator's own API client (see {@link HandlerClient}). On CREATE the object has no uid yet, so it
   * cannot own children here; and a dry run must cause no writes.
   */
  readonly client: HandlerClient;
}

/** An admission handler's function. Throwing rejects the request; a mutator writes to `patch`. */
export type AdmissionHandlerFn<B extends KubeObject = KubeObject> = (context: AdmissionContext<B>) => unknown;

/** A registered admission handler (immutable, normalized). */
export interface AdmissionHandler {
  readonly kind: AdmissionHandlerKind;
  readonly id: string;
  readonly fn: AdmissionHandlerFn<any>;
  readonly selector: Selector;
  /** The operations served; `null` for all. */
  readonly operations: readonly AdmissionOperation[] | null;
  readonly subresource: AdmissionSubresource;
  readonly persistent: boolean;
  readonly sideEffects: boolean;
  readonly ignoreFailures: boolean;
  readonly filters: HandlerFilters;
  readonly param?: unknown;
}

const OPERATIONS: readonly AdmissionOperation[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

function checkFlag(name: string, value: unknown, where: string): boolean {
  if (value !== undefined && typeof value !== 'boolean') throw new HandlerRegistrationError(`${where}: ${name} must be true or false; got ${JSON.stringify(value)}.`);
  return Boolean(value);
}

/**
 * Build a normalized admission handler from `on.validate`/`on.mutate` arguments (validating them).
 *
 * @throws HandlerRegistrationError naming the bad option and what was expected.
 * @example
 * ```ts
 * buildAdmissionHandler('validate', 'kopfexamples', function check() {}, { operations: ['CREATE'] }).id; // 'check'
 * ```
 */
export function buildAdmissionHandler(kind: AdmissionHandlerKind, selector: Selector, fn: AdmissionHandlerFn<any>, options: AdmissionHandlerOptions): AdmissionHandler {
  const where = `on.${kind}(${describeSelector(selector)}, ${typeof fn === 'function' && fn.name ? fn.name : 'an anonymous function'})`;
  if (typeof fn !== 'function') throw new HandlerRegistrationError(`${where}: the handler must be a function; got ${typeof fn}.`);
  if (selector === undefined || selector === null || selector === '') {
    throw new HandlerRegistrationError(`${where}: a resource selector is required, e.g. 'kopfexamples' or { group, version, plural }.`);
  }
  const baseId = options.id ?? fn.name;
  if (!baseId) throw new HandlerRegistrationError(`${where}: an anonymous function needs an id: on.${kind}(selector, fn, { id: 'my-webhook' }).`);
  if (typeof baseId !== 'string' || /[\s?#]/.test(baseId)) {
    throw new HandlerRegistrationError(`${where}: the id ${JSON.stringify(baseId)} becomes a URL path; use letters, digits, '.', '-', '_' or '/' without spaces, '?' or '#'.`);
  }
  let operations: readonly AdmissionOperation[] | null = null;
  if (options.operations !== undefined) {
    const given = options.operations as unknown;
    if (!Array.isArray(given) || given.length === 0 || given.some((op) => !OPERATIONS.includes(op as AdmissionOperation))) {
      throw new HandlerRegistrationError(`${where}: operations must be a non-empty list of ${OPERATIONS.map((op) => `'${op}'`).join(', ')}; got ${JSON.stringify(given)}.`);
    }
    operations = Object.freeze([...new Set(given as AdmissionOperation[])]);
  }
  const subresource = options.subresource ?? null;
  if (subresource !== null && (typeof subresource !== 'string' || subresource === '' || subresource.includes('/'))) {
    throw new HandlerRegistrationError(`${where}: subresource must be null, a sub-resource name such as 'status', or '*'; got ${JSON.stringify(subresource)}.`);
  }
  const { filters, field } = buildFilters(options, where, false);
  // Kopf's ids: a field suffixes the id (`<id>/spec.field`), and so the webhook's URL path.
  const id = field === undefined ? baseId : `${baseId}/${field.join('.')}`;
  return Object.freeze({
    kind, id, fn, selector, operations, subresource,
    persistent: checkFlag('persistent', options.persistent, where),
    sideEffects: checkFlag('sideEffects', options.sideEffects, where),
    ignoreFailures: checkFlag('ignoreFailures', options.ignoreFailures, where),
    filters,
    ...(options.param === undefined ? {} : { param: options.param }),
  });
}
