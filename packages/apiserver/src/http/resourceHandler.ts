// Requests addressed to a resource: resolve the served type (404), check the subresource (404) and the
// method (405), parse query and body (400/413/415), then get, list, watch, create, update, patch, delete
// or deletecollection. Write answers carry `Warning` headers for unknown fields (fieldValidation=Warn).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { NumberOutOfRangeError, canonicalYamlIntegers, parseRequestJson } from '../codec.js';
import { StatusError, Statuses } from '../errors.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { apiVersionOf } from '../resources/types.js';
import { parseDeleteOptions } from '../registry/deletion.js';
import type { FieldValidation, WriteOptions, WriteResult } from '../registry/engine.js';
import type { AuditDraft, ServerContext } from './handler.js';
import { readBody, readBodyBytes, sendJson, wantsTable, warningHeader } from './http.js';
import { buildTable, compileSelectors } from '../registry/modules.js';
import { MAX_JSON_DEPTH, tooDeep } from '../registry/objectRules.js';
import { PROTOBUF_MEDIA_TYPE, decodeKubeProtobuf } from './protobuf.js';
import { validateListOptions } from './listOptions.js';
import { QueryParams } from './query.js';
import { decodeToken, listBody, listEnvelope } from './reads.js';
import type { Route } from './router.js';
import { getScale } from '../registry/scale.js';
import { strategyFor } from '../registry/strategies.js';
import { parseResourceVersion } from './resourceVersion.js';
import { ConversionScope, usesWebhook } from '../conversion/conversion.js';

type ResourceRoute = Extract<Route, { kind: 'resource' }>;

function notFound(): StatusError {
  return new StatusError(404, 'NotFound', 'the server could not find the requested resource');
}

function methodNotAllowed(method: string, what: string): StatusError {
  return Statuses.methodNotAllowed(`the server does not allow this method on the requested resource (${method} ${what})`);
}

function parseFieldValidation(query: QueryParams): FieldValidation | undefined {
  const value = query.string('fieldValidation');
  if (value === undefined || value === '') return undefined;
  if (value === 'Strict' || value === 'Warn' || value === 'Ignore') return value;
  throw Statuses.badRequest(`fieldValidation parameter unsupported: ${value}; supported values: Ignore, Warn, Strict`);
}

function writeOptions(query: QueryParams, subresource: string | undefined): WriteOptions {
  const dryRun = query.strings('dryRun');
  for (const d of dryRun) if (d !== 'All') throw Statuses.badRequest(`Invalid dryRun value: ${JSON.stringify(d)}; supported values: "All"`);
  const fieldValidation = parseFieldValidation(query);
  const fieldManager = query.string('fieldManager');
  if (fieldManager !== undefined && fieldManager.length > 128) {
    throw Statuses.invalid('CreateOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueTooLong', field: 'fieldManager', message: 'Too long: may not be more than 128 bytes' }]);
  }
  return {
    ...(fieldValidation ? { fieldValidation } : {}),
    ...(dryRun.length > 0 ? { dryRun: true } : {}),
    ...(fieldManager !== undefined ? { fieldManager } : {}),
    ...(subresource ? { subresource } : {}),
  };
}

async function readObjectBody(req: IncomingMessage, maxBytes: number, type: ResourceType): Promise<unknown> {
  const bytes = await readBodyBytes(req, maxBytes);
  const contentType = req.headers['content-type'];
  if ((contentType ?? '').split(';')[0]?.trim().toLowerCase() === PROTOBUF_MEDIA_TYPE) return decodeKubeProtobuf(bytes);
  return parseObjectBody(bytes.toString('utf8'), contentType, type.kind, type.version);
}

/** `kind`/`version` name the decoded type in kube's words when a number is beyond float64. */
function parseObjectBody(text: string, contentType: string | undefined, kind: string, version: string): unknown {
  const value = decodeObjectBody(text, contentType, kind, version);
  if (tooDeep(value)) throw Statuses.badRequest(`the request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

function decodeObjectBody(text: string, contentType: string | undefined, kind: string, version: string): unknown {
  const media = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (media === 'application/yaml' || media === 'application/x-yaml' || media === 'text/yaml') {
    try {
      // Integers as bigints first, so that int64 values keep every digit (as the server's YAML decoder).
      return canonicalYamlIntegers(parseYaml(text, { intAsBigInt: true }));
    } catch (error) {
      throw Statuses.badRequest(`error decoding YAML: ${(error as Error).message}`);
    }
  }
  if (media !== 'application/json' && media !== '' && media !== '*/*') {
    throw Statuses.unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf`);
  }
  if (text.trim() === '') throw Statuses.badRequest('the request body is empty; expected a JSON object');
  try {
    return parseRequestJson(text);
  } catch (error) {
    // kube reads apiVersion/kind first (a syntax error fails there), then decodes the object, where a
    // number beyond float64 fails: `Widget in version "v1" cannot be handled as a Widget: json: …`.
    if (error instanceof NumberOutOfRangeError) throw Statuses.badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${error.message}`);
    throw Statuses.badRequest(`couldn't get version/kind; json parse error: ${(error as Error).message}`);
  }
}

