// 02-children: the create handler creates an adopted Pod (generateName from the parent, its
// namespace and labels, a controlling owner reference) and reports its uid in status.create_fn.children;
// deleting the parent garbage-collects the pod.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

describe('example 02-children', () => {
  let env: TestEnv;
  beforeEach(async () => {
    env = await startTestEnv({ crds: [crd] });
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('creates an adopted pod, reports it, and the pod is garbage-collected with the parent', async () => {
    const op = await env.run(operator);
    const [parent] = await env.apply(obj);
    const body = await env.waitFor(ref, (b) => Array.isArray(b.status?.create_fn?.children));
    const [uid] = body.status.create_fn.children as string[];
    const pods = await env.client.resolveOne({ group: '', version: 'v1', plural: 'pods' });
    const list = await env.client.listAll(pods, { namespace: 'default' });
    expect(list.items).toHaveLength(1);
    const pod = list.items[0]!;
    expect(pod.metadata.uid).toBe(uid);
    expect(pod.metadata.generateName).toBe('kopf-example-1-');
    expect(pod.metadata.namespace).toBe('default');
    expect(pod.metadata.labels).toEqual({ somelabel: 'somevalue' });
    expect(pod.metadata.ownerReferences).toEqual([{
      apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', uid: parent!.metadata.uid, controller: true, blockOwnerDeletion: true,
    }]);
    const container = (pod.spec as { containers: { env: unknown; args: string[] }[] }).containers[0]!;
    expect(container.env).toEqual([{ name: 'FIELD', value: 'value' }]);
    expect(container.args[0]).toContain('sleep 1m');
    expect(body.metadata.finalizers).toBeUndefined();
    await op.waitForLog("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    await env.delete(ref);
    await env.waitForGone(ref);
    await env.waitForGone({ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, namespace: 'default' });
  });
});
