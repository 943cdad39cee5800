import { describe, expect, it } from 'vitest';
import { parseResourceList } from './discovery.js';
import { suggestResource } from './suggestResource.js';

const served = [
  ...parseResourceList('', 'v1', {
    resources: [
      { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', shortNames: ['po'] },
      { name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', shortNames: ['cm'] },
    ],
  }, true),
  ...parseResourceList('kopf.dev', 'v1', {
    resources: [{ name: 'kopfexamples', singularName: 'kopfexample', namespaced: true, kind: 'KopfExample', shortNames: ['kex'] }],
  }, true),
  ...parseResourceList('apps', 'v1', { resources: [{ name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', shortNames: ['deploy'] }] }, true),
];

describe('suggestResource', () => {
  it('suggests the closest plural, singular, kind or short name', () => {
    expect(suggestResource(served, 'kopfexampels')).toBe('kopfexamples'); // a swap is one edit
    expect(suggestResource(served, 'kopfexampls')).toBe('kopfexamples');
    expect(suggestResource(served, 'configmp')).toBe('configmap');
    expect(suggestResource(served, 'KopfExampel')).toBe('KopfExample');
    expect(suggestResource(served, 'kx')).toBe('kex');
  });

  it('writes the suggestion in the form of the selector', () => {
    expect(suggestResource(served, 'kopfexampels.kopf.dev')).toBe('kopfexamples.kopf.dev');
    expect(suggestResource(served, 'kopfexamples.kopf.de')).toBe('kopfexamples.kopf.dev');
    expect(suggestResource(served, 'kopfexampls.v1.kopf.dev')).toBe('kopfexamples.v1.kopf.dev');
    expect(suggestResource(served, 'apps/v1/deploymnts')).toBe('apps/v1/deployments');
    expect(suggestResource(served, 'v1/confgmaps')).toBe('v1/configmaps');
    expect(suggestResource(served, { group: 'apps', plural: 'deploymetns' })).toBe('deployments');
  });

  it('suggests nothing when no name is close, or the selector names no resource', () => {
    expect(suggestResource(served, 'nosuchthings')).toBeUndefined();
    expect(suggestResource(served, 'widgets')).toBeUndefined();
    expect(suggestResource(served, 'px')).toBe('po');
    expect(suggestResource(served, 'xyz')).toBeUndefined();
    expect(suggestResource(served, { group: 'apps' })).toBeUndefined();
    expect(suggestResource(served, () => true)).toBeUndefined();
  });
});
