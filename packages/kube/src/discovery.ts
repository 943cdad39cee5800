// Why this file exists: operators name resources the way users type them ('kopfexamples',
// 'kex', 'kopfexamples.kopf.dev', 'kopf.dev/v1/kopfexamples', a category, EVERYTHING, a predicate),
// and discovery turns those names into exact Resources, preferring each group's preferred version and
// refusing ambiguous names with the list of candidates.

import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { KubeError, ResourceResolutionError } from './errors.js';
import { resourceName } from './resource.js';
import type { Resource } from './resource.js';

/** Selects every listable, watchable resource (except core and events.k8s.io Events, as in Kopf). */
export const EVERYTHING: unique symbol = Symbol('EVERYTHING');

/**
 * The key under which a selector object carries the exact identity of one resource. Typed resources
 * of @opkit/schema carry it (`Symbol.for('opkit.dev/resource-identity')`, so neither package imports
 * the other); such a selector matches by group, version and plural only, whatever other members it has.
 */
export const RESOURCE_IDENTITY: unique symbol = Symbol.for('opkit.dev/resource-identity') as never;

/** The exact identity of one resource: what a selector carrying {@link RESOURCE_IDENTITY} matches. */
export interface ResourceIdentity {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
}

/** A structured selector: every given field must match. `name` matches plural, singular, kind or a short name. */
export interface ResourceQuery {
  /** An exact identity; when present, the other fields are ignored (see {@link RESOURCE_IDENTITY}). */
  readonly [RESOURCE_IDENTITY]?: ResourceIdentity;
  group?: string;
  version?: string;
  plural?: string;
  kind?: string;
  singular?: string;
  shortName?: string;
  name?: string;
  category?: string;
}

/**
 * What `resolve()` accepts: a name as users type it, a {@link ResourceQuery}, {@link EVERYTHING},
 * or a predicate over discovered resources.
 */
export type ResourceSelector = string | ResourceQuery | typeof EVERYTHING | ((resource: Resource) => boolean);

interface ApiResource {
  name: string;
  singularName?: string;
  namespaced: boolean;
  kind: string;
  verbs?: string[];
  shortNames?: string[];
  categories?: string[];
}
interface ApiResourceList {
  groupVersion?: string;
  resources?: ApiResource[];
}
interface ApiGroupList {
  groups?: { name: string; versions?: { groupVersion: string; version: string }[]; preferredVersion?: { version: string } }[];
}

/** One group of an aggregated discovery document (`apidiscovery.k8s.io` v2 or v2beta1 `APIGroupDiscovery`). */
interface ApiGroupDiscovery {
  metadata?: { name?: string };
  /** In the group's order of preference: the first is its preferred version. */
  versions?: {
    version: string;
    resources?: {
      resource: string;
      responseKind?: { kind?: string };
      scope?: string;
      singularResource?: string;
      verbs?: string[];
      shortNames?: string[];
      categories?: string[];
      subresources?: { subresource: string }[];
    }[];
  }[];
}
interface ApiGroupDiscoveryList {
  kind: 'APIGroupDiscoveryList';
  items?: ApiGroupDiscovery[];
}

type FetchJson = (path: string, options: { signal?: AbortSignal | undefined; accept?: string | undefined }) => Promise<unknown>;

/**
 * What discovery asks `/api` and `/apis` for: the aggregated documents (kube 1.27+, every group's resources
 * in one answer each; v2 from 1.30), else the plain index — an older server ignores the first two.
 */
export const AGGREGATED_DISCOVERY_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

function isAggregated(document: unknown): document is ApiGroupDiscoveryList {
  return (document as { kind?: unknown } | null)?.kind === 'APIGroupDiscoveryList';
}

/**
 * Turn an aggregated discovery document (`APIGroupDiscoveryList` of `/api` or `/apis`) into Resources: the
 * same Resources the per-group-version documents give, each group's first version preferred.
 */
