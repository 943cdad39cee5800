// The names a project is built from: derivation from the directory, pluralization, and every rule
// Kubernetes (or npm) would otherwise enforce later.
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_KINDS, checkCrdName, checkGroup, checkKind, checkPlural, checkProjectName, checkVersion,
  groupFromProjectName, kindFromProjectName, pluralOf, pluralWords, splitWords,
} from './names.js';

describe('pluralOf', () => {
  it.each([
    ['Greeting', 'greetings'], ['Memcached', 'memcacheds'], ['Policy', 'policies'], ['Gateway', 'gateways'],
    ['Ingress', 'ingresses'], ['Box', 'boxes'], ['Batch', 'batches'], ['Mesh', 'meshes'], ['Quiz', 'quizzes'],
    ['Person', 'people'], ['Child', 'children'], ['Index', 'indices'], ['Leaf', 'leaves'], ['Analysis', 'analyses'],
    ['Potato', 'potatoes'], ['Photo', 'photos'], ['Sheep', 'sheep'], ['Series', 'series'],
    ['WebApp', 'webapps'], ['DatabasePolicy', 'databasepolicies'], ['ClusterChild', 'clusterchildren'], ['Zebra', 'zebras'],
  ])('%s → %s', (kind, plural) => {
    expect(pluralOf(kind)).toBe(plural);
  });

  it('pluralizes only the last word, keeping the Kind\'s casing', () => {
    expect(pluralWords('WebApp')).toEqual(['Web', 'Apps']);
    expect(pluralWords('ClusterPerson')).toEqual(['Cluster', 'People']);
  });
});

describe('splitWords', () => {
  it.each([
    ['Greeting', ['Greeting']], ['WebApp', ['Web', 'App']], ['HTTPRoute', ['HTTP', 'Route']],
    ['S3Bucket', ['S3', 'Bucket']], ['webApp', ['web', 'App']], ['MyDBCluster', ['My', 'DB', 'Cluster']],
  ])('%s → %j', (identifier, words) => {
    expect(splitWords(identifier)).toEqual(words);
  });
});

describe('kindFromProjectName', () => {
  it.each([
    ['memcached-operator', undefined, 'Memcached'],
    ['web-app-operator', undefined, 'WebApp'],
    ['redis', undefined, 'Redis'],
    ['operator', undefined, 'Operator'],
    ['webapp-operator', 'WebApp', 'WebApp'],
    ['webapp-operator', undefined, 'Webapp'],
    ['greeting-operator', 'Greeting', 'Greeting'],
    ['my.cache_operator', undefined, 'MyCacheOperator'],
  ])('%s (template %s) → %s', (name, templateKind, kind) => {
    expect(kindFromProjectName(name, templateKind)).toBe(kind);
  });

  it('may derive an invalid Kind, which checkKind then names', () => {
    expect(checkKind(kindFromProjectName('1password-operator'))).toMatch(/not PascalCase/);
    expect(checkKind(kindFromProjectName('pod-operator'))).toMatch(/built-in Kubernetes kind/);
  });
});

describe('groupFromProjectName', () => {
  it.each([
    ['memcached-operator', 'memcached.example.com'],
    ['zoo-operator', 'zoo.example.com'],
    ['my.app-operator', 'my.app.example.com'],
    ['operator', 'operator.example.com'],
  ])('%s → %s', (name, group) => {
    expect(groupFromProjectName(name)).toBe(group);
    expect(checkGroup(group)).toBeUndefined();
  });
});

