// Discovery documents built from the registry: legacy (`/api`, `/apis`, `/apis/G`, `/api/v1`,
// `/apis/G/V`) for Kopf, client-node and older kubectl, and aggregated (apidiscovery.k8s.io/v2) for
// clients that ask for it in `Accept` — answered with its exact content type, since kubectl otherwise
// mistakes it for legacy discovery.
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/types.js';
import { strategyFor } from '../registry/strategies.js';

/** The Content-Type of aggregated discovery. */
export const AGGREGATED_CONTENT_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const AGGREGATED_V2BETA1 = 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList';

/**
 * Which aggregated discovery version `Accept` asks for (undefined: legacy).
 *
 * @example
 * aggregatedVersionAccepted('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json'); // 'v2'
 */
export function aggregatedVersionAccepted(accept: string | undefined): 'v2' | 'v2beta1' | undefined {
  if (!accept) return undefined;
  for (const part of accept.split(',')) {
    const params = part.split(';').map((p) => p.trim().toLowerCase());
    if (params[0] !== 'application/json') continue;
    if (!params.includes('g=apidiscovery.k8s.io') || !params.includes('as=apigroupdiscoverylist')) continue;
    if (params.includes('v=v2')) return 'v2';
    if (params.includes('v=v2beta1')) return 'v2beta1';
  }
  return undefined;
}

/** The Content-Type for an aggregated version. */
export function aggregatedContentType(version: 'v2' | 'v2beta1'): string {
  return version === 'v2' ? AGGREGATED_CONTENT_TYPE : AGGREGATED_V2BETA1;
}

function gv(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** `GET /api` (legacy). */
export function apiVersions(serverAddress: string): Record<string, unknown> {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function groupEntry(name: string, versions: string[]): Record<string, unknown> {
  const entries = versions.map((v) => ({ groupVersion: gv(name, v), version: v }));
  return { name, versions: entries, preferredVersion: entries[0] };
}

/** `GET /apis` (legacy). */
export function apiGroupList(registry: ResourceRegistry): Record<string, unknown> {
  const groups = registry.groups().filter((g) => g.name !== '');
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map((g) => groupEntry(g.name, g.versions)) };
}

/** `GET /apis/G` (legacy), or undefined when not served. */
export function apiGroup(registry: ResourceRegistry, group: string): Record<string, unknown> | undefined {
  const g = registry.groups().find((x) => x.name === group && group !== '');
  return g ? { kind: 'APIGroup', apiVersion: 'v1', ...groupEntry(g.name, g.versions) } : undefined;
}

/** `GET /api/v1` or `/apis/G/V` (legacy), or undefined when not served. */
export function apiResourceList(registry: ResourceRegistry, group: string, version: string): Record<string, unknown> | undefined {
  const types = registry.inGroupVersion(group, version);
  if (types.length === 0) return undefined;
  const resources: Record<string, unknown>[] = [];
  for (const t of sortTypes(types)) {
    const entry: Record<string, unknown> = { name: t.plural, singularName: t.singular, namespaced: t.namespaced, kind: t.kind, verbs: t.verbs };
    if (t.shortNames.length > 0) entry.shortNames = t.shortNames;
    if (t.categories.length > 0) entry.categories = t.categories;
    entry.storageVersionHash = hashOf(`${t.storageKey}`);
    resources.push(entry);
    for (const sub of subresourcesOf(t)) {
      resources.push({ name: `${t.plural}/${sub.name}`, singularName: '', namespaced: t.namespaced, kind: sub.kind, verbs: sub.verbs, ...(sub.group !== undefined ? { group: sub.group, version: sub.version } : {}) });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv(group, version), resources };
}

interface Subresource {
  name: string;
  kind: string;
  verbs: string[];
  group?: string;
  version?: string;
}

function subresourcesOf(t: ResourceType): Subresource[] {
  const out: Subresource[] = [];
  if (strategyFor(t).finalize) out.push({ name: 'finalize', kind: 'Namespace', verbs: ['update'] });
  if (t.scale) out.push({ name: 'scale', kind: 'Scale', verbs: ['get', 'patch', 'update'], group: 'autoscaling', version: 'v1' });
  if (t.statusSubresource) out.push({ name: 'status', kind: t.kind, verbs: ['get', 'patch', 'update'] });
  if (t.builtin && t.group === '' && t.plural === 'serviceaccounts') out.push({ name: 'token', kind: 'TokenRequest', verbs: ['create'], group: 'authentication.k8s.io', version: 'v1' });
  return out;
}

function sortTypes(types: ResourceType[]): ResourceType[] {
  return [...types].sort((a, b) => (a.plural < b.plural ? -1 : a.plural > b.plural ? 1 : 0));
}

/** Aggregated discovery for `/api` (core) or `/apis` (named groups). */
export function aggregatedDiscovery(registry: ResourceRegistry, core: boolean, version: 'v2' | 'v2beta1'): Record<string, unknown> {
  const groups = registry.groups().filter((g) => (core ? g.name === '' : g.name !== ''));
  const items = groups.map((g) => ({
    metadata: { name: g.name, creationTimestamp: null },
    versions: g.versions.map((v) => ({
      version: v,
      freshness: 'Current',
      resources: sortTypes(registry.inGroupVersion(g.name, v)).map((t) => {
        const entry: Record<string, unknown> = {
          resource: t.plural,
          singularResource: t.singular,
          scope: t.namespaced ? 'Namespaced' : 'Cluster',
          responseKind: { group: t.group, version: t.version, kind: t.kind },
          verbs: t.verbs,
        };
        if (t.shortNames.length > 0) entry.shortNames = t.shortNames;
        if (t.categories.length > 0) entry.categories = t.categories;
        const subs = subresourcesOf(t);
        if (subs.length > 0) {
          entry.subresources = subs.map((s) => ({
            subresource: s.name,
            responseKind: { group: s.group ?? t.group, version: s.version ?? t.version, kind: s.kind },
            verbs: s.verbs,
          }));
        }
        return entry;
      }),
    })),
  }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}

/** A short stable hash of a string (FNV-1a, base64). */
export function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return Buffer.from(h.toString(16).padStart(8, '0')).toString('base64').slice(0, 11);
}
