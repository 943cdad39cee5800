// What a request is, for authorization and the audit log: kube-apiserver's RequestInfo, reproduced from
// the method and URL alone. `/api/<v>/…` and `/apis/<group>/<v>/…` with a resource are resource
// requests; everything else (`/healthz`, `/version`, and discovery such as `/apis/apps/v1`) is a
// non-resource request with the lowercase HTTP method as its verb. GET without a name is `list`, or
// `watch` when `watch` is set to anything but `0`/`false`; DELETE without a name is `deletecollection`;
// a list or watch with a `metadata.name=` field selector names that object; `/namespaces/<ns>` itself
// (and its `status`/`finalize`) is in namespace `<ns>`.
import { SelectorError } from '../validation/errors.js';
import { parseFieldSelector, parseLabelSelector } from '../selectors/index.js';
import type { NonResourceAttributes, RequestAttributes } from './types.js';
import { decodeBool, parseInt64 } from '../http/query.js';

const API_PREFIXES = new Set(['api', 'apis']);
const GROUPLESS_API_PREFIXES = new Set(['api']);
const SPECIAL_VERBS = new Set(['proxy', 'watch']);
const SPECIAL_VERBS_NO_SUBRESOURCES = new Set(['proxy']);
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);
const ANY_FIELD = { supportsField: () => true };

const METHOD_VERBS: Record<string, string> = { POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

/** Go's query-parameter bool, as every handler decodes it (see http/query.ts). */
function queryBool(query: URLSearchParams, key: string): boolean {
  return decodeBool(query.getAll(key));
}

/**
 * Whether kube's ListOptions decoding of the query fails (then RequestInfo keeps only `watch` and names
 * no object): a label or field selector that does not parse, or a `limit`/`timeoutSeconds` that is not an int64.
 */
function listOptionsFail(query: URLSearchParams): boolean {
  try {
    const labels = query.get('labelSelector');
    if (labels !== null) parseLabelSelector(labels);
    const fields = query.get('fieldSelector');
    if (fields !== null) parseFieldSelector(fields, ANY_FIELD);
  } catch (error) {
    if (error instanceof SelectorError) return true;
    throw error;
  }
  for (const key of ['limit', 'timeoutSeconds']) {
    const value = query.get(key);
    if (value !== null && 'error' in parseInt64(value)) return true;
  }
  return false;
}

/** The object named by a `metadata.name=` / `metadata.name==` field selector, when it is a valid path segment. */
function selectedName(query: URLSearchParams): string | undefined {
  const text = query.get('fieldSelector');
  if (text === null) return undefined;
  const name = parseFieldSelector(text, ANY_FIELD).requiresExactMatch('metadata.name');
  if (name === undefined || name === '.' || name === '..' || name.includes('/') || name.includes('%')) return undefined;
  return name;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The attributes of a request, as kube-apiserver's RequestInfo resolves them.
 *
 * @param method - the HTTP method
 * @param requestURI - the path and query as received (e.g. `req.url`), or a URL
 * @example
 * requestAttributes('GET', '/api/v1/namespaces/default/pods?watch=1');
 * // { resourceRequest: true, verb: 'watch', group: '', version: 'v1', resource: 'pods', namespace: 'default' }
 * requestAttributes('GET', '/apis/apps/v1'); // { resourceRequest: false, verb: 'get', path: '/apis/apps/v1' }
 */
export function requestAttributes(method: string, requestURI: string | URL): RequestAttributes {
  const url = typeof requestURI === 'string' ? new URL(requestURI.startsWith('/') ? `http://apiserver${requestURI}` : requestURI, 'http://apiserver') : requestURI;
  const path = decodePath(url.pathname);
  const upper = method.toUpperCase();
  const nonResource: NonResourceAttributes = { resourceRequest: false, verb: method.toLowerCase(), path };
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  let parts = trimmed === '' ? [] : trimmed.split('/');
  if (parts.length < 3 || !API_PREFIXES.has(parts[0]!)) return nonResource;
  const prefix = parts[0]!;
  parts = parts.slice(1);
  let group = '';
  if (!GROUPLESS_API_PREFIXES.has(prefix)) {
    if (parts.length < 3) return nonResource;
    group = parts[0]!;
    parts = parts.slice(1);
  }
  const version = parts[0]!;
  parts = parts.slice(1);
  let verb: string;
  if (SPECIAL_VERBS.has(parts[0]!)) {
    // kube refuses `/watch` or `/proxy` with nothing after it (500); the request stays a resource request.
    if (parts.length < 2) return { resourceRequest: true, verb: method.toLowerCase(), group, version, resource: '' };
    verb = parts[0]!;
    parts = parts.slice(1);
  } else verb = METHOD_VERBS[upper] ?? '';
  let namespace = '';
  if (parts[0] === 'namespaces' && parts.length > 1) {
    namespace = parts[1]!;
    if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]!)) parts = parts.slice(2);
  }
  const resource = parts[0] ?? '';
  let name = parts[1] ?? '';
  const subresource = parts.length >= 3 && !SPECIAL_VERBS_NO_SUBRESOURCES.has(verb) ? parts[2]! : '';
  if (name === '' && verb === 'get') {
    const query = url.searchParams;
    verb = queryBool(query, 'watch') ? 'watch' : 'list';
    if (!listOptionsFail(query)) name = selectedName(query) ?? '';
  }
  if (name === '' && verb === 'delete') verb = 'deletecollection';
  return {
    resourceRequest: true,
    verb,
    group,
    version,
    resource,
    ...(subresource !== '' ? { subresource } : {}),
    ...(namespace !== '' ? { namespace } : {}),
    ...(name !== '' ? { name } : {}),
  };
}

/**
 * The attributes of an audit record (`server.requests()`): a record with a resource is a resource
 * request; any other is a request to the non-resource path of its `requestURI`.
 *
 * @example
 * authorize(rules, attributesOf(server.requests()[0]!));
 */
export function attributesOf(record: {
  readonly verb: string;
  readonly group: string;
  readonly version?: string;
  readonly resource: string;
  readonly subresource?: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly requestURI?: string;
}): RequestAttributes {
  if (record.resource === '') {
    const uri = record.requestURI ?? '/';
    const query = uri.indexOf('?');
    return { resourceRequest: false, verb: record.verb, path: decodePath(query >= 0 ? uri.slice(0, query) : uri) };
  }
  return {
    resourceRequest: true,
    verb: record.verb,
    group: record.group,
    ...(record.version !== undefined ? { version: record.version } : {}),
    resource: record.resource,
    ...(record.subresource ? { subresource: record.subresource } : {}),
    ...(record.namespace ? { namespace: record.namespace } : {}),
    ...(record.name ? { name: record.name } : {}),
  };
}
