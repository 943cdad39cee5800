// The resources that answer questions about identity and access instead of storing objects: TokenRequest
// (`serviceaccounts/<name>/token`), TokenReview, SelfSubjectReview (`kubectl auth whoami`),
// SelfSubjectAccessReview and SubjectAccessReview (`kubectl auth can-i`, with and without `--as`) and
// SelfSubjectRulesReview (`kubectl auth can-i --list`). Access reviews ask the same authorizer that decides
// requests, so what they say is what the server does; in the default allow-all mode everything is allowed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseRequestJson } from '../codec.js';
import { Statuses } from '../errors.js';
import type { StatusCause } from '../errors.js';
import type { BoundObject } from '../auth/serviceAccountTokens.js';
import { SERVICE_ACCOUNT_ISSUER } from '../auth/serviceAccountTokens.js';
import type { RequestAttributes } from '../rbac/types.js';
import type { Identity } from './authentication.js';
import type { ServerContext } from './handler.js';
import { readBodyBytes, sendJson } from './http.js';
import { PROTOBUF_MEDIA_TYPE, decodeKubeProtobuf } from './protobuf.js';
import type { Route } from './router.js';

type ResourceRoute = Extract<Route, { kind: 'resource' }>;
type Body = Record<string, any>;

const AUTHENTICATION = 'authentication.k8s.io';
const AUTHORIZATION = 'authorization.k8s.io';
const ALLOW_ALL_REASON = 'the embedded API server allows every request (authorization mode allow-all)';
/** TokenRequest's default, minimum and maximum `spec.expirationSeconds` (kube's validation). */
export const TOKEN_EXPIRATION = Object.freeze({ default: 3600, min: 600, max: 2 ** 32 });

const REVIEWS: Record<string, { group: string; kind: string }> = {
  tokenreviews: { group: AUTHENTICATION, kind: 'TokenReview' },
  selfsubjectreviews: { group: AUTHENTICATION, kind: 'SelfSubjectReview' },
  selfsubjectaccessreviews: { group: AUTHORIZATION, kind: 'SelfSubjectAccessReview' },
  subjectaccessreviews: { group: AUTHORIZATION, kind: 'SubjectAccessReview' },
  selfsubjectrulesreviews: { group: AUTHORIZATION, kind: 'SelfSubjectRulesReview' },
};

/** Whether a route is one of the resources answered here. */
export function isAuthResource(route: ResourceRoute): boolean {
  if (route.group === '' && route.plural === 'serviceaccounts' && route.subresource === 'token') return true;
  const review = REVIEWS[route.plural];
  return review !== undefined && review.group === route.group && route.version === 'v1';
}

