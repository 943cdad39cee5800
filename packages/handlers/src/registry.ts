// The Registry: every handler an operator registers, normalized once at registration so that
// mistakes (no id, duplicate ids, contradictory filters) fail at startup with a message naming the
// culprit, not later while processing. `on` registers on the current default registry; loaders swap
// that registry to load an operator module into a fresh one.
import type { KubeObject, ResourceSelector } from '@opkit/kube';
import { isTypedResource } from '@opkit/schema/identity';
import type { TypedResource } from '@opkit/schema';
import { buildAdmissionHandler } from './admission.js';
import type { AdmissionHandler, AdmissionHandlerFn, AdmissionHandlerKind, AdmissionHandlerOptions } from './admission.js';
import { buildConversionHandler } from './conversion.js';
import type { ConversionFn, ConversionHandler, ConversionHandlerOptions, ConversionPair, TypedConversionFn, UntypedObject } from './conversion.js';
import { HandlerRegistrationError } from './errors.js';
import { buildFilters, describeSelector } from './internal/normalize.js';
import { checkOwnedSelector, checkPermissionNeed } from './permissions.js';
import type { PermissionNeed } from './permissions.js';
import type {
  ActivityHandler, ActivityHandlerFn, ActivityHandlerOptions, ActivityKind, ChangeHandlerOptions, ChangeReason,
  DaemonHandlerFn, DaemonHandlerOptions, DeleteHandlerOptions, ErrorsMode, EventHandlerOptions, FilterOptions, IndexHandlerOptions,
  InitialDelay, ResourceHandler, ResourceHandlerFn, ResourceHandlerKind, ResumeHandlerOptions, RetryOptions, Selector,
  TimerHandlerOptions, TypedResourceBody, UpdateHandlerOptions,
} from './types.js';

export { describeSelector };

/** Everything `buildResourceHandler` accepts: the options of every resource kind. */
export type ResourceHandlerOptions = FilterOptions & RetryOptions & {
  id?: string; param?: unknown; old?: unknown; new?: unknown; optional?: boolean; deleted?: boolean;
  initialDelay?: InitialDelay; cancellationBackoff?: number; cancellationTimeout?: number; cancellationPolling?: number;
  interval?: number; idle?: number; sharp?: boolean;
};

/**
 * The registration API, bound to one registry. Each resource kind has two forms: with a typed
 * resource of @opkit/schema, the context's `spec`, `status` and `body` are typed from it; with any
 * other selector (or a value typed as the `Selector` union) they are plain records (or the body
 * type given as `B`).
 */
