// Conversion handlers (`on.convert`): functions that translate an object of a custom resource from one
// version to another, for the API server's conversion webhook. Like admission handlers nothing watches
// for them; the API server sends ConversionReviews to the operator's webhook server, one URL path per
// CustomResourceDefinition (`/convert/<plural>.<group>`). Users register single steps (v1 → v2, v2 → v1,
// v2 → v3 …); converting between any two versions follows the shortest chain of registered steps. The
// framework owns the object's identity: it sets `apiVersion`, keeps `kind`, and keeps every metadata
// field except labels and annotations (the only ones a conversion webhook may change).
import type { KubeObject } from '@opkit/kube';
import { isTypedResource } from '@opkit/schema/identity';
import type { TypedResource } from '@opkit/schema';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { ConversionError, HandlerRegistrationError } from './errors.js';
import { isPlainObject } from './fields.js';
import { describeSelector } from './internal/normalize.js';
import type { Selector, TypedResourceBody } from './types.js';

/** The versions of one step: version names (`'v1'`), or typed resources of two versions of one kind. */
export interface ConversionPair<F extends string | TypedResource<any> = string | TypedResource<any>, T extends string | TypedResource<any> = string | TypedResource<any>> {
  /** The version converted from: a name such as `'v1'`, or a typed resource (its version). */
  readonly from: F;
  /** The version converted to: a name such as `'v2'`, or a typed resource (its version). */
  readonly to: T;
}

/** Options of `on.convert`. */
export interface ConversionHandlerOptions {
  /** The step's id, shown in logs and errors. @defaultValue the function's name, else `<from>-to-<to>` */
  readonly id?: string;
  /** A value passed to the function as `param`. */
  readonly param?: unknown;
}

/** What a conversion function receives besides the object. */
export interface ConversionContext {
  /** The step's id. */
  readonly id: string;
  /** The CustomResourceDefinition's name, `<plural>.<group>`. */
  readonly crd: string;
  readonly group: string;
  readonly plural: string;
  /** This step's version converted from (the object's version). */
  readonly from: string;
  /** This step's version converted to. */
  readonly to: string;
  /** The version the whole conversion ends at (a chain may have further steps after this one). */
  readonly desiredVersion: string;
  /** A logger with the object's kind, namespace and name. */
  readonly logger: Logger;
  /** Aborted when the webhook call is abandoned. */
  readonly signal: AbortSignal;
  readonly param?: unknown;
}

/**
 * What a conversion function returns: the object at the new version. `apiVersion`, `kind` and `metadata`
 * may be left out (the framework sets `apiVersion`, keeps `kind`, and keeps the metadata; of a returned
 * `metadata` only `labels` and `annotations` are taken).
 */
export type ConversionResult<B> = Omit<B, 'apiVersion' | 'kind' | 'metadata'> & {
  apiVersion?: string;
  kind?: string;
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string>; [key: string]: unknown };
};

/** The object an untyped conversion function gets: any field reads as `any` (as `spec` does in other handlers). */
export type UntypedObject = KubeObject & { [key: string]: any };

/**
 * A conversion function: gets a copy of the object at `from` (changing it is fine) and returns it at
 * `to`, synchronously or as a promise. Throwing fails the whole ConversionReview with the message.
 */
export type ConversionFn<A = UntypedObject, B = UntypedObject> = (object: A, context: ConversionContext) => ConversionResult<B> | Promise<ConversionResult<B>>;

/** A registered conversion step (immutable, normalized). */
export interface ConversionHandler {
  readonly id: string;
  /** The selector as given (for messages). */
  readonly selector: Selector;
  readonly group: string;
  readonly plural: string;
  /** `<plural>.<group>`: the CRD's name, and the webhook's URL path under `convert/`. */
  readonly crd: string;
  readonly from: string;
  readonly to: string;
  readonly fn: ConversionFn<any, any>;
  /** The kind, when a typed resource told it. */
  readonly kind?: string;
  /** The typed resources given (selector, `from`, `to`), once each: `op manifests` renders the CRD's versions from them. */
  readonly typed: readonly TypedResource<any>[];
  readonly param?: unknown;
}

/** The types `on.convert` gives a typed pair's function. */
export type TypedConversionFn<F, T> = ConversionFn<TypedResourceBody<F>, TypedResourceBody<T>>;

const VERSION = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const PAIR_KEYS = ['from', 'to'];
const OPTION_KEYS = ['id', 'param'];

function nameOf(fn: unknown): string {
  return typeof fn === 'function' && fn.name ? fn.name : 'an anonymous function';
}

