import { describe, expect, it } from 'vitest';
import { adjustNamespace, adopt, appendOwnerReference, harmonizeNaming, label, removeOwnerReference } from './hierarchies.js';
import { runWithScope } from './scope.js';
import type { HandlerContext } from './types.js';

const owner = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kopf-example-1', namespace: 'default', uid: 'u1', labels: { somelabel: 'somevalue' } } };

describe('adopt', () => {
  it('sets the owner reference, generateName, namespace and labels; keeps existing values unless forced', () => {
    const pod: Record<string, any> = { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { somelabel: 'mine' } } };
    adopt(pod, { owner });
    expect(pod.metadata).toEqual({
      labels: { somelabel: 'mine' }, generateName: 'kopf-example-1-', namespace: 'default',
      ownerReferences: [{ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', uid: 'u1', controller: true, blockOwnerDeletion: true }],
    });
    adopt(pod, { owner, forced: true, strict: true });
    expect(pod.metadata.name).toBe('kopf-example-1');
    expect(pod.metadata.generateName).toBeUndefined();
    expect(pod.metadata.labels).toEqual({ somelabel: 'somevalue' });
    expect(pod.metadata.ownerReferences).toHaveLength(1);
  });

  it('defaults the owner to the object being handled, and refuses without one', () => {
    const child: Record<string, any> = {};
    runWithScope({ context: { body: owner } as unknown as HandlerContext }, () => adopt(child));
    expect(child.metadata.ownerReferences[0].uid).toBe('u1');
    expect(() => adopt({})).toThrow(/needs an owner/);
  });

  it('offers the parts one by one', () => {
    const objs: Record<string, any>[] = [{ metadata: { namespace: 'other' } }, { spec: { template: {} } }];
    appendOwnerReference(objs, { owner, controller: false });
    expect(objs[0]!.metadata.ownerReferences[0].controller).toBe(false);
    removeOwnerReference(objs, { owner });
    expect(objs[1]!.metadata.ownerReferences).toEqual([]);
    harmonizeNaming(objs, { name: 'n', strict: true });
    expect(objs.map((o) => o.metadata.name)).toEqual(['n', 'n']);
    adjustNamespace(objs, { namespace: 'default' });
    expect(objs.map((o) => o.metadata.namespace)).toEqual(['other', 'default']);
    label(objs[1]!, { labels: { app: 'x' }, nested: ['spec.template'] });
    expect(objs[1]!.spec.template.metadata.labels).toEqual({ app: 'x' });
  });
});