export interface On {
  /** A creation handler: runs once when an object is first seen without a stored diff-base. */
  create<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: ChangeHandlerOptions): ResourceHandler;
  create<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: ChangeHandlerOptions): ResourceHandler;
  /** An update handler: runs when the essence differs from the stored diff-base. */
  update<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: UpdateHandlerOptions): ResourceHandler;
  update<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: UpdateHandlerOptions): ResourceHandler;
  /** A deletion handler: runs when the object is being deleted (a finalizer holds it unless `optional`). */
  delete<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: DeleteHandlerOptions): ResourceHandler;
  delete<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: DeleteHandlerOptions): ResourceHandler;
  /** A resume handler: runs once per object and process for objects found at startup. */
  resume<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: ResumeHandlerOptions): ResourceHandler;
  resume<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: ResumeHandlerOptions): ResourceHandler;
  /** A field handler: runs on any change of one field (id `<id>/<field>`). */
  field<R extends TypedResource<any>>(selector: R, field: string, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: UpdateHandlerOptions): ResourceHandler;
  field<B extends KubeObject = KubeObject>(selector: Selector, field: string, fn: ResourceHandlerFn<B>, options?: UpdateHandlerOptions): ResourceHandler;
  /** An event spy: runs for every watch event; errors are ignored; nothing is stored. */
  event<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: EventHandlerOptions): ResourceHandler;
  event<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: EventHandlerOptions): ResourceHandler;
  /** A daemon: runs alongside each matching object for as long as it exists (one per object). */
  daemon<R extends TypedResource<any>>(selector: R, fn: DaemonHandlerFn<TypedResourceBody<R>>, options?: DaemonHandlerOptions): ResourceHandler;
  daemon<B extends KubeObject = KubeObject>(selector: Selector, fn: DaemonHandlerFn<B>, options?: DaemonHandlerOptions): ResourceHandler;
  /** A timer: runs every `interval` seconds (and/or after `idle` seconds without changes) for each matching object. */
  timer<R extends TypedResource<any>>(selector: R, fn: DaemonHandlerFn<TypedResourceBody<R>>, options?: TimerHandlerOptions): ResourceHandler;
  timer<B extends KubeObject = KubeObject>(selector: Selector, fn: DaemonHandlerFn<B>, options?: TimerHandlerOptions): ResourceHandler;
  /**
   * An index: what `fn` returns for each matching object — `{ key: value }`, a `Map` of keys to values, or
   * another value (under the key `null`); `undefined` keeps the object's old values — is kept in memory and
   * given to every handler as `indices.<id>`. Index ids are unique across the operator.
   */
  index<R extends TypedResource<any>>(selector: R, fn: ResourceHandlerFn<TypedResourceBody<R>>, options?: IndexHandlerOptions): ResourceHandler;
  index<B extends KubeObject = KubeObject>(selector: Selector, fn: ResourceHandlerFn<B>, options?: IndexHandlerOptions): ResourceHandler;
  /**
   * A validating admission handler: called by the API server (through the operator's webhook server)
   * before a write is stored; any error rejects the write, {@link AdmissionError} with its code.
   */
  validate<R extends TypedResource<any>>(selector: R, fn: AdmissionHandlerFn<TypedResourceBody<R>>, options?: AdmissionHandlerOptions): AdmissionHandler;
  validate<B extends KubeObject = KubeObject>(selector: Selector, fn: AdmissionHandlerFn<B>, options?: AdmissionHandlerOptions): AdmissionHandler;
  /**
   * A mutating admission handler: what it writes to `patch` is applied to the object before it is stored.
   * Not called for DELETE unless `operations` is exactly `['DELETE']`.
   */
  mutate<R extends TypedResource<any>>(selector: R, fn: AdmissionHandlerFn<TypedResourceBody<R>>, options?: AdmissionHandlerOptions): AdmissionHandler;
  mutate<B extends KubeObject = KubeObject>(selector: Selector, fn: AdmissionHandlerFn<B>, options?: AdmissionHandlerOptions): AdmissionHandler;
  /**
   * A conversion step between two versions of one custom resource, for the API server's conversion
   * webhook: `fn` gets a copy of the object at `from` and returns it at `to` (the framework sets
   * `apiVersion`, keeps `kind`, and keeps the metadata but for labels and annotations). Converting between
   * any two versions follows the shortest chain of registered steps. With typed resources of two versions,
   * the function is typed from them and the resource may be left out.
   *
   * @example
   * ```ts
   * on.convert('widgets.example.com', { from: 'v1', to: 'v2' }, (w) => ({ ...w, spec: { size: w.spec.replicas } }));
   * on.convert({ from: WidgetV2, to: WidgetV1 }, (w) => ({ ...w, spec: { replicas: w.spec.size } }));
   * ```
   */
  convert<F extends TypedResource<any>, T extends TypedResource<any>>(pair: ConversionPair<F, T>, fn: TypedConversionFn<F, T>, options?: ConversionHandlerOptions): ConversionHandler;
  convert<F extends TypedResource<any>, T extends TypedResource<any>>(selector: Selector, pair: ConversionPair<F, T>, fn: TypedConversionFn<F, T>, options?: ConversionHandlerOptions): ConversionHandler;
  convert<A extends KubeObject = UntypedObject, B extends KubeObject = A>(selector: Selector, pair: ConversionPair<string, string>, fn: ConversionFn<A, B>, options?: ConversionHandlerOptions): ConversionHandler;
  /** A startup activity: all must succeed before watching starts. */
  startup(fn: ActivityHandlerFn, options?: ActivityHandlerOptions): ActivityHandler;
  /** A cleanup activity: runs when the operator stops. */
  cleanup(fn: ActivityHandlerFn, options?: ActivityHandlerOptions): ActivityHandler;
  /** A login activity: returns a `ConnectionInfo` (server, TLS, credentials) that the operator's client uses; called when connecting and again after a 401 or once it expired. */
  login(fn: ActivityHandlerFn, options?: ActivityHandlerOptions): ActivityHandler;
  /** A probe activity: its result is reported by the health endpoint. */
  probe(fn: ActivityHandlerFn, options?: ActivityHandlerOptions): ActivityHandler;
}

