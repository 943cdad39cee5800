// Resolving handler selectors without a cluster. `op manifests` runs offline, so a selector is
// resolved from what the project itself says: its typed resources, its CRD files (package.json#opkit.crds)
// and the well-known built-in resources. A group-qualified name of a resource none of them knows is
// taken as its plural; anything else that cannot be told apart offline is an error naming the fix.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describeSelector } from '@opkit/core';
import type { Selector } from '@opkit/core';
import { EVERYTHING, hasName, parseSelector, ResourceResolutionError, suggestResource } from '@opkit/kube';
import type { Resource, ResourceQuery } from '@opkit/kube';
import { isTypedResource } from '@opkit/schema';
import type { TypedResource } from '@opkit/schema';
import { parseAllDocuments } from 'yaml';
import { BUILTIN_RESOURCES } from './builtins.js';
import type { KnownResource } from './builtins.js';
import { ManifestsError } from './errors.js';

/** A resource as offline resolution found it, and where from. */
export interface ResolvedResource extends KnownResource {
  /** Where it is known from: `typed resource`, a CRD file, `built-in`, or `the selector` (assumed). */
  readonly source: string;
  /** True when scope and subresources are assumed (a group-qualified name nothing else knows). */
  readonly assumed?: boolean;
  /** The typed resource, when it is one. */
  readonly typed?: TypedResource<any>;
}

/** A CRD file's resource, as read from the project. */
export interface CrdFileResource {
  /** The file, relative to the project. */
  readonly file: string;
  readonly resource: KnownResource;
}

function isCrd(value: unknown): value is { spec?: Record<string, any> } {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'CustomResourceDefinition';
}

function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).filter((name) => /\.ya?ml$/.test(name)).sort().map((name) => join(path, name));
}

/**
 * The CRDs of the project's CRD files (a directory of YAML files, or one file), in file order.
 *
 * @throws ManifestsError (`config`) for a file that is not valid YAML or a CRD without group and names.
 */
export function readCrdFiles(projectDir: string, crds: string | undefined): CrdFileResource[] {
  if (crds === undefined) return [];
  const path = resolve(projectDir, crds);
  if (!existsSync(path)) return [];
  const result: CrdFileResource[] = [];
  for (const file of yamlFiles(path)) {
    const name = relative(projectDir, file).split('\\').join('/');
    for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
      if (doc.errors.length > 0) throw new ManifestsError('config', `${name} (package.json#opkit.crds) is not valid YAML: ${doc.errors[0]!.message}`);
      const value: unknown = doc.toJS();
      if (!isCrd(value)) continue;
      const spec = value.spec ?? {};
      const names = spec['names'] ?? {};
      if (typeof spec['group'] !== 'string' || typeof names.plural !== 'string' || typeof names.kind !== 'string') {
        throw new ManifestsError('config', `${name}: a CustomResourceDefinition needs spec.group, spec.names.plural and spec.names.kind.`);
      }
      const versions: Record<string, any>[] = Array.isArray(spec['versions']) ? spec['versions'] : [];
      const served = versions.filter((v) => v['served'] !== false);
      const version = (served.find((v) => v['storage'] === true) ?? served[0] ?? {})['name'];
      result.push({
        file: name,
        resource: {
          group: spec['group'], version: typeof version === 'string' ? version : '', plural: names.plural, kind: names.kind,
          singular: typeof names.singular === 'string' && names.singular ? names.singular : names.kind.toLowerCase(),
          shortNames: Array.isArray(names.shortNames) ? names.shortNames.filter((n: unknown): n is string => typeof n === 'string') : [],
          namespaced: spec['scope'] !== 'Cluster',
          status: served.some((v) => typeof v['subresources'] === 'object' && v['subresources'] !== null && 'status' in v['subresources']),
        },
      });
    }
  }
  return result;
}

function asResource(known: KnownResource): Resource {
  return { group: known.group, version: known.version, plural: known.plural, kind: known.kind, namespaced: known.namespaced, singular: known.singular, shortNames: known.shortNames };
}

function matches(known: KnownResource, query: ResourceQuery): boolean {
  if (query.group !== undefined && known.group !== query.group) return false;
  if (query.plural !== undefined && known.plural !== query.plural) return false;
  if (query.kind !== undefined && known.kind !== query.kind) return false;
  if (query.singular !== undefined && known.singular !== query.singular) return false;
  if (query.shortName !== undefined && !known.shortNames.includes(query.shortName)) return false;
  if (query.name !== undefined && !hasName(asResource(known), query.name)) return false;
  return true;
}

