// Acceptance of service-account tokens and the RBAC mode, over a real server (https, as kubectl sends
// tokens only over TLS) with the real kubectl and plain HTTP: `kubectl create token` / `auth whoami`, a
// ServiceAccount bound to a Role that lists pods in its namespace and is denied the rest with Kubernetes's
// exact 403 wording, `kubectl auth can-i --as` before and after a ClusterRoleBinding, token expiry on the
// server's injectable clock (no sleeping), tokens of deleted ServiceAccounts, audiences, TokenReview,
// access and rules reviews, and impersonation allowed for the admin and refused to others.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';

/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;
const ROBOT = 'system:serviceaccount:team-a:robot';

interface Answer {
  status: number;
  body: any;
}

/** One request over https to the self-signed server. */
function call(server: ApiServer, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('service-account tokens and RBAC (authorization: rbac)', () => {
  let server: ApiServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let admin: string;
  const clock = { ms: Date.parse('2026-11-26T00:00:00Z'), now(): number { return this.ms; } };

  /** kubectl's stdout, exit code and stderr (never rejects). */
  function kubectl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(KUBECTL, args, { env, timeout: deadline(30_000) }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
  }

  async function create(path: string, body: unknown): Promise<void> {
    const answer = await call(server, 'POST', path, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  beforeAll(async () => {
    server = await startApiServer({ authorization: 'rbac', clock });
    home = await mkdtemp(join(tmpdir(), 'opkit-rbac-'));
    await server.writeKubeconfig(join(home, 'kubeconfig'));
    env = { PATH: process.env.PATH ?? '', HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
    admin = /token: (\S+)/.exec(server.kubeconfig())![1]!;
    for (const ns of ['team-a', 'team-b']) await create('/api/v1/namespaces', { metadata: { name: ns } });
    await create('/api/v1/namespaces/team-a/serviceaccounts', { metadata: { name: 'robot' } });
    for (const ns of ['team-a', 'team-b']) await create(`/api/v1/namespaces/${ns}/pods`, { metadata: { name: 'p1' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
    await create('/apis/rbac.authorization.k8s.io/v1/namespaces/team-a/roles', {
      metadata: { name: 'pod-reader' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }],
    });
    await create('/apis/rbac.authorization.k8s.io/v1/namespaces/team-a/rolebindings', {
      metadata: { name: 'robot-reads-pods' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'team-a' }],
    });
  });

  afterAll(async () => {
    await server?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('serves https and keeps the kubeconfig it writes the admin (system:masters)', async (ctx) => {
    useTool(ctx, kubectlTool);
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const who = await kubectl(['auth', 'whoami', '-o', 'json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout).status.userInfo).toEqual({ username: 'opkit:token', groups: ['system:masters', 'system:authenticated'] });
    const anonymous = await call(server, 'GET', '/api/v1/namespaces');
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('namespaces is forbidden: User "system:anonymous" cannot list resource "namespaces" in API group "" at the cluster scope');
    expect((await call(server, 'GET', '/version')).status).toBe(200);
  });

  it('prints a token with `kubectl create token` that `kubectl auth whoami` shows as the service account', async (ctx) => {
    useTool(ctx, kubectlTool);
    const created = await kubectl(['create', 'token', 'robot', '-n', 'team-a']);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    const who = await kubectl(['--token', token, 'auth', 'whoami']);
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toMatch(/Username\s+system:serviceaccount:team-a:robot/);
    expect(who.stdout).toMatch(/Groups\s+\[system:serviceaccounts system:serviceaccounts:team-a system:authenticated\]/);
    const missing = await kubectl(['create', 'token', 'ghost', '-n', 'team-a']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('error: failed to create token: serviceaccounts "ghost" not found');
  });

  it('lets the robot list pods in team-a and answers the rest with 403 in Kubernetes’s words', async (ctx) => {
    useTool(ctx, kubectlTool);
    const token = (await kubectl(['create', 'token', 'robot', '-n', 'team-a'])).stdout.trim();
    const pods = await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token });
    expect(pods.status).toBe(200);
    expect(pods.body.items.map((p: any) => p.metadata.name)).toEqual(['p1']);
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods/p1', { token })).status).toBe(200);
    const listed = await kubectl(['--token', token, 'get', 'pods', '-n', 'team-a', '-o', 'name']);
    expect(listed.stdout, listed.stderr).toBe('pod/p1\n');

    const secrets = await call(server, 'GET', '/api/v1/namespaces/team-a/secrets', { token });
    expect(secrets.status).toBe(403);
    expect(secrets.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `secrets is forbidden: User "${ROBOT}" cannot list resource "secrets" in API group "" in the namespace "team-a"`,
      reason: 'Forbidden',
      details: { kind: 'secrets' },
      code: 403,
    });
    const otherNs = await call(server, 'GET', '/api/v1/namespaces/team-b/pods', { token });
    expect(otherNs.status).toBe(403);
    expect(otherNs.body.message).toBe(`pods is forbidden: User "${ROBOT}" cannot list resource "pods" in API group "" in the namespace "team-b"`);
    const named = await call(server, 'GET', '/api/v1/namespaces/team-b/pods/p1', { token });
    expect(named.body.message).toBe(`pods "p1" is forbidden: User "${ROBOT}" cannot get resource "pods" in API group "" in the namespace "team-b"`);
    expect(named.body.details).toEqual({ name: 'p1', kind: 'pods' });
    const cluster = await call(server, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { token });
    expect(cluster.body.message).toBe(`clusterroles.rbac.authorization.k8s.io is forbidden: User "${ROBOT}" cannot list resource "clusterroles" in API group "rbac.authorization.k8s.io" at the cluster scope`);
    const status = await call(server, 'PATCH', '/api/v1/namespaces/team-a/pods/p1/status', { token, body: { status: {} }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(status.body.message).toBe(`pods "p1" is forbidden: User "${ROBOT}" cannot patch resource "pods/status" in API group "" in the namespace "team-a"`);
    const path = await call(server, 'GET', '/metrics', { token });
    expect(path.status).toBe(403);
    expect(path.body.message).toBe(`forbidden: User "${ROBOT}" cannot get path "/metrics"`);
    // Discovery is every authenticated user's (the default system:discovery role).
    expect((await call(server, 'GET', '/apis', { token })).status).toBe(200);
    const denied = await kubectl(['--token', token, 'get', 'secrets', '-n', 'team-a']);
    expect(denied.stderr).toContain(`Error from server (Forbidden): secrets is forbidden: User "${ROBOT}" cannot list resource "secrets" in API group "" in the namespace "team-a"`);
  });

  it('answers `kubectl auth can-i --as` truthfully, before and after a ClusterRoleBinding', async (ctx) => {
    useTool(ctx, kubectlTool);
    const canI = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => kubectl(['auth', 'can-i', ...args, `--as=${ROBOT}`]);
    expect((await canI(['list', 'pods', '-n', 'team-a'])).stdout).toBe('yes\n');
    const before = await canI(['list', 'secrets', '-n', 'team-a']);
    expect(before.stdout).toBe('no\n');
    expect(before.code).toBe(1);
    expect((await canI(['list', 'pods', '-n', 'team-b'])).stdout).toBe('no\n');
    const rules = await kubectl(['auth', 'can-i', '--list', '-n', 'team-a', `--as=${ROBOT}`]);
    expect(rules.stdout).toMatch(/pods\s+\[\]\s+\[\]\s+\[get list\]/);

    await create('/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      metadata: { name: 'secret-reader' },
      rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] }],
    });
    await create('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
      metadata: { name: 'robot-reads-secrets' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'secret-reader' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'team-a' }],
    });
    expect((await canI(['list', 'secrets', '-n', 'team-a'])).stdout).toBe('yes\n');
    const token = (await kubectl(['create', 'token', 'robot', '-n', 'team-a'])).stdout.trim();
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/secrets', { token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/team-b/secrets', { token })).status).toBe(200);

    const sar = await call(server, 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      token: admin,
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: ROBOT, groups: ['system:serviceaccounts'], resourceAttributes: { verb: 'delete', resource: 'secrets', namespace: 'team-a' } } },
    });
    expect(sar.body.status).toEqual({ allowed: false });
    const allowed = await call(server, 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      token: admin,
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: ROBOT, resourceAttributes: { verb: 'get', resource: 'secrets', namespace: 'team-b' } } },
    });
    expect(allowed.body.status).toEqual({ allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "robot-reads-secrets" of ClusterRole "secret-reader" to ServiceAccount "robot/team-a"' });
  });

  it('expires a token when its clock says so, and drops tokens of a deleted ServiceAccount', async () => {
    const issue = async (seconds: number): Promise<Answer> => call(server, 'POST', '/api/v1/namespaces/team-a/serviceaccounts/robot/token', {
      token: admin,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: seconds } },
    });
    const tooShort = await issue(599);
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.message).toBe('TokenRequest.authentication.k8s.io "robot" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes');
    const granted = await issue(600);
    expect(granted.status).toBe(201);
    expect(granted.body.status.expirationTimestamp).toBe(new Date(clock.ms + 600_000).toISOString().replace('.000Z', 'Z'));
    const token = granted.body.status.token as string;
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token })).status).toBe(200);
    clock.ms += 599_000;
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token })).status).toBe(200);
    clock.ms += 1_000;
    const expired = await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', message: 'Unauthorized', code: 401 });

    const fresh = (await issue(3600)).body.status.token as string;
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token: fresh })).status).toBe(200);
    expect((await call(server, 'DELETE', '/api/v1/namespaces/team-a/serviceaccounts/robot', { token: admin })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token: fresh })).status).toBe(401);
    await create('/api/v1/namespaces/team-a/serviceaccounts', { metadata: { name: 'robot' } });
    // The same name, another uid: the old token stays refused.
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token: fresh })).status).toBe(401);
    const review = await call(server, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { token: admin, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: fresh } } });
    expect(review.body.status.authenticated).toBeUndefined();
    expect(review.body.status.error).toMatch(/^\[invalid bearer token, service account UID \(.+\) does not match service account UID \(.+\)\]$/);
  });

  it('answers TokenReview for service-account tokens with their audiences, and for the admin token', async () => {
    const vault = await call(server, 'POST', '/api/v1/namespaces/team-a/serviceaccounts/robot/token', {
      token: admin,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { audiences: ['vault'] } },
    });
    expect(vault.body.spec).toMatchObject({ audiences: ['vault'], expirationSeconds: 3600 });
    const token = vault.body.status.token as string;
    // A token for another audience does not authenticate to the API server.
    expect((await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token })).status).toBe(401);
    const review = await call(server, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
      token: admin,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, audiences: ['vault'] } },
    });
    expect(review.status).toBe(201);
    expect(review.body.status).toMatchObject({
      authenticated: true,
      audiences: ['vault'],
      user: { username: ROBOT, groups: ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated'], extra: { 'authentication.kubernetes.io/credential-id': [expect.stringMatching(/^JTI=/)] } },
    });
    const sa = await call(server, 'GET', '/api/v1/namespaces/team-a/serviceaccounts/robot', { token: admin });
    expect(review.body.status.user.uid).toBe(sa.body.metadata.uid);
    const adminReview = await call(server, 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', { token: admin, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: admin } } });
    expect(adminReview.body.status).toMatchObject({ authenticated: true, user: { username: 'opkit:token', groups: ['system:masters', 'system:authenticated'] } });
  });

  it('lets the admin impersonate and refuses impersonation to a user without the impersonate verb', async (ctx) => {
    useTool(ctx, kubectlTool);
    const who = await call(server, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
      token: admin,
      headers: { 'Impersonate-User': 'alice', 'Impersonate-Group': 'devs' },
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    });
    expect(who.body.status.userInfo).toEqual({ username: 'alice', groups: ['devs', 'system:authenticated'] });
    const asAlice = await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token: admin, headers: { 'Impersonate-User': 'alice' } });
    expect(asAlice.body.message).toBe('pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "team-a"');
    const token = (await kubectl(['create', 'token', 'robot', '-n', 'team-a'])).stdout.trim();
    const refused = await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token, headers: { 'Impersonate-User': 'alice' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`users "alice" is forbidden: User "${ROBOT}" cannot impersonate resource "users" in API group "" at the cluster scope`);
    const refusedSa = await call(server, 'GET', '/api/v1/namespaces/team-a/pods', { token, headers: { 'Impersonate-User': 'system:serviceaccount:team-b:default' } });
    expect(refusedSa.body.message).toBe(`serviceaccounts "default" is forbidden: User "${ROBOT}" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "team-b"`);
  });
});

