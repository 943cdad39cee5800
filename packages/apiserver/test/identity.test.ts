// Users and request attributes over real HTTP: bearer tokens map to user names in the audit log and in
// access reviews, unknown tokens get 401, a kubeconfig can carry a user's token (client-node acts as that
// user), and each audit record carries exactly what kube-apiserver's RequestInfo would (watch for
// `?watch=1`, deletecollection, patch of a status subresource, a namespace's own namespace, a name from a
// metadata.name field selector) — the attributes RBAC decides on.
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesOf, startApiServer } from '../src/index.js';
import type { ApiServer, AuditRecord } from '../src/index.js';
import { call, configMap, openWatch } from './protocolHelpers.js';

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
const operator = 'system:serviceaccount:default:operator';

describe('users', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer({ users: { 'op-token': operator, 'alice-token': 'alice' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('records the user of each bearer token, anonymous without one, and refuses unknown tokens', async () => {
    const cms = '/api/v1/namespaces/default/configmaps';
    expect((await call(server.url, 'POST', cms, configMap('by-op'), bearer('op-token'))).status).toBe(201);
    expect((await call(server.url, 'GET', `${cms}/by-op`, undefined, bearer('alice-token'))).status).toBe(200);
    expect((await call(server.url, 'GET', `${cms}/by-op`)).status).toBe(200);
    const refused = await call(server.url, 'GET', `${cms}/by-op`, undefined, bearer('nobody'));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
    const mine = server.requests().filter((r) => r.requestURI.startsWith(cms));
    expect(mine.map((r) => [r.user, r.verb, r.code])).toEqual([
      [operator, 'create', 201],
      ['alice', 'get', 200],
      ['system:anonymous', 'get', 200],
      ['system:anonymous', 'get', 401],
    ]);
  });

  it('answers `kubectl auth whoami` (a SelfSubjectReview) with the token’s user', async () => {
    const review = await call(server.url, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }, bearer('op-token'));
    expect(review.status).toBe(201);
    expect(review.body.status.userInfo).toEqual({ username: operator, groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] });
  });

  it('writes a kubeconfig for a user, registering a token on first use; client-node then acts as that user', async () => {
    const kc = new KubeConfig();
    kc.loadFromString(server.kubeconfig({ user: 'system:serviceaccount:ops:other', namespace: 'default' }));
    const token = kc.getCurrentUser()?.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(server.kubeconfig({ user: 'system:serviceaccount:ops:other' })).toContain(token); // the same token next time
    expect(server.kubeconfig({ user: operator })).toContain('token: op-token');
    await kc.makeApiClient(CoreV1Api).listNamespacedConfigMap({ namespace: 'default' });
    expect(server.requests().at(-1)).toMatchObject({ user: 'system:serviceaccount:ops:other', verb: 'list', resource: 'configmaps', namespace: 'default', code: 200 });
    const added = server.addUser('bob', 'bob-token');
    expect(added).toBe('bob-token');
    expect((await call(server.url, 'GET', '/api/v1/namespaces', undefined, bearer('bob-token'))).status).toBe(200);
    expect(server.requests().at(-1)?.user).toBe('bob');
  });

  it('keeps the single `token` option required alongside users', async () => {
    const guarded = await startApiServer({ token: 's3cret', users: { 'op-token': operator } });
    try {
      expect((await call(guarded.url, 'GET', '/api/v1/namespaces')).status).toBe(401);
      expect((await call(guarded.url, 'GET', '/api/v1/namespaces', undefined, bearer('s3cret'))).status).toBe(200);
      expect((await call(guarded.url, 'GET', '/api/v1/namespaces', undefined, bearer('op-token'))).status).toBe(200);
      expect(guarded.requests().map((r) => r.user)).toEqual(['system:anonymous', 'opkit:token', operator]);
      expect(guarded.kubeconfig()).toContain('token: s3cret');
    } finally {
      await guarded.close();
    }
  });

  it('refuses malformed users with a message saying what was expected', async () => {
    await expect(startApiServer({ users: { 'has space': 'x' } })).rejects.toThrow('invalid users entry "has space": a token must be non-empty and without whitespace');
    await expect(startApiServer({ users: { t: '' } })).rejects.toThrow('expected a non-empty user name, got ""');
  });
});

