// RBAC rule matching with Kubernetes' exact semantics (k8s.io/kubernetes plugin/pkg/auth/authorizer/rbac
// and pkg/apis/rbac/v1): a rule allows a resource request when its verb, API group, resource (with
// `resource/subresource`, `*` and `*/subresource`) and resource name all match; a non-resource request
// when its verb and URL (exact, `*`, or a prefix ending in `*`) match. Pure: no server state, so the
// server's enforcement and the coverage check of @opkit/testing use the same functions.
import type { AuthorizationDecision, GrantedRule, PolicyRule, RequestAttributes, ResourceAttributes } from './types.js';

const ALL = '*';

/**
 * Whether the rule names the verb (or `*`).
 *
 * @example
 * verbMatches({ verbs: ['get', 'list'] }, 'list'); // true
 */
export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === ALL || v === verb);
}

/**
 * Whether the rule names the API group (or `*`); `''` is the core group.
 *
 * @example
 * apiGroupMatches({ verbs: ['get'], apiGroups: [''] }, ''); // true
 */
export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === ALL || g === group);
}

/**
 * Whether the rule names the resource: `*`, the exact `resource` or `resource/subresource`, or (for a
 * subresource request) `*\/subresource`. `pods` does not cover `pods/status`.
 *
 * @example
 * resourceMatches({ verbs: ['patch'], resources: ['*\/status'] }, 'widgets/status', 'status'); // true
 */
export function resourceMatches(rule: PolicyRule, combinedResource: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === ALL || r === combinedResource) return true;
    if (subresource !== '' && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

/**
 * Whether the rule allows the object name: a rule without `resourceNames` allows every name; a rule with
 * them allows only those (so never a request without a name: create, list, watch, deletecollection).
 *
 * @example
 * resourceNameMatches({ verbs: ['get'], resourceNames: ['a'] }, ''); // false
 */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/**
 * Whether the rule allows the non-resource URL path: `*`, the exact path, or a pattern ending in `*`
 * that the path starts with (`/apis/*` allows `/apis/apps/v1`, not `/apis`).
 *
 * @example
 * nonResourceURLMatches({ verbs: ['get'], nonResourceURLs: ['/healthz*'] }, '/healthz/etcd'); // true
 */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const url of rule.nonResourceURLs ?? []) {
    if (url === ALL || url === path) return true;
    if (url.endsWith(ALL) && path.startsWith(url.replace(/\*+$/, ''))) return true;
  }
  return false;
}

/**
 * Whether one rule allows the request.
 *
 * @example
 * ruleAllows({ resourceRequest: true, verb: 'get', group: '', resource: 'pods', namespace: 'a', name: 'p' },
 *   { apiGroups: [''], resources: ['pods'], verbs: ['get'] }); // true
 */
export function ruleAllows(attributes: RequestAttributes, rule: PolicyRule): boolean {
  if (attributes.resourceRequest) {
    const subresource = attributes.subresource ?? '';
    const combined = subresource !== '' ? `${attributes.resource}/${subresource}` : attributes.resource;
    return verbMatches(rule, attributes.verb)
      && apiGroupMatches(rule, attributes.group)
      && resourceMatches(rule, combined, subresource)
      && resourceNameMatches(rule, attributes.name ?? '');
  }
  return verbMatches(rule, attributes.verb) && nonResourceURLMatches(rule, attributes.path);
}

function isGranted(rule: PolicyRule | GrantedRule): rule is GrantedRule {
  return typeof (rule as GrantedRule).source === 'string' && typeof (rule as GrantedRule).rule === 'object';
}

/**
 * Describes a request the way kube-apiserver's RBAC log does:
 * `"patch" resource "widgets.example.com/status" named "w" in namespace "default"`.
 *
 * @example
 * describeRequest({ resourceRequest: false, verb: 'get', path: '/version' }); // '"get" nonResourceURL "/version"'
 */
export function describeRequest(attributes: RequestAttributes): string {
  if (!attributes.resourceRequest) return `${JSON.stringify(attributes.verb)} nonResourceURL ${JSON.stringify(attributes.path)}`;
  const a: ResourceAttributes = attributes;
  let resource = a.resource;
  if (a.group !== '') resource += `.${a.group}`;
  if (a.subresource) resource += `/${a.subresource}`;
  const named = a.name ? ` named ${JSON.stringify(a.name)}` : '';
  const scope = a.namespace ? `in namespace ${JSON.stringify(a.namespace)}` : 'cluster-wide';
  return `${JSON.stringify(a.verb)} resource ${JSON.stringify(resource)}${named} ${scope}`;
}

/**
 * Decides a request against rules: allowed by the first rule that allows it (RBAC only ever allows;
 * anything no rule allows is denied). `rules` are plain PolicyRules or the GrantedRules of `rulesFor`
 * (then the decision also names the binding and role, as kube's reason does).
 *
 * @example
 * const { rules } = rulesFor('system:serviceaccount:ops:op', policy, 'default');
 * const decision = authorize(rules, requestAttributes('GET', '/api/v1/namespaces/default/configmaps'));
 * if (!decision.allowed) console.log(decision.reason);
 */
export function authorize(rules: readonly (PolicyRule | GrantedRule)[], attributes: RequestAttributes): AuthorizationDecision {
  for (const [index, entry] of rules.entries()) {
    const granted = isGranted(entry) ? entry : undefined;
    const rule = granted ? granted.rule : (entry as PolicyRule);
    if (!ruleAllows(attributes, rule)) continue;
    const reason = granted ? `RBAC: allowed by ${granted.source}` : `RBAC: allowed by rule ${index}`;
    return granted ? { allowed: true, rule, index, granted, reason } : { allowed: true, rule, index, reason };
  }
  return { allowed: false, reason: `RBAC: no rule allows ${describeRequest(attributes)}` };
}