describe('checkKind', () => {
  it.each(['Greeting', 'WebApp', 'S3Bucket', 'A'])('accepts %s', (kind) => expect(checkKind(kind)).toBeUndefined());
  it.each([
    ['greeting', /not PascalCase.*like Memcached/],
    ['Web-App', /not PascalCase/],
    ['9Lives', /not PascalCase/],
    ['', /not PascalCase/],
    [`A${'b'.repeat(63)}`, /at most 63/],
    ['Deployment', /built-in Kubernetes kind.*DeploymentSet/],
    ['pod'.replace('p', 'P'), /built-in/],
    ['ConfigMap', /built-in/],
    ['CustomResourceDefinition', /built-in/],
    ['KopfPeering', /built-in/],
  ])('refuses %j', (kind, message) => expect(checkKind(kind)).toMatch(message));

  it('knows the common built-in kinds', () => {
    for (const kind of ['Pod', 'Service', 'Deployment', 'StatefulSet', 'Secret', 'Namespace', 'Role', 'Lease', 'Event', 'Job']) {
      expect(BUILTIN_KINDS).toContain(kind);
    }
  });
});

describe('checkGroup', () => {
  it.each(['example.com', 'z.test', 'cache.my-company.io', 'a.b.c.d'])('accepts %s', (group) => expect(checkGroup(group)).toBeUndefined());
  it.each([
    ['example', /with a dot.*memcached\.example\.com/],
    ['Example.com', /not a DNS subdomain/],
    ['-bad.com', /not a DNS subdomain/],
    ['bad-.com', /not a DNS subdomain/],
    ['a..b', /not a DNS subdomain/],
    ['under_score.com', /not a DNS subdomain/],
    [`${'a'.repeat(64)}.com`, /not a DNS subdomain/],
    [`${'a.'.repeat(127)}com`, /at most 253/],
    ['apps.k8s.io', /reserved for Kubernetes/],
    ['k8s.io', /reserved/],
    ['x.kubernetes.io', /reserved/],
  ])('refuses %j', (group, message) => expect(checkGroup(group)).toMatch(message));
});

describe('checkVersion', () => {
  it.each(['v1', 'v2', 'v10', 'v1alpha1', 'v2beta3', 'v1beta12'])('accepts %s', (v) => expect(checkVersion(v)).toBeUndefined());
  it.each(['1', 'v0', 'V1', 'v1alpha', 'v1gamma1', 'v1alpha0', 'v01', 'v1-alpha1', ''])('refuses %j', (v) => {
    expect(checkVersion(v)).toMatch(/expected v<N>, v<N>alpha<M> or v<N>beta<M>, like v1, v1alpha1 or v2beta3/);
  });
});

describe('checkPlural', () => {
  it.each(['greetings', 'web-apps', 'a1'])('accepts %s', (p) => expect(checkPlural(p)).toBeUndefined());
  it.each(['Greetings', '1st', 'web_apps', 'web.apps', 'apps-', '', 'a'.repeat(64)])('refuses %j', (p) => {
    expect(checkPlural(p)).toMatch(/not a DNS label/);
  });
  it('limits the CRD name to 253 characters', () => {
    expect(checkCrdName('zebras', 'z.test')).toBeUndefined();
    const group = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`; // 247 characters, a valid group
    expect(checkGroup(group)).toBeUndefined();
    expect(checkCrdName('ab', group)).toBeUndefined();
    expect(checkCrdName('abcdef', group)).toMatch(/is 254 characters long: Kubernetes allows at most 253/);
  });
});

describe('checkProjectName', () => {
  it.each(['memcached-operator', 'zoo-operator', 'op1'])('accepts %s', (name) => expect(checkProjectName(name)).toBeUndefined());
  it.each([
    ['My-Operator', /not a valid npm package name.*lowercase/],
    ['.hidden', /not a valid npm package name/],
    ['_private', /not a valid npm package name/],
    ['has space', /not a valid npm package name/],
    ['http', /not a valid npm package name.*core module/],
    ['node_modules', /not a valid npm package name/],
    ['my_operator', /cannot name the operator's namespace/],
    ['my.operator', /cannot name the operator's namespace/],
    ['a'.repeat(64), /at most 63/],
  ])('refuses %j', (name, message) => expect(checkProjectName(name)).toMatch(message));
});
