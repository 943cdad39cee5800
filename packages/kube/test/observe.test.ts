// Request observers: every attempt of every request is reported with its verb, resource, code and
// duration — retries included — so an operator's feed can show its API cost.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../src/index.js';
import { configmaps, startHarness } from './harness.js';
import type { Harness } from './harness.js';

describe('KubeClient.observeRequests', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('reports each attempt with verb, resource, namespace, name, code and duration, until stopped', async () => {
    const seen: RequestRecord[] = [];
    const stop = h.client.observeRequests((record) => seen.push(record));
    await h.client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }, { namespace: 'default' });
    await h.client.patch(configmaps, 'a', { data: { x: '1' } }, { namespace: 'default' });
    await h.client.listAll(configmaps, { namespace: 'default' });
    await expect(h.client.get(configmaps, 'missing', { namespace: 'default' })).rejects.toThrow();
    h.server.faults.failNext(1, 503);
    await h.client.get(configmaps, 'a', { namespace: 'default' });
    stop();
    await h.client.get(configmaps, 'a', { namespace: 'default' });
    expect(seen.map(({ verb, resource, namespace, name, code, attempt }) => ({ verb, resource, namespace, name, code, attempt }))).toEqual([
      { verb: 'create', resource: 'configmaps', namespace: 'default', name: 'a', code: 201, attempt: 1 },
      { verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'a', code: 200, attempt: 1 },
      { verb: 'list', resource: 'configmaps', namespace: 'default', name: undefined, code: 200, attempt: 1 },
      { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'missing', code: 404, attempt: 1 },
      { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'a', code: 503, attempt: 1 },
      { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'a', code: 200, attempt: 2 },
    ]);
    expect(seen.every((record) => record.durationMs >= 0)).toBe(true);
  });
});
