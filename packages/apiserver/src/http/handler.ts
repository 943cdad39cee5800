// The request entry point: authentication, impersonation, authorization (RBAC mode only), injected
// faults, routing to non-resource endpoints, discovery or a resource handler, and the audit record of
// every answer. Any failure becomes a Status
// answer; nothing a client sends can throw out of here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StatusError, Statuses, statusBody } from '../errors.js';
import type { FaultInjector } from '../faults.js';
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/index.js';
import type { AuditRecord, RequestRecorder } from '../metrics/index.js';
import type {
  OpenApiCache} from '../discovery/index.js';
import {
  OPENAPI_V2_PROTOBUF_CONTENT_TYPE,
  VERSION_INFO,
  aggregatedContentType,
  aggregatedDiscovery,
  aggregatedVersionAccepted,
  apiGroup,
  apiGroupList,
  apiResourceList,
  apiVersions,
  wantsOpenApiV2Protobuf,
} from '../discovery/index.js';
import { requestAttributes } from '../rbac/index.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { qualifiedResource } from '../resources/types.js';
import type { ObjectStore } from '../storage/index.js';
import type { Admission } from '../admission/admission.js';
import type { Authenticator, Identity } from './authentication.js';
import type { RbacAuthorizer } from '../auth/rbacAuthorizer.js';
import type { ServiceAccountTokens } from '../auth/serviceAccountTokens.js';
import { authorizeRequest, impersonate, wantsImpersonation } from './authorization.js';
import { isAuthResource, serveAuthResource } from './authResources.js';
import type { RequestAttributes } from '../rbac/index.js';
import type { WriteEngine } from '../registry/engine.js';
import type { ObjectRegistry } from '../registry/registry.js';
import { acceptsJson, sendJson, sendStatus, sendText } from './http.js';
import type { Lister } from './reads.js';
import { handleResource } from './resourceHandler.js';
import { parseRoute } from './router.js';
import type { Route } from './router.js';
import type { WatchManager } from './watch.js';

/** Everything a request handler needs. */
export interface ServerContext {
  store: ObjectStore;
  registry: ResourceRegistry;
  engine: WriteEngine;
  /** Every write to a stored object goes through the registry (admission, then the one store writer). */
  objects: ObjectRegistry;
  watches: WatchManager;
  lister: Lister;
  admission: Admission;
  openapi: OpenApiCache;
  recorder: RequestRecorder;
  faults: FaultInjector;
  maxBodyBytes: number;
  /** Whether watches may ask for the initial state as a stream (`sendInitialEvents`, kube's WatchList). */
  watchList: boolean;
  auth: Authenticator;
  /** The RBAC authorizer; undefined in the default allow-all mode (then no request pays for authorization). */
  authorizer: RbacAuthorizer | undefined;
  /** Issues and verifies service-account tokens. */
  tokens: ServiceAccountTokens;
  /** The server's clock (milliseconds since the epoch): token issuance and expiry. */
  now: () => number;
  serverAddress: () => string;
}

/** What the audit record of the current request says so far. */
export type AuditDraft = Omit<AuditRecord, 'code'>;

function notFoundStatus(): StatusError {
  return new StatusError(404, 'NotFound', 'the server could not find the requested resource');
}

function faultStatus(code: number, retryAfterSeconds: number | undefined): StatusError {
  const headers: Record<string, string> = retryAfterSeconds !== undefined ? { 'Retry-After': String(retryAfterSeconds) } : {};
  const details = retryAfterSeconds !== undefined ? { retryAfterSeconds } : undefined;
  switch (code) {
    case 401:
      return new StatusError(401, 'Unauthorized', 'Unauthorized', undefined, headers);
    case 429:
      return new StatusError(429, 'TooManyRequests', 'Too many requests, please try again later.', details, headers);
    case 410:
      return new StatusError(410, 'Expired', 'too old resource version (injected fault)', undefined, headers);
    case 500:
      return new StatusError(500, 'InternalError', 'Internal error occurred: injected fault', { causes: [{ message: 'injected fault' }] }, headers);
    case 502:
      return new StatusError(502, 'InternalError', 'Bad gateway (injected fault)', undefined, headers);
    case 504:
      return new StatusError(504, 'Timeout', 'The server was unable to return a response in the time allotted (injected fault)', undefined, headers);
    default:
      return new StatusError(503, 'ServiceUnavailable', 'The server is currently unable to handle the request (injected fault)', details, headers);
  }
}

