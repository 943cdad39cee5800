// Checks the Patch builder: views write a merge patch where null deletes, fns become JSON-patch
// operations against the freshest body, and the in-memory appliers agree with RFC 7386 / 6902.
import { describe, expect, it } from 'vitest';
import { Patch } from './patch.js';
import { applyMergePatch } from './diff.js';
import { applyJsonPatch, guardJsonPatch, jsonPatchFromDiff, splitJsonPatch } from './jsonPatch.js';
import { InvalidStateArgumentError } from './errors.js';

describe('Patch', () => {
  it('builds a merge patch through spec/status/metadata/labels/annotations views', () => {
    const patch = new Patch();
    expect(patch.isEmpty).toBe(true);
    patch.spec.replicas = 3;
    patch.status.create_fn = { message: 'hello world' };
    patch.metadata.labels.app = 'web';
    patch.annotations['example.com/old'] = null;
    patch.meta.finalizers = ['x'];
    expect(patch.asMergePatch()).toEqual({
      spec: { replicas: 3 },
      status: { create_fn: { message: 'hello world' } },
      metadata: { labels: { app: 'web' }, annotations: { 'example.com/old': null }, finalizers: ['x'] },
    });
    expect(patch.isEmpty).toBe(false);
    expect(JSON.parse(JSON.stringify(patch))).toEqual(patch.asMergePatch());
  });

  it('reads through views without creating stanzas', () => {
    const patch = new Patch();
    expect(patch.spec.anything).toBeUndefined();
    expect(patch.labels.app).toBeUndefined();
    expect('anything' in patch.status).toBe(false);
    expect(patch.asMergePatch()).toEqual({});
    patch.status.x = 1;
    expect(Object.keys(patch.status)).toEqual(['x']);
    delete patch.status.x;
    expect(patch.get('status')).toEqual({});
  });

  it('copies another patch with its fns, and set/get/unset work on dotted fields', () => {
    const first = new Patch({ spec: { a: 1 } }, { fns: [(body) => { body.marked = true; }] });
    const second = new Patch(first);
    second.set('spec.b', 2);
    second.unset('spec.a');
    expect(first.get('spec.b')).toBeUndefined();
    expect(second.asMergePatch()).toEqual({ spec: { b: 2 } });
    expect(second.fns).toHaveLength(1);
  });

  it('applies the merge patch, then the fns, to a copy of a body', () => {
    const body = { metadata: { labels: { a: '1', b: '2' } }, spec: { x: 1 } };
    const patch = new Patch();
    patch.labels.b = null;
    patch.fns.push((target) => { (target.spec as Record<string, unknown>).y = 2; });
    expect(patch.applyTo(body)).toEqual({ metadata: { labels: { a: '1' } }, spec: { x: 1, y: 2 } });
    expect(body.spec).toEqual({ x: 1 });
  });

  it('turns fns into JSON-patch operations against the freshest body', () => {
    const patch = new Patch();
    patch.status.ignored = 'merge part is not in fnsAsJsonPatch';
    patch.fns.push((target) => { (target.metadata as { finalizers: string[] }).finalizers.push('mine'); });
    const fresh = { metadata: { resourceVersion: '9', finalizers: ['theirs'] } };
    expect(patch.fnsAsJsonPatch(fresh)).toEqual([{ op: 'add', path: '/metadata/finalizers/1', value: 'mine' }]);
    expect(new Patch().fnsAsJsonPatch(fresh)).toEqual([]);
  });

  it('produces the whole change as JSON patch (for admission), dropping no-op deletions', () => {
    const patch = new Patch();
    patch.spec.injected = 123;
    patch.labels.absent = null;
    expect(patch.asJsonPatch({ spec: { field: 'value' } })).toEqual([{ op: 'add', path: '/spec/injected', value: 123 }]);
  });
});

