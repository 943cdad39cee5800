// Unit tests of the object store: consecutive RVs, one event per commit, no-op detection, indexes.
import { describe, expect, it } from 'vitest';
import { ObjectStore } from './objectStore.js';
import type { StoreEvent } from './history.js';

describe('ObjectStore', () => {
  it('assigns consecutive RVs and emits exactly one event per real change', () => {
    const store = new ObjectStore({ historySize: 10 });
    const events: StoreEvent[] = [];
    store.subscribe((e) => events.push(e));
    const a = store.commitCreate('/configmaps', { metadata: { name: 'a', namespace: 'ns', uid: 'u1' }, data: { x: '1' } });
    const same = store.commitUpdate('/configmaps', a, { metadata: { namespace: 'ns', uid: 'u1', name: 'a' }, data: { x: '1' } });
    expect(same).toBe(a);
    const b = store.commitUpdate('/configmaps', a, { ...a, data: { x: '2' } });
    const gone = store.commitDelete('/configmaps', b);
    expect(events.map((e) => [e.type, e.rv])).toEqual([
      ['ADDED', 1],
      ['MODIFIED', 2],
      ['DELETED', 3],
    ]);
    expect(gone.metadata?.resourceVersion).toBe('3');
    expect(events[1]?.previous).toBe(a);
    expect(store.resourceVersion).toBe(3);
    expect(store.count).toBe(0);
  });

  it('indexes uids and dependents by owner uid', () => {
    const store = new ObjectStore({ historySize: 10 });
    store.commitCreate('/configmaps', { metadata: { name: 'owner', namespace: 'ns', uid: 'o' } });
    const dep = store.commitCreate('/secrets', { metadata: { name: 'dep', namespace: 'ns', uid: 'd', ownerReferences: [{ uid: 'o' }] } });
    expect(store.byUid('o')).toEqual({ storageKey: '/configmaps', namespace: 'ns', name: 'owner' });
    expect(store.dependentsOf('o')).toEqual([{ storageKey: '/secrets', namespace: 'ns', name: 'dep' }]);
    store.commitUpdate('/secrets', dep, { ...dep, metadata: { ...dep.metadata, ownerReferences: [] } });
    expect(store.dependentsOf('o')).toEqual([]);
  });

  it('lists sorted by namespace/name and filters by namespace', () => {
    const store = new ObjectStore({ historySize: 10 });
    for (const [ns, name] of [['b', 'x'], ['a', 'z'], ['a', 'y']] as const) store.commitCreate('/configmaps', { metadata: { name, namespace: ns } });
    expect(store.list('/configmaps').map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`)).toEqual(['a/y', 'a/z', 'b/x']);
    expect(store.list('/configmaps', 'b').map((o) => o.metadata?.name)).toEqual(['x']);
  });
});
