// 16-indexing: the indices hold every pod (running or not, by label), the timer writes every indexed pod
// of kube-system and default into the object's status — a pending one too, as Kopf's example lists every
// pod with a non-empty index entry — handlers wait until every pod listed at the start is indexed, the
// probes report the indices, and a deleted pod leaves them. The timer runs at a tenth of its interval
// (OPKIT_EXAMPLE_TIME_SCALE=0.1).
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const kex = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

function pod(name: string, namespace: string, labels: Record<string, string>) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels }, spec: { containers: [{ name: 'main', image: 'busybox' }] } };
}

describe('example 16-indexing', () => {
  let env: TestEnv;
  beforeEach(async () => {
    process.env.OPKIT_EXAMPLE_TIME_SCALE = '0.1';
    env = await startTestEnv({ crds: [crd], namespaces: ['kube-system', 'other'] });
  });
  afterEach(async () => {
    await env.dispose();
    delete process.env.OPKIT_EXAMPLE_TIME_SCALE;
  });

  it('indexes pods, holds handlers back until they are indexed, and drops a deleted pod', async () => {
    const pods = [
      pod('web-1', 'default', { app: 'web' }), pod('web-2', 'default', { app: 'web', tier: 'front' }),
      pod('pending', 'default', { app: 'batch' }), pod('dns', 'kube-system', { app: 'dns' }), pod('elsewhere', 'other', { app: 'web' }),
    ];
    await env.apply(pods);
    for (const { metadata } of pods.filter((item) => item.metadata.name !== 'pending')) {
      await env.patch({ apiVersion: 'v1', kind: 'Pod', ...metadata }, { status: { phase: 'Running' } }, { subresource: 'status' });
    }
    await env.apply(obj);

    const op = await env.run(operator);
    const body = await env.waitFor(kex, (b) => Array.isArray(b.status?.['running-pods']), { what: 'list its pods' });
    // Every pod of kube-system and default, the pending one too (its entry is [false]: non-empty); not `other`.
    expect([...body.status['running-pods']].sort()).toEqual(['default::pending', 'default::web-1', 'default::web-2', 'kube-system::dns']);
    const line = await op.waitForLog('Pods by label: ');
    const byLabel = JSON.parse(line.slice(line.indexOf('Pods by label: ') + 'Pods by label: '.length)) as Record<string, string[]>;
    expect(Object.fromEntries(Object.entries(byLabel).map(([key, names]) => [key, names.sort()]))).toEqual({
      'app=web': ['elsewhere', 'web-1', 'web-2'], 'tier=front': ['web-2'], 'app=batch': ['pending'], 'app=dns': ['dns'],
    });

    // Held back: the timer's first run came after every listed pod was indexed.
    const firstTimer = op.feed.findIndex((e) => e.type === 'handler' && e.id === 'intervalled' && e.phase === 'started');
    const indexed = op.feed.map((e, i) => (e.type === 'handler' && e.kind === 'index' && e.phase === 'succeeded' ? i : -1)).filter((i) => i >= 0);
    expect(indexed).toHaveLength(10); // 5 pods × 2 indices
    expect(Math.max(...indexed)).toBeLessThan(firstTimer);

    const probed = await op.probe() as { pod_count: number; pod_names: string[] };
    expect({ ...probed, pod_names: probed.pod_names.sort() }).toEqual({ pod_count: 5, pod_names: ['dns', 'elsewhere', 'pending', 'web-1', 'web-2'] });

    // A deleted pod leaves the indices: the status and the probes follow.
    await env.delete({ apiVersion: 'v1', kind: 'Pod', name: 'web-1', namespace: 'default' });
    await env.waitFor(kex, (b) => b.status?.['running-pods']?.length === 3, { what: 'drop web-1' });
    expect([...((await env.get(kex)).status as Record<string, string[]>)['running-pods']!].sort()).toEqual(['default::pending', 'default::web-2', 'kube-system::dns']);
    const after = await op.probe() as { pod_count: number; pod_names: string[] };
    expect({ ...after, pod_names: after.pod_names.sort() }).toEqual({ pod_count: 4, pod_names: ['dns', 'elsewhere', 'pending', 'web-2'] });
  });
});
