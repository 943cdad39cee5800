// Offline selector resolution: typed resources, CRD files, built-ins, assumed group-qualified names,
// and the errors that say how to make a selector resolvable.
import { EVERYTHING } from '@opkit/kube';
import { defineResource, k } from '@opkit/schema';
import { describe, expect, it } from 'vitest';
import { ResourceCatalog } from './catalog.js';
import type { CrdFileResource } from './catalog.js';

const Greeting = defineResource({ group: 'example.com', version: 'v1', kind: 'Greeting', scope: 'Cluster', spec: k.object({}) });
const file = (group: string, plural: string, kind: string, more: Partial<CrdFileResource['resource']> = {}): CrdFileResource => ({
  file: 'crds.yaml', resource: { group, version: 'v1', plural, kind, singular: kind.toLowerCase(), shortNames: [], namespaced: true, status: false, ...more },
});
const catalog = new ResourceCatalog({
  typed: [Greeting],
  crdFiles: [file('kopf.dev', 'kopfexamples', 'KopfExample', { shortNames: ['kex'], status: true }), file('a.example.com', 'widgets', 'Widget'), file('b.example.com', 'widgets', 'Widget')],
});
const id = (selector: Parameters<ResourceCatalog['resolve']>[0]): string => {
  const found = catalog.resolve(selector, 'on.create(fn)');
  return `${found.plural}.${found.group} ${found.namespaced ? 'namespaced' : 'cluster'}${found.status ? ' status' : ''} (${found.source}${found.assumed ? ', assumed' : ''})`;
};

describe('ResourceCatalog.resolve', () => {
  it('resolves typed resources, CRD files (names, kinds, short names) and built-ins', () => {
    expect(id(Greeting)).toBe('greetings.example.com cluster status (typed resource)');
    expect(id('greetings')).toBe('greetings.example.com cluster status (typed resource)');
    expect(id('kopfexamples')).toBe('kopfexamples.kopf.dev namespaced status (crds.yaml)');
    expect(id('kex')).toBe('kopfexamples.kopf.dev namespaced status (crds.yaml)');
    expect(id('KopfExample')).toBe('kopfexamples.kopf.dev namespaced status (crds.yaml)');
    expect(id('kopf.dev/v1/kopfexamples')).toBe('kopfexamples.kopf.dev namespaced status (crds.yaml)');
    expect(id({ group: 'kopf.dev', kind: 'KopfExample' })).toBe('kopfexamples.kopf.dev namespaced status (crds.yaml)');
    expect(id('pods')).toBe('pods. namespaced status (built-in)');
    expect(id('deploy')).toBe('deployments.apps namespaced status (built-in)');
    expect(id('deployments.apps')).toBe('deployments.apps namespaced status (built-in)');
    expect(id('events')).toBe('events. namespaced (built-in)');
    expect(id('nodes')).toBe('nodes. cluster status (built-in)');
    expect(id('widgets.a.example.com')).toBe('widgets.a.example.com namespaced (crds.yaml)');
  });

  it('takes an unknown group-qualified name as the plural, with scope and status assumed', () => {
    expect(id('things.example.org')).toBe('things.example.org namespaced status (the selector, assumed)');
    expect(id({ group: 'example.org', version: 'v1', plural: 'things' })).toBe('things.example.org namespaced status (the selector, assumed)');
  });

  it('refuses what cannot be resolved offline, naming the fix', () => {
    expect(() => id('things')).toThrow("on.create(fn) uses 'things', which cannot be resolved offline: name it with its group (e.g. 'kopfexamples.kopf.dev' or 'deployments.apps'), use a typed resource from @opkit/schema, or list its CRD file in package.json#opkit.crds.");
    expect(() => id('widgets')).toThrow("on.create(fn) uses 'widgets', which is ambiguous offline: it names widgets.a.example.com, widgets.b.example.com; qualify it with the group, e.g. 'widgets.a.example.com'.");
    expect(() => id({ group: 'example.org', kind: 'Thing' })).toThrow(/cannot be resolved offline/);
    expect(() => id('Things.example.org')).toThrow(/cannot be resolved offline/);
    expect(() => id(EVERYTHING)).toThrow(/names no resource, so no RBAC rule can be derived from it/);
    expect(() => id(() => true)).toThrow(/names no resource/);
    expect(() => id('a/b/c/d')).toThrow(/on\.create\(fn\): "a\/b\/c\/d" has too many slashes/);
  });

  it('names the closest known resource for a typo, instead of assuming a resource', () => {
    expect(() => id('kopfexampels')).toThrow("on.create(fn) uses 'kopfexampels', which names no known resource: did you mean 'kopfexamples'? (If it is another resource, list its CRD file in package.json#opkit.crds.)");
    expect(() => id('kopfexampls.kopf.dev')).toThrow(/did you mean 'kopfexamples\.kopf\.dev'\?/);
    expect(() => id('deploymnets.apps')).toThrow(/did you mean 'deployments\.apps'\?/);
    expect(() => id('confgmaps')).toThrow(/did you mean 'configmaps'\?/);
    // A group no file or built-in knows: still taken as the plural.
    expect(id('kopfexampels.example.org')).toBe('kopfexampels.example.org namespaced status (the selector, assumed)');
  });
});