describe('audit records carry RequestInfo’s attributes', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const last = (): AuditRecord => server.requests().at(-1)!;
  const pick = (r: AuditRecord): Record<string, unknown> => {
    const { timestamp: _t, requestURI: _u, code: _c, user: _user, ...rest } = r;
    return rest;
  };

  it('records list, watch (also for ?watch=1 and the /watch/ prefix), get, patch of status and deletecollection', async () => {
    const url = server.url;
    const cms = '/api/v1/namespaces/default/configmaps';
    await call(url, 'POST', cms, configMap('a'));
    expect(pick(last())).toEqual({ verb: 'create', group: '', version: 'v1', resource: 'configmaps', namespace: 'default' });
    await call(url, 'GET', `${cms}?limit=10`);
    expect(pick(last())).toEqual({ verb: 'list', group: '', version: 'v1', resource: 'configmaps', namespace: 'default' });
    for (const path of [`${cms}?watch=1&timeoutSeconds=1`, `/api/v1/watch/namespaces/default/configmaps?timeoutSeconds=1`]) {
      const w = await openWatch(url, path);
      w.close();
      expect(pick(server.requests().find((r) => r.requestURI === path)!)).toEqual({ verb: 'watch', group: '', version: 'v1', resource: 'configmaps', namespace: 'default' });
    }
    await call(url, 'GET', `${cms}?fieldSelector=metadata.name%3Da`);
    expect(pick(last())).toEqual({ verb: 'list', group: '', version: 'v1', resource: 'configmaps', namespace: 'default', name: 'a' });
    await call(url, 'GET', `${cms}/a`);
    expect(pick(last())).toEqual({ verb: 'get', group: '', version: 'v1', resource: 'configmaps', namespace: 'default', name: 'a' });
    await call(url, 'DELETE', cms);
    expect(pick(last())).toEqual({ verb: 'deletecollection', group: '', version: 'v1', resource: 'configmaps', namespace: 'default' });
    await call(url, 'POST', '/apis/apps/v1/namespaces/default/deployments', {
      metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    });
    await call(url, 'PATCH', '/apis/apps/v1/namespaces/default/deployments/d/status', { status: { replicas: 0 } }, { 'content-type': 'application/merge-patch+json' });
    expect(last()).toMatchObject({ verb: 'patch', group: 'apps', version: 'v1', resource: 'deployments', subresource: 'status', namespace: 'default', name: 'd', code: 200 });
  });

  it('puts a namespace’s own requests in that namespace, and discovery outside any resource', async () => {
    await call(server.url, 'GET', '/api/v1/namespaces/default');
    expect(pick(last())).toEqual({ verb: 'get', group: '', version: 'v1', resource: 'namespaces', namespace: 'default', name: 'default' });
    await call(server.url, 'GET', '/api/v1/namespaces');
    expect(pick(last())).toEqual({ verb: 'list', group: '', version: 'v1', resource: 'namespaces' });
    await call(server.url, 'HEAD', '/apis/apps/v1');
    expect(last()).toMatchObject({ verb: 'head', group: '', version: '', resource: '' });
    expect(attributesOf(last())).toEqual({ resourceRequest: false, verb: 'head', path: '/apis/apps/v1' });
  });

  it('serves a GET of a named object with ?watch=true as a get, as kube-apiserver does', async () => {
    await call(server.url, 'POST', '/api/v1/namespaces/default/configmaps', configMap('named'));
    const answer = await call(server.url, 'GET', '/api/v1/namespaces/default/configmaps/named?watch=true');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'named' } });
    expect(last()).toMatchObject({ verb: 'get', name: 'named' });
  });
});