async function readBody(ctx: ServerContext, req: IncomingMessage, kind: string): Promise<Body> {
  const bytes = await readBodyBytes(req, ctx.maxBodyBytes);
  const media = (req.headers['content-type'] ?? 'application/json').split(';')[0]?.trim().toLowerCase();
  let body: unknown;
  if (media === PROTOBUF_MEDIA_TYPE) body = decodeKubeProtobuf(bytes);
  else {
    const text = bytes.toString('utf8');
    if (text.trim() === '') throw Statuses.badRequest(`the request body is empty; expected a ${kind} object`);
    try {
      body = parseRequestJson(text);
    } catch (error) {
      throw Statuses.badRequest(`couldn't get version/kind; json parse error: ${(error as Error).message}`);
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw Statuses.badRequest(`the body must be a ${kind} object`);
  return body;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Serves one of the resources of {@link isAuthResource} (POST only; 405 otherwise).
 *
 * @example
 * if (isAuthResource(route)) return serveAuthResource(ctx, req, res, route, identity);
 */
export async function serveAuthResource(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, route: ResourceRoute, identity: Identity): Promise<void> {
  const method = req.method ?? 'GET';
  if (route.subresource === 'token') {
    if (method !== 'POST' || route.namespace === undefined || route.name === undefined) throw Statuses.methodNotAllowed(`the server does not allow this method on the requested resource (${method} serviceaccounts/token)`);
    await serveTokenRequest(ctx, req, res, route.namespace, route.name);
    return;
  }
  const review = REVIEWS[route.plural]!;
  if (method !== 'POST' || route.name !== undefined || route.namespace !== undefined) throw Statuses.methodNotAllowed(`the server does not allow this method on the requested resource (${method} ${route.plural})`);
  const body = await readBody(ctx, req, review.kind);
  const status = reviewStatus(ctx, review.kind, body, identity);
  const spec = body.spec ?? {};
  sendJson(res, 201, { kind: review.kind, apiVersion: `${review.group}/v1`, metadata: { creationTimestamp: null }, ...(review.kind === 'SelfSubjectReview' ? {} : { spec }), status });
}

function reviewStatus(ctx: ServerContext, kind: string, body: Body, identity: Identity): Body {
  const spec: Body = body.spec ?? {};
  switch (kind) {
    case 'SelfSubjectReview':
      return { userInfo: userInfo(identity) };
    case 'TokenReview': {
      const token = typeof spec.token === 'string' ? spec.token : '';
      if (token === '') return { user: {}, error: '[invalid bearer token, token lookup failed]' };
      const result = ctx.auth.review(token, strings(spec.audiences));
      return 'identity' in result ? { authenticated: true, user: userInfo(result.identity), audiences: result.audiences } : { user: {}, error: result.error };
    }
    case 'SelfSubjectAccessReview':
      return accessStatus(ctx, identity, accessAttributes(kind, spec));
    case 'SubjectAccessReview': {
      const user = typeof spec.user === 'string' ? spec.user : '';
      const groups = strings(spec.groups);
      if (user === '' && groups.length === 0) throw invalid(kind, [{ field: 'spec.user', message: 'Invalid value: "": at least one of user or group must be specified', reason: 'FieldValueInvalid' }]);
      return accessStatus(ctx, { name: user, groups }, accessAttributes(kind, spec));
    }
    default:
      return rulesStatus(ctx, identity, typeof spec.namespace === 'string' ? spec.namespace : '');
  }
}

function invalid(kind: string, causes: StatusCause[]): ReturnType<typeof Statuses.invalid> {
  return Statuses.invalid(kind, AUTHORIZATION, '', causes);
}

function userInfo(identity: Identity): Body {
  return {
    username: identity.name,
    ...(identity.uid ? { uid: identity.uid } : {}),
    groups: [...identity.groups],
    ...(identity.extra && Object.keys(identity.extra).length > 0 ? { extra: identity.extra } : {}),
  };
}

function accessAttributes(kind: string, spec: Body): RequestAttributes {
  const r = spec.resourceAttributes;
  const n = spec.nonResourceAttributes;
  if ((r == null) === (n == null)) {
    throw invalid(kind, [{ field: 'spec.resourceAttributes', message: 'Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified', reason: 'FieldValueInvalid' }]);
  }
  if (n != null) return { resourceRequest: false, verb: String(n.verb ?? ''), path: String(n.path ?? '') };
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    resourceRequest: true,
    verb: text(r.verb),
    group: text(r.group),
    version: text(r.version),
    resource: text(r.resource),
    ...(text(r.subresource) ? { subresource: text(r.subresource) } : {}),
    ...(text(r.namespace) ? { namespace: text(r.namespace) } : {}),
    ...(text(r.name) ? { name: text(r.name) } : {}),
  };
}

function accessStatus(ctx: ServerContext, subject: { name: string; groups: readonly string[] }, attributes: RequestAttributes): Body {
  if (!ctx.authorizer) return { allowed: true, reason: ALLOW_ALL_REASON };
  const decision = ctx.authorizer.authorize(subject, attributes);
  return { allowed: decision.allowed, ...(decision.reason !== '' ? { reason: decision.reason } : {}) };
}

function rulesStatus(ctx: ServerContext, identity: Identity, namespace: string): Body {
  const everything = { resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }], incomplete: false };
  if (!ctx.authorizer) return everything;
  const entry = ctx.authorizer.rulesFor(identity, namespace);
  if (entry.privileged) return everything;
  const resourceRules: Body[] = [];
  const nonResourceRules: Body[] = [];
  for (const { rule } of entry.rules) {
    if (rule.nonResourceURLs && rule.nonResourceURLs.length > 0) nonResourceRules.push({ verbs: [...rule.verbs], nonResourceURLs: [...rule.nonResourceURLs] });
    if (rule.resources && rule.resources.length > 0) {
      resourceRules.push({
        verbs: [...rule.verbs],
        apiGroups: [...(rule.apiGroups ?? [])],
        resources: [...rule.resources],
        ...(rule.resourceNames && rule.resourceNames.length > 0 ? { resourceNames: [...rule.resourceNames] } : {}),
      });
    }
  }
  return { resourceRules, nonResourceRules, incomplete: entry.errors.length > 0, ...(entry.errors.length > 0 ? { evaluationError: entry.errors.join(', ') } : {}) };
}