describe('service-account tokens with a data directory', () => {
  it('keep working after a restart (the signing key is kept in the directory)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'opkit-rbac-data-'));
    try {
      let server = await startApiServer({ dataDir, authorization: 'rbac', tls: false });
      const admin = /token: (\S+)/.exec(server.kubeconfig())![1]!;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
      expect((await fetch(`${server.url}/api/v1/namespaces/default/serviceaccounts`, { method: 'POST', headers, body: JSON.stringify({ metadata: { name: 'robot' } }) })).status).toBe(201);
      const issued = await fetch(`${server.url}/api/v1/namespaces/default/serviceaccounts/robot/token`, { method: 'POST', headers, body: JSON.stringify({ spec: {} }) });
      const token = ((await issued.json()) as any).status.token as string;
      await server.close();
      server = await startApiServer({ dataDir, authorization: 'rbac', tls: false });
      try {
        const who = await fetch(`${server.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
        });
        expect(who.status).toBe(201);
        expect(((await who.json()) as any).status.userInfo.username).toBe('system:serviceaccount:default:robot');
        // The admin token is made anew at each start: the old one is refused.
        expect((await fetch(`${server.url}/api/v1/namespaces`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(401);
      } finally {
        await server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('service-account tokens in the default allow-all mode', () => {
  it('issues tokens over http, authenticates them and reviews them; every access review says yes', async () => {
    const server = await startApiServer();
    try {
      expect(server.url).toMatch(/^http:/);
      const issued = await fetch(`${server.url}/api/v1/namespaces/default/serviceaccounts/default/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} }),
      });
      expect(issued.status).toBe(201);
      const token = ((await issued.json()) as any).status.token as string;
      const who = await fetch(`${server.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
      });
      expect(((await who.json()) as any).status.userInfo.username).toBe('system:serviceaccount:default:default');
      expect(server.requests().at(-1)?.user).toBe('system:serviceaccount:default:default');
      const discovery = (await (await fetch(`${server.url}/api/v1`)).json()) as any;
      expect(discovery.resources).toContainEqual(expect.objectContaining({ name: 'serviceaccounts/token', kind: 'TokenRequest', verbs: ['create'], group: 'authentication.k8s.io', version: 'v1' }));
    } finally {
      await server.close();
    }
  });
});
