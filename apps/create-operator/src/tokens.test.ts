// Renaming by tokens: each casing of each name, only at word boundaries, longest first, in one pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTokens, compileTokens, identityNames } from './tokens.js';
import type { ProjectIdentity } from './tokens.js';

const GREETING: ProjectIdentity = { projectName: 'greeting-operator', kind: 'Greeting', plural: 'greetings', group: 'example.com', version: 'v1alpha1', scope: 'Namespaced' };
const ZEBRA: ProjectIdentity = { projectName: 'zoo-operator', kind: 'Zebra', plural: 'zebras', group: 'z.test', version: 'v2', scope: 'Namespaced' };
const WEBAPP: ProjectIdentity = { projectName: 'webapp-operator', kind: 'WebApp', plural: 'webapps', group: 'example.com', version: 'v1alpha1', scope: 'Namespaced' };
const CACHE: ProjectIdentity = { projectName: 'cache-operator', kind: 'MemcachedCluster', plural: 'memcachedclusters', group: 'cache.acme.io', version: 'v1', scope: 'Cluster' };

const rename = (from: ProjectIdentity, to: ProjectIdentity, text: string): string => compileTokens(buildTokens(from, to))(text);

describe('token renaming', () => {
  it.each([
    ['Greeting', 'Zebra'],
    ['greeting', 'zebra'],
    ['GREETING', 'ZEBRA'],
    ['greetings', 'zebras'],
    ['Greetings', 'Zebras'],
    ['GREETINGS', 'ZEBRAS'],
    ['GreetingList', 'ZebraList'],
    ['GreetingSpec', 'ZebraSpec'],
    ['onGreeting', 'onZebra'],
    ['greetingMessage', 'zebraMessage'],
    ['MAX_GREETING_LENGTH', 'MAX_ZEBRA_LENGTH'],
    ['./api/greeting.ts', './api/zebra.ts'],
    ['greeting-1', 'zebra-1'],
    ['greeting-operator', 'zoo-operator'],
    ['greeting-operators', 'zebra-operators'],
    ['ghcr.io/you/greeting-operator:0.1.0', 'ghcr.io/you/zoo-operator:0.1.0'],
    ['greetings.example.com', 'zebras.z.test'],
    ['crds/greetings.example.com.yaml', 'crds/zebras.z.test.yaml'],
    ['apiVersion: example.com/v1alpha1', 'apiVersion: z.test/v2'],
    ['registry.example.com', 'registry.z.test'],
    ['"version": "v1alpha1"', '"version": "v2"'],
  ])('%s → %s', (text, expected) => {
    expect(rename(GREETING, ZEBRA, text)).toBe(expected);
  });

  it.each([
    'congreetings', 'Greetingsome', 'myexample.com', 'example.company', 'example.com-mirror', 'example.com.au',
    'v1alpha10', 'xv1alpha1', 'agreeting', 'greetingsx', 'Namespaced',
  ])('leaves %s alone', (text) => {
    expect(rename(GREETING, ZEBRA, text)).toBe(text);
  });

  it('renames every spelling of a two-word Kind', () => {
    const text = 'WebApp webApp webapp WEBAPP web-app web_app WEB_APP web app Web App WebApps webApps webapps web-apps Web Apps';
    expect(rename(WEBAPP, CACHE, text)).toBe(
      'MemcachedCluster memcachedCluster memcachedcluster MEMCACHEDCLUSTER memcached-cluster memcached_cluster MEMCACHED_CLUSTER ' +
        'memcached cluster Memcached Cluster MemcachedClusters memcachedClusters memcachedclusters memcached-clusters Memcached Clusters',
    );
    expect(rename(CACHE, WEBAPP, 'memcached-cluster MemcachedCluster')).toBe('web-app WebApp');
  });

  it('changes a scope declaration, not the word', () => {
    const text = "scope: Namespaced\n  scope: 'Namespaced',\n\"scope\": \"Namespaced\"\nNamespaced resources are listed per namespace.";
    expect(rename(WEBAPP, CACHE, text)).toBe("scope: Cluster\n  scope: 'Cluster',\n\"scope\": \"Cluster\"\nNamespaced resources are listed per namespace.");
  });

  it('replaces in one pass: a new name containing an old one is not renamed again', () => {
    const to = { ...ZEBRA, kind: 'GreetingCard', plural: 'greetingcards', group: 'example.com.example.org' };
    expect(rename(GREETING, to, 'Greeting greetings example.com')).toBe('GreetingCard greetingcards example.com.example.org');
  });

  it('keeps the project name whole when the Kind changes but the directory does not', () => {
    expect(rename(GREETING, { ...ZEBRA, projectName: 'greeting-operator' }, 'greeting-operator greeting')).toBe('greeting-operator zebra');
  });

  it('is the identity when nothing changes', () => {
    const text = 'Greeting greetings example.com v1alpha1 greeting-operator';
    expect(rename(GREETING, GREETING, text)).toBe(text);
  });

  it('leaves no old name behind in text made of the names, whatever the new ones (property)', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
    const identity = fc.record({
      kind: fc.tuple(word, fc.option(word, { nil: undefined })).map(([a, b]) => a + (b ?? '')),
      group: fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z]{2,4}$/)).map(([a, b]) => `${a}.${b}`),
      version: fc.constantFrom('v1', 'v2', 'v1beta1', 'v3alpha2'),
      project: fc.stringMatching(/^[a-z]{2,8}$/),
    });
    fc.assert(
      fc.property(identity, ({ kind, group, version, project }) => {
        const to: ProjectIdentity = { projectName: `${project}-operator`, kind, plural: `${kind.toLowerCase()}s`, group, version, scope: 'Namespaced' };
        // Names that contain an old name are a different test (one pass); here they must be disjoint.
        const fresh = [kind, to.plural, group, to.projectName, version].join(' ').toLowerCase();
        fc.pre(identityNames(GREETING).every((name) => !fresh.includes(name.toLowerCase())) && !fresh.includes('greet'));
        const text = [
          'kind: Greeting', 'listKind: GreetingList', 'plural: greetings', 'name: greetings.example.com',
          'apiVersion: example.com/v1alpha1', 'const greetingMessage = 1;', 'GREETING_TIMEOUT', 'crds/greetings.example.com.yaml',
          'image: greeting-operator', '# Greetings!',
        ].join('\n');
        const out = rename(GREETING, to, text);
        for (const name of identityNames(GREETING)) expect(out.toLowerCase()).not.toContain(name.toLowerCase());
        expect(out).toContain(`kind: ${kind}\n`);
        expect(out).toContain(`name: ${to.plural}.${group}\n`);
        expect(out).toContain(`apiVersion: ${group}/${version}\n`);
      }),
    );
  });
});