const BOUND_KINDS: Record<string, { kind: BoundObject['kind']; storageKey: string; namespaced: boolean }> = {
  Pod: { kind: 'Pod', storageKey: '/pods', namespaced: true },
  Secret: { kind: 'Secret', storageKey: '/secrets', namespaced: true },
  Node: { kind: 'Node', storageKey: '/nodes', namespaced: false },
};

async function serveTokenRequest(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, namespace: string, name: string): Promise<void> {
  const body = await readBody(ctx, req, 'TokenRequest');
  const sa = ctx.store.get('/serviceaccounts', namespace, name);
  if (!sa) throw Statuses.notFound('serviceaccounts', name, '', 'serviceaccounts');
  const spec: Body = body.spec ?? {};
  const requested = spec.expirationSeconds;
  const seconds = requested === undefined || requested === null ? TOKEN_EXPIRATION.default : Number(requested);
  const causes: StatusCause[] = [];
  if (!Number.isInteger(seconds)) causes.push({ field: 'spec.expirationSeconds', message: `Invalid value: ${JSON.stringify(requested)}: must be an integer number of seconds`, reason: 'FieldValueInvalid' });
  else if (seconds < TOKEN_EXPIRATION.min) causes.push({ field: 'spec.expirationSeconds', message: `Invalid value: ${seconds}: may not specify a duration less than 10 minutes`, reason: 'FieldValueInvalid' });
  else if (seconds > TOKEN_EXPIRATION.max) causes.push({ field: 'spec.expirationSeconds', message: `Invalid value: ${seconds}: may not specify a duration larger than 2^32 seconds`, reason: 'FieldValueInvalid' });
  if (causes.length > 0) throw Statuses.invalid('TokenRequest', AUTHENTICATION, name, causes);
  const audiences = strings(spec.audiences).length > 0 ? strings(spec.audiences) : [SERVICE_ACCOUNT_ISSUER];
  let bound: BoundObject | undefined;
  const ref: Body | null | undefined = spec.boundObjectRef;
  if (ref) {
    const known = BOUND_KINDS[String(ref.kind ?? '')];
    if (!known) throw Statuses.badRequest(`cannot bind token for object of type ${JSON.stringify(ref.kind ?? '')}; expected Pod, Secret or Node`);
    const object = ctx.store.get(known.storageKey, known.namespaced ? namespace : undefined, String(ref.name ?? ''));
    if (!object) throw Statuses.notFound(`${known.kind.toLowerCase()}s`, String(ref.name ?? ''), '', `${known.kind.toLowerCase()}s`);
    const uid = String(object.metadata?.uid ?? '');
    if (ref.uid && ref.uid !== uid) throw Statuses.conflict(`${known.kind.toLowerCase()}s`, String(ref.name), '', `${known.kind.toLowerCase()}s`, `the UID in the bound object reference (${String(ref.uid)}) does not match the UID in record. The object might have been deleted and then recreated`);
    bound = { kind: known.kind, name: String(ref.name), uid };
  }
  const issuedAt = Math.floor(ctx.now() / 1000);
  const expiresAt = issuedAt + seconds;
  const token = ctx.tokens.issue({ namespace, name, uid: String(sa.metadata?.uid ?? ''), audiences, issuedAt, expiresAt, ...(bound ? { bound } : {}) });
  sendJson(res, 201, {
    kind: 'TokenRequest',
    apiVersion: `${AUTHENTICATION}/v1`,
    metadata: { name, namespace, creationTimestamp: null },
    spec: { audiences, expirationSeconds: seconds, boundObjectRef: bound ? { kind: bound.kind, apiVersion: 'v1', name: bound.name, uid: bound.uid } : null },
    status: { token, expirationTimestamp: new Date(expiresAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
  });
}
