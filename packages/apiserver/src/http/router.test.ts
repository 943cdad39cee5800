// Unit tests of path parsing: every path shape kubectl, client-node and Kopf send.
import { describe, expect, it } from 'vitest';
import { parseRoute } from './router.js';

describe('parseRoute', () => {
  it('parses core and group resource paths', () => {
    expect(parseRoute('/api/v1/namespaces/ns/configmaps/a')).toEqual({ kind: 'resource', group: '', version: 'v1', plural: 'configmaps', namespace: 'ns', name: 'a', watchPrefix: false });
    expect(parseRoute('/apis/example.com/v1/widgets')).toEqual({ kind: 'resource', group: 'example.com', version: 'v1', plural: 'widgets', watchPrefix: false });
    expect(parseRoute('/apis/example.com/v1/namespaces/ns/widgets/w/status')).toMatchObject({ name: 'w', subresource: 'status' });
  });

  it('parses namespace subresources, the legacy watch prefix and discovery paths', () => {
    expect(parseRoute('/api/v1/namespaces/x/finalize')).toMatchObject({ plural: 'namespaces', name: 'x', subresource: 'finalize' });
    expect(parseRoute('/api/v1/namespaces/x')).toMatchObject({ plural: 'namespaces', name: 'x' });
    expect(parseRoute('/api/v1/watch/namespaces/ns/pods/p')).toMatchObject({ watchPrefix: true, plural: 'pods', name: 'p' });
    expect(parseRoute('/api')).toEqual({ kind: 'api' });
    expect(parseRoute('/apis/g')).toEqual({ kind: 'group', group: 'g' });
    expect(parseRoute('/apis/g/v1')).toEqual({ kind: 'groupVersion', group: 'g', version: 'v1' });
    expect(parseRoute('/healthz')).toEqual({ kind: 'other', path: '/healthz' });
  });

  it('refuses too many segments and bad escapes', () => {
    expect(parseRoute('/api/v1/namespaces/ns/pods/p/log/extra').kind).toBe('notFound');
    expect(parseRoute('/api/v1/%E0%A4%A').kind).toBe('notFound');
  });
});