export function parseAggregatedDiscovery(list: ApiGroupDiscoveryList): Resource[] {
  const result: Resource[] = [];
  for (const group of list.items ?? []) {
    const name = group.metadata?.name ?? '';
    (group.versions ?? []).forEach((version, index) => {
      for (const entry of version.resources ?? []) {
        const kind = entry.responseKind?.kind ?? '';
        result.push({
          group: name,
          version: version.version,
          plural: entry.resource,
          kind,
          namespaced: entry.scope === 'Namespaced',
          singular: entry.singularResource || kind.toLowerCase(),
          shortNames: entry.shortNames ?? [],
          categories: entry.categories ?? [],
          verbs: entry.verbs ?? [],
          subresources: (entry.subresources ?? []).map((sub) => sub.subresource),
          preferred: index === 0,
        });
      }
    });
  }
  return result;
}

const VERSION = /^v\d+((alpha|beta)\d+)?$/;

/** Turn one APIResourceList into Resources (subresources folded into their parents). */
export function parseResourceList(group: string, version: string, list: ApiResourceList, preferred: boolean): Resource[] {
  const result = new Map<string, Resource>();
  const subresources = new Map<string, string[]>();
  for (const entry of list.resources ?? []) {
    const [plural, sub] = entry.name.split('/', 2) as [string, string | undefined];
    if (sub) {
      subresources.set(plural, [...(subresources.get(plural) ?? []), sub]);
      continue;
    }
    result.set(plural, {
      group,
      version,
      plural,
      kind: entry.kind,
      namespaced: entry.namespaced,
      singular: entry.singularName || entry.kind.toLowerCase(),
      shortNames: entry.shortNames ?? [],
      categories: entry.categories ?? [],
      verbs: entry.verbs ?? [],
      subresources: [],
      preferred,
    });
  }
  for (const [plural, subs] of subresources) {
    const parent = result.get(plural);
    if (parent) parent.subresources = subs;
  }
  return [...result.values()];
}

/** Whether `name` is one of the resource's names (plural, singular, kind, short names). */
export function hasName(resource: Resource, name: string): boolean {
  const lower = name.toLowerCase();
  return resource.plural === lower || resource.singular === lower || resource.kind.toLowerCase() === lower || (resource.shortNames ?? []).includes(lower);
}

/** Parse a string selector into the queries to try, in order. */
export function parseSelector(text: string): ResourceQuery[] {
  const trimmed = text.trim();
  if (!trimmed) throw new ResourceResolutionError('an empty string is not a resource name; expected e.g. "kopfexamples", "kopfexamples.kopf.dev" or "kopf.dev/v1/kopfexamples"');
  const parts = trimmed.split('/');
  if (parts.length === 3) return [{ group: parts[0] === 'core' ? '' : parts[0]!, version: parts[1]!, name: parts[2]! }];
  if (parts.length === 2) {
    return VERSION.test(parts[0]!) ? [{ group: '', version: parts[0]!, name: parts[1]! }] : [{ group: parts[0]!, name: parts[1]! }];
  }
  if (parts.length > 3) throw new ResourceResolutionError(`"${text}" has too many slashes; expected "group/version/plural"`);
  const dot = trimmed.indexOf('.');
  if (dot < 0) return [{ name: trimmed }];
  const name = trimmed.slice(0, dot);
  const rest = trimmed.slice(dot + 1);
  const queries: ResourceQuery[] = [{ group: rest, name }];
  const versioned = /^(v\d+(?:(?:alpha|beta)\d+)?)\.(.+)$/.exec(rest);
  if (versioned) queries.push({ group: versioned[2]!, version: versioned[1]!, name });
  return queries;
}