/**
 * Serves one HTTP request.
 *
 * @example
 * http.createServer((req, res) => void handleRequest(ctx, req, res));
 */
export async function handleRequest(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestURI = req.url ?? '/';
  const draft: AuditDraft = { timestamp: new Date().toISOString(), user: 'system:anonymous', verb: (req.method ?? 'GET').toLowerCase(), group: '', version: '', resource: '', requestURI };
  let recorded = false;
  const record = (): void => {
    if (recorded) return;
    recorded = true;
    ctx.recorder.record({ ...draft, code: res.statusCode });
  };
  res.once('finish', record);
  res.once('close', record);
  // A client that vanishes mid-answer must never surface as an unhandled 'error' event.
  res.on('error', () => undefined);
  req.on('error', () => undefined);
  try {
    let url: URL;
    try {
      url = new URL(requestURI, 'http://apiserver');
    } catch {
      throw Statuses.badRequest(`malformed request URI: ${requestURI}`);
    }
    const route = parseRoute(url.pathname);
    const attributes = describe(draft, req.method ?? 'GET', url);
    let identity = ctx.auth.identify(req.headers.authorization);
    draft.user = identity.name;
    if (wantsImpersonation(req.headers)) {
      identity = impersonate(ctx.authorizer, identity, req.headers);
      draft.user = identity.name;
    }
    if (ctx.authorizer) authorizeRequest(ctx.authorizer, identity, attributes);
    if (ctx.faults.isPartitioned(req.headers['user-agent'])) {
      // A partitioned client hears nothing back: no answer, no audit record, the connection closed.
      recorded = true;
      ctx.faults.countCut();
      req.socket.destroy();
      return;
    }
    const fault = ctx.faults.requestFault({ path: url.pathname, verb: req.method ?? 'GET', kubeVerb: draft.verb, resource: draft.resource, subresource: draft.subresource, user: identity.name });
    if (fault) throw faultStatus(fault.code, fault.retryAfterSeconds);
    const latency = route.kind === 'other' || route.kind === 'root' ? 0 : ctx.faults.latencyMs();
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (!acceptsJson(req.headers.accept) && route.kind !== 'other') {
      throw new StatusError(406, 'NotAcceptable', `only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf`);
    }
    await dispatch(ctx, req, res, route, url, draft, record, identity);
  } catch (error) {
    if (error instanceof StatusError) sendStatus(res, error);
    else sendStatus(res, Statuses.internal(error instanceof Error ? error.message : String(error)));
  }
}

/** Fills the audit draft with the request's attributes, exactly as kube-apiserver's RequestInfo has them. */
function describe(draft: AuditDraft, method: string, url: URL): RequestAttributes {
  const attrs = requestAttributes(method, url);
  draft.verb = attrs.verb;
  if (!attrs.resourceRequest) return attrs;
  draft.group = attrs.group;
  draft.version = attrs.version ?? '';
  draft.resource = attrs.resource;
  if (attrs.subresource !== undefined) draft.subresource = attrs.subresource;
  if (attrs.namespace !== undefined) draft.namespace = attrs.namespace;
  if (attrs.name !== undefined) draft.name = attrs.name;
  return attrs;
}