/** The group and plural a selector names, if it names exactly one custom resource. */
function crdOf(selector: Selector): { group: string; plural: string; kind?: string } | undefined {
  if (isTypedResource(selector)) return { group: selector.group, plural: selector.plural, kind: selector.kind };
  if (typeof selector === 'string') {
    const dot = selector.indexOf('.');
    if (dot <= 0 || dot === selector.length - 1) return undefined;
    return { plural: selector.slice(0, dot), group: selector.slice(dot + 1) };
  }
  if (isPlainObject(selector) && typeof selector['group'] === 'string' && typeof selector['plural'] === 'string' && selector['group'] && selector['plural']) {
    return { group: selector['group'], plural: selector['plural'], ...(typeof selector['kind'] === 'string' ? { kind: selector['kind'] } : {}) };
  }
  return undefined;
}

function versionOf(value: unknown, which: 'from' | 'to', where: string, crd: { group: string; plural: string } | undefined): string {
  if (isTypedResource(value)) {
    if (crd && (value.group !== crd.group || value.plural !== crd.plural)) {
      throw new HandlerRegistrationError(`${where}: ${which} is a typed resource of ${value.plural}.${value.group}, not of ${crd.plural}.${crd.group}; both versions must be of the one resource converted.`);
    }
    return value.version;
  }
  if (typeof value !== 'string' || !VERSION.test(value)) {
    throw new HandlerRegistrationError(`${where}: ${which} must be a version name such as 'v1' or 'v2beta1' (lower-case letters, digits and '-'), or a typed resource; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], what: string, where: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new HandlerRegistrationError(`${where}: unknown ${what} '${key}'; expected ${allowed.map((k) => `'${k}'`).join(' or ')}.`);
  }
}

/**
 * Build a normalized conversion step from `on.convert` arguments (validating them). The selector names
 * the custom resource: `'<plural>.<group>'`, `{ group, plural }`, or a typed resource; it may be left
 * out (`null`) when `from` and `to` are typed resources.
 *
 * @throws HandlerRegistrationError naming what was wrong and what was expected.
 * @example
 * ```ts
 * buildConversionHandler('widgets.example.com', { from: 'v1', to: 'v2' }, (w) => ({ ...w, spec: { size: w.spec.replicas } })).crd;
 * // 'widgets.example.com'
 * ```
 */
export function buildConversionHandler(selector: Selector | null, pair: ConversionPair, fn: ConversionFn<any, any>, options: ConversionHandlerOptions = {}): ConversionHandler {
  const shown = selector === null ? (isPlainObject(pair) && isTypedResource(pair.from) ? describeSelector(pair.from) : 'no resource') : describeSelector(selector);
  const where = `on.convert(${shown}, ${nameOf(fn)})`;
  if (typeof fn !== 'function') throw new HandlerRegistrationError(`${where}: the conversion must be a function (object, context) => converted object; got ${typeof fn}.`);
  if (!isPlainObject(pair)) throw new HandlerRegistrationError(`${where}: the versions must be given as { from, to }, e.g. { from: 'v1', to: 'v2' }; got ${JSON.stringify(pair)}.`);
  checkKeys(pair, PAIR_KEYS, 'key of the versions', where);
  if (!isPlainObject(options)) throw new HandlerRegistrationError(`${where}: options must be an object { id?, param? }; got ${JSON.stringify(options)}.`);
  checkKeys(options, OPTION_KEYS, 'option', where);
  let crd = selector === null ? undefined : crdOf(selector);
  if (selector === null) {
    const typed = isTypedResource(pair.from) ? pair.from : isTypedResource(pair.to) ? pair.to : undefined;
    if (typed) crd = { group: typed.group, plural: typed.plural, kind: typed.kind };
  }
  if (!crd) {
    throw new HandlerRegistrationError(`${where}: a conversion needs the custom resource by its full name: '<plural>.<group>' such as 'widgets.example.com', { group, plural }, or a typed resource; got ${selector === null ? 'none' : describeSelector(selector)}.`);
  }
  const from = versionOf(pair.from, 'from', where, crd);
  const to = versionOf(pair.to, 'to', where, crd);
  if (from === to) throw new HandlerRegistrationError(`${where}: from and to are both '${from}'; a conversion goes between two different versions (objects already at the desired version are passed through unchanged).`);
  const id = options.id ?? (fn.name || `${from}-to-${to}`);
  if (typeof id !== 'string' || id === '') throw new HandlerRegistrationError(`${where}: id must be a non-empty string; got ${JSON.stringify(id)}.`);
  const kind = crd.kind ?? (isTypedResource(pair.from) ? pair.from.kind : isTypedResource(pair.to) ? pair.to.kind : undefined);
  const typed: TypedResource<any>[] = [];
  for (const candidate of [selector, pair.from, pair.to]) if (isTypedResource(candidate) && !typed.includes(candidate)) typed.push(candidate);
  return Object.freeze({
    id, selector: selector ?? (pair.from as Selector), typed: Object.freeze(typed), group: crd.group, plural: crd.plural, crd: `${crd.plural}.${crd.group}`, from, to, fn,
    ...(kind === undefined ? {} : { kind }),
    ...(options.param === undefined ? {} : { param: options.param }),
  });
}

/** The steps registered for one CRD, as `v1 → v2, v2 → v1` (for messages). */
export function describeConversions(handlers: readonly ConversionHandler[], crd: string): string {
  const steps = handlers.filter((handler) => handler.crd === crd).map((handler) => `${handler.from} → ${handler.to}`);
  return steps.length === 0 ? 'none' : steps.join(', ');
}

/** The CRDs that have conversion steps, in order of first registration. */
export function conversionCrds(handlers: readonly ConversionHandler[]): string[] {
  return [...new Set(handlers.map((handler) => handler.crd))];
}

/** Every version the steps of one CRD mention, in order of first mention. */
export function conversionVersions(handlers: readonly ConversionHandler[], crd: string): string[] {
  return [...new Set(handlers.filter((handler) => handler.crd === crd).flatMap((handler) => [handler.from, handler.to]))];
}

/**
 * The shortest chain of registered steps from one version of a CRD to another (breadth-first; among
 * chains of equal length, the steps registered first win). Empty when `from` equals `to`.
 *
 * @throws ConversionError (`no-path`) naming the versions and the steps registered for the CRD.
 * @example
 * ```ts
 * findConversionPath(registry.conversionHandlers(), 'widgets.example.com', 'v1', 'v3').map((s) => s.to); // ['v2', 'v3']
 * ```
 */
export function findConversionPath(handlers: readonly ConversionHandler[], crd: string, from: string, to: string): ConversionHandler[] {
  if (from === to) return [];
  const edges = handlers.filter((handler) => handler.crd === crd);
  const previous = new Map<string, ConversionHandler>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const version = queue.shift()!;
    for (const edge of edges) {
      if (edge.from !== version || seen.has(edge.to)) continue;
      seen.add(edge.to);
      previous.set(edge.to, edge);
      if (edge.to === to) {
        const path: ConversionHandler[] = [];
        for (let at = to; at !== from;) {
          const step = previous.get(at)!;
          path.unshift(step);
          at = step.from;
        }
        return path;
      }
      queue.push(edge.to);
    }
  }
  throw new ConversionError('no-path', `No conversion of ${crd} from ${from} to ${to}: no chain of registered steps leads there (registered: ${describeConversions(handlers, crd)}). Register on.convert('${crd}', { from: '${from}', to: '${to}' }, fn) or the missing steps between them.`);
}

/** Options of {@link convertObject}. */
export interface ConvertObjectOptions {
  /** The CRD (`<plural>.<group>`). @defaultValue the only CRD of the handlers with the object's group (and kind, when known) */
  readonly crd?: string;
  /** Where conversion functions log (each gets a child with the object's kind, namespace and name). @defaultValue noopLogger */
  readonly logger?: Logger;
  /** Given to conversion functions as `signal`. */
  readonly signal?: AbortSignal;
}

function splitApiVersion(apiVersion: unknown): { group: string; version: string } | undefined {
  if (typeof apiVersion !== 'string') return undefined;
  const slash = apiVersion.lastIndexOf('/');
  if (slash <= 0 || slash === apiVersion.length - 1) return undefined;
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** How an object reads in messages: `Widget ns/name`. */
export function describeObject(object: unknown): string {
  const body = isPlainObject(object) ? object : {};
  const meta = isPlainObject(body['metadata']) ? body['metadata'] : {};
  const kind = typeof body['kind'] === 'string' ? body['kind'] : 'object';
  const name = typeof meta['name'] === 'string' ? meta['name'] : typeof meta['generateName'] === 'string' ? `${meta['generateName']}…` : '(no name)';
  return `${kind} ${typeof meta['namespace'] === 'string' && meta['namespace'] ? `${meta['namespace']}/` : ''}${name}`;
}

function stringMap(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

/**
 * The converted object as the framework fixes it: `apiVersion` set, `kind` kept, and the original
 * metadata with only the returned labels and annotations taken (a conversion webhook may change nothing
 * else of metadata; the API server rejects the conversion otherwise).
 */
function settle(original: Record<string, unknown>, returned: unknown, apiVersion: string, describe: () => string): KubeObject {
  if (!isPlainObject(returned)) {
    throw new Error(`the function returned ${returned === null ? 'null' : Array.isArray(returned) ? 'a list' : typeof returned}, not the converted object (${describe()})`);
  }
  const metadata: Record<string, unknown> = isPlainObject(original['metadata']) ? { ...original['metadata'] } : {};
  const given = returned['metadata'];
  if (isPlainObject(given)) {
    for (const key of ['labels', 'annotations'] as const) {
      if (!Object.hasOwn(given, key)) continue;
      const value = given[key];
      if (value === undefined || value === null || (isPlainObject(value) && Object.keys(value).length === 0)) delete metadata[key];
      else if (stringMap(value)) metadata[key] = { ...value };
      else throw new Error(`metadata.${key} must map names to strings; got ${JSON.stringify(value)} (${describe()})`);
    }
  }
  return { ...returned, apiVersion, kind: original['kind'], metadata } as KubeObject;
}

/**
 * Convert one object to `desiredAPIVersion` (`<group>/<version>`) along the shortest chain of
 * registered steps. An object already at that version is returned as it is; otherwise each step gets
 * a copy of the object, and its result is fixed (`apiVersion` set, `kind` kept, metadata kept except
 * labels and annotations).
 *
 * @throws ConversionError: `no-path` when no chain leads there; `invalid-object` when the object or the
 * desired version are not of the CRD; `failed` when a step throws or returns no object — the message
 * names the object and the step (`v2 → v3 (upgrade)`).
 * @example
 * ```ts
 * const v3 = await convertObject(registry.conversionHandlers(), widgetV1, 'example.com/v3');
 * ```
 */
export async function convertObject(handlers: readonly ConversionHandler[], object: KubeObject, desiredAPIVersion: string, options: ConvertObjectOptions = {}): Promise<KubeObject> {
  const describe = (): string => describeObject(object);
  const desired = splitApiVersion(desiredAPIVersion);
  if (!desired) throw new ConversionError('invalid-object', `The desired apiVersion ${JSON.stringify(desiredAPIVersion)} is not <group>/<version>.`);
  if (!isPlainObject(object)) throw new ConversionError('invalid-object', `Expected an object to convert; got ${object === null ? 'null' : typeof object}.`);
  const current = splitApiVersion(object.apiVersion);
  if (!current) throw new ConversionError('invalid-object', `${describe()} has no apiVersion of the form <group>/<version>; got ${JSON.stringify(object.apiVersion)}.`);
  if (current.group !== desired.group) {
    throw new ConversionError('invalid-object', `${describe()} is in the group ${current.group}, but the desired apiVersion ${desiredAPIVersion} is in ${desired.group}; a conversion changes only the version.`);
  }
  if (object.apiVersion === desiredAPIVersion) return object;
  const crd = options.crd ?? crdFor(handlers, current.group, typeof object.kind === 'string' ? object.kind : undefined, describe);
  const crdGroup = handlers.find((handler) => handler.crd === crd)?.group;
  if (crdGroup !== undefined && crdGroup !== current.group) {
    throw new ConversionError('invalid-object', `${describe()} is in the group ${current.group}, not in ${crdGroup} of the CRD ${crd} it was sent to convert.`);
  }
  const path = findConversionPath(handlers, crd, current.version, desired.version);
  const meta = isPlainObject(object.metadata) ? object.metadata : {};
  const logger = (options.logger ?? noopLogger).child({ kind: object.kind, namespace: meta['namespace'], name: meta['name'] });
  const signal = options.signal ?? new AbortController().signal;
  let body: KubeObject = object;
  for (const step of path) {
    const where = (): string => `${describe()} from ${current.version} to ${desired.version}${path.length > 1 ? `, at the step ${step.from} → ${step.to} (${step.id})` : ` (${step.id})`}`;
    try {
      const context: ConversionContext = {
        id: step.id, crd, group: step.group, plural: step.plural, from: step.from, to: step.to, desiredVersion: desired.version, logger, signal,
        ...(step.param === undefined ? {} : { param: step.param }),
      };
      const returned = await step.fn(structuredClone(body), context);
      body = settle(body, returned, `${step.group}/${step.to}`, where);
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      const message = error instanceof Error ? error.message || error.name : String(error);
      throw new ConversionError('failed', `Converting ${where()} failed: ${message}`, { cause: error });
    }
  }
  return body;
}

/** The CRD of an object when the caller did not say: the only CRD of its group (and kind, when steps know it). */
function crdFor(handlers: readonly ConversionHandler[], group: string, kind: string | undefined, describe: () => string): string {
  const candidates = conversionCrds(handlers.filter((handler) => handler.group === group && (kind === undefined || handler.kind === undefined || handler.kind === kind)));
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    throw new ConversionError('no-path', `No conversion is registered for ${describe()} (group ${group}); registered for: ${conversionCrds(handlers).join(', ') || 'nothing'}.`);
  }
  throw new ConversionError('invalid-object', `${describe()} could be of ${candidates.join(' or ')}; say which CRD ({ crd: '<plural>.<group>' }).`);
}
