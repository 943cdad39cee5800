import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Discovery, EVERYTHING, resourceName, ResourceResolutionError } from '../src/index.js';
import type { RequestRecord, Resource } from '../src/index.js';
import { crdManifest, crds, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

describe('KubeClient.resolve against the embedded API server', () => {
  it('resolves built-ins by plural, singular, kind and short name', async () => {
    for (const name of ['configmaps', 'configmap', 'ConfigMap', 'cm', 'v1/configmaps']) {
      const found = await h.client.resolveOne(name);
      expect(resourceName(found)).toBe('configmaps/v1');
      expect(found.namespaced).toBe(true);
    }
  });

  it('picks up a CRD created after the first discovery, in every spelling', async () => {
    await expect(h.client.resolve('kopfexamples.kopf.dev')).resolves.toEqual([]);
    await h.client.create(crds, crdManifest());
    await waitFor(async () => (await h.client.resolve('kopfexamples.kopf.dev')).length === 1, 5000, 'the CRD to be served');
    for (const selector of ['kopfexamples', 'kopfexample', 'KopfExample', 'kex', 'kopfexamples.kopf.dev', 'kopf.dev/v1/kopfexamples', { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }] as const) {
      const found = await h.client.resolveOne(selector);
      expect(found).toMatchObject({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true, preferred: true });
      expect(found.subresources).toContain('status');
    }
    const everything = (await h.client.resolve(EVERYTHING)).map(resourceName);
    expect(everything).toContain('kopfexamples.kopf.dev/v1');
    expect(everything).toContain('configmaps/v1');
    expect(everything).not.toContain('events/v1');
    expect((await h.client.resolve({ category: 'all' })).map(resourceName)).toContain('kopfexamples.kopf.dev/v1');
    expect((await h.client.resolve((r) => r.group === 'kopf.dev')).map(resourceName)).toEqual(['kopfexamples.kopf.dev/v1']);
  });

  it('refuses an ambiguous name and lists the candidates', async () => {
    await h.client.create(crds, crdManifest('kopfexamples', 'other.dev', 'KopfExample'));
    await waitFor(async () => (await h.client.resolve('kopfexamples.other.dev')).length === 1, 5000, 'the second CRD');
    h.client.invalidateDiscovery();
    const error = await h.client.resolve('kopfexamples').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceResolutionError);
    expect((error as ResourceResolutionError).candidates).toEqual(['kopfexamples.kopf.dev/v1', 'kopfexamples.other.dev/v1']);
  });

  it('says clearly when nothing matches', async () => {
    await expect(h.client.resolveOne('nonexistent')).rejects.toThrow(/no served resource matches "nonexistent"/);
  });

  it('reads every resource in two requests (aggregated discovery): the resources the walk of each group version finds', async () => {
    const records: RequestRecord[] = [];
    const stop = h.client.observeRequests((record) => records.push(record));
    h.client.invalidateDiscovery();
    const aggregated = await h.client.discovery.resources();
    stop();
    expect(records.filter((r) => r.verb === 'discovery').map((r) => r.code)).toEqual([200, 200]);
    // The same server read the older way: the plain index of /api and /apis, then one request per group version.
    let requests = 0;
    const walked = await new Discovery(async (path) => {
      requests++;
      const response = await fetch(`${h.server.url}${path}`, { headers: { accept: 'application/json' } });
      return response.json();
    }).resources();
    expect(requests).toBeGreaterThan(2);
    const key = (r: Resource): string => JSON.stringify([resourceName(r), r.kind, r.namespaced, r.singular, r.preferred, [...(r.shortNames ?? [])].sort(), [...(r.categories ?? [])].sort(), [...(r.verbs ?? [])].sort(), [...(r.subresources ?? [])].sort()]);
    expect(aggregated.map(key).sort()).toEqual(walked.map(key).sort());
    expect(aggregated.length).toBeGreaterThan(20);
    expect(aggregated.find((r) => r.plural === 'kopfexamples' && r.group === 'kopf.dev')).toMatchObject({ version: 'v1', preferred: true, subresources: ['status'] });
  });
});