function sendWrite(res: ServerResponse, code: number, result: WriteResult): void {
  const headers: Record<string, string | string[]> = {};
  if (result.warnings.length > 0) headers.Warning = result.warnings.map(warningHeader);
  const existing = res.getHeader('Warning');
  if (typeof existing === 'string') headers.Warning = [existing, ...((headers.Warning as string[] | undefined) ?? [])];
  sendJson(res, code, result.object, headers);
}

function checkSubresource(type: ResourceType, route: ResourceRoute): void {
  const sub = route.subresource;
  if (sub === undefined) return;
  if (sub === 'status' && type.statusSubresource) return;
  if (sub === 'scale' && type.scale) return;
  if (sub === 'finalize' && strategyFor(type).finalize) return;
  throw notFound();
}

/**
 * Serves a resource request.
 *
 * @example
 * await handleResource(ctx, req, res, route, url, draft, record);
 */
export async function handleResource(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, route: ResourceRoute, url: URL, draft: AuditDraft, record: () => void): Promise<void> {
  const type = ctx.registry.lookup(route.group, route.version, route.plural);
  if (!type) throw notFound();
  if (route.namespace !== undefined && !type.namespaced) throw notFound();
  checkSubresource(type, route);
  if (type.custom?.deprecationWarning) res.setHeader('Warning', warningHeader(type.custom.deprecationWarning));
  const method = req.method ?? 'GET';
  const query = new QueryParams(url.searchParams);
  const ns = type.namespaced ? route.namespace : undefined;
  const verb = draft.verb;
  const user = draft.user;
  if (type.review) {
    if (method !== 'POST' || route.name !== undefined) throw methodNotAllowed(method, type.plural);
    const protobuf = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === PROTOBUF_MEDIA_TYPE;
    // kubectl sends reviews as protobuf; the answer does not depend on the body, so it is not decoded.
    let body: unknown = {};
    if (protobuf) await readBodyBytes(req, ctx.maxBodyBytes);
    else body = await readObjectBody(req, ctx.maxBodyBytes, type);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw Statuses.badRequest(`the body must be a ${type.kind} object`);
    sendJson(res, 201, { ...type.review(body as KubeObject, draft.user), apiVersion: apiVersionOf(type), kind: type.kind });
    return;
  }

  if (method === 'GET' && (verb === 'watch' || verb === 'list')) {
    if (route.subresource) throw notFound();
    // kube decodes the whole ListOptions for a list or a watch: a malformed integer is a 400 for either.
    const limit = query.int('limit');
    const timeoutSeconds = query.int('timeoutSeconds');
    const matches = compileSelectors(type, query.string('labelSelector'), query.string('fieldSelector'));
    if (verb === 'watch') {
      startWatch(ctx, res, type, ns, route.name, matches, query, timeoutSeconds, wantsTable(req.headers.accept));
      record();
      return;
    }
    validateListOptions(query, false, ctx.watchList);
    const scope = new ConversionScope();
    // With a conversion webhook, the objects are converted in one ConversionReview first (kube sends a list in one).
    if (usesWebhook(type) && !query.string('continue')) await scope.prepare(type, ctx.store.list(type.storageKey, ns), type.version, true);
    const page = await scope.run(() => ctx.lister.list(
      type,
      ns,
      matches,
      // A limit of 0 or below means no limit, as in kube.
      { limit: limit !== undefined && limit > 0 ? limit : undefined, continueToken: query.string('continue'), resourceVersion: query.string('resourceVersion'), resourceVersionMatch: query.string('resourceVersionMatch') },
      (o) => ctx.engine.served(type, o),
    ));
    if (wantsTable(req.headers.accept)) {
      sendJson(res, 200, buildTable(type, page.items, page.resourceVersion, page.continueToken, query.string('includeObject')));
    } else sendJson(res, 200, listBody(type, page));
    return;
  }
  if (route.name === undefined) {
    if (method === 'POST' && ns === undefined && type.namespaced) throw methodNotAllowed(method, type.plural);
    if (method === 'POST') {
      const body = await readObjectBody(req, ctx.maxBodyBytes, type);
      const options = writeOptions(query, undefined);
      const result = await ctx.objects.create(type, ns, body, options, user);
      sendWrite(res, 201, result);
      return;
    }
    if (method === 'DELETE') {
      const text = await readBody(req, ctx.maxBodyBytes);
      const options = parseDeleteOptions(text.trim() === '' ? undefined : parseObjectBody(text, 'application/json', 'DeleteOptions', 'v1'), query);
      // kube decodes the whole ListOptions of a deletecollection first: a malformed integer, resourceVersion or
      // continue token is a 400 before anything is deleted (never a deletion of everything the query failed to narrow).
      query.int('limit');
      query.int('timeoutSeconds');
      parseResourceVersion(query.string('resourceVersion'));
      const token = query.string('continue');
      if (token && !decodeToken(token)) throw Statuses.badRequest(`continue key is not valid: ${token}`);
      const matches = compileSelectors(type, query.string('labelSelector'), query.string('fieldSelector'));
      const { items, warnings } = await ctx.objects.deleteCollection(type, ns, matches, options, user);
      sendJson(res, 200, listEnvelope(type, { resourceVersion: String(ctx.store.resourceVersion) }, items), warnings.length > 0 ? { Warning: warnings.map(warningHeader) } : {});
      return;
    }
    throw methodNotAllowed(method, type.plural);
  }
  const name = route.name;
  if (route.subresource === 'scale') {
    await serveScale(ctx, req, res, type, ns, name, method, query, user);
    return;
  }
  switch (method) {
    case 'GET': {
      const obj = await new ConversionScope().run(() => ctx.engine.served(type, ctx.engine.getStored(type, ns, name)));
      if (wantsTable(req.headers.accept)) sendJson(res, 200, buildTable(type, [obj], obj.metadata?.resourceVersion ?? '', undefined, query.string('includeObject')));
      else sendJson(res, 200, obj);
      return;
    }
    case 'PUT': {
      const body = await readObjectBody(req, ctx.maxBodyBytes, type);
      const options = writeOptions(query, route.subresource);
      sendWrite(res, 200, await ctx.objects.update(type, ns, name, body, options, user));
      return;
    }
    case 'PATCH': {
      if (route.subresource === 'finalize') throw methodNotAllowed(method, 'namespaces/finalize');
      const raw = await readBody(req, ctx.maxBodyBytes);
      const force = query.optionalBool('force');
      const options = { ...writeOptions(query, route.subresource), ...(force !== undefined ? { force } : {}) };
      const result = await ctx.objects.patch(type, ns, name, req.headers['content-type'], raw, options, user);
      sendWrite(res, result.created ? 201 : 200, result);
      return;
    }
    case 'DELETE': {
      if (route.subresource) throw methodNotAllowed(method, `${type.plural}/${route.subresource}`);
      const text = await readBody(req, ctx.maxBodyBytes);
      const options = parseDeleteOptions(text.trim() === '' ? undefined : parseObjectBody(text, 'application/json', 'DeleteOptions', 'v1'), query);
      const { result, warnings } = await ctx.objects.delete(type, ns, name, options, user);
      sendJson(res, 200, result.body, warnings.length > 0 ? { Warning: warnings.map(warningHeader) } : {});
      return;
    }
    default:
      throw methodNotAllowed(method, `${type.plural}/${name}`);
  }
}

