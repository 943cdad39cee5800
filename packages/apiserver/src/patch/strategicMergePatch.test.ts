// Strategic merge patch on the built-in kinds kubectl patches most (Deployment, Pod, Service): merge
// keys, directives, error classification, purity, and properties tying it to RFC 7386.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyStrategicMergePatch } from './strategicMergePatch.js';
import { applyMergePatch } from './mergePatch.js';
import { PatchError } from './patchError.js';
import { jsonClone } from './json.js';

const DEPLOYMENT = { group: 'apps', version: 'v1', kind: 'Deployment' };
const POD = { group: '', version: 'v1', kind: 'Pod' };
const SERVICE = { group: '', version: 'v1', kind: 'Service' };
const WIDGET = { group: 'example.com', version: 'v1', kind: 'Widget' };

function deployment(): Record<string, any> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      labels: { app: 'web', tier: 'front' },
      finalizers: ['a.example.com/x'],
      ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o1', uid: 'u1' }],
    },
    spec: {
      replicas: 2,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'app',
              image: 'web:1',
              args: ['--a', '--b'],
              ports: [{ containerPort: 80, name: 'http' }, { containerPort: 443, name: 'https' }],
              env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }],
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
            { name: 'sidecar', image: 'proxy:1' },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
        },
      },
    },
    status: { conditions: [{ type: 'Available', status: 'True' }, { type: 'Progressing', status: 'True' }] },
  };
}

const podSpecPatch = (spec: unknown) => ({ spec: { template: { spec } } });

function failure(run: () => unknown): PatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof PatchError) return error;
    throw error;
  }
  throw new Error('expected a PatchError');
}

