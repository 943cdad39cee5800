// Ordinary writes in managedFields: the writer's Update entry gets what it changed, others lose it,
// removed fields are forgotten, client-sent lists are honoured on update, and apply then conflicts
// with such writers using kube-apiserver's wording.
import { describe, expect, it } from 'vitest';
import { recordUpdateManagedFields, readManagedFields } from './managedFields.js';
import { applyServerSideApply } from './serverSideApply.js';
import { PatchError } from './patchError.js';
import { jsonClone } from './json.js';

const NOW = '2026-01-02T03:04:05Z';
const LATER = '2026-01-02T04:00:00Z';
const deployment = (replicas: number, image = 'app:1', extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, template: { spec: { containers: [{ name: 'app', image }] } } },
  ...extra,
});

describe('recordUpdateManagedFields', () => {
  it('gives a created object one Update entry with every field', () => {
    const stored = recordUpdateManagedFields(undefined, deployment(1), { fieldManager: 'kubectl-create', now: NOW }) as any;
    expect(stored.metadata.managedFields).toEqual([{
      manager: 'kubectl-create',
      operation: 'Update',
      apiVersion: 'apps/v1',
      time: NOW,
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:spec': {
          'f:replicas': {},
          'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
        },
      },
    }]);
  });

  it('moves changed fields to the writer and leaves other fields with their owner', () => {
    const created = recordUpdateManagedFields(undefined, deployment(1), { fieldManager: 'creator', now: NOW });
    const scaled = recordUpdateManagedFields(created, { ...deployment(3), metadata: (created as any).metadata }, { fieldManager: 'scaler', now: LATER }) as any;
    const entries = readManagedFields(scaled.metadata.managedFields);
    expect(entries.map((e) => e.manager)).toEqual(['creator', 'scaler']);
    expect(scaled.metadata.managedFields[0].time).toBe(NOW);
    expect(scaled.metadata.managedFields[1]).toMatchObject({ time: LATER, fieldsV1: { 'f:spec': { 'f:replicas': {} } } });
    expect(JSON.stringify(scaled.metadata.managedFields[0].fieldsV1)).not.toContain('f:replicas');
  });

  it('leaves the entries alone when nothing changed', () => {
    const created = recordUpdateManagedFields(undefined, deployment(1), { fieldManager: 'creator', now: NOW });
    const again = recordUpdateManagedFields(created, jsonClone(created), { fieldManager: 'other', now: LATER });
    expect(again).toEqual(created);
  });

  it('forgets fields that were removed', () => {
    const created = recordUpdateManagedFields(undefined, deployment(1, 'app:1', { data: { a: '1' } }), { fieldManager: 'c', now: NOW });
    const removed = recordUpdateManagedFields(created, { ...deployment(1), metadata: (created as any).metadata }, { fieldManager: 'c', now: LATER }) as any;
    expect(JSON.stringify(removed.metadata.managedFields)).not.toContain('f:data');
  });

  it('keeps a managedFields list the client changed on update, and clears it when sent empty', () => {
    const created = recordUpdateManagedFields(undefined, deployment(1), { fieldManager: 'c', now: NOW }) as any;
    const custom = [{ manager: 'x', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }];
    const sent = recordUpdateManagedFields(created, { ...created, metadata: { ...created.metadata, managedFields: custom } }, { fieldManager: 'c', now: LATER }) as any;
    expect(sent.metadata.managedFields).toEqual(custom);
    const cleared = recordUpdateManagedFields(created, { ...created, metadata: { ...created.metadata, managedFields: [] } }, { fieldManager: 'c', now: LATER }) as any;
    expect(cleared.metadata).not.toHaveProperty('managedFields');
  });

  it('ignores managedFields a client sends on create', () => {
    const stored = recordUpdateManagedFields(undefined, { ...deployment(1), metadata: { name: 'web', managedFields: [{ manager: 'forged' }] } }, { fieldManager: 'c', now: NOW }) as any;
    expect(stored.metadata.managedFields.map((e: any) => e.manager)).toEqual(['c']);
  });

  it('counts a keyed list with items that lack their key as one atomic field instead of failing', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ image: 'x' }] } };
    const stored = recordUpdateManagedFields(undefined, pod, { fieldManager: 'c', now: NOW }) as any;
    expect(stored.metadata.managedFields[0].fieldsV1).toEqual({ 'f:spec': { 'f:containers': {} } });
  });

  it('lets apply conflict with an ordinary writer, named with its apiVersion', () => {
    const created = recordUpdateManagedFields(undefined, deployment(1), { fieldManager: 'kube-controller-manager', now: NOW });
    let error: unknown;
    try {
      applyServerSideApply(created, deployment(5), { fieldManager: 'kubectl', force: false, now: LATER });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PatchError);
    expect((error as PatchError).message).toBe('Apply failed with 1 conflict: conflict with "kube-controller-manager" using apps/v1: .spec.replicas');
    const forced = applyServerSideApply(created, deployment(5), { fieldManager: 'kubectl', force: true, now: LATER }).object as any;
    expect(forced.spec.replicas).toBe(5);
    expect(forced.metadata.managedFields.map((e: any) => [e.manager, e.operation])).toEqual([
      ['kube-controller-manager', 'Update'],
      ['kubectl', 'Apply'],
    ]);
  });
});