async function serveScale(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, type: ResourceType, ns: string | undefined, name: string, method: string, query: QueryParams, user: string): Promise<void> {
  if (method === 'GET') {
    sendJson(res, 200, await new ConversionScope().run(() => getScale(ctx.engine, type, ns, name)));
    return;
  }
  if (method !== 'PUT' && method !== 'PATCH') throw methodNotAllowed(method, `${type.plural}/scale`);
  const raw = await readBody(req, ctx.maxBodyBytes);
  sendJson(res, 200, await ctx.objects.updateScale(type, ns, name, method, req.headers['content-type'], raw, writeOptions(query, undefined), user));
}

function startWatch(
  ctx: ServerContext,
  res: ServerResponse,
  type: ResourceType,
  ns: string | undefined,
  name: string | undefined,
  matches: ((o: KubeObject) => boolean) | undefined,
  query: QueryParams,
  timeoutSeconds: number | undefined,
  asTable: boolean,
): void {
  const includeObject = query.string('includeObject');
  if (asTable) buildTable(type, [], '', undefined, includeObject);
  validateListOptions(query, true, ctx.watchList);
  // Validated: sendInitialEvents comes with resourceVersionMatch=NotOlderThan. True streams the state as of
  // the current version (never older than resourceVersion) as ADDED events, then the initial-events-end
  // bookmark; false starts at resourceVersion, or at the current version when it is unset or "0".
  const sendInitialEvents = query.optionalBool('sendInitialEvents');
  const allowBookmarks = query.bool('allowWatchBookmarks');
  const rv = query.string('resourceVersion') ?? '';
  parseResourceVersion(rv);
  ctx.watches.start(
    {
      type,
      namespace: ns,
      ...(name !== undefined ? { name } : {}),
      matches,
      resourceVersion: rv,
      allowBookmarks,
      ...(sendInitialEvents !== undefined ? { sendInitialEvents } : {}),
      timeoutSeconds,
      served: (o) => ctx.engine.served(type, o),
      ...(asTable
        ? {
            table: (o: KubeObject, withColumns: boolean) => {
              const t = buildTable(type, [o], o.metadata?.resourceVersion ?? '', undefined, includeObject);
              // kube sends the column definitions with the first event of a watch only.
              return withColumns ? t : { ...t, columnDefinitions: [] };
            },
          }
        : {}),
    },
    res,
  );
}
