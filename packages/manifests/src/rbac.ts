// Least-privilege RBAC derived from what an operator registered and how it is deployed. Each permission is
// traced to what needs it — a handler, `owns()`, `needs()`, or the Opkit runtime itself (it watches CRDs to
// serve resources as they appear, posts Events, takes part in Kopf-compatible peering, keeps the admission
// webhook configurations of its on.validate/on.mutate handlers, and holds Leases for leader election or
// sharding) — and rules are merged per API group where the verbs are equal, each preceded by the names of
// what needs it. Nothing is ever `*`.
import { describeSelector } from '@opkit/core';
import type { PermissionNeed, Registry, ResourceHandler } from '@opkit/core';
import type { ResourceCatalog, ResolvedResource } from './catalog.js';
import { ManifestsError } from './errors.js';
import type { WatchMode } from './projectConfig.js';

/** One RBAC policy rule (rbac.authorization.k8s.io/v1 PolicyRule). */
export interface PolicyRule {
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
  readonly verbs: readonly string[];
}

/** A rule with the lines of its comment: what needs it, and why. */
export interface CommentedRule {
  readonly rule: PolicyRule;
  readonly comment: readonly string[];
}

/** The derived RBAC: cluster-wide rules (a ClusterRole) and rules for the operator's namespace (a Role). */
export interface RbacPlan {
  /** Rules of the ClusterRole (everything else with `watch: all`; cluster-scoped resources with `own-namespace`). */
  readonly cluster: readonly CommentedRule[];
  /** Rules of the Role in the deploy namespace: namespaced resources with `own-namespace`, and Leases in either mode. */
  readonly namespaced: readonly CommentedRule[];
}

/** How the deployed operator coordinates its replicas (package.json#opkit.deploy), for the Leases it needs. */
export interface RbacCoordination {
  /** `op run --leader-elect`. @defaultValue false */
  readonly leaderElection?: boolean | undefined;
  /** `op run --sharding`. @defaultValue false */
  readonly sharding?: boolean | undefined;
}

/** Why each kind of permission is needed (the text after the names in a rule's comment). */
export const WHY = {
  follow: 'follow the objects (list, watch)',
  handle: 'follow the objects (list, watch) and store handler progress, results and finalizers on them (patch)',
  status: 'store handler results and progress in the status subresource (patch)',
  finalizers: 'children carry owner references with blockOwnerDeletion to these objects, which needs update on their finalizers',
  owned: 'the operator\'s children: it creates, reads, updates and deletes them',
  crds: 'watch CustomResourceDefinitions, to serve each resource once its CRD is established (list, watch)',
  events: 'post Kubernetes Events about the objects it handles (events.* in handlers; repeats are counted on one Event: create, patch)',
  peering: 'peering (on by default when the cluster has Kopf\'s peering resources): read the peers\' records and keep its own (get, list, watch, patch)',
  webhooks: 'keep the admission webhook configurations of on.validate/on.mutate handlers current (create, then patch)',
  conversions: 'keep the conversion webhook (spec.conversion) of the CRDs of on.convert current (get, patch), only these CRDs',
  leaderElection: 'leader election (deploy.leaderElection, op run --leader-elect): read, watch, create and renew its Lease in the deploy namespace (get, list, watch, create, update)',
  sharding: 'sharding (deploy.sharding, op run --sharding): keep its own Lease in the deploy namespace, follow the group\'s and remove those of replicas gone (get, list, watch, create, update, delete)',
  assumed: 'scope and subresources assumed (namespaced, with status): list its CRD file in package.json#opkit.crds to know them',
} as const;