/** How `on.*` registers on a registry (each kind's implementation, whatever its typing). */
type Register = (kind: ResourceHandlerKind, selector: Selector, fn: ResourceHandlerFn<any>, options: ResourceHandlerOptions) => ResourceHandler;
type RegisterActivity = (kind: ActivityKind, fn: ActivityHandlerFn, options: ActivityHandlerOptions) => ActivityHandler;
type RegisterAdmission = (kind: AdmissionHandlerKind, selector: Selector, fn: AdmissionHandlerFn<any>, options: AdmissionHandlerOptions) => AdmissionHandler;
type RegisterConversion = (handler: ConversionHandler) => ConversionHandler;

/** `on.convert`'s two forms: `(selector, pair, fn, options?)`, or `(pair, fn, options?)` with typed resources. */
function convertArguments(args: unknown[]): ConversionHandler {
  const first = args[0];
  const pairFirst = typeof first === 'object' && first !== null && !isTypedResource(first) && Object.hasOwn(first, 'from') && Object.hasOwn(first, 'to');
  if (pairFirst) return buildConversionHandler(null, first as ConversionPair, args[1] as ConversionFn<any, any>, (args[2] ?? {}));
  return buildConversionHandler(first as Selector, args[1] as ConversionPair, args[2] as ConversionFn<any, any>, (args[3] ?? {}));
}

/** The `on` object over registration functions. */
function bindOn(register: Register, activity: RegisterActivity, admission: RegisterAdmission, conversion: RegisterConversion): On {
  return {
    convert: ((...args: unknown[]) => conversion(convertArguments(args))) as On['convert'],
    validate: (selector: Selector, fn: AdmissionHandlerFn<any>, options: AdmissionHandlerOptions = {}) => admission('validate', selector, fn, options),
    mutate: (selector: Selector, fn: AdmissionHandlerFn<any>, options: AdmissionHandlerOptions = {}) => admission('mutate', selector, fn, options),
    create: (selector: Selector, fn: ResourceHandlerFn<any>, options: ChangeHandlerOptions = {}) => register('create', selector, fn, options),
    update: (selector: Selector, fn: ResourceHandlerFn<any>, options: UpdateHandlerOptions = {}) => register('update', selector, fn, options),
    delete: (selector: Selector, fn: ResourceHandlerFn<any>, options: DeleteHandlerOptions = {}) => register('delete', selector, fn, options),
    resume: (selector: Selector, fn: ResourceHandlerFn<any>, options: ResumeHandlerOptions = {}) => register('resume', selector, fn, options),
    field: (selector: Selector, field: string, fn: ResourceHandlerFn<any>, options: UpdateHandlerOptions = {}) => register('field', selector, fn, { ...options, field }),
    event: (selector: Selector, fn: ResourceHandlerFn<any>, options: EventHandlerOptions = {}) => register('event', selector, fn, options),
    daemon: (selector: Selector, fn: DaemonHandlerFn<any>, options: DaemonHandlerOptions = {}) => register('daemon', selector, fn as ResourceHandlerFn<any>, options),
    timer: (selector: Selector, fn: DaemonHandlerFn<any>, options: TimerHandlerOptions = {}) => register('timer', selector, fn as ResourceHandlerFn<any>, options),
    index: (selector: Selector, fn: ResourceHandlerFn<any>, options: IndexHandlerOptions = {}) => register('index', selector, fn, options),
    startup: (fn: ActivityHandlerFn, options: ActivityHandlerOptions = {}) => activity('startup', fn, options),
    cleanup: (fn: ActivityHandlerFn, options: ActivityHandlerOptions = {}) => activity('cleanup', fn, options),
    login: (fn: ActivityHandlerFn, options: ActivityHandlerOptions = {}) => activity('login', fn, options),
    probe: (fn: ActivityHandlerFn, options: ActivityHandlerOptions = {}) => activity('probe', fn, options),
  };
}

const ERRORS_MODES: readonly ErrorsMode[] = ['temporary', 'permanent', 'ignored'];