async function dispatch(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, route: Route, url: URL, draft: AuditDraft, record: () => void, identity: Identity): Promise<void> {
  const method = req.method ?? 'GET';
  if (route.kind === 'resource') {
    if (isAuthResource(route)) {
      await serveAuthResource(ctx, req, res, route, identity);
      return;
    }
    await handleResource(ctx, req, res, route, url, draft, record);
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') throw Statuses.methodNotAllowed(`the server does not allow this method on the requested resource`);
  const accept = req.headers.accept;
  switch (route.kind) {
    case 'root':
      sendJson(res, 200, { paths: ['/api', '/api/v1', '/apis', '/healthz', '/livez', '/metrics', '/openapi/v2', '/openapi/v3', '/readyz', '/version'] });
      return;
    case 'api': {
      const agg = aggregatedVersionAccepted(accept);
      if (agg) sendJson(res, 200, aggregatedDiscovery(ctx.registry, true, agg), {}, aggregatedContentType(agg));
      else sendJson(res, 200, apiVersions(ctx.serverAddress()));
      return;
    }
    case 'apis': {
      const agg = aggregatedVersionAccepted(accept);
      if (agg) sendJson(res, 200, aggregatedDiscovery(ctx.registry, false, agg), {}, aggregatedContentType(agg));
      else sendJson(res, 200, apiGroupList(ctx.registry));
      return;
    }
    case 'group': {
      const body = apiGroup(ctx.registry, route.group);
      if (!body) throw notFoundStatus();
      sendJson(res, 200, body);
      return;
    }
    case 'groupVersion': {
      const body = apiResourceList(ctx.registry, route.group, route.version);
      if (!body) throw notFoundStatus();
      sendJson(res, 200, body);
      return;
    }
    case 'other':
      serveNonResource(ctx, req, res, route.path);
      return;
    default:
      throw notFoundStatus();
  }
}

function serveNonResource(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, path: string): void {
  if (path === '/version' || path === '/version/') {
    sendJson(res, 200, VERSION_INFO);
    return;
  }
  if (/^\/(healthz|livez|readyz)(\/.*)?$/.test(path)) {
    sendText(res, 200, 'ok');
    return;
  }
  if (path === '/metrics') {
    const objectsByResource: Record<string, number> = {};
    for (const key of ctx.store.storageKeys()) {
      const type = ctx.registry.byStorageKey(key);
      const name = type ? qualifiedResource(type) : key;
      objectsByResource[name] = ctx.store.list(key).length;
    }
    const text = ctx.recorder.prometheus({ objects: ctx.store.count, resourceVersion: ctx.store.resourceVersion, watches: ctx.watches.open, objectsByResource, terminatedWatchers: ctx.watches.terminatedWatchers() });
    sendText(res, 200, text, PROMETHEUS_CONTENT_TYPE);
    return;
  }
  if (path === '/openapi/v2' || path === '/openapi/v2/') {
    // JSON or, when asked first (client-go does), gnostic protobuf; ETag / If-None-Match as kube-apiserver.
    const forms = ctx.openapi.v2Document();
    const proto = wantsOpenApiV2Protobuf(req.headers.accept);
    const etag = proto ? forms.protobufEtag : forms.jsonEtag;
    const body = proto ? forms.protobuf : Buffer.from(forms.json, 'utf8');
    const headers = { ETag: etag, Vary: 'Accept', 'Cache-Control': 'no-cache, private' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': proto ? OPENAPI_V2_PROTOBUF_CONTENT_TYPE : 'application/json', 'Content-Length': body.length });
    res.end(body);
    return;
  }
  if (path === '/openapi/v3' || path === '/openapi/v3/') {
    sendJson(res, 200, ctx.openapi.root());
    return;
  }
  if (path.startsWith('/openapi/v3/')) {
    const doc = ctx.openapi.document(path.slice('/openapi/v3/'.length));
    if (doc === undefined) throw notFoundStatus();
    sendJson(res, 200, doc);
    return;
  }
  sendJson(res, 404, statusBody(404, 'NotFound', 'the server could not find the requested resource'));
}