describe('applyStrategicMergePatch', () => {
  it('merges a container by name, keeping its other fields and the other containers', () => {
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({ containers: [{ name: 'app', image: 'web:2' }] }), DEPLOYMENT) as any;
    const containers = result.spec.template.spec.containers;
    expect(containers.map((c: any) => c.name)).toEqual(['app', 'sidecar']);
    expect(containers[0]).toEqual({ ...deployment().spec.template.spec.containers[0], image: 'web:2' });
    expect(containers[1]).toEqual({ name: 'sidecar', image: 'proxy:1' });
  });

  it('merges env by name, ports by containerPort and volumeMounts by mountPath inside a container', () => {
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({
      containers: [{
        name: 'app',
        env: [{ name: 'B', value: 'two' }, { name: 'C', value: '3' }],
        ports: [{ containerPort: 443, protocol: 'TCP' }, { containerPort: 8080, name: 'metrics' }],
        volumeMounts: [{ mountPath: '/data', readOnly: true }],
      }],
    }), DEPLOYMENT) as any;
    const app = result.spec.template.spec.containers[0];
    expect(app.env).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: 'two' }, { name: 'C', value: '3' }]);
    expect(app.ports).toEqual([
      { containerPort: 80, name: 'http' },
      { containerPort: 443, name: 'https', protocol: 'TCP' },
      { containerPort: 8080, name: 'metrics' },
    ]);
    expect(app.volumeMounts).toEqual([{ name: 'data', mountPath: '/data', readOnly: true }]);
    expect(app.args).toEqual(['--a', '--b']);
  });

  it('replaces lists that have no merge key (container args)', () => {
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({ containers: [{ name: 'app', args: ['--c'] }] }), DEPLOYMENT) as any;
    expect(result.spec.template.spec.containers[0].args).toEqual(['--c']);
  });

  it('deletes a list item with $patch: delete and a map member with null', () => {
    const result = applyStrategicMergePatch(deployment(), {
      metadata: { labels: { tier: null } },
      ...podSpecPatch({ containers: [{ name: 'sidecar', $patch: 'delete' }] }),
    }, DEPLOYMENT) as any;
    expect(result.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['app']);
    expect(result.metadata.labels).toEqual({ app: 'web' });
  });

  it('replaces a whole merge-keyed list with a $patch: replace item', () => {
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({
      containers: [{ $patch: 'replace' }, { name: 'only', image: 'only:1' }],
    }), DEPLOYMENT) as any;
    expect(result.spec.template.spec.containers).toEqual([{ name: 'only', image: 'only:1' }]);
  });

  it('replaces a map with $patch: replace, empties it with $patch: delete and rejects $patch: merge', () => {
    const replaced = applyStrategicMergePatch(deployment(), { spec: { selector: { $patch: 'replace', matchLabels: { x: 'y' } } } }, DEPLOYMENT) as any;
    expect(replaced.spec.selector).toEqual({ matchLabels: { x: 'y' } });
    const deleted = applyStrategicMergePatch(deployment(), { spec: { strategy: { $patch: 'delete' } } }, DEPLOYMENT) as any;
    expect(deleted.spec.strategy).toEqual({});
    const merge = failure(() => applyStrategicMergePatch(deployment(), { spec: { selector: { $patch: 'merge', matchLabels: { x: 'y' } } } }, DEPLOYMENT));
    expect(merge.status).toBe(500);
    expect(merge.message).toBe('unknown patch type: merge in map: map[$patch:merge matchLabels:map[x:y]]');
  });

  it('drops the keys $retainKeys does not list (Deployment strategy switch to Recreate)', () => {
    const result = applyStrategicMergePatch(deployment(), {
      spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } },
    }, DEPLOYMENT) as any;
    expect(result.spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('orders a list by $setElementOrder, with or without list changes (as kubectl apply sends them)', () => {
    const reordered = applyStrategicMergePatch(deployment(), podSpecPatch({
      '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'app' }],
    }), DEPLOYMENT) as any;
    expect(reordered.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['sidecar', 'app']);
    const inserted = applyStrategicMergePatch(deployment(), podSpecPatch({
      '$setElementOrder/containers': [{ name: 'app' }, { name: 'mid' }, { name: 'sidecar' }],
      containers: [{ name: 'mid', image: 'mid:1' }],
    }), DEPLOYMENT) as any;
    expect(inserted.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['app', 'mid', 'sidecar']);
    expect(inserted.spec.template.spec.containers[1]).toEqual({ name: 'mid', image: 'mid:1' });
    const removed = applyStrategicMergePatch(deployment(), podSpecPatch({
      '$setElementOrder/containers': [{ name: 'app' }],
      containers: [{ name: 'sidecar', $patch: 'delete' }],
    }), DEPLOYMENT) as any;
    expect(removed.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['app']);
  });

  it('reproduces apimachinery\'s order when deleting and adding items under $setElementOrder', () => {
    // The live list's backing array is rewritten in place by the delete and the append (Go slice
    // aliasing), which decides the final order: kubectl 1.32 gives [sidecar, extra] here.
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({
      containers: [{ name: 'app', $patch: 'delete' }, { name: 'extra', image: 'e' }],
      '$setElementOrder/containers': [{ name: 'app' }, { name: 'extra' }],
    }), DEPLOYMENT) as any;
    expect(result.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['sidecar', 'extra']);
  });

  it('puts items the live list lacks before it and keeps live positions otherwise (kubectl-verified)', () => {
    const result = applyStrategicMergePatch(deployment(), podSpecPatch({ volumes: [{ name: 'cache', emptyDir: {} }] }), DEPLOYMENT) as any;
    expect(result.spec.template.spec.volumes.map((v: any) => v.name)).toEqual(['cache', 'data']);
  });

  it('merges finalizers as a set and removes them only with $deleteFromPrimitiveList', () => {
    const added = applyStrategicMergePatch(deployment(), { metadata: { finalizers: ['b.example.com/y', 'a.example.com/x'] } }, DEPLOYMENT) as any;
    expect(added.metadata.finalizers).toEqual(['b.example.com/y', 'a.example.com/x']);
    const appended = applyStrategicMergePatch(deployment(), { metadata: { finalizers: ['c.example.com/z'] } }, DEPLOYMENT) as any;
    expect(appended.metadata.finalizers).toEqual(['c.example.com/z', 'a.example.com/x']);
    const cleared = applyStrategicMergePatch(deployment(), { metadata: { finalizers: [] } }, DEPLOYMENT) as any;
    expect(cleared.metadata.finalizers).toEqual(['a.example.com/x']);
    const removed = applyStrategicMergePatch(added, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a.example.com/x'] } }, DEPLOYMENT) as any;
    expect(removed.metadata.finalizers).toEqual(['b.example.com/y']);
    const absent = applyStrategicMergePatch({ metadata: {} }, { metadata: { '$deleteFromPrimitiveList/finalizers': ['x'] } }, DEPLOYMENT) as any;
    expect(absent.metadata).toEqual({});
    const notAList = applyStrategicMergePatch(deployment(), { metadata: { '$deleteFromPrimitiveList/finalizers': 'a.example.com/x' } }, DEPLOYMENT) as any;
    expect(notAList.metadata.finalizers).toEqual(['a.example.com/x']);
  });

  it('merges ownerReferences by uid and conditions by type', () => {
    const result = applyStrategicMergePatch(deployment(), {
      metadata: { ownerReferences: [{ apiVersion: 'v1', kind: 'Secret', name: 'o2', uid: 'u2' }] },
      status: { conditions: [{ type: 'Available', status: 'False', reason: 'Down' }] },
    }, DEPLOYMENT) as any;
    expect(result.metadata.ownerReferences.map((o: any) => o.uid)).toEqual(['u2', 'u1']);
    expect(result.status.conditions).toEqual([
      { type: 'Available', status: 'False', reason: 'Down' },
      { type: 'Progressing', status: 'True' },
    ]);
  });

  it('merges a Pod spec directly (containers, initContainers, imagePullSecrets)', () => {
    const pod = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
      spec: {
        containers: [{ name: 'c', image: 'c:1' }],
        initContainers: [{ name: 'i', image: 'i:1' }],
        imagePullSecrets: [{ name: 'reg' }],
      },
    };
    const result = applyStrategicMergePatch(pod, {
      spec: { containers: [{ name: 'd', image: 'd:1' }], initContainers: [{ name: 'i', image: 'i:2' }], imagePullSecrets: [{ name: 'reg2' }] },
    }, POD) as any;
    expect(result.spec.containers).toEqual([{ name: 'd', image: 'd:1' }, { name: 'c', image: 'c:1' }]);
    expect(result.spec.initContainers).toEqual([{ name: 'i', image: 'i:2' }]);
    expect(result.spec.imagePullSecrets).toEqual([{ name: 'reg2' }, { name: 'reg' }]);
  });

  it('merges Service ports by port', () => {
    const service = { spec: { ports: [{ port: 80, targetPort: 8080 }, { port: 443 }] } };
    const result = applyStrategicMergePatch(service, { spec: { ports: [{ port: 80, targetPort: 9090 }] } }, SERVICE) as any;
    expect(result.spec.ports).toEqual([{ port: 80, targetPort: 9090 }, { port: 443 }]);
  });

  it('treats every list of a kind it does not know (a custom resource) as atomic, metadata aside', () => {
    const widget = { metadata: { finalizers: ['x'] }, spec: { items: [{ name: 'a' }, { name: 'b' }] } };
    const result = applyStrategicMergePatch(widget, { metadata: { finalizers: ['y'] }, spec: { items: [{ name: 'c' }] } }, WIDGET) as any;
    expect(result.spec.items).toEqual([{ name: 'c' }]);
    expect(result.metadata.finalizers).toEqual(['y', 'x']);
  });

  it('takes values for absent keys as sent, minus nulls and maps that carry $patch (kubectl-verified)', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    const result = applyStrategicMergePatch(pod, {
      spec: { volumes: [{ name: 'x', $patch: 'delete' }], securityContext: { runAsUser: 1, fsGroup: null }, hostname: null },
    }, POD);
    expect(result).toEqual({ ...pod, spec: { ...pod.spec, volumes: [], securityContext: { runAsUser: 1 } } });
    const nested = applyStrategicMergePatch(pod, { spec: { affinity: { nodeAffinity: { $patch: 'delete' }, b: 2 } } }, POD) as any;
    expect(nested.spec.affinity).toEqual({ b: 2 });
  });

  it('answers 400 for a patch that is not an object, and treats null as no change', () => {
    const error = failure(() => applyStrategicMergePatch({}, [1], DEPLOYMENT));
    expect(error.status).toBe(400);
    expect(error.message).toBe('json: cannot unmarshal array into Go value of type map[string]interface {}');
    expect(applyStrategicMergePatch({ a: 1 }, null, DEPLOYMENT)).toEqual({ a: 1 });
  });

  it.each<[string, unknown, number, string]>([
    ['$retainKeys that is not a list', { spec: { strategy: { $retainKeys: 'type' } } }, 400, 'invalid patch format of retainKeys'],
    ['a patch that contradicts its $retainKeys', { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: { maxSurge: 3 } } } }, 400, 'invalid patch format of retainKeys'],
    ['$setElementOrder that is not a list', podSpecPatch({ '$setElementOrder/containers': 'x' }), 400, 'invalid patch: $setElementOrder/containers: expected a []interface {}, but received a string'],
    ['a list item without its merge key', podSpecPatch({ containers: [{ image: 'x' }] }), 500, 'map: map[image:x] does not contain declared merge key: name'],
    ['an unknown $patch in a list item', podSpecPatch({ containers: [{ name: 'app', $patch: 'bogus' }] }), 500, 'unknown patch type: bogus in map: map[$patch:bogus name:app]'],
    ['$patch: merge in a list', podSpecPatch({ containers: [{ name: 'app', $patch: 'merge' }] }), 500, 'merging lists cannot yet be specified in the patch'],
    [
      'a $setElementOrder that misses a patched item',
      podSpecPatch({ '$setElementOrder/containers': [{ name: 'app' }], containers: [{ name: 'new', image: 'n' }] }),
      500,
      "The order in patch list:\n[map[image:n name:new]]\n doesn't match $setElementOrder list:\n[map[name:app]]\n",
    ],
    ['mixed element types', { metadata: { finalizers: [{ x: 1 }] } }, 500, 'list element types are not identical: [[a.example.com/x] [map[x:1]]]'],
  ])('fails like kube-apiserver (and kubectl 1.32) for %s', (_name, patch, status, message) => {
    const error = failure(() => applyStrategicMergePatch(deployment(), patch, DEPLOYMENT));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.reason).toBe(status === 400 ? 'BadRequest' : '');
  });

  // Which lists merge, checked one by one against `kubectl patch --local` (kubectl 1.32): a second
  // item patched into a one-item list is merged in (merge) or replaces it (atomic).
  it.each<[string, string[], 'merge' | 'atomic']>([
    ['v1/Pod', ['spec', 'containers'], 'merge'],
    ['v1/Pod', ['spec', 'initContainers'], 'merge'],
    ['v1/Pod', ['spec', 'ephemeralContainers'], 'merge'],
    ['v1/Pod', ['spec', 'volumes'], 'merge'],
    ['v1/Pod', ['spec', 'imagePullSecrets'], 'merge'],
    ['v1/Pod', ['spec', 'hostAliases'], 'merge'],
    ['v1/Pod', ['spec', 'topologySpreadConstraints'], 'merge'],
    ['v1/Pod', ['spec', 'tolerations'], 'atomic'],
    ['v1/Pod', ['spec', 'readinessGates'], 'atomic'],
    ['v1/Pod', ['status', 'conditions'], 'merge'],
    ['v1/Pod', ['status', 'podIPs'], 'merge'],
    ['v1/Pod', ['status', 'containerStatuses'], 'atomic'],
    ['v1/Pod', ['metadata', 'ownerReferences'], 'merge'],
    ['v1/Service', ['spec', 'ports'], 'merge'],
    ['v1/ServiceAccount', ['secrets'], 'merge'],
    ['v1/ServiceAccount', ['imagePullSecrets'], 'atomic'],
    ['v1/Namespace', ['status', 'conditions'], 'merge'],
    ['apps/v1/Deployment', ['spec', 'template', 'spec', 'containers'], 'merge'],
    ['apps/v1/StatefulSet', ['status', 'conditions'], 'merge'],
    ['batch/v1/Job', ['status', 'conditions'], 'merge'],
    ['batch/v1/CronJob', ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers'], 'merge'],
    ['admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration', ['webhooks'], 'merge'],
    ['admissionregistration.k8s.io/v1/MutatingWebhookConfiguration', ['webhooks'], 'merge'],
    // No patchStrategy tag on CRD conditions (they are a map list for server-side apply only).
    ['apiextensions.k8s.io/v1/CustomResourceDefinition', ['status', 'conditions'], 'atomic'],
  ])('%s %j is %s', (apiVersionKind, path, expected) => {
    const slash = apiVersionKind.lastIndexOf('/');
    const apiVersion = apiVersionKind.slice(0, slash);
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const item = (id: string) => ({ name: id, uid: id, type: id, ip: id, port: id, topologyKey: id, conditionType: id, key: id });
    const nest = (leaf: unknown) => path.reduceRight<unknown>((inner, field) => ({ [field]: inner }), leaf);
    const result = applyStrategicMergePatch(nest([item('a')]), nest([item('b')]), { group: group ?? '', version: version ?? '', kind: apiVersionKind.slice(slash + 1) });
    const list = path.reduce<any>((node, field) => node[field], result);
    expect(list).toHaveLength(expected === 'merge' ? 2 : 1);
  });

  it.each(['resizePolicy', 'envFrom', 'args'])('replaces the container list %s (no merge key)', (field) => {
    const pod = { spec: { containers: [{ name: 'c', [field]: [{ resourceName: 'cpu' }] }] } };
    const result = applyStrategicMergePatch(pod, { spec: { containers: [{ name: 'c', [field]: [{ resourceName: 'memory' }] }] } }, POD) as any;
    expect(result.spec.containers[0][field]).toEqual([{ resourceName: 'memory' }]);
  });

  it('never mutates the target or the patch', () => {
    const target = deployment();
    const patch = podSpecPatch({ containers: [{ name: 'sidecar', $patch: 'delete' }, { name: 'app', env: [{ name: 'A', value: 'x' }] }] });
    const snapshots = [jsonClone(target), jsonClone(patch)];
    const result = applyStrategicMergePatch(target, patch, DEPLOYMENT) as any;
    result.spec.template.spec.containers[0].env[0].value = 'mutated';
    expect([target, patch]).toEqual(snapshots);
  });

  it('equals a merge patch when neither side has lists or directives (property)', () => {
    const key = fc.string().filter((k) => !k.startsWith('$'));
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const { tree } = fc.letrec((tie) => ({ tree: fc.oneof({ depthSize: 'small' }, scalar, fc.dictionary(key, tie('tree'))) }));
    fc.assert(
      fc.property(fc.dictionary(key, tree), fc.dictionary(key, tree), (target, patch) => {
        expect(applyStrategicMergePatch(target, patch, WIDGET)).toEqual(applyMergePatch(target, patch));
      }),
    );
  });

  it('is idempotent on merge-keyed lists: applying a container patch twice equals once (property)', () => {
    const name = fc.constantFrom('a', 'b', 'c', 'd');
    const containerList = fc.uniqueArray(fc.record({ name, image: fc.constantFrom('x:1', 'x:2') }), { selector: (c) => c.name });
    fc.assert(
      fc.property(containerList, containerList, (live, patch) => {
        const target = { spec: { containers: live } };
        const once = applyStrategicMergePatch(target, { spec: { containers: patch } }, POD);
        expect(applyStrategicMergePatch(once, { spec: { containers: patch } }, POD)).toEqual(once);
        const names = (once as any).spec.containers.map((c: any) => c.name) as string[];
        expect(new Set(names)).toEqual(new Set([...live, ...patch].map((c) => c.name)));
      }),
    );
  });
});
