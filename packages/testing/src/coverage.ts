// RBAC coverage: does an operator's RBAC (its deploy manifests) allow every API request it made in a
// test? The requests come from the embedded server's audit log (`run.requests()`); each is decided with
// the API server's own RBAC evaluator, as the ServiceAccount the manifests bind, plus the default policy
// every cluster gives authenticated users (discovery, self reviews). A missing permission becomes a
// failing test naming the request and the rule that would allow it, instead of a 403 in production.
import { attributesOf, authorize, DEFAULT_RBAC_POLICY, describeRequest, rbacPolicyOf, ruleAllows, rulesFor, serviceAccountUser, userInfoOf } from '@opkit/apiserver';
import type { AuditRecord, GrantedRule, PolicyRule, RbacPolicy, RequestAttributes } from '@opkit/apiserver';
import type { KubeObject } from '@opkit/kube';
import { describeManifests, parseManifests } from './manifests.js';
import type { ManifestInput } from './manifests.js';

/** What `checkCoverage` reads of a request: an audit record (`run.requests()`, `env.requests()`). */
export type CoverageRequest = Pick<AuditRecord, 'verb' | 'group' | 'resource' | 'requestURI'> & Partial<Pick<AuditRecord, 'version' | 'subresource' | 'namespace' | 'name' | 'code' | 'user'>>;

/** Options of {@link checkCoverage} and {@link expectCoveredBy}. */
export interface CoverageOptions {
  /**
   * The user the requests are checked as. @defaultValue the ServiceAccount in the manifests,
   * `system:serviceaccount:<namespace>:<name>` (there must be exactly one)
   */
  readonly user?: string;
  /** The namespace of manifest objects that name none (as `kubectl apply -n` would place them). @defaultValue 'default' */
  readonly namespace?: string;
  /** Also grant what every cluster grants authenticated users (API discovery, `/version`, `/healthz`, self reviews). @defaultValue true */
  readonly clusterDefaults?: boolean;
}

/** Requests that share verb, group, resource, subresource, namespace and name, counted. */
export interface RequestGroup {
  readonly attributes: RequestAttributes;
  /** How many requests. */
  readonly count: number;
  /** `patch kopfexamples/status.kopf.dev named "x" in namespace "default"` style text. */
  readonly description: string;
}

/** A request group no rule allows, and the rule that would. */
export interface UncoveredRequest extends RequestGroup {
  /** The least rule that allows these requests. */
  readonly suggestion: PolicyRule;
  /** Where the rule can go: a Role in the request's namespace (or a ClusterRole), or only a ClusterRole. */
  readonly scope: 'namespace' | 'cluster';
}

/** A request group and the grant that allows it. */
export interface CoveredRequest extends RequestGroup {
  readonly rule: PolicyRule;
  /** The binding and role, in kube's words, e.g. `ClusterRoleBinding "op" of ClusterRole "op" to ServiceAccount "op/ops"`. */
  readonly source: string;
}

/** What {@link checkCoverage} found. */
export interface CoverageReport {
  /** The user the requests were checked as. */
  readonly user: string;
  readonly covered: readonly CoveredRequest[];
  readonly uncovered: readonly UncoveredRequest[];
  /** Rules of the manifests that allowed none of the requests (candidates for removal, or untested paths). */
  readonly unusedRules: readonly { readonly rule: PolicyRule; readonly source: string }[];
  /** Bindings that could not be resolved (a Role or ClusterRole missing from the manifests). */
  readonly errors: readonly string[];
}

/** Places namespaced RBAC objects without a namespace in `namespace`, as `kubectl apply -n` does. */
function placed(objects: KubeObject[], namespace: string): KubeObject[] {
  return objects.map((o) => {
    if ((o.kind === 'Role' || o.kind === 'RoleBinding' || o.kind === 'ServiceAccount') && !o.metadata?.namespace) return { ...o, metadata: { ...o.metadata, namespace } };
    return o;
  });
}

function subjectOf(objects: KubeObject[], options: CoverageOptions, source: string): string {
  if (options.user !== undefined) {
    if (typeof options.user !== 'string' || options.user === '') throw new TypeError(`options.user must be a user name, got ${JSON.stringify(options.user)}`);
    return options.user;
  }
  const accounts = objects.filter((o) => o.kind === 'ServiceAccount');
  if (accounts.length !== 1) {
    const found = accounts.map((a) => `${a.metadata.namespace}/${a.metadata.name}`).join(', ');
    throw new Error(`Cannot tell whose RBAC to check: ${source} has ${accounts.length === 0 ? 'no ServiceAccount' : `${accounts.length} ServiceAccounts (${found})`}; pass { user: 'system:serviceaccount:<namespace>:<name>' }.`);
  }
  const account = accounts[0]!;
  return serviceAccountUser(String(account.metadata.namespace), String(account.metadata.name));
}

function keyOf(a: RequestAttributes): string {
  return a.resourceRequest ? ['r', a.verb, a.group, a.resource, a.subresource ?? '', a.namespace ?? '', a.name ?? ''].join('\u0000') : ['n', a.verb, a.path].join('\u0000');
}

function suggestionFor(a: RequestAttributes): { suggestion: PolicyRule; scope: 'namespace' | 'cluster' } {
  if (!a.resourceRequest) return { suggestion: { nonResourceURLs: [a.path], verbs: [a.verb] }, scope: 'cluster' };
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return { suggestion: { apiGroups: [a.group], resources: [resource], verbs: [a.verb] }, scope: a.namespace ? 'namespace' : 'cluster' };
}

