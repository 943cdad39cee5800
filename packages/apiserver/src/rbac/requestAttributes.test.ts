// Request attributes as kube-apiserver's RequestInfo computes them, with its own test facts: resource
// and non-resource paths, verbs from methods, list/watch/deletecollection, the /watch/ prefix, namespace
// subresources, metadata.name field selectors, and the audit-record round trip.
import { describe, expect, it } from 'vitest';
import { attributesOf, requestAttributes } from './requestAttributes.js';

describe('requestAttributes', () => {
  it('resolves resource requests from method and path', () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['GET', '/api/v1/namespaces', { verb: 'list', group: '', version: 'v1', resource: 'namespaces' }],
      ['GET', '/api/v1/namespaces/other', { verb: 'get', resource: 'namespaces', namespace: 'other', name: 'other' }],
      ['GET', '/api/v1/namespaces/other/pods/foo', { verb: 'get', resource: 'pods', namespace: 'other', name: 'foo' }],
      ['GET', '/api/v1/namespaces/other/pods/foo/status', { verb: 'get', resource: 'pods', subresource: 'status', namespace: 'other', name: 'foo' }],
      ['GET', '/api/v1/pods', { verb: 'list', resource: 'pods' }],
      ['HEAD', '/api/v1/namespaces/other/pods/foo', { verb: 'get', name: 'foo' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=true', { verb: 'watch', resource: 'pods', namespace: 'other' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=1', { verb: 'watch' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=yes', { verb: 'watch' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=', { verb: 'watch' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=false', { verb: 'list' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=FALSE', { verb: 'list' }],
      ['GET', '/api/v1/namespaces/other/pods?watch=0', { verb: 'list' }],
      ['GET', '/api/v1/namespaces/other/pods/foo?watch=true', { verb: 'get', name: 'foo' }],
      ['GET', '/api/v1/watch/namespaces/other/pods', { verb: 'watch', resource: 'pods', namespace: 'other' }],
      ['GET', '/api/v1/watch/namespaces/other/pods/foo', { verb: 'watch', resource: 'pods', namespace: 'other', name: 'foo' }],
      ['GET', '/api/v1/watch/pods', { verb: 'watch', resource: 'pods' }],
      ['POST', '/api/v1/namespaces/other/pods', { verb: 'create', resource: 'pods', namespace: 'other' }],
      ['PUT', '/api/v1/namespaces/other/pods/foo', { verb: 'update', name: 'foo' }],
      ['PATCH', '/apis/kopf.dev/v1/namespaces/default/kopfexamples/x/status', { verb: 'patch', group: 'kopf.dev', resource: 'kopfexamples', subresource: 'status', name: 'x' }],
      ['DELETE', '/api/v1/namespaces/other/pods/foo', { verb: 'delete', name: 'foo' }],
      ['DELETE', '/api/v1/namespaces/other/pods', { verb: 'deletecollection', resource: 'pods', namespace: 'other' }],
      ['PUT', '/api/v1/namespaces/other/finalize', { verb: 'update', resource: 'namespaces', subresource: 'finalize', namespace: 'other', name: 'other' }],
      ['PATCH', '/api/v1/namespaces/other/status', { verb: 'patch', resource: 'namespaces', subresource: 'status', namespace: 'other', name: 'other' }],
      ['PUT', '/apis/apps/v1/namespaces/other/deployments/d/scale', { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale' }],
      ['GET', '/apis/extensions/v1beta1/namespaces/other/pods', { verb: 'list', group: 'extensions', version: 'v1beta1', resource: 'pods' }],
      ['GET', '/api/v1/proxy/namespaces/other/pods/foo/bar', { verb: 'proxy', resource: 'pods', name: 'foo' }],
      ['OPTIONS', '/api/v1/pods', { verb: '', resource: 'pods' }],
    ];
    for (const [method, path, expected] of cases) {
      const attrs = requestAttributes(method, path);
      expect(attrs, `${method} ${path}`).toMatchObject({ resourceRequest: true, ...expected });
    }
    // Absent fields stay absent (an audit record has no `name` for a collection).
    expect(requestAttributes('POST', '/api/v1/namespaces/other/pods')).toEqual({ resourceRequest: true, verb: 'create', group: '', version: 'v1', resource: 'pods', namespace: 'other' });
    expect(requestAttributes('GET', '/api/v1/proxy/namespaces/other/pods/foo/bar')).not.toHaveProperty('subresource');
  });

  it('treats discovery and other paths as non-resource requests with the lowercase method', () => {
    for (const path of ['/', '/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/healthz', '/version', '/openapi/v3/apis/apps/v1', '/other/path/here']) {
      expect(requestAttributes('GET', path), path).toEqual({ resourceRequest: false, verb: 'get', path });
    }
    expect(requestAttributes('POST', '/api')).toEqual({ resourceRequest: false, verb: 'post', path: '/api' });
    expect(requestAttributes('GET', '/version?timeout=32s')).toEqual({ resourceRequest: false, verb: 'get', path: '/version' });
  });

  it('names the object of a list or watch narrowed by a metadata.name field selector', () => {
    expect(requestAttributes('GET', '/api/v1/namespaces/a/configmaps?fieldSelector=metadata.name%3Dcm1&watch=true')).toMatchObject({ verb: 'watch', name: 'cm1' });
    expect(requestAttributes('GET', '/api/v1/namespaces/a/configmaps?fieldSelector=metadata.name%3D%3Dcm1')).toMatchObject({ verb: 'list', name: 'cm1' });
    expect(requestAttributes('GET', '/api/v1/configmaps?fieldSelector=metadata.namespace%3Da,metadata.name%3Dcm1')).toMatchObject({ verb: 'list', name: 'cm1' });
    const unnamed = [
      'fieldSelector=metadata.name!%3Dcm1', // not an exact match
      'fieldSelector=spec.x%3D1',
      'fieldSelector=metadata.name%3D..', // not a valid path segment
      'fieldSelector=metadata.name%3Dcm1&limit=abc', // ListOptions do not decode
      'fieldSelector=metadata.name%3Dcm1&labelSelector=a%20in%20(', // nor here
    ];
    for (const query of unnamed) expect(requestAttributes('GET', `/api/v1/namespaces/a/configmaps?${query}`), query).not.toHaveProperty('name');
    expect(requestAttributes('GET', '/api/v1/namespaces/a/configmaps?fieldSelector=metadata.name%3Dcm1&limit=abc&watch=1')).toMatchObject({ verb: 'watch' });
    // A DELETE of a collection stays deletecollection whatever its selector.
    expect(requestAttributes('DELETE', '/api/v1/namespaces/a/configmaps?fieldSelector=metadata.name%3Dcm1')).toMatchObject({ verb: 'deletecollection' });
  });

  it('decodes the path before splitting it, as Go’s URL.Path is', () => {
    expect(requestAttributes('GET', '/api/v1/namespaces/a/configmaps/with%20space')).toMatchObject({ name: 'with space' });
  });
});

describe('attributesOf', () => {
  it('turns audit records back into attributes', () => {
    expect(attributesOf({ verb: 'patch', group: 'kopf.dev', version: 'v1', resource: 'kopfexamples', subresource: 'status', namespace: 'default', name: 'x', requestURI: '/apis/…' }))
      .toEqual({ resourceRequest: true, verb: 'patch', group: 'kopf.dev', version: 'v1', resource: 'kopfexamples', subresource: 'status', namespace: 'default', name: 'x' });
    expect(attributesOf({ verb: 'get', group: '', version: '', resource: '', requestURI: '/apis/apps/v1?timeout=32s' })).toEqual({ resourceRequest: false, verb: 'get', path: '/apis/apps/v1' });
  });
});
