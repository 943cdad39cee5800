// Unit tests of discovery: Accept negotiation for aggregated discovery and legacy resource lists.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from '../resources/builtins.js';
import { ResourceRegistry } from '../resources/registry.js';
import { aggregatedVersionAccepted, apiResourceList } from './discovery.js';

describe('aggregatedVersionAccepted', () => {
  it('recognises the aggregated media types and nothing else', () => {
    expect(aggregatedVersionAccepted('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json')).toBe('v2');
    expect(aggregatedVersionAccepted('application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList')).toBe('v2beta1');
    expect(aggregatedVersionAccepted('application/json')).toBeUndefined();
    expect(aggregatedVersionAccepted(undefined)).toBeUndefined();
  });
});

describe('apiResourceList', () => {
  it('lists resources with their scale and status subresources', () => {
    const list = apiResourceList(new ResourceRegistry(BUILTIN_TYPES), 'apps', 'v1') as { resources: { name: string }[] };
    expect(list.resources.map((r) => r.name).slice(0, 5)).toEqual(['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status']);
    expect(apiResourceList(new ResourceRegistry(BUILTIN_TYPES), 'nope', 'v1')).toBeUndefined();
  });
});