function matches(resource: Resource, query: ResourceQuery): boolean {
  if (query.group !== undefined && resource.group !== query.group) return false;
  if (query.version !== undefined && resource.version !== query.version) return false;
  if (query.plural !== undefined && resource.plural !== query.plural) return false;
  if (query.kind !== undefined && resource.kind !== query.kind) return false;
  if (query.singular !== undefined && resource.singular !== query.singular) return false;
  if (query.shortName !== undefined && !(resource.shortNames ?? []).includes(query.shortName)) return false;
  if (query.category !== undefined && !(resource.categories ?? []).includes(query.category)) return false;
  if (query.name !== undefined && !hasName(resource, query.name)) return false;
  return true;
}

/** The identity a selector carries under {@link RESOURCE_IDENTITY}, if any. */
export function identityOf(selector: ResourceSelector): ResourceIdentity | undefined {
  if (typeof selector !== 'object' || selector === null) return undefined;
  const identity = (selector as { [RESOURCE_IDENTITY]?: unknown })[RESOURCE_IDENTITY];
  if (typeof identity !== 'object' || identity === null) return undefined;
  const { group, version, plural } = identity as Partial<ResourceIdentity>;
  return typeof group === 'string' && typeof version === 'string' && typeof plural === 'string' ? { group, version, plural } : undefined;
}

function isEvents(resource: Resource): boolean {
  return (resource.group === '' && resource.plural === 'events') || resource.group === 'events.k8s.io';
}

/**
 * Pick resources from a discovered list. Names resolve to one resource (preferred version; the
 * core group wins a tie, as in Kopf); several groups matching a name is an error listing them.
 */
export function selectResources(all: readonly Resource[], selector: ResourceSelector): Resource[] {
  if (selector === EVERYTHING) {
    return all.filter((r) => r.preferred && !isEvents(r) && (r.verbs ?? []).includes('list') && (r.verbs ?? []).includes('watch'));
  }
  if (typeof selector === 'function') return all.filter((r) => r.preferred && !isEvents(r) && selector(r));
  const identity = identityOf(selector);
  const queries: ResourceQuery[] = typeof selector === 'string' ? parseSelector(selector) : identity ? [{ ...identity }] : [selector];
  for (const query of queries) {
    let found = all.filter((r) => matches(r, query));
    if (query.version === undefined) {
      const preferred = found.filter((r) => r.preferred);
      if (preferred.length) found = preferred;
    }
    if (found.length === 0) continue;
    const named = query.name !== undefined || query.plural !== undefined || query.kind !== undefined || query.singular !== undefined || query.shortName !== undefined;
    if (!named) return found;
    const distinct = new Map<string, Resource>();
    for (const r of found) if (!distinct.has(`${r.plural}.${r.group}`)) distinct.set(`${r.plural}.${r.group}`, r);
    if (distinct.size > 1) {
      const core = [...distinct.values()].filter((r) => r.group === '');
      if (core.length === 1) return core;
      const candidates = [...distinct.values()].map(resourceName).sort();
      const first = [...distinct.values()][0]!;
      throw new ResourceResolutionError(`"${describe(selector)}" is ambiguous: it matches ${candidates.join(', ')}; qualify it with the group, e.g. "${first.plural}.${first.group}"`, candidates);
    }
    // One resource; several versions only when none is preferred: take the first one served.
    return found.slice(0, 1);
  }
  return [];
}

function describe(selector: ResourceSelector): string {
  if (typeof selector === 'string') return selector;
  const identity = identityOf(selector);
  if (identity) return resourceName(identity);
  if (typeof selector === 'function' || selector === EVERYTHING) return String(selector);
  return JSON.stringify(selector);
}

/**
 * Discovers the served resources (legacy discovery: /api, /api/v1, /apis, /apis/G/V) and caches
 * them until {@link Discovery.invalidate} is called (the watching layer calls it on CRD changes).
 *
 * @example
 * ```ts
 * const [kex] = await client.discovery.resolve('kex');
 * ```
 */
export class Discovery {
  readonly #fetch: FetchJson;
  readonly #logger: Logger;
  #cache: Promise<Resource[]> | undefined;
  #loadedAt = 0;

