// Request paths → what they address: a discovery document, a non-resource endpoint, or a resource
// (group, version, plural, namespace, name, subresource, and whether the legacy /watch/ prefix was used).
// Parsing is purely syntactic; whether the resource is served is decided by the registry afterwards.

/** A parsed request path. */
export type Route =
  | { kind: 'root' }
  | { kind: 'api' }
  | { kind: 'apis' }
  | { kind: 'group'; group: string }
  | { kind: 'groupVersion'; group: string; version: string }
  | { kind: 'resource'; group: string; version: string; plural: string; namespace?: string; name?: string; subresource?: string; watchPrefix: boolean }
  | { kind: 'other'; path: string }
  | { kind: 'notFound'; path: string };

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Parses a request path (without the query).
 *
 * @example
 * parseRoute('/api/v1/namespaces/default/configmaps/a');
 * // { kind: 'resource', group: '', version: 'v1', plural: 'configmaps', namespace: 'default', name: 'a', watchPrefix: false }
 */
export function parseRoute(path: string): Route {
  const raw = path.split('/').filter((s) => s !== '');
  const parts: string[] = [];
  for (const s of raw) {
    const d = decode(s);
    if (d === undefined) return { kind: 'notFound', path };
    parts.push(d);
  }
  if (parts.length === 0) return { kind: 'root' };
  let group: string;
  let version: string | undefined;
  let rest: string[];
  if (parts[0] === 'api') {
    if (parts.length === 1) return { kind: 'api' };
    group = '';
    version = parts[1];
    rest = parts.slice(2);
  } else if (parts[0] === 'apis') {
    if (parts.length === 1) return { kind: 'apis' };
    group = parts[1] ?? '';
    if (parts.length === 2) return { kind: 'group', group };
    version = parts[2];
    rest = parts.slice(3);
  } else {
    return { kind: 'other', path };
  }
  if (version === undefined) return { kind: 'notFound', path };
  if (rest.length === 0) return { kind: 'groupVersion', group, version };
  let watchPrefix = false;
  if (rest[0] === 'watch') {
    watchPrefix = true;
    rest = rest.slice(1);
    if (rest.length === 0) return { kind: 'notFound', path };
  }
  const base = { kind: 'resource' as const, group, version, watchPrefix };
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    const namespace = rest[1] as string;
    // namespaces/{name}/status and namespaces/{name}/finalize are subresources of the namespace object.
    if (rest.length === 3 && (rest[2] === 'status' || rest[2] === 'finalize') && group === '') {
      return { ...base, plural: 'namespaces', name: namespace, subresource: rest[2] };
    }
    const [, , plural, name, subresource, ...extra] = rest;
    if (extra.length > 0 || plural === undefined) return { kind: 'notFound', path };
    return { ...base, plural, namespace, ...(name !== undefined ? { name } : {}), ...(subresource !== undefined ? { subresource } : {}) };
  }
  const [plural, name, subresource, ...extra] = rest;
  if (extra.length > 0 || plural === undefined) return { kind: 'notFound', path };
  return { ...base, plural, ...(name !== undefined ? { name } : {}), ...(subresource !== undefined ? { subresource } : {}) };
}
