import { describe, expect, it } from 'vitest';
import { KnownObjects, slimCopy } from './knownObjects.js';

const obj = (name: string, rv: string, uid = `uid-${name}`) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns', uid, resourceVersion: rv, labels: { a: 'b' }, annotations: { big: 'x'.repeat(100) }, managedFields: [{}] },
  data: { k: 'v' },
});

describe('KnownObjects', () => {
  it('reports new, changed, unchanged and vanished objects', () => {
    const known = new KnownObjects();
    expect(known.compare(obj('a', '1')).map((d) => d.type)).toEqual(['ADDED']);
    expect(known.compare(obj('a', '1'))).toEqual([]);
    expect(known.compare(obj('a', '2')).map((d) => d.type)).toEqual(['MODIFIED']);
    expect(known.compare(obj('b', '3')).map((d) => d.type)).toEqual(['ADDED']);
    const vanished = known.sweep(new Set(['ns/b']));
    expect(vanished.map((o) => o.metadata.name)).toEqual(['a']);
    expect(known.size).toBe(1);
  });

  it('reports a recreated object (same name, new uid) as DELETED then ADDED', () => {
    const known = new KnownObjects();
    known.remember(obj('a', '1', 'u1'));
    const diff = known.compare(obj('a', '5', 'u2'));
    expect(diff.map((d) => [d.type, d.object.metadata.uid])).toEqual([
      ['DELETED', 'u1'],
      ['ADDED', 'u2'],
    ]);
  });

  it('keeps only metadata in its slim copies', () => {
    const slim = slimCopy(obj('a', '1'));
    expect(slim).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', uid: 'uid-a', resourceVersion: '1', labels: { a: 'b' } } });
  });
});