const PLURAL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * What offline resolution knows: typed resources first, then the project's CRD files, then the
 * built-in resources.
 *
 * @example
 * ```ts
 * const catalog = new ResourceCatalog({ typed: [Greeting], crdFiles: readCrdFiles(dir, 'deploy/crds') });
 * catalog.resolve('deployments.apps', "owns('deployments.apps')").namespaced; // true
 * ```
 */
export class ResourceCatalog {
  readonly #entries: ResolvedResource[] = [];

  constructor(input: { readonly typed?: readonly TypedResource<any>[]; readonly crdFiles?: readonly CrdFileResource[]; readonly builtins?: readonly KnownResource[] }) {
    const add = (entry: ResolvedResource): void => {
      if (!this.#entries.some((other) => other.group === entry.group && other.plural === entry.plural)) this.#entries.push(entry);
    };
    for (const typed of input.typed ?? []) {
      add({
        group: typed.group, version: typed.version, plural: typed.plural, kind: typed.kind, singular: typed.singular,
        shortNames: typed.shortNames, namespaced: typed.namespaced, status: true, source: 'typed resource', typed,
      });
    }
    for (const { file, resource } of input.crdFiles ?? []) add({ ...resource, source: file });
    for (const resource of input.builtins ?? BUILTIN_RESOURCES) add({ ...resource, source: 'built-in' });
  }

  /** The resource of a group and plural, if known. */
  find(group: string, plural: string): ResolvedResource | undefined {
    return this.#entries.find((entry) => entry.group === group && entry.plural === plural);
  }

  /**
   * Resolve a selector to one resource, offline.
   *
   * @param where - who uses the selector, for the error message (e.g. `on.create(create_fn)`).
   * @throws ManifestsError (`selector`) when it is ambiguous, unknown and not group-qualified, or a predicate.
   */
  resolve(selector: Selector, where: string): ResolvedResource {
    if (isTypedResource(selector)) {
      return this.find(selector.group, selector.plural) ?? {
        group: selector.group, version: selector.version, plural: selector.plural, kind: selector.kind, singular: selector.singular,
        shortNames: selector.shortNames, namespaced: selector.namespaced, status: true, source: 'typed resource', typed: selector,
      };
    }
    const described = describeSelector(selector);
    if (selector === EVERYTHING || typeof selector === 'function') {
      throw new ManifestsError('selector', `${where} uses ${described}, which names no resource, so no RBAC rule can be derived from it: name the resource (e.g. 'widgets.example.com') or use a typed resource.`);
    }
    let queries: ResourceQuery[];
    try {
      queries = typeof selector === 'string' ? parseSelector(selector) : [selector as ResourceQuery];
    } catch (error) {
      if (error instanceof ResourceResolutionError) throw new ManifestsError('selector', `${where}: ${error.message}`, { cause: error });
      throw error;
    }
    for (const query of queries) {
      const found = this.#entries.filter((entry) => matches(entry, query));
      const distinct = [...new Map(found.map((entry) => [`${entry.plural}.${entry.group}`, entry])).values()];
      if (distinct.length === 1) return distinct[0]!;
      if (distinct.length > 1) {
        const core = distinct.filter((entry) => entry.group === '');
        if (core.length === 1) return core[0]!;
        const names = distinct.map((entry) => `${entry.plural}.${entry.group}`).sort();
        throw new ManifestsError('selector', `${where} uses ${described}, which is ambiguous offline: it names ${names.join(', ')}; qualify it with the group, e.g. '${names[0]}'.`);
      }
    }
    // A typo of a known name (in a known group): say so, with the closest name, rather than assume a resource.
    const suggestion = suggestResource(this.#entries.map(asResource), selector);
    const qualified = queries[0];
    if (suggestion !== undefined && (qualified?.group === undefined || this.#entries.some((entry) => entry.group === qualified.group))) {
      throw new ManifestsError('selector', `${where} uses ${described}, which names no known resource: did you mean '${suggestion}'? (If it is another resource, list its CRD file in package.json#opkit.crds.)`);
    }
    // Group-qualified but unknown: the name is the plural; scope and subresources are assumed.
    const name = qualified?.plural ?? qualified?.name;
    if (qualified?.group !== undefined && name !== undefined && PLURAL.test(name)) {
      return {
        group: qualified.group, version: qualified.version ?? '', plural: name, kind: qualified.kind ?? '', singular: '', shortNames: [],
        namespaced: true, status: true, source: 'the selector', assumed: true,
      };
    }
    throw new ManifestsError('selector', `${where} uses ${described}, which cannot be resolved offline: name it with its group (e.g. 'kopfexamples.kopf.dev' or 'deployments.apps'), use a typed resource from @opkit/schema, or list its CRD file in package.json#opkit.crds.`);
  }
}
