// What the server serves right now: built-in types plus the versions of every established CRD. Route
// resolution, discovery and OpenAPI all read from this one registry, so that a resource is servable at
// exactly the moment it appears in discovery.
import type { ResourceType } from './types.js';

/**
 * Orders Kubernetes versions as discovery does: GA before beta before alpha, higher numbers first,
 * non-Kubernetes-looking versions last (alphabetically).
 *
 * @example
 * ['v1beta1', 'v2', 'v1', 'v1alpha1'].sort(compareKubeVersions); // ['v2', 'v1', 'v1beta1', 'v1alpha1']
 */
export function compareKubeVersions(a: string, b: string): number {
  const parse = (v: string): [number, number, number] | undefined => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return undefined;
    const stability = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
    return [stability, Number(m[1]), m[3] === undefined ? 0 : Number(m[3])];
  };
  const pa = parse(a);
  const pb = parse(b);
  if (!pa && !pb) return a < b ? -1 : a > b ? 1 : 0;
  if (!pa) return 1;
  if (!pb) return -1;
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
}

/** A served API group with its versions in preference order. */
export interface ServedGroup {
  name: string;
  versions: string[];
}

/**
 * The registry of served resource types.
 *
 * @example
 * const registry = new ResourceRegistry(BUILTIN_TYPES);
 * registry.lookup('', 'v1', 'configmaps');
 */
export class ResourceRegistry {
  private readonly types = new Map<string, ResourceType>();
  private readonly byCrd = new Map<string, ResourceType[]>();
  private revisionCounter = 0;

  constructor(builtins: readonly ResourceType[]) {
    for (const t of builtins) this.types.set(key(t.group, t.version, t.plural), t);
  }

  /** Increases whenever the served set changes (discovery/OpenAPI caches key on it). */
  get revision(): number {
    return this.revisionCounter;
  }

  /** The type served at group/version/plural, if any. */
  lookup(group: string, version: string, plural: string): ResourceType | undefined {
    return this.types.get(key(group, version, plural));
  }

  /** Every served type. */
  all(): ResourceType[] {
    return [...this.types.values()];
  }

  /** Types served under one group/version. */
  inGroupVersion(group: string, version: string): ResourceType[] {
    return this.all().filter((t) => t.group === group && t.version === version);
  }

  /** Whether group/version is served at all. */
  servesGroupVersion(group: string, version: string): boolean {
    return this.all().some((t) => t.group === group && t.version === version);
  }

  /** Any served type with this storage key (for its names and scope). */
  byStorageKey(storageKey: string): ResourceType | undefined {
    return this.all().find((t) => t.storageKey === storageKey);
  }

  /** Served groups (core group '' first), versions in preference order. */
  groups(): ServedGroup[] {
    const map = new Map<string, Set<string>>();
    for (const t of this.types.values()) {
      let set = map.get(t.group);
      if (!set) {
        set = new Set();
        map.set(t.group, set);
      }
      set.add(t.version);
    }
    const out: ServedGroup[] = [];
    for (const [name, versions] of map) out.push({ name, versions: [...versions].sort(compareKubeVersions) });
    return out.sort((a, b) => (a.name === '' ? -1 : b.name === '' ? 1 : 0));
  }

  /** Replaces the versions served for one CRD (empty list: stop serving it). */
  setCustom(crdName: string, types: ResourceType[]): void {
    for (const old of this.byCrd.get(crdName) ?? []) this.types.delete(key(old.group, old.version, old.plural));
    if (types.length === 0) this.byCrd.delete(crdName);
    else this.byCrd.set(crdName, types);
    for (const t of types) this.types.set(key(t.group, t.version, t.plural), t);
    this.revisionCounter++;
  }

  /** Types currently served for a CRD. */
  customTypes(crdName: string): ResourceType[] {
    return this.byCrd.get(crdName) ?? [];
  }
}

function key(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}
