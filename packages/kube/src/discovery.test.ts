import { describe, expect, it } from 'vitest';
import { AGGREGATED_DISCOVERY_ACCEPT, Discovery, EVERYTHING, identityOf, parseAggregatedDiscovery, parseResourceList, parseSelector, RESOURCE_IDENTITY, selectResources } from './discovery.js';
import { ResourceResolutionError } from './errors.js';
import type { Resource } from './resource.js';

const core = parseResourceList('', 'v1', {
  resources: [
    { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['list', 'watch', 'get'], shortNames: ['po'], categories: ['all'] },
    { name: 'pods/status', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch'] },
    { name: 'events', singularName: 'event', namespaced: true, kind: 'Event', verbs: ['list', 'watch'], shortNames: ['ev'] },
    { name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['list', 'watch'], shortNames: ['cm'] },
  ],
}, true);
const kopf = (version: string, preferred: boolean): Resource[] =>
  parseResourceList('kopf.dev', version, {
    resources: [
      { name: 'kopfexamples', singularName: 'kopfexample', namespaced: true, kind: 'KopfExample', verbs: ['list', 'watch', 'patch'], shortNames: ['kex'], categories: ['all'] },
      { name: 'kopfexamples/status', singularName: '', namespaced: true, kind: 'KopfExample', verbs: ['get', 'patch'] },
    ],
  }, preferred);
const other = parseResourceList('example.com', 'v1', {
  resources: [
    { name: 'kopfexamples', singularName: 'kopfexample', namespaced: true, kind: 'KopfExample', verbs: ['list', 'watch'] },
    { name: 'widgets', singularName: 'widget', namespaced: false, kind: 'Widget', verbs: ['list', 'watch'], shortNames: ['po'] },
  ],
}, true);
const eventsNew = parseResourceList('events.k8s.io', 'v1', { resources: [{ name: 'events', singularName: 'event', namespaced: true, kind: 'Event', verbs: ['list', 'watch'] }] }, true);
const all = [...core, ...kopf('v1', true), ...kopf('v1beta1', false), ...other, ...eventsNew];
const names = (rs: Resource[]) => rs.map((r) => `${r.plural}.${r.group}/${r.version}`);

describe('parseResourceList', () => {
  it('folds subresources into their parent and keeps names', () => {
    const pods = core.find((r) => r.plural === 'pods')!;
    expect(pods.subresources).toEqual(['status']);
    expect(pods.shortNames).toEqual(['po']);
    expect(pods.preferred).toBe(true);
  });
});

describe('parseSelector', () => {
  it('understands the forms users write', () => {
    expect(parseSelector('kex')).toEqual([{ name: 'kex' }]);
    expect(parseSelector('kopfexamples.kopf.dev')).toEqual([{ group: 'kopf.dev', name: 'kopfexamples' }]);
    expect(parseSelector('kopf.dev/v1/kopfexamples')).toEqual([{ group: 'kopf.dev', version: 'v1', name: 'kopfexamples' }]);
    expect(parseSelector('v1/pods')).toEqual([{ group: '', version: 'v1', name: 'pods' }]);
    expect(parseSelector('deployments.v1.apps')).toContainEqual({ group: 'apps', version: 'v1', name: 'deployments' });
  });
  it('rejects empty and over-slashed selectors', () => {
    expect(() => parseSelector(' ')).toThrow(ResourceResolutionError);
    expect(() => parseSelector('a/b/c/d')).toThrow(/group\/version\/plural/);
  });
});

describe('selectResources', () => {
  it('resolves plural, singular, kind and short names to the preferred version', () => {
    for (const name of ['kopfexamples.kopf.dev', 'kopfexample.kopf.dev', 'KopfExample.kopf.dev', 'kex']) {
      expect(names(selectResources(all, name))).toEqual(['kopfexamples.kopf.dev/v1']);
    }
  });
  it('honours an explicit version', () => {
    expect(names(selectResources(all, 'kopf.dev/v1beta1/kopfexamples'))).toEqual(['kopfexamples.kopf.dev/v1beta1']);
    expect(names(selectResources(all, { group: 'kopf.dev', version: 'v1beta1', plural: 'kopfexamples' }))).toEqual(['kopfexamples.kopf.dev/v1beta1']);
  });
  it('refuses a name served by several groups and lists the candidates', () => {
    let error: unknown;
    try {
      selectResources(all, 'kopfexamples');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ResourceResolutionError);
    expect((error as ResourceResolutionError).candidates).toEqual(['kopfexamples.example.com/v1', 'kopfexamples.kopf.dev/v1']);
    expect((error as Error).message).toMatch(/ambiguous/);
  });
  it('lets the core group win a name clash, as Kopf does', () => {
    expect(names(selectResources(all, 'po'))).toEqual(['pods./v1']);
  });
  it('selects categories, EVERYTHING (without events) and predicates', () => {
    expect(names(selectResources(all, { category: 'all' })).sort()).toEqual(['kopfexamples.kopf.dev/v1', 'pods./v1']);
    const everything = names(selectResources(all, EVERYTHING));
    expect(everything).not.toContain('events./v1');
    expect(everything).not.toContain('events.events.k8s.io/v1');
    expect(everything).toContain('configmaps./v1');
    expect(everything).not.toContain('kopfexamples.kopf.dev/v1beta1');
    expect(names(selectResources(all, (r) => !r.namespaced))).toEqual(['widgets.example.com/v1']);
  });
  it('returns nothing for unknown names', () => {
    expect(selectResources(all, 'nothing')).toEqual([]);
  });
});

describe('selectResources with a selector carrying RESOURCE_IDENTITY', () => {
  it('matches by group, version and plural only, whatever else the selector has', () => {
    // A typed resource of @opkit/schema looks like this: query-like members plus the identity.
    const typed = {
      group: 'kopf.dev', version: 'v1beta1', plural: 'kopfexamples', kind: 'SomethingElse', singular: 'other', shortName: 'nope', schema: {},
      [RESOURCE_IDENTITY]: { group: 'kopf.dev', version: 'v1beta1', plural: 'kopfexamples' },
    };
    expect(names(selectResources(all, typed))).toEqual(['kopfexamples.kopf.dev/v1beta1']);
    expect(identityOf(typed)).toEqual({ group: 'kopf.dev', version: 'v1beta1', plural: 'kopfexamples' });
    expect(identityOf({ group: 'kopf.dev' })).toBeUndefined();
    expect(RESOURCE_IDENTITY).toBe(Symbol.for('opkit.dev/resource-identity'));
  });

  it('names the identity, not the whole object, when nothing matches', async () => {
    const discovery = new Discovery(async (path) => (path === '/api' ? { versions: [] } : path === '/apis' ? { groups: [] } : {}));
    const typed = { schema: { huge: true }, [RESOURCE_IDENTITY]: { group: 'example.com', version: 'v1', plural: 'greetings' } };
    await expect(discovery.resolveOne(typed)).rejects.toThrow('no served resource matches "greetings.example.com/v1"');
  });
});

describe('parseAggregatedDiscovery', () => {
  it('reads an APIGroupDiscoveryList as kube-apiserver sends it: the core group unnamed, each group first version preferred', () => {
    const resources = parseAggregatedDiscovery({
      kind: 'APIGroupDiscoveryList',
      items: [
        {
          metadata: {},
          versions: [{ version: 'v1', resources: [{ resource: 'pods', responseKind: { kind: 'Pod' }, scope: 'Namespaced', singularResource: 'pod', verbs: ['get', 'list'], shortNames: ['po'], categories: ['all'], subresources: [{ subresource: 'status' }, { subresource: 'log' }] }] }],
        },
        {
          metadata: { name: 'kopf.dev' },
          versions: [
            { version: 'v2', resources: [{ resource: 'kopfexamples', responseKind: { kind: 'KopfExample' }, scope: 'Namespaced', singularResource: 'kopfexample', verbs: ['list', 'watch'] }] },
            { version: 'v1', resources: [{ resource: 'kopfexamples', responseKind: { kind: 'KopfExample' }, scope: 'Namespaced', singularResource: '', verbs: ['list'] }] },
          ],
        },
        { metadata: { name: 'example.com' }, versions: [{ version: 'v1', resources: [{ resource: 'widgets', responseKind: { kind: 'Widget' }, scope: 'Cluster' }] }] },
      ],
    });
    expect(resources).toEqual([
      { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true, singular: 'pod', shortNames: ['po'], categories: ['all'], verbs: ['get', 'list'], subresources: ['status', 'log'], preferred: true },
      { group: 'kopf.dev', version: 'v2', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true, singular: 'kopfexample', shortNames: [], categories: [], verbs: ['list', 'watch'], subresources: [], preferred: true },
      { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true, singular: 'kopfexample', shortNames: [], categories: [], verbs: ['list'], subresources: [], preferred: false },
      { group: 'example.com', version: 'v1', plural: 'widgets', kind: 'Widget', namespaced: false, singular: 'widget', shortNames: [], categories: [], verbs: [], subresources: [], preferred: true },
    ]);
  });

  it('is asked for first, and an older server that answers with the plain index is walked group by group', async () => {
    const asked: { path: string; accept: string | undefined }[] = [];
    const discovery = new Discovery(async (path, options) => {
      asked.push({ path, accept: options.accept });
      if (path === '/api') return { kind: 'APIVersions', versions: ['v1'] };
      if (path === '/apis') return { kind: 'APIGroupList', groups: [] };
      return { resources: [{ name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['list'] }] };
    });
    expect((await discovery.resources()).map((r) => r.plural)).toEqual(['configmaps']);
    expect(asked).toEqual([
      { path: '/api', accept: AGGREGATED_DISCOVERY_ACCEPT },
      { path: '/apis', accept: AGGREGATED_DISCOVERY_ACCEPT },
      { path: '/api/v1', accept: undefined },
    ]);
  });
});