function groupRequests(requests: readonly CoverageRequest[]): { attributes: RequestAttributes; count: number }[] {
  const groups = new Map<string, { attributes: RequestAttributes; count: number }>();
  for (const request of requests) {
    if (request.code === 401) continue; // never authenticated, so never authorized either
    const attributes = attributesOf(request);
    const key = keyOf(attributes);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { attributes, count: 1 });
  }
  return [...groups.values()];
}

/**
 * Checks which requests an operator's RBAC allows.
 *
 * @param requests - audit records, usually `run.requests()`
 * @param rbac - the RBAC manifests: a YAML file path, YAML text, objects, or a list of them
 * @example
 * const report = checkCoverage(run.requests(), 'deploy/rbac.yaml');
 * report.uncovered.map((u) => u.description);
 */
export function checkCoverage(requests: readonly CoverageRequest[], rbac: ManifestInput, options: CoverageOptions = {}): CoverageReport {
  const source = describeManifests(rbac);
  const objects = placed(parseManifests(rbac), options.namespace ?? 'default');
  const user = subjectOf(objects, options, source);
  const info = userInfoOf(user);
  const policy: RbacPolicy = rbacPolicyOf(objects);
  const defaults = options.clusterDefaults === false ? {} : DEFAULT_RBAC_POLICY;
  const errors = new Set<string>();
  const resolved = new Map<string, { own: GrantedRule[]; all: GrantedRule[] }>();
  const rulesIn = (namespace: string): { own: GrantedRule[]; all: GrantedRule[] } => {
    let rules = resolved.get(namespace);
    if (!rules) {
      const own = rulesFor(info, policy, namespace);
      for (const error of own.errors) errors.add(error);
      rules = { own: own.rules, all: [...own.rules, ...rulesFor(info, defaults, namespace).rules] };
      resolved.set(namespace, rules);
    }
    return rules;
  };
  const covered: CoveredRequest[] = [];
  const uncovered: UncoveredRequest[] = [];
  const groups = groupRequests(requests);
  for (const { attributes, count } of groups) {
    const namespace = attributes.resourceRequest ? attributes.namespace ?? '' : '';
    const decision = authorize(rulesIn(namespace).all, attributes);
    const description = describeRequest(attributes);
    if (decision.allowed) covered.push({ attributes, count, description, rule: decision.rule, source: decision.granted?.source ?? '' });
    else uncovered.push({ attributes, count, description, ...suggestionFor(attributes) });
  }
  // Every distinct grant of the manifests, in every namespace requests were made in (and cluster-wide).
  const grants = new Map<string, GrantedRule>();
  for (const namespace of new Set(['', ...resolved.keys()])) {
    for (const grant of rulesIn(namespace).own) grants.set(`${grant.source}\u0000${JSON.stringify(grant.rule)}`, grant);
  }
  const unusedRules = [...grants.values()]
    .filter((grant) => !groups.some(({ attributes }) => {
      const inScope = grant.binding.kind === 'ClusterRoleBinding' || (attributes.resourceRequest && attributes.namespace === grant.binding.namespace);
      return inScope && ruleAllows(attributes, grant.rule);
    }))
    .map(({ rule, source: from }) => ({ rule, source: from }));
  return { user, covered, uncovered, unusedRules, errors: [...errors] };
}

function flow(rule: PolicyRule): string {
  const parts: string[] = [];
  for (const key of ['apiGroups', 'resources', 'resourceNames', 'nonResourceURLs', 'verbs'] as const) {
    const values = rule[key];
    if (values !== undefined) parts.push(`${key}: [${values.map((v) => JSON.stringify(v)).join(', ')}]`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** The failure message of {@link expectCoveredBy}. */
export function formatCoverageFailure(report: CoverageReport, source: string): string {
  const total = report.covered.length + report.uncovered.length;
  const lines = [`${report.uncovered.length} of ${total} distinct requests of ${report.user} are not allowed by ${source}:`];
  for (const u of report.uncovered) {
    lines.push(`  - ${u.description} (${u.count} ${u.count === 1 ? 'request' : 'requests'})`);
    const where = u.scope === 'namespace'
      ? `a Role in namespace ${JSON.stringify(u.attributes.resourceRequest ? u.attributes.namespace : '')} (or a ClusterRole)`
      : 'a ClusterRole bound by a ClusterRoleBinding';
    lines.push(`      would be allowed by the rule ${flow(u.suggestion)} in ${where}`);
  }
  for (const error of report.errors) lines.push(`  note: ${error}`);
  return lines.join('\n');
}

/**
 * Asserts that RBAC manifests allow every request: throws an Error listing each request no rule allows
 * (verb, resource and subresource with its group, name, namespace, how many times) and the rule that would
 * allow it. Returns the report when everything is covered.
 *
 * @param requests - audit records, usually `run.requests()`
 * @param rbac - the RBAC manifests: a YAML file path, YAML text, objects, or a list of them
 * @example
 * const run = await env.run('src/operator.ts');
 * // … exercise the operator …
 * await run.stop();
 * expectCoveredBy(run.requests(), 'deploy/rbac.yaml');
 */
export function expectCoveredBy(requests: readonly CoverageRequest[], rbac: ManifestInput, options: CoverageOptions = {}): CoverageReport {
  const report = checkCoverage(requests, rbac, options);
  if (report.uncovered.length > 0) throw new Error(formatCoverageFailure(report, describeManifests(rbac)));
  return report;
}
