// Unit tests of the registry: discovery's version order and CRD version swaps.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from './builtins.js';
import { ResourceRegistry, compareKubeVersions } from './registry.js';

describe('compareKubeVersions', () => {
  it('orders GA before beta before alpha, higher first, others last', () => {
    expect(['v1alpha1', 'foo', 'v1beta2', 'v2', 'v1', 'v1beta1', 'v11alpha2'].sort(compareKubeVersions)).toEqual(['v2', 'v1', 'v1beta2', 'v1beta1', 'v11alpha2', 'v1alpha1', 'foo']);
  });
});

describe('ResourceRegistry', () => {
  it('serves built-ins and swaps the versions of a CRD', () => {
    const registry = new ResourceRegistry(BUILTIN_TYPES);
    expect(registry.lookup('', 'v1', 'configmaps')?.kind).toBe('ConfigMap');
    const base = registry.lookup('', 'v1', 'configmaps');
    if (!base) throw new Error('missing');
    const before = registry.revision;
    registry.setCustom('ws.example.com', [{ ...base, group: 'example.com', version: 'v1beta1', plural: 'ws' }, { ...base, group: 'example.com', version: 'v1', plural: 'ws' }]);
    expect(registry.revision).toBe(before + 1);
    expect(registry.groups().find((g) => g.name === 'example.com')?.versions).toEqual(['v1', 'v1beta1']);
    registry.setCustom('ws.example.com', []);
    expect(registry.lookup('example.com', 'v1', 'ws')).toBeUndefined();
    expect(registry.groups()[0]?.name).toBe('');
  });
});