describe('applyMergePatch', () => {
  it('follows RFC 7386', () => {
    expect(applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } })).toEqual({ a: 'z', c: { d: 'e' } });
    expect(applyMergePatch({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(applyMergePatch({ a: 1 }, ['x'])).toEqual(['x']);
    expect(applyMergePatch('text', { a: { b: null } })).toEqual({ a: {} });
  });

  it('treats __proto__ as a plain key', () => {
    const patch = JSON.parse('{"__proto__":{"polluted":true}}');
    const result = applyMergePatch<Record<string, unknown>>({}, patch);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});

describe('jsonPatchFromDiff', () => {
  it('produces operations that turn one document into the other, escaping pointers', () => {
    const from = { metadata: { annotations: { 'a/b~c': '1' }, finalizers: ['x', 'y', 'z'] }, spec: { n: 1 } };
    const to = { metadata: { annotations: { 'a/b~c': '2' }, finalizers: ['x', 'z'] }, spec: { m: 1 } };
    const ops = jsonPatchFromDiff(from, to);
    expect(ops).toContainEqual({ op: 'replace', path: '/metadata/annotations/a~1b~0c', value: '2' });
    expect(ops).toContainEqual({ op: 'remove', path: '/metadata/finalizers/1' });
    expect(applyJsonPatch(from, ops)).toEqual(to);
  });

  it('guards with a resourceVersion test and splits status operations off', () => {
    const ops = guardJsonPatch([{ op: 'replace', path: '/status/x', value: 1 }, { op: 'add', path: '/spec/y', value: 2 }], '42');
    expect(ops[0]).toEqual({ op: 'test', path: '/metadata/resourceVersion', value: '42' });
    expect(guardJsonPatch([], '42')).toEqual([]);
    const split = splitJsonPatch(ops.slice(1), { statusSubresource: true });
    expect(split.status).toEqual([{ op: 'replace', path: '/status/x', value: 1 }]);
    expect(split.main).toEqual([{ op: 'add', path: '/spec/y', value: 2 }]);
    expect(splitJsonPatch(ops.slice(1), { statusSubresource: false }).status).toEqual([]);
  });

  it('applyJsonPatch rejects a failed test like the API server would', () => {
    expect(() => applyJsonPatch({ metadata: { resourceVersion: '1' } }, guardJsonPatch([{ op: 'remove', path: '/metadata' }], '2')))
      .toThrow(InvalidStateArgumentError);
  });
});

describe('Patch: assigning whole keys', () => {
  it('merges an object assigned to metadata, spec, status, labels or annotations into the merge patch', () => {
    const patch = new Patch();
    patch.metadata.annotations.keep = 'me';
    patch.metadata = { labels: { a: 'b' } };
    patch.spec = { replicas: 2, nested: { x: 1 } };
    patch.spec = { nested: { y: null } };
    patch.status = { message: 'hi' };
    patch.labels = { c: 'd' };
    patch.annotations = { gone: null };
    expect(patch.asMergePatch()).toEqual({
      metadata: { labels: { a: 'b', c: 'd' }, annotations: { keep: 'me', gone: null } },
      spec: { replicas: 2, nested: { x: 1, y: null } },
      status: { message: 'hi' },
    });
    // The views still read and write the same document afterwards.
    expect(patch.labels.a).toBe('b');
    patch.metadata.labels = { e: 'f' };
    expect(patch.labels.e).toBe('f');
    expect(patch.applyTo({ metadata: { labels: { old: 'x' } } })).toMatchObject({ metadata: { labels: { old: 'x', a: 'b', c: 'd', e: 'f' } } });
  });

  it('deletes with null, and applies any other top-level key (a ConfigMap\'s stringData, say)', () => {
    const patch = new Patch();
    patch.status = null;
    (patch as unknown as Record<string, unknown>).stringData = { k: 'v' };
    expect(patch.asMergePatch()).toEqual({ status: null, stringData: { k: 'v' } });
    expect((patch as unknown as Record<string, unknown>).stringData).toEqual({ k: 'v' });
  });

  it('throws, saying how, for an assignment it cannot apply', () => {
    const patch = new Patch();
    expect(() => { (patch as any).spec = 'x'; }).toThrow("patch.spec can only be assigned an object (merged into the patch) or null (deletes it); got a string. Assign its fields instead: patch.spec.field = value.");
    expect(() => { (patch as any).metadata.labels = ['a']; }).toThrow('patch.metadata.labels can only be assigned an object');
    expect(() => { (patch as any).other = undefined; }).toThrow('patch.other = undefined changes nothing; assign null to delete the field.');
    expect(() => { (patch as any).data = { k: 'v' }; }).toThrow("patch.data cannot be replaced: set a field with patch.set(['data', 'key'], value)");
    expect(() => { (patch as any).fns = 'x'; }).toThrow('patch.fns can only be assigned a list of functions');
    expect(() => { (patch as any).lazy = {}; }).toThrow('patch.lazy cannot be replaced');
    expect(patch.isEmpty).toBe(true);
  });

  it('makes its views on first use, and a field named like an internal is only a field', () => {
    const patch = new Patch();
    (patch as any).views = { a: 1 };
    patch.status.message = 'hello';
    expect(patch.data).toEqual({ views: { a: 1 }, status: { message: 'hello' } });
  });
});