  constructor(fetch: FetchJson, logger: Logger = noopLogger) {
    this.#fetch = fetch;
    this.#logger = logger;
  }

  /** Forget the cached discovery; the next call scans the server again. */
  invalidate(): void {
    this.#cache = undefined;
  }

  /** All served resources (every version), from the cache or a fresh scan. */
  resources(options: { signal?: AbortSignal | undefined } = {}): Promise<Resource[]> {
    if (!this.#cache) {
      const loading = this.#scan(options.signal);
      this.#cache = loading;
      loading.then(
        () => (this.#loadedAt = Date.now()),
        () => {
          if (this.#cache === loading) this.#cache = undefined;
        },
      );
    }
    return this.#cache;
  }

  /**
   * Resolve a selector to resources. A name that matches nothing triggers one fresh scan (the
   * resource may have just been created); it then resolves to `[]`.
   */
  async resolve(selector: ResourceSelector, options: { signal?: AbortSignal | undefined } = {}): Promise<Resource[]> {
    let found = selectResources(await this.resources(options), selector);
    if (found.length === 0 && Date.now() - this.#loadedAt > 250) {
      this.invalidate();
      found = selectResources(await this.resources(options), selector);
    }
    return found;
  }

  /** Resolve a selector that must name exactly one resource. */
  async resolveOne(selector: ResourceSelector, options: { signal?: AbortSignal | undefined } = {}): Promise<Resource> {
    const found = await this.resolve(selector, options);
    if (found.length === 1) return found[0]!;
    if (found.length === 0) throw new ResourceResolutionError(`no served resource matches "${describe(selector)}"; check the name and that its CRD is established`);
    const candidates = found.map(resourceName).sort();
    throw new ResourceResolutionError(`"${describe(selector)}" matches ${found.length} resources where one was expected: ${candidates.join(', ')}`, candidates);
  }

  async #scan(signal: AbortSignal | undefined): Promise<Resource[]> {
    const get = (path: string): Promise<unknown> => this.#fetch(path, { signal });
    // Both indexes first: a group-version request started before a failing (or aborted) index
    // request would be left to reject unobserved. A server that knows aggregated discovery answers each
    // with every resource of its groups (two requests in all); an older one with the index to walk.
    const [coreDocument, groupsDocument] = [
      await this.#fetch('/api', { signal, accept: AGGREGATED_DISCOVERY_ACCEPT }),
      await this.#fetch('/apis', { signal, accept: AGGREGATED_DISCOVERY_ACCEPT }),
    ];
    const lists: Promise<Resource[]>[] = [];
    if (isAggregated(coreDocument)) lists.push(Promise.resolve(parseAggregatedDiscovery(coreDocument)));
    else {
      for (const version of (coreDocument as { versions?: string[] }).versions ?? []) {
        lists.push(this.#list('', version, `/api/${version}`, version === 'v1', get));
      }
    }
    if (isAggregated(groupsDocument)) return [...(await Promise.all(lists)).flat(), ...parseAggregatedDiscovery(groupsDocument)];
    const groups = groupsDocument as ApiGroupList;
    for (const group of groups.groups ?? []) {
      for (const v of group.versions ?? []) {
        lists.push(this.#list(group.name, v.version, `/apis/${v.groupVersion}`, v.version === (group.preferredVersion?.version ?? group.versions?.[0]?.version), get));
      }
    }
    return (await Promise.all(lists)).flat();
  }

  async #list(group: string, version: string, path: string, preferred: boolean, get: (path: string) => Promise<unknown>): Promise<Resource[]> {
    try {
      return parseResourceList(group, version, (await get(path)) as ApiResourceList, preferred);
    } catch (error) {
      if (!(error instanceof KubeError)) throw error;
      // One broken group (an aggregated API answering 503) must not hide all the others.
      this.#logger.warn('discovery of a group version failed; skipping it', { path, error: error.message });
      return [];
    }
  }
}
