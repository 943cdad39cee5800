// The HTTP side of authorization: the 403 Status of a denied request (kube's exact wording and details),
// and impersonation (`Impersonate-User`, `Impersonate-Group`, `Impersonate-Uid`, `Impersonate-Extra-*`),
// which kube-apiserver checks request by request with the `impersonate` verb on `users`, `groups`,
// `serviceaccounts`, `uids` and `userextras/<key>` before acting as the named user. Without an authorizer
// (the default allow-all mode) every impersonation is allowed, as every request is.
import type { IncomingHttpHeaders } from 'node:http';
import type { StatusError} from '../errors.js';
import { Statuses } from '../errors.js';
import type { RbacAuthorizer } from '../auth/rbacAuthorizer.js';
import { forbiddenMessage } from '../auth/rbacAuthorizer.js';
import { parseServiceAccountUser, userInfoOf } from '../rbac/rulesFor.js';
import type { RequestAttributes } from '../rbac/types.js';
import type { Identity } from './authentication.js';

/**
 * The 403 answer to a denied request, as kube-apiserver writes it.
 *
 * @example
 * throw forbidden(identity, attributes, decision.reason);
 */
export function forbidden(identity: Identity, attributes: RequestAttributes, reason: string): StatusError {
  const message = forbiddenMessage(identity.name, attributes, reason);
  if (!attributes.resourceRequest) return Statuses.forbidden(message);
  return Statuses.forbidden(message, {
    ...(attributes.name ? { name: attributes.name } : {}),
    ...(attributes.group ? { group: attributes.group } : {}),
    ...(attributes.resource ? { kind: attributes.resource } : {}),
  });
}

/**
 * Throws the 403 when the authorizer denies the request; nothing without an authorizer.
 *
 * @example
 * authorizeRequest(ctx.authorizer, identity, attributes);
 */
export function authorizeRequest(authorizer: RbacAuthorizer | undefined, identity: Identity, attributes: RequestAttributes): void {
  if (!authorizer) return;
  const decision = authorizer.authorize(identity, attributes);
  if (!decision.allowed) throw forbidden(identity, attributes, decision.reason);
}

const EXTRA_PREFIX = 'impersonate-extra-';

/** Whether a request asks to impersonate anyone (one header check; no work otherwise). */
export function wantsImpersonation(headers: IncomingHttpHeaders): boolean {
  if (headers['impersonate-user'] !== undefined || headers['impersonate-group'] !== undefined || headers['impersonate-uid'] !== undefined) return true;
  for (const key of Object.keys(headers)) if (key.startsWith(EXTRA_PREFIX)) return true;
  return false;
}

function values(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

function unescapeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * The identity a request acts as after its impersonation headers, each impersonation authorized for the
 * requester (403 `users "x" is forbidden: User "y" cannot impersonate resource "users" …` when not);
 * a group, uid or extra without `Impersonate-User` is refused as kube does.
 *
 * @example
 * const acting = impersonate(ctx.authorizer, identity, req.headers);
 */
export function impersonate(authorizer: RbacAuthorizer | undefined, requester: Identity, headers: IncomingHttpHeaders): Identity {
  const userHeader = headers['impersonate-user'];
  const user = Array.isArray(userHeader) ? userHeader[0] : userHeader;
  const groups = values(headers['impersonate-group']);
  const uidHeader = headers['impersonate-uid'];
  const uid = Array.isArray(uidHeader) ? uidHeader[0] : uidHeader;
  const extra: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (!key.startsWith(EXTRA_PREFIX)) continue;
    extra[unescapeKey(key.slice(EXTRA_PREFIX.length)).toLowerCase()] = values(value);
  }
  if (user === undefined || user === '') {
    const asked = [...groups.map((g) => `group ${g}`), ...Object.keys(extra).map((k) => `extra ${k}`), ...(uid ? [`uid ${uid}`] : [])];
    throw Statuses.internal(`requested [${asked.join(' ')}] without impersonating a user`);
  }
  const check = (attributes: RequestAttributes): void => {
    if (!authorizer) return;
    const decision = authorizer.authorize(requester, attributes);
    if (!decision.allowed) throw forbidden(requester, attributes, decision.reason);
  };
  const serviceAccount = parseServiceAccountUser(user);
  if (serviceAccount) check({ resourceRequest: true, verb: 'impersonate', group: '', resource: 'serviceaccounts', namespace: serviceAccount.namespace, name: serviceAccount.name });
  else check({ resourceRequest: true, verb: 'impersonate', group: '', resource: 'users', name: user });
  for (const group of groups) check({ resourceRequest: true, verb: 'impersonate', group: '', resource: 'groups', name: group });
  for (const [key, list] of Object.entries(extra)) {
    for (const value of list) check({ resourceRequest: true, verb: 'impersonate', group: 'authentication.k8s.io', resource: 'userextras', subresource: key, name: value });
  }
  if (uid) check({ resourceRequest: true, verb: 'impersonate', group: 'authentication.k8s.io', resource: 'uids', name: uid });
  // A service account impersonated without groups gets its fixed groups; everyone but anonymous is authenticated.
  const finalGroups = serviceAccount && groups.length === 0 ? [...userInfoOf(user).groups] : [...groups];
  if (!(serviceAccount && groups.length === 0)) {
    if (user === 'system:anonymous') {
      if (!finalGroups.includes('system:unauthenticated')) finalGroups.push('system:unauthenticated');
    } else if (!finalGroups.includes('system:authenticated')) finalGroups.push('system:authenticated');
  }
  return { name: user, groups: finalGroups, ...(uid ? { uid } : {}), ...(Object.keys(extra).length > 0 ? { extra } : {}) };
}
