// Server-side apply: create, merge into objects written by others, removal of fields a manager stops
// applying, shared ownership, conflicts with kube-apiserver's wording, force, associative lists (built
// in and by CRD schema), and managedFields in Kubernetes' FieldsV1 format.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyServerSideApply } from './serverSideApply.js';
import type { ServerSideApplyOptions } from './serverSideApply.js';
import { PatchError } from './patchError.js';
import { jsonClone } from './json.js';

const NOW = '2026-01-02T03:04:05Z';
const opts = (fieldManager: string, extra: Partial<ServerSideApplyOptions> = {}): ServerSideApplyOptions => ({
  fieldManager,
  force: false,
  now: NOW,
  ...extra,
});

const configMap = (data: Record<string, string>, labels?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default', ...(labels ? { labels } : {}) },
  ...(Object.keys(data).length > 0 ? { data } : {}),
});

function failure(run: () => unknown): PatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof PatchError) return error;
    throw error;
  }
  throw new Error('expected a PatchError');
}

function apply(live: Record<string, unknown> | undefined, applied: Record<string, unknown>, options: ServerSideApplyOptions) {
  return applyServerSideApply(live, applied, options).object as Record<string, any>;
}

describe('applyServerSideApply', () => {
  it('creates the object and records the manager in FieldsV1 format', () => {
    const { object, created } = applyServerSideApply(undefined, configMap({ a: '1' }, { app: 'x' }), opts('kubectl'));
    expect(created).toBe(true);
    expect(object).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'cm',
        namespace: 'default',
        labels: { app: 'x' },
        managedFields: [{
          manager: 'kubectl',
          operation: 'Apply',
          apiVersion: 'v1',
          time: NOW,
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:data': { 'f:a': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } },
        }],
      },
      data: { a: '1' },
    });
  });

  it('merges into a live object written without apply and keeps what it does not mention', () => {
    const live = { ...configMap({ a: '1', other: 'kept' }), metadata: { name: 'cm', namespace: 'default', uid: 'u', resourceVersion: '5' } };
    const { object, created } = applyServerSideApply(live, configMap({ a: '2', b: '3' }), opts('kubectl'));
    expect(created).toBe(false);
    expect(object.data).toEqual({ a: '2', other: 'kept', b: '3' });
    expect((object.metadata as any).uid).toBe('u');
    expect((object.metadata as any).resourceVersion).toBe('5');
  });

  it('removes fields the same manager applied before and omits now, without leaving empty maps', () => {
    const first = apply(undefined, configMap({ a: '1', b: '2' }, { app: 'x' }), opts('kubectl'));
    const second = apply(first, configMap({ a: '1' }), opts('kubectl'));
    expect(second.data).toEqual({ a: '1' });
    expect(second.metadata.labels).toBeUndefined();
    expect(second.metadata.managedFields[0].fieldsV1).toEqual({ 'f:data': { 'f:a': {} } });
  });

  it('keeps a dropped field that another manager also applied with the same value (shared ownership)', () => {
    const byA = apply(undefined, configMap({ shared: '1', onlyA: 'a' }), opts('a'));
    const byB = apply(byA, configMap({ shared: '1' }), opts('b'));
    expect(byB.metadata.managedFields.map((e: any) => e.manager)).toEqual(['a', 'b']);
    const aDrops = apply(byB, configMap({}), opts('a'));
    expect(aDrops.data).toEqual({ shared: '1' });
    expect(aDrops.metadata.managedFields.map((e: any) => e.manager)).toEqual(['b']);
  });

  it('does not remove fields written by other managers when an applier drops everything', () => {
    const live = { ...configMap({ mine: '1', theirs: '2' }) };
    const first = apply(live, configMap({ mine: '1' }), opts('a'));
    const second = apply(first, configMap({}), opts('a'));
    expect(second.data).toEqual({ theirs: '2' });
  });

  it('fails with 409 and FieldManagerConflict causes when another applier owns a field with another value', () => {
    const byA = apply(undefined, configMap({ a: '1' }), opts('other-manager'));
    const error = failure(() => applyServerSideApply(byA, configMap({ a: '2' }), opts('me')));
    expect(error.status).toBe(409);
    expect(error.reason).toBe('Conflict');
    expect(error.message).toBe('Apply failed with 1 conflict: conflict with "other-manager": .data.a');
    expect(error.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "other-manager"', field: '.data.a' }]);
  });

  it('names Update managers with their apiVersion and lists several conflicts by manager', () => {
    const live = {
      ...configMap({ a: '1', b: '2' }),
      metadata: {
        name: 'cm',
        managedFields: [
          { manager: 'ctrl', operation: 'Update', apiVersion: 'v1', time: NOW, fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {}, 'f:b': {} } } },
        ],
      },
    };
    const one = failure(() => applyServerSideApply(live, configMap({ a: 'x' }), opts('me')));
    expect(one.message).toBe('Apply failed with 1 conflict: conflict with "ctrl" using v1: .data.a');
    const two = failure(() => applyServerSideApply(live, configMap({ a: 'x', b: 'y' }), opts('me')));
    expect(two.message).toBe('Apply failed with 2 conflicts: conflicts with "ctrl" using v1:\n- .data.a\n- .data.b');
    expect(two.causes?.map((c) => c.field)).toEqual(['.data.a', '.data.b']);
  });

  it('takes over conflicting fields with force, leaving the loser only what it still owns', () => {
    const byA = apply(undefined, configMap({ a: '1', keep: 'k' }), opts('a'));
    const forced = apply(byA, configMap({ a: '2' }), opts('b', { force: true }));
    expect(forced.data).toEqual({ a: '2', keep: 'k' });
    const entries = Object.fromEntries(forced.metadata.managedFields.map((e: any) => [e.manager, e.fieldsV1]));
    expect(entries).toEqual({ a: { 'f:data': { 'f:keep': {} } }, b: { 'f:data': { 'f:a': {} } } });
    // Now b owns .data.a alone: a applying it again conflicts with b.
    expect(failure(() => applyServerSideApply(forced, configMap({ a: '1', keep: 'k' }), opts('a'))).message).toBe(
      'Apply failed with 1 conflict: conflict with "b": .data.a',
    );
  });

  it('drops a loser entry whose every field was taken over', () => {
    const byA = apply(undefined, configMap({ a: '1' }), opts('a'));
    const forced = apply(byA, configMap({ a: '2' }), opts('b', { force: true }));
    expect(forced.metadata.managedFields.map((e: any) => e.manager)).toEqual(['b']);
  });

  it('merges Deployment containers by name and removes a container its applier drops', () => {
    const base = (containers: unknown[]) => ({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { template: { spec: { containers } } },
    });
    const byA = apply(undefined, base([{ name: 'app', image: 'app:1' }]), opts('a'));
    expect(byA.metadata.managedFields[0].fieldsV1).toEqual({
      'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } },
    });
    const byB = apply(byA, base([{ name: 'sidecar', image: 'proxy:1' }]), opts('b'));
    expect(byB.spec.template.spec.containers).toEqual([{ name: 'app', image: 'app:1' }, { name: 'sidecar', image: 'proxy:1' }]);
    const aUpdates = apply(byB, base([{ name: 'app', image: 'app:2' }]), opts('a'));
    expect(aUpdates.spec.template.spec.containers[0]).toEqual({ name: 'app', image: 'app:2' });
    const aDrops = apply(aUpdates, base([]), opts('a'));
    expect(aDrops.spec.template.spec.containers).toEqual([{ name: 'sidecar', image: 'proxy:1' }]);
  });

  it('conflicts on a field inside an associative-list item and hands it over with force', () => {
    const dep = (image: string) => ({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { template: { spec: { containers: [{ name: 'app', image }] } } },
    });
    const byA = apply(undefined, dep('app:1'), opts('a'));
    const error = failure(() => applyServerSideApply(byA, dep('app:2'), opts('b')));
    expect(error.message).toBe('Apply failed with 1 conflict: conflict with "a": .spec.template.spec.containers[name="app"].image');
    const forced = apply(byA, dep('app:2'), opts('b', { force: true }));
    expect(forced.spec.template.spec.containers).toEqual([{ name: 'app', image: 'app:2' }]);
    const aFields = forced.metadata.managedFields.find((e: any) => e.manager === 'a').fieldsV1;
    expect(aFields).toEqual({ 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:name': {} } } } } } });
  });

  it('keeps a dropped list item while another manager still owns a field inside it', () => {
    const dep = (containers: unknown[]) => ({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { template: { spec: { containers } } },
    });
    const byA = apply(undefined, dep([{ name: 'app', image: 'app:1' }]), opts('a'));
    const byB = apply(byA, dep([{ name: 'app', resources: { limits: { cpu: '1' } } }]), opts('b'));
    const aDrops = apply(byB, dep([]), opts('a'));
    expect(aDrops.spec.template.spec.containers).toEqual([{ name: 'app', resources: { limits: { cpu: '1' } } }]);
  });

  it('removes only the label an applier dropped', () => {
    const first = apply(undefined, configMap({ a: '1' }, { keep: 'k', drop: 'd' }), opts('m'));
    const second = apply(first, configMap({ a: '1' }, { keep: 'k' }), opts('m'));
    expect(second.metadata.labels).toEqual({ keep: 'k' });
  });

  it('uses listMapKeys for custom resources, and treats lists without keys as atomic', () => {
    const widget = (items: unknown[]) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { items } });
    const keys = (path: string[]) => (path.join('.') === 'spec.items' ? ['name'] : undefined);
    const byA = apply(undefined, widget([{ name: 'a', v: 1 }]), opts('a', { listMapKeys: keys }));
    const byB = apply(byA, widget([{ name: 'b', v: 2 }]), opts('b', { listMapKeys: keys }));
    expect(byB.spec.items).toEqual([{ name: 'a', v: 1 }, { name: 'b', v: 2 }]);
    const atomicByA = apply(undefined, widget([{ name: 'a', v: 1 }]), opts('a'));
    expect(atomicByA.metadata.managedFields[0].fieldsV1).toEqual({ 'f:spec': { 'f:items': {} } });
    const atomic = failure(() => applyServerSideApply(atomicByA, widget([{ name: 'b', v: 2 }]), opts('b')));
    expect(atomic.message).toBe('Apply failed with 1 conflict: conflict with "a": .spec.items');
  });

  it('merges sets of scalars (finalizers) by value', () => {
    const obj = (finalizers: string[]) => ({ ...configMap({}), metadata: { name: 'cm', finalizers } });
    const byA = apply(undefined, obj(['x']), opts('a'));
    const byB = apply(byA, obj(['y']), opts('b'));
    expect(byB.metadata.finalizers).toEqual(['x', 'y']);
    expect(byB.metadata.managedFields[1].fieldsV1).toEqual({ 'f:metadata': { 'f:finalizers': { 'v:"y"': {} } } });
    expect(apply(byB, obj([]), opts('a')).metadata.finalizers).toEqual(['y']);
  });

  it('keeps a map that was applied empty once a later apply fills it', () => {
    const empty = apply(undefined, { ...configMap({}), data: {} }, opts('m'));
    expect(empty.metadata.managedFields[0].fieldsV1).toEqual({ 'f:data': {} });
    const filled = apply(empty, configMap({ k: 'v' }), opts('m'));
    expect(filled.data).toEqual({ k: 'v' });
  });

  it('fails with 500 (as kube-apiserver does) for an associative-list item without its key or with a duplicate key', () => {
    const pod = (containers: unknown[]) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers } });
    const missing = failure(() => applyServerSideApply(undefined, pod([{ image: 'x' }]), opts('a')));
    expect(missing.status).toBe(500);
    expect(missing.message).toBe(
      'failed to create typed patch object (/v1, Kind=Pod): .spec.containers: element 0: associative list with keys has an element that omits key field "name" (and doesn\'t have default value)',
    );
    const duplicate = failure(() => applyServerSideApply(undefined, pod([{ name: 'c' }, { name: 'c' }]), opts('a')));
    expect(duplicate.status).toBe(500);
    expect(duplicate.message).toContain('duplicate entries for key [name="c"]');
  });

  it('ignores nulls and managedFields in the applied configuration', () => {
    const applied = { ...configMap({ a: '1' }), metadata: { name: 'cm', managedFields: [{ manager: 'forged' }], labels: null }, extra: null };
    const object = apply(undefined, applied, opts('a'));
    expect(object.metadata.managedFields.map((e: any) => e.manager)).toEqual(['a']);
    expect(object).not.toHaveProperty('extra');
    expect(object.metadata).not.toHaveProperty('labels');
  });

  it('records the subresource and keeps entries of the same manager on different subresources apart', () => {
    const status = (phase: string) => ({ ...configMap({}), metadata: { name: 'cm' }, status: { phase } });
    const main = apply(undefined, configMap({ a: '1' }), opts('ctrl'));
    const withStatus = apply(main, status('Ready'), opts('ctrl', { subresource: 'status' }));
    expect(withStatus.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: 'ctrl', fieldsV1: { 'f:data': { 'f:a': {} } } }),
      expect.objectContaining({ manager: 'ctrl', subresource: 'status', fieldsV1: { 'f:status': { 'f:phase': {} } } }),
    ]);
  });

  it('never mutates its inputs', () => {
    const live = apply(undefined, configMap({ a: '1' }, { l: 'v' }), opts('a'));
    const applied = configMap({ b: '2' });
    const snapshots = [jsonClone(live), jsonClone(applied)];
    const result = apply(live, applied, opts('a'));
    result.data.b = 'mutated';
    expect([live, applied]).toEqual(snapshots);
  });

  it('returns the live object unchanged (old time kept) when a re-apply changes nothing', () => {
    const first = apply(undefined, configMap({ a: '1' }), opts('m'));
    const again = apply(first, configMap({ a: '1' }), opts('m', { now: '2030-01-01T00:00:00Z' }));
    expect(again).toEqual(first);
    const changed = apply(first, configMap({ a: '2' }), opts('m', { now: '2030-01-01T00:00:00Z' }));
    expect(changed.metadata.managedFields[0].time).toBe('2030-01-01T00:00:00Z');
  });

  it('is idempotent: applying the same configuration again changes nothing (property)', () => {
    const name = fc.constantFrom('a', 'b', 'c');
    const data = fc.dictionary(fc.constantFrom('k1', 'k2', 'k3'), fc.string());
    const containers = fc.uniqueArray(fc.record({ name, image: fc.string() }), { selector: (c) => c.name });
    fc.assert(
      fc.property(data, containers, fc.option(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), { nil: undefined }), (d, cs, labels) => {
        const config = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...(labels ? { labels } : {}) }, data: d, spec: { containers: cs } };
        const once = apply(undefined, config, opts('m'));
        expect(apply(once, config, opts('m'))).toEqual(once);
      }),
    );
  });

  it('leaves exactly the last applied configuration when one manager re-applies (property)', () => {
    const data = fc.dictionary(fc.constantFrom('k1', 'k2', 'k3', 'k4'), fc.string());
    fc.assert(
      fc.property(data, data, (first, second) => {
        const once = apply(undefined, configMap(first), opts('m'));
        const twice = apply(once, configMap(second), opts('m'));
        expect(twice.data ?? {}).toEqual(second);
      }),
    );
  });
});
