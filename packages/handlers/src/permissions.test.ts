// owns() and needs(): what they register, and the registration errors that name the bad field.
import { defineResource, k } from '@opkit/schema';
import { EVERYTHING } from '@opkit/kube';
import { describe, expect, it } from 'vitest';
import { HandlerRegistrationError } from './errors.js';
import { needs, owns, Registry, setDefaultRegistry } from './registry.js';

const Greeting = defineResource({ group: 'example.com', version: 'v1', kind: 'Greeting', spec: k.object({}) });

function withDefault(fn: () => void): Registry {
  const registry = new Registry();
  const previous = setDefaultRegistry(registry);
  try {
    fn();
  } finally {
    setDefaultRegistry(previous);
  }
  return registry;
}

describe('owns', () => {
  it('registers kinds of children on the default registry, once each', () => {
    const registry = withDefault(() => {
      owns('deployments.apps', 'services');
      owns({ group: 'apps', plural: 'deployments' }, Greeting, 'services', Greeting);
    });
    expect(registry.owned()).toEqual(['deployments.apps', 'services', { group: 'apps', plural: 'deployments' }, Greeting]);
  });

  it('refuses selectors that name no resource', () => {
    const registry = new Registry();
    expect(() => registry.addOwned('')).toThrow(HandlerRegistrationError);
    expect(() => registry.addOwned('*')).toThrow(/names no resource; expected e.g. 'deployments.apps'/);
    expect(() => registry.addOwned(EVERYTHING)).toThrow(/EVERYTHING selector names no resource/);
    expect(() => registry.addOwned(() => true)).toThrow(/predicate names no resource/);
    expect(() => registry.addOwned({ group: 'apps' })).toThrow(/give plural or kind/);
    expect(() => registry.addOwned(42 as never)).toThrow(/expected a resource name like 'deployments.apps'/);
    expect(registry.owned()).toEqual([]);
  });
});

describe('needs', () => {
  it('registers rules verbatim with their reason on the default registry', () => {
    const registry = withDefault(() => {
      needs({ apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: 'reads the TLS secret' });
      needs({ apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update'], resourceNames: ['web'], reason: ' scales web ' },
        { nonResourceURLs: ['/metrics'], verbs: ['get'], reason: 'scrapes the API server' });
    });
    expect(registry.needs()).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: 'reads the TLS secret' },
      { apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update'], resourceNames: ['web'], reason: 'scales web' },
      { nonResourceURLs: ['/metrics'], verbs: ['get'], reason: 'scrapes the API server' },
    ]);
  });

  it('refuses wildcards, missing reasons and malformed rules, naming the field', () => {
    const registry = new Registry();
    const rule = { apiGroups: [''], resources: ['secrets'], verbs: ['get'], reason: 'r' };
    expect(() => registry.addNeeds({ ...rule, verbs: ['*'] })).toThrow(/verbs must not contain '\*' — Opkit never grants wildcards/);
    expect(() => registry.addNeeds({ ...rule, resources: ['*'] })).toThrow(/resources must not contain '\*'/);
    expect(() => registry.addNeeds({ ...rule, apiGroups: ['*'] })).toThrow(/apiGroups must not contain '\*'/);
    expect(() => registry.addNeeds({ ...rule, reason: '' })).toThrow(/reason is required/);
    expect(() => registry.addNeeds({ ...rule, verbs: [] })).toThrow(/verbs must be a non-empty list/);
    expect(() => registry.addNeeds({ ...rule, resources: ['Secrets'] })).toThrow(/resources has an invalid entry "Secrets"/);
    expect(() => registry.addNeeds({ ...rule, verb: ['get'] } as never)).toThrow(/unknown field 'verb'/);
    expect(() => registry.addNeeds({ ...rule, nonResourceURLs: ['/healthz'] })).toThrow(/either nonResourceURLs or apiGroups\/resources/);
    expect(() => registry.addNeeds({ verbs: ['get'], reason: 'r' })).toThrow(/apiGroups must be a non-empty list/);
    expect(registry.needs()).toEqual([]);
  });
});