const RUNTIME = 'the Opkit runtime';
const CRUD = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const VERB_ORDER = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** Verbs in the conventional order (get, list, watch, create, update, patch, delete, …, then others alphabetically). */
export function sortVerbs(verbs: Iterable<string>): string[] {
  const rank = (verb: string): number => {
    const index = VERB_ORDER.indexOf(verb);
    return index < 0 ? VERB_ORDER.length : index;
  };
  return [...new Set(verbs)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

interface Permission {
  readonly group: string;
  readonly resource: string;
  readonly verbs: Set<string>;
  /** why → the names of what needs it, in order of first use. */
  readonly notes: Map<string, string[]>;
}

type Scope = 'cluster' | 'namespaced';

class Permissions {
  readonly #byScope: Record<Scope, Map<string, Permission>> = { cluster: new Map(), namespaced: new Map() };
  readonly #verbatim: Record<Scope, CommentedRule[]> = { cluster: [], namespaced: [] };

  add(scope: Scope, group: string, resource: string, verbs: readonly string[], why: string, source: string): void {
    const key = `${group}\u0000${resource}`;
    const map = this.#byScope[scope];
    const permission = map.get(key) ?? { group, resource, verbs: new Set<string>(), notes: new Map<string, string[]>() };
    for (const verb of verbs) permission.verbs.add(verb);
    const sources = permission.notes.get(why) ?? [];
    if (!sources.includes(source)) sources.push(source);
    permission.notes.set(why, sources);
    map.set(key, permission);
  }

  verbatim(scope: Scope, rule: CommentedRule): void {
    this.#verbatim[scope].push(rule);
  }

  /** The rules of a scope: permissions merged per group where the verbs are equal, then the verbatim ones; sorted. */
  rules(scope: Scope): CommentedRule[] {
    const merged = new Map<string, { group: string; resources: string[]; verbs: string[]; notes: Map<string, string[]> }>();
    for (const permission of this.#byScope[scope].values()) {
      const verbs = sortVerbs(permission.verbs);
      const key = `${permission.group}\u0000${verbs.join(',')}`;
      const rule = merged.get(key) ?? { group: permission.group, resources: [], verbs, notes: new Map<string, string[]>() };
      rule.resources.push(permission.resource);
      for (const [why, sources] of permission.notes) {
        const all = rule.notes.get(why) ?? [];
        for (const source of sources) if (!all.includes(source)) all.push(source);
        rule.notes.set(why, all);
      }
      merged.set(key, rule);
    }
    const rules: CommentedRule[] = [...merged.values()].map((rule) => ({
      rule: { apiGroups: [rule.group], resources: [...rule.resources].sort(), verbs: rule.verbs },
      comment: [...rule.notes].map(([why, sources]) => `${sources.join(', ')}: ${why}`),
    }));
    rules.push(...this.#verbatim[scope]);
    return rules.sort((a, b) => compareText(sortKey(a.rule), sortKey(b.rule)));
  }
}

function sortKey(rule: PolicyRule): string {
  return [(rule.apiGroups ?? ['~']).join(','), (rule.resources ?? []).join(','), (rule.nonResourceURLs ?? []).join(','), (rule.resourceNames ?? []).join(','), rule.verbs.join(',')].join('\u0000');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function handlerName(handler: ResourceHandler): string {
  return `on.${handler.kind}(${handler.id})`;
}

/**
 * The RBAC an operator needs, from its registry: its handlers, `owns()`, `needs()` and the runtime's
 * own requests, resolved offline through `catalog`. With `watch: 'all'` every rule is cluster-wide;
 * with `own-namespace` namespaced resources get a Role and cluster-scoped ones (CRDs, cluster-scoped
 * kinds, non-resource URLs) the ClusterRole. With leader election or sharding (`coordination`), the
 * Leases are granted in the Role of the deploy namespace (where the runtime keeps them by default) in
 * either mode.
 *
 * @throws ManifestsError (`selector`) for a selector that cannot be resolved offline.
 * @example
 * ```ts
 * const plan = deriveRbac(registry, catalog, 'all');
 * plan.cluster.map((r) => r.rule.resources); // [['events'], ['customresourcedefinitions'], ['greetings'], ['greetings/status']]
 * ```
 */
export function deriveRbac(registry: Registry, catalog: ResourceCatalog, watch: WatchMode, coordination: RbacCoordination = {}): RbacPlan {
  const permissions = new Permissions();
  const scopeOf = (resource: Pick<ResolvedResource, 'namespaced'>): Scope => (watch === 'all' || !resource.namespaced ? 'cluster' : 'namespaced');
  const handlers = registry.resourceHandlers();
  const handled: ResolvedResource[] = [];
  for (const handler of handlers) {
    const name = handlerName(handler);
    const resource = catalog.resolve(handler.selector, name);
    const scope = scopeOf(resource);
    const stateful = handler.kind !== 'event';
    permissions.add(scope, resource.group, resource.plural, stateful ? ['list', 'watch', 'patch'] : ['list', 'watch'], stateful ? WHY.handle : WHY.follow, name);
    if (stateful && resource.status) permissions.add(scope, resource.group, `${resource.plural}/status`, ['patch'], WHY.status, name);
    if (resource.assumed) permissions.add(scope, resource.group, resource.plural, [], WHY.assumed, describeSelector(handler.selector));
    if (stateful && !handled.some((other) => other.group === resource.group && other.plural === resource.plural)) handled.push(resource);
  }
  const owned = registry.owned();
  for (const selector of owned) {
    const name = `owns(${describeSelector(selector)})`;
    const resource = catalog.resolve(selector, name);
    permissions.add(scopeOf(resource), resource.group, resource.plural, CRUD, WHY.owned, name);
    if (resource.assumed) permissions.add(scopeOf(resource), resource.group, resource.plural, [], WHY.assumed, describeSelector(selector));
  }
  if (owned.length > 0) {
    const names = owned.map((selector) => `owns(${describeSelector(selector)})`).join(', ');
    for (const resource of handled) permissions.add(scopeOf(resource), resource.group, `${resource.plural}/finalizers`, ['update'], WHY.finalizers, names);
  }
  // The runtime follows CRDs, posts Events and takes part in peering whenever it serves anything: resource
  // handlers, or admission handlers alone (peering finds its resources through the CRD watch too).
  const converted = [...new Set(registry.conversionHandlers().map((handler) => handler.crd))].sort();
  if (handlers.length > 0 || registry.admissionHandlers().length > 0 || converted.length > 0) {
    permissions.add('cluster', 'apiextensions.k8s.io', 'customresourcedefinitions', ['list', 'watch'], WHY.crds, RUNTIME);
    permissions.add(watch === 'all' ? 'cluster' : 'namespaced', '', 'events', ['create', 'patch'], WHY.events, RUNTIME);
    // Kopf-compatible peering: cluster-wide operators use ClusterKopfPeering objects, namespaced ones KopfPeering.
    if (watch === 'all') permissions.add('cluster', 'kopf.dev', 'clusterkopfpeerings', ['get', 'list', 'watch', 'patch'], WHY.peering, RUNTIME);
    else permissions.add('namespaced', 'kopf.dev', 'kopfpeerings', ['get', 'list', 'watch', 'patch'], WHY.peering, RUNTIME);
  }
  // The runtime writes both configurations (create, tolerating a conflict, then a merge patch) at
  // start-up and on a graceful exit, so a handler of either kind needs both.
  if (registry.admissionHandlers().length > 0) {
    for (const plural of ['validatingwebhookconfigurations', 'mutatingwebhookconfigurations']) {
      permissions.add('cluster', 'admissionregistration.k8s.io', plural, ['create', 'patch'], WHY.webhooks, RUNTIME);
    }
  }
  // The runtime patches spec.conversion of each CRD it converts (op run --webhook-managed): those CRDs only.
  if (converted.length > 0) {
    permissions.verbatim('cluster', {
      rule: { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], resourceNames: converted, verbs: ['get', 'patch'] },
      comment: [`${RUNTIME}: ${WHY.conversions}`],
    });
  }
  // The Lease namespace defaults to the pod's (the deploy namespace), so a Role there is enough in either mode.
  if (coordination.leaderElection) permissions.add('namespaced', 'coordination.k8s.io', 'leases', ['get', 'list', 'watch', 'create', 'update'], WHY.leaderElection, RUNTIME);
  if (coordination.sharding) permissions.add('namespaced', 'coordination.k8s.io', 'leases', ['get', 'list', 'watch', 'create', 'update', 'delete'], WHY.sharding, RUNTIME);
  for (const need of registry.needs()) permissions.verbatim(needScope(need, catalog, watch), verbatim(need));
  return { cluster: permissions.rules('cluster'), namespaced: permissions.rules('namespaced') };
}

function verbatim(need: PermissionNeed): CommentedRule {
  const rule: PolicyRule = need.nonResourceURLs
    ? { nonResourceURLs: [...need.nonResourceURLs], verbs: [...need.verbs] }
    : {
      apiGroups: [...(need.apiGroups ?? [])], resources: [...(need.resources ?? [])],
      ...(need.resourceNames ? { resourceNames: [...need.resourceNames] } : {}), verbs: [...need.verbs],
    };
  return { rule, comment: [`needs(): ${need.reason}`] };
}

/** Where a `needs()` rule goes with `own-namespace`: the Role, unless every resource in it is cluster-scoped. */
function needScope(need: PermissionNeed, catalog: ResourceCatalog, watch: WatchMode): Scope {
  if (watch === 'all' || need.nonResourceURLs) return 'cluster';
  const scopes = new Set<string>();
  for (const group of need.apiGroups ?? []) {
    for (const resource of need.resources ?? []) {
      const known = catalog.find(group, resource.split('/')[0]!);
      scopes.add(known && !known.namespaced ? 'cluster' : 'namespaced');
    }
  }
  if (scopes.size > 1) {
    throw new ManifestsError('selector', `needs({ reason: ${JSON.stringify(need.reason)} }) mixes namespaced and cluster-scoped resources, which go to different roles with watch: own-namespace; split it into two rules.`);
  }
  return scopes.has('cluster') ? 'cluster' : 'namespaced';
}