function checkSeconds(name: string, value: number | undefined, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new HandlerRegistrationError(`${where}: ${name} must be a number of seconds >= 0; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function checkRetry(options: RetryOptions, where: string, defaultErrors: ErrorsMode): Pick<ResourceHandler, 'errors' | 'retries' | 'backoff' | 'timeout'> {
  const errors = options.errors ?? defaultErrors;
  if (!ERRORS_MODES.includes(errors)) {
    throw new HandlerRegistrationError(`${where}: errors must be one of ${ERRORS_MODES.map((m) => `'${m}'`).join(', ')}; got ${JSON.stringify(errors)}.`);
  }
  if (options.retries !== undefined && (!Number.isInteger(options.retries) || options.retries < 1)) {
    throw new HandlerRegistrationError(`${where}: retries must be a whole number >= 1; got ${JSON.stringify(options.retries)}.`);
  }
  const result: { errors: ErrorsMode; retries?: number; backoff?: number; timeout?: number } = { errors };
  if (options.retries !== undefined) result.retries = options.retries;
  const backoff = checkSeconds('backoff', options.backoff, where);
  if (backoff !== undefined) result.backoff = backoff;
  const timeout = checkSeconds('timeout', options.timeout, where);
  if (timeout !== undefined) result.timeout = timeout;
  return result;
}

/**
 * The handlers of an operator.
 *
 * @example
 * ```ts
 * const registry = new Registry();
 * registry.on.create('kopfexamples', function create_fn({ spec }) { return { message: 'hello world' }; });
 * registry.resourceHandlers('create').length; // 1
 * ```
 */
export class Registry {
  /** The registration API bound to this registry. */
  readonly on: On;
  readonly #resources: ResourceHandler[] = [];
  readonly #activities: ActivityHandler[] = [];
  readonly #admission: AdmissionHandler[] = [];
  readonly #conversions: ConversionHandler[] = [];

  readonly #owned: Selector[] = [];
  readonly #needs: PermissionNeed[] = [];

  constructor() {
    this.on = bindOn(
      (kind, selector, fn, options) => this.#addResource(kind, selector, fn, options),
      (kind, fn, options) => this.#addActivity(kind, fn, options),
      (kind, selector, fn, options) => this.addAdmissionHandler(buildAdmissionHandler(kind, selector, fn, options)),
      (handler) => this.addConversionHandler(handler),
    );
  }

  /**
   * Declare kinds of children the operator creates, updates and deletes (its generated RBAC grants
   * full CRUD on each). `owns()` does this on the default registry.
   *
   * @throws HandlerRegistrationError for a selector that names no resource.
   */
  addOwned(...selectors: Selector[]): void {
    for (const selector of selectors) {
      const checked = checkOwnedSelector(selector);
      if (!this.#owned.some((other) => sameSelector(other, checked))) this.#owned.push(checked);
    }
  }

  /**
   * Declare extra RBAC rules the handlers need, verbatim with the reason. `needs()` does this on the
   * default registry.
   *
   * @throws HandlerRegistrationError naming the invalid field.
   */
  addNeeds(...rules: PermissionNeed[]): void {
    for (const rule of rules) this.#needs.push(checkPermissionNeed(rule));
  }

  /** The kinds declared with `owns()`, in order, without duplicates. */
  owned(): readonly Selector[] {
    return [...this.#owned];
  }

  /** The rules declared with `needs()`, in order. */
  needs(): readonly PermissionNeed[] {
    return [...this.#needs];
  }

  /** The resource handlers (of one kind, if given), in registration order. */
  resourceHandlers(kind?: ResourceHandlerKind): readonly ResourceHandler[] {
    return kind === undefined ? [...this.#resources] : this.#resources.filter((handler) => handler.kind === kind);
  }

  /** The activities of one kind, in registration order. */
  activityHandlers(kind: ActivityKind): readonly ActivityHandler[] {
    return this.#activities.filter((handler) => handler.kind === kind);
  }

  /** The admission handlers (of one kind, if given), in registration order. */
  admissionHandlers(kind?: AdmissionHandlerKind): readonly AdmissionHandler[] {
    return kind === undefined ? [...this.#admission] : this.#admission.filter((handler) => handler.kind === kind);
  }

  /**
   * Add an already normalized admission handler (`on.validate`/`on.mutate` are the user-facing way).
   *
   * @throws HandlerRegistrationError when another admission handler has the same id: each id is a URL path.
   */
  addAdmissionHandler(handler: AdmissionHandler): AdmissionHandler {
    const clash = this.#admission.find((other) => other.id === handler.id);
    if (clash) {
      throw new HandlerRegistrationError(
        `Duplicate admission handler id '${handler.id}': on.${clash.kind}(${describeSelector(clash.selector)}, ${nameOf(clash.fn)}) `
        + `and on.${handler.kind}(${describeSelector(handler.selector)}, ${nameOf(handler.fn)}) both use it; each id is a webhook URL path, so give one of them another { id }.`);
    }
    this.#admission.push(handler);
    return handler;
  }

  /** The conversion steps (`on.convert`), in registration order. */
  conversionHandlers(): readonly ConversionHandler[] {
    return [...this.#conversions];
  }

  /**
   * Add an already normalized conversion step (`on.convert` is the user-facing way).
   *
   * @throws HandlerRegistrationError when the CRD already has a step between the same two versions.
   */
  addConversionHandler(handler: ConversionHandler): ConversionHandler {
    const clash = this.#conversions.find((other) => other.crd === handler.crd && other.from === handler.from && other.to === handler.to);
    if (clash) {
      throw new HandlerRegistrationError(
        `Duplicate conversion of ${handler.crd} from ${handler.from} to ${handler.to}: ${clash.id} and ${handler.id} both convert it; `
        + 'register one function per pair of versions (the other direction is a separate step).');
    }
    this.#conversions.push(handler);
    return handler;
  }

  /** The distinct selectors of the resource handlers, in order of first use. */
  selectors(): readonly Selector[] {
    const seen: Selector[] = [];
    for (const handler of this.#resources) {
      if (!seen.some((other) => sameSelector(other, handler.selector))) seen.push(handler.selector);
    }
    return seen;
  }

  /** How many handlers are registered. */
  get size(): number {
    return this.#resources.length + this.#activities.length + this.#admission.length + this.#conversions.length;
  }

  /**
   * Add an already normalized resource handler (used for sub-handlers and by other packages that
   * build handlers; `on.*` is the user-facing way).
   */
  addResourceHandler(handler: ResourceHandler): ResourceHandler {
    // Index ids name `indices.<id>`: unique across the operator, whatever the selector.
    const clash = this.#resources.find((other) => other.id === handler.id && groupOf(other.kind) === groupOf(handler.kind)
      && (handler.kind === 'index' || sameSelector(other.selector, handler.selector)) && !resumeAndCreate(other, handler));
    if (clash && handler.kind === 'index') {
      throw new HandlerRegistrationError(
        `Duplicate index id '${handler.id}': on.index(${describeSelector(clash.selector)}, ${nameOf(clash.fn)}) and on.index(${describeSelector(handler.selector)}, ${nameOf(handler.fn)}) `
        + 'both use it; an index is given to handlers as indices.<id>, so give one of them another { id }.');
    }
    if (clash) {
      throw new HandlerRegistrationError(
        `Duplicate handler id '${handler.id}' for ${describeSelector(handler.selector)}: on.${clash.kind}(${nameOf(clash.fn)}) `
        + `and on.${handler.kind}(${nameOf(handler.fn)}) both use it; give one of them another { id }.`);
    }
    this.#resources.push(Object.freeze(handler));
    return handler;
  }

  #addResource(kind: ResourceHandlerKind, selector: Selector, fn: ResourceHandlerFn<any>, options: ResourceHandlerOptions): ResourceHandler {
    return this.addResourceHandler(buildResourceHandler(kind, selector, fn, options));
  }

  #addActivity(kind: ActivityKind, fn: ActivityHandlerFn, options: ActivityHandlerOptions): ActivityHandler {
    const where = `on.${kind}(${nameOf(fn)})`;
    if (typeof fn !== 'function') throw new HandlerRegistrationError(`${where}: the handler must be a function; got ${typeof fn}.`);
    const id = options.id ?? fn.name;
    if (!id) throw new HandlerRegistrationError(`on.${kind}: an anonymous function needs an id: on.${kind}(fn, { id: 'my-${kind}' }).`);
    const clash = this.#activities.find((other) => other.kind === kind && other.id === id);
    if (clash) {
      throw new HandlerRegistrationError(`Duplicate ${kind} activity id '${id}': ${nameOf(clash.fn)} and ${nameOf(fn)} both use it; give one of them another { id }.`);
    }
    const handler: ActivityHandler = Object.freeze({ kind, id, fn, ...checkRetry(options, where, 'temporary'), ...(options.param === undefined ? {} : { param: options.param }) });
    this.#activities.push(handler);
    return handler;
  }
}

/** Build a normalized resource handler from `on.*` arguments (validating them). */
export function buildResourceHandler(kind: ResourceHandlerKind, selector: Selector, fn: ResourceHandlerFn<any>, options: ResourceHandlerOptions, idPrefix = ''): ResourceHandler {
  const where = `on.${kind}(${describeSelector(selector)}, ${nameOf(fn)})`;
  if (typeof fn !== 'function') throw new HandlerRegistrationError(`${where}: the handler must be a function; got ${typeof fn}.`);
  if (selector === undefined || selector === null || selector === '') {
    throw new HandlerRegistrationError(`${where}: a resource selector is required, e.g. 'kopfexamples' or { group, version, plural }.`);
  }
  const baseId = options.id ?? fn.name;
  if (!baseId) {
    throw new HandlerRegistrationError(`${where}: an anonymous function needs an id: on.${kind}(selector, fn, { id: 'my-handler' }).`);
  }
  const { filters, field } = buildFilters(options, where, kind === 'update' || kind === 'field', kind === 'field');
  if (kind === 'field' && !field) throw new HandlerRegistrationError(`${where}: on.field needs a field, e.g. 'spec.field'.`);
  // Kopf's ids: `<id>/<field>` for every handler with a field (whatever its kind), but not for index handlers
  // and sub-handlers (`<parent id>/<id>`), whose field only filters (and narrows a sub-handler's old/new/diff).
  const suffixed = field !== undefined && kind !== 'index' && idPrefix === '';
  const id = idPrefix + (suffixed ? `${baseId}/${field.join('.')}` : baseId);
  const reason: ChangeReason | null = kind === 'field' || kind === 'event' || kind === 'daemon' || kind === 'timer' || kind === 'index' ? null : kind;
  const retry = kind === 'event' ? { errors: 'ignored' as const } : checkRetry(options, where, kind === 'index' ? 'ignored' : 'temporary');
  const optional = kind === 'delete' ? Boolean((options as DeleteHandlerOptions).optional) : false;
  const deleted = kind === 'resume' ? Boolean((options as ResumeHandlerOptions).deleted) : false;
  const background = kind === 'daemon' || kind === 'timer';
  return {
    kind, id, fn, selector, reason, ...(field ? { field } : {}), ...retry,
    optional, deleted, requiresFinalizer: (kind === 'delete' && !optional) || background, filters,
    ...(options.param === undefined ? {} : { param: options.param }),
    ...(background ? checkBackground(kind, options, where) : {}),
  };
}

const DAEMON_ONLY = ['cancellationBackoff', 'cancellationTimeout', 'cancellationPolling'] as const;
const TIMER_ONLY = ['interval', 'idle', 'sharp'] as const;

/** The daemon and timer options, validated (a daemon's option on a timer, or the reverse, is a mistake worth naming). */
function checkBackground(kind: 'daemon' | 'timer', options: ResourceHandlerOptions, where: string): Partial<ResourceHandler> {
  const foreign = kind === 'daemon' ? TIMER_ONLY : DAEMON_ONLY;
  for (const name of foreign) {
    if (options[name] !== undefined) {
      throw new HandlerRegistrationError(`${where}: ${name} is an option of on.${kind === 'daemon' ? 'timer' : 'daemon'}, not of on.${kind}.`);
    }
  }
  const result: { -readonly [K in keyof ResourceHandler]?: ResourceHandler[K] } = {};
  const initialDelay = options.initialDelay;
  if (initialDelay !== undefined) {
    if (typeof initialDelay !== 'function') checkSeconds('initialDelay', initialDelay, where);
    result.initialDelay = initialDelay;
  }
  for (const name of ['cancellationBackoff', 'cancellationTimeout', 'cancellationPolling', 'interval', 'idle'] as const) {
    const value = checkSeconds(name, options[name], where);
    if (value !== undefined) result[name] = value;
  }
  if (result.interval === 0) throw new HandlerRegistrationError(`${where}: interval must be more than 0 seconds; got 0.`);
  if (result.cancellationPolling === 0) throw new HandlerRegistrationError(`${where}: cancellationPolling must be more than 0 seconds; got 0.`);
  if (kind === 'timer') {
    if (options.sharp !== undefined && typeof options.sharp !== 'boolean') throw new HandlerRegistrationError(`${where}: sharp must be true or false; got ${JSON.stringify(options.sharp)}.`);
    if (options.sharp && result.interval === undefined) throw new HandlerRegistrationError(`${where}: sharp needs an interval, e.g. { interval: 10, sharp: true }.`);
    result.sharp = Boolean(options.sharp);
  }
  return result;
}

/**
 * One function registered with both `on.resume` and `on.create` (Kopf's stacked decorators): both keep its id, as
 * in Kopf, and never meet — a create cause selects no resume handler — so the id names one record either way.
 */
function resumeAndCreate(one: ResourceHandler, other: ResourceHandler): boolean {
  const kinds = new Set([one.kind, other.kind]);
  return one.fn === other.fn && kinds.has('resume') && kinds.has('create');
}

function groupOf(kind: ResourceHandlerKind): string {
  if (kind === 'daemon' || kind === 'timer') return 'background';
  if (kind === 'index') return 'index';
  return kind === 'event' ? 'event' : 'change';
}

function nameOf(fn: unknown): string {
  return typeof fn === 'function' && fn.name ? fn.name : 'an anonymous function';
}

/**
 * The selector as @opkit/kube resolves it and as it travels as JSON: a typed resource becomes its
 * `{ group, version, plural }`; any other selector is returned as given.
 *
 * @example
 * ```ts
 * resolvableSelector(Greeting); // { group: 'example.com', version: 'v1alpha1', plural: 'greetings' }
 * ```
 */
export function resolvableSelector(selector: Selector): ResourceSelector {
  if (isTypedResource(selector)) return { group: selector.group, version: selector.version, plural: selector.plural };
  return selector;
}

/**
 * Whether two selectors are the same (the same value, equal query objects, or typed resources of
 * the same group, version and plural).
 *
 * @example
 * ```ts
 * sameSelector({ group: 'kopf.dev', plural: 'kopfexamples' }, { group: 'kopf.dev', plural: 'kopfexamples' }); // true
 * ```
 */
export function sameSelector(a: Selector, b: Selector): boolean {
  if (a === b) return true;
  const typedA = isTypedResource(a);
  const typedB = isTypedResource(b);
  if (typedA || typedB) return typedA && typedB && a.group === b.group && a.version === b.version && a.plural === b.plural;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

let current = new Registry();

/**
 * The registry `on` registers on: the one `op run` and `loadOperator` use.
 *
 * @example
 * ```ts
 * defaultRegistry().resourceHandlers().length;
 * ```
 */
export function defaultRegistry(): Registry {
  return current;
}

/**
 * Make another registry the default; returns the previous one (loaders swap it while importing).
 *
 * @example
 * ```ts
 * const previous = setDefaultRegistry(new Registry());
 * try { await import(file); } finally { setDefaultRegistry(previous); }
 * ```
 */
export function setDefaultRegistry(registry: Registry): Registry {
  if (!(registry instanceof Registry)) throw new TypeError('setDefaultRegistry() takes a Registry.');
  const previous = current;
  current = registry;
  return previous;
}

/**
 * Register handlers on the default registry: `on.create(selector, fn, options)` and so on.
 *
 * @example
 * ```ts
 * on.create('kopfexamples', function create_fn({ spec, logger }) {
 *   logger.info(`And here we are! Creating: ${JSON.stringify(spec)}`);
 *   return { message: 'hello world' };
 * });
 * ```
 */
export const on: On = bindOn(
  (kind, selector, fn, options) => current.addResourceHandler(buildResourceHandler(kind, selector, fn, options)),
  (kind, fn, options) => current.on[kind](fn, options),
  (kind, selector, fn, options) => current.addAdmissionHandler(buildAdmissionHandler(kind, selector, fn, options)),
  (handler) => current.addConversionHandler(handler),
);

/**
 * Declare, on the default registry, the kinds of children the operator creates, updates and deletes:
 * the generated RBAC grants full CRUD on each (and the owners' `finalizers` subresource, for the
 * owner references children carry).
 *
 * @example
 * ```ts
 * owns('deployments.apps', 'services');
 * ```
 */
export function owns(...selectors: Selector[]): void {
  current.addOwned(...selectors);
}

/**
 * Declare, on the default registry, extra RBAC rules the handlers need; each is written verbatim,
 * with its reason as a comment, into the generated RBAC.
 *
 * @example
 * ```ts
 * needs({ apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: 'reads the TLS secret' });
 * ```
 */
export function needs(...rules: PermissionNeed[]): void {
  current.addNeeds(...rules);
}
