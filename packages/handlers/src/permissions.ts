// What an operator declares besides its handlers, for the least-privilege RBAC that @opkit/manifests
// derives: the kinds of children it creates, updates and deletes (`owns`), and the few permissions its
// handlers need that no registration reveals (`needs`, kept verbatim with the reason). Both are
// checked where they are written, so a typo fails at import time, not as a 403 in production.
import { EVERYTHING } from '@opkit/kube';
import type { ResourceQuery } from '@opkit/kube';
import { isTypedResource } from '@opkit/schema/identity';
import { HandlerRegistrationError } from './errors.js';
import type { Selector } from './types.js';

/**
 * One extra RBAC rule an operator needs, verbatim, with the reason (written as a comment above the
 * rule in the generated RBAC). Either resources (with apiGroups) or non-resource URLs.
 */
export interface PermissionNeed {
  /** API groups, `''` for the core group, e.g. `['']` or `['apps']`. */
  readonly apiGroups?: readonly string[];
  /** Resources, optionally with a subresource, e.g. `['secrets']` or `['pods/log']`. */
  readonly resources?: readonly string[];
  /** Verbs, e.g. `['get', 'list']`. Never `*`. */
  readonly verbs: readonly string[];
  /** Limit the rule to these object names. */
  readonly resourceNames?: readonly string[];
  /** Non-resource URLs such as `/metrics` (cluster-wide rules only; no apiGroups or resources then). */
  readonly nonResourceURLs?: readonly string[];
  /** Why the operator needs it (required: it documents the rule). */
  readonly reason: string;
}

const VERB = /^[a-z]+$/;
const RESOURCE = /^[a-z0-9][a-z0-9.-]*(\/[a-z0-9][a-z0-9.-]*)?$/;
const GROUP = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)?$/;

function list(where: string, name: string, value: unknown, item: RegExp, example: string, allowEmptyItem = false): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HandlerRegistrationError(`${where}: ${name} must be a non-empty list, e.g. ${example}; got ${JSON.stringify(value)}.`);
  }
  for (const entry of value) {
    if (entry === '*') {
      throw new HandlerRegistrationError(`${where}: ${name} must not contain '*' — Opkit never grants wildcards; list each ${name.replace(/s$/, '')} the operator needs.`);
    }
    if (typeof entry !== 'string' || (!allowEmptyItem && entry === '') || !item.test(entry)) {
      throw new HandlerRegistrationError(`${where}: ${name} has an invalid entry ${JSON.stringify(entry)}; expected e.g. ${example}.`);
    }
  }
  return [...value] as string[];
}

/**
 * Check and normalize one {@link PermissionNeed}.
 *
 * @throws HandlerRegistrationError naming the field and what was expected.
 * @example
 * ```ts
 * checkPermissionNeed({ apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: 'reads the TLS secret' });
 * ```
 */
export function checkPermissionNeed(need: PermissionNeed, where = 'needs()'): PermissionNeed {
  if (typeof need !== 'object' || need === null || Array.isArray(need)) {
    throw new HandlerRegistrationError(`${where}: each rule must be an object like { apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: '…' }; got ${JSON.stringify(need)}.`);
  }
  const known = ['apiGroups', 'resources', 'verbs', 'resourceNames', 'nonResourceURLs', 'reason'];
  for (const key of Object.keys(need)) {
    if (!known.includes(key)) throw new HandlerRegistrationError(`${where}: unknown field '${key}'; a rule has ${known.join(', ')}.`);
  }
  if (typeof need.reason !== 'string' || need.reason.trim() === '') {
    throw new HandlerRegistrationError(`${where}: reason is required — say why the operator needs the rule (it becomes the rule's comment in the RBAC).`);
  }
  const verbs = list(where, 'verbs', need.verbs, VERB, "['get', 'list']");
  if (need.nonResourceURLs !== undefined) {
    if (need.apiGroups !== undefined || need.resources !== undefined || need.resourceNames !== undefined) {
      throw new HandlerRegistrationError(`${where}: a rule has either nonResourceURLs or apiGroups/resources, not both.`);
    }
    const urls = list(where, 'nonResourceURLs', need.nonResourceURLs, /^\/\S*$/, "['/metrics']");
    return Object.freeze({ nonResourceURLs: urls, verbs, reason: need.reason.trim() });
  }
  const apiGroups = list(where, 'apiGroups', need.apiGroups, GROUP, "[''] (core) or ['apps']", true);
  const resources = list(where, 'resources', need.resources, RESOURCE, "['secrets'] or ['pods/log']");
  const resourceNames = need.resourceNames === undefined ? undefined : list(where, 'resourceNames', need.resourceNames, /^.+$/, "['my-config']");
  return Object.freeze({ apiGroups, resources, verbs, ...(resourceNames ? { resourceNames } : {}), reason: need.reason.trim() });
}

/**
 * Check one selector given to `owns()`: a name, a `{ group, version?, plural }` or `{ group, kind }`
 * query, or a typed resource. Predicates and EVERYTHING name no resource, so no RBAC rule can be
 * derived from them.
 *
 * @throws HandlerRegistrationError naming what was given and what is expected.
 */
export function checkOwnedSelector(selector: Selector, where = 'owns()'): Selector {
  if (isTypedResource(selector)) return selector;
  if (typeof selector === 'string') {
    if (selector.trim() === '' || selector.includes('*')) {
      throw new HandlerRegistrationError(`${where}: ${JSON.stringify(selector)} names no resource; expected e.g. 'deployments.apps', 'services' or 'widgets.example.com'.`);
    }
    return selector.trim();
  }
  if (selector === EVERYTHING || typeof selector === 'function') {
    throw new HandlerRegistrationError(`${where}: a ${selector === EVERYTHING ? 'EVERYTHING selector' : 'predicate'} names no resource, so no RBAC rule can be derived from it; name the kinds, e.g. owns('deployments.apps', 'services').`);
  }
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) {
    throw new HandlerRegistrationError(`${where}: expected a resource name like 'deployments.apps', a { group, plural } query or a typed resource; got ${JSON.stringify(selector)}.`);
  }
  const query = selector as ResourceQuery;
  if (query.plural === undefined && query.kind === undefined && query.name === undefined) {
    throw new HandlerRegistrationError(`${where}: the query ${JSON.stringify(selector)} names no resource; give plural or kind (and group), e.g. { group: 'apps', plural: 'deployments' }.`);
  }
  return selector;
}
