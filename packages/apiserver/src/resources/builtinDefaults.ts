// The defaults kube-apiserver fills into the built-in workload kinds on every write. Nothing runs pods
// here, but operators diff desired against live objects: without these defaults an operator that
// hot-loops on a real cluster (because the live Deployment carries `strategy`, `imagePullPolicy` …)
// would look fine against the embedded server — which exists to catch exactly that early.
import type { KubeObject } from './types.js';

type Obj = Record<string, any>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function withDefaults(target: Obj | undefined, defaults: Obj): Obj {
  const out: Obj = { ...(target ?? {}) };
  for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

function imagePullPolicy(image: unknown): string {
  if (typeof image !== 'string') return 'IfNotPresent';
  const withoutDigest = image.split('@')[0] ?? image;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  if (image.includes('@')) return 'IfNotPresent';
  if (colon < 0) return 'Always';
  return withoutDigest.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function httpGet(action: unknown): unknown {
  return isObj(action) ? withDefaults(action, { path: '/', scheme: 'HTTP' }) : action;
}

/** A probe: kube's timings, and an httpGet's path and scheme. */
function probe(p: unknown): unknown {
  if (!isObj(p)) return p;
  const out = withDefaults(p, { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  if (out.httpGet !== undefined) out.httpGet = httpGet(out.httpGet);
  return out;
}

function fieldRef(ref: unknown): unknown {
  return isObj(ref) ? withDefaults(ref, { apiVersion: 'v1' }) : ref;
}

function container(c: unknown): unknown {
  if (!isObj(c)) return c;
  const out = withDefaults(c, {
    imagePullPolicy: imagePullPolicy(c.image),
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    resources: {},
  });
  if (Array.isArray(out.ports)) out.ports = out.ports.map((p: unknown) => (isObj(p) ? withDefaults(p, { protocol: 'TCP' }) : p));
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) if (out[key] !== undefined) out[key] = probe(out[key]);
  if (isObj(out.lifecycle)) {
    const lifecycle: Obj = { ...out.lifecycle };
    for (const key of ['postStart', 'preStop']) if (isObj(lifecycle[key]) && lifecycle[key].httpGet !== undefined) lifecycle[key] = { ...lifecycle[key], httpGet: httpGet(lifecycle[key].httpGet) };
    out.lifecycle = lifecycle;
  }
  if (Array.isArray(out.env)) {
    out.env = out.env.map((e: unknown) => (isObj(e) && isObj(e.valueFrom) && e.valueFrom.fieldRef !== undefined ? { ...e, valueFrom: { ...e.valueFrom, fieldRef: fieldRef(e.valueFrom.fieldRef) } } : e));
  }
  return out;
}

/** Downward API items name their fields with an apiVersion (default v1). */
function downwardItems(items: unknown): unknown {
  return Array.isArray(items) ? items.map((i: unknown) => (isObj(i) && i.fieldRef !== undefined ? { ...i, fieldRef: fieldRef(i.fieldRef) } : i)) : items;
}

const VOLUME_SOURCES = ['hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs', 'persistentVolumeClaim', 'rbd',
  'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected',
  'portworxVolume', 'scaleIO', 'storageos', 'csi', 'ephemeral', 'image'];
const DEFAULT_MODE = 0o644; // 420: what kube gives configMap, secret, downwardAPI and projected volumes

/** A pod volume: `emptyDir: {}` when it names no source; file modes of the projected kinds. */
function volume(v: unknown): unknown {
  if (!isObj(v)) return v;
  if (!VOLUME_SOURCES.some((key) => v[key] !== undefined && v[key] !== null)) return { ...v, emptyDir: {} };
  const out: Obj = { ...v };
  for (const key of ['configMap', 'secret']) if (isObj(out[key])) out[key] = withDefaults(out[key], { defaultMode: DEFAULT_MODE });
  if (isObj(out.downwardAPI)) out.downwardAPI = { ...withDefaults(out.downwardAPI, { defaultMode: DEFAULT_MODE }), ...(out.downwardAPI.items !== undefined ? { items: downwardItems(out.downwardAPI.items) } : {}) };
  if (isObj(out.projected)) {
    const projected = withDefaults(out.projected, { defaultMode: DEFAULT_MODE });
    if (Array.isArray(projected.sources)) {
      projected.sources = projected.sources.map((src: unknown) => (isObj(src) && isObj(src.downwardAPI) && src.downwardAPI.items !== undefined ? { ...src, downwardAPI: { ...src.downwardAPI, items: downwardItems(src.downwardAPI.items) } } : src));
    }
    out.projected = projected;
  }
  return out;
}

/**
 * PodSpec defaults (pkg/apis/core/v1/defaults.go); `restartPolicy` null leaves it alone (Jobs).
 *
 * @example
 * podSpecDefaults({ containers: [{ name: 'a', image: 'nginx' }] }).dnsPolicy; // 'ClusterFirst'
 */
export function podSpecDefaults(spec: unknown, restartPolicy: string | null = 'Always'): unknown {
  if (!isObj(spec)) return spec;
  const out = withDefaults(spec, {
    ...(restartPolicy ? { restartPolicy } : {}),
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    securityContext: {},
    schedulerName: 'default-scheduler',
  });
  if (Array.isArray(out.containers)) out.containers = out.containers.map(container);
  if (Array.isArray(out.initContainers)) out.initContainers = out.initContainers.map(container);
  if (Array.isArray(out.volumes)) out.volumes = out.volumes.map(volume);
  return out;
}

function template(t: unknown, restartPolicy?: string): unknown {
  // '' means: do not default the restartPolicy.
  if (!isObj(t)) return t;
  return { ...t, spec: podSpecDefaults(t.spec, restartPolicy === '' ? null : (restartPolicy ?? 'Always')) };
}

function withSpec(obj: KubeObject, f: (spec: Obj) => Obj): KubeObject {
  return isObj(obj.spec) ? { ...obj, spec: f(obj.spec) } : obj;
}

/** Defaults per built-in kind, applied to the served object of every create and update. */
export const BUILTIN_DEFAULTS: Record<string, (obj: KubeObject) => KubeObject> = {
  Pod: (obj) => (isObj(obj.spec) ? { ...obj, spec: podSpecDefaults(obj.spec) } : obj),
  Deployment: (obj) =>
    withSpec(obj, (spec) => {
      const strategy = withDefaults(spec.strategy, { type: 'RollingUpdate' });
      if (strategy.type === 'RollingUpdate') strategy.rollingUpdate = withDefaults(strategy.rollingUpdate, { maxUnavailable: '25%', maxSurge: '25%' });
      return { ...withDefaults(spec, { replicas: 1, revisionHistoryLimit: 10, progressDeadlineSeconds: 600 }), strategy, template: template(spec.template) };
    }),
  ReplicaSet: (obj) => withSpec(obj, (spec) => ({ ...withDefaults(spec, { replicas: 1 }), template: template(spec.template) })),
  StatefulSet: (obj) =>
    withSpec(obj, (spec) => {
      const updateStrategy = withDefaults(spec.updateStrategy, { type: 'RollingUpdate' });
      if (updateStrategy.type === 'RollingUpdate') updateStrategy.rollingUpdate = withDefaults(updateStrategy.rollingUpdate, { partition: 0 });
      return { ...withDefaults(spec, { replicas: 1, podManagementPolicy: 'OrderedReady', revisionHistoryLimit: 10 }), updateStrategy, template: template(spec.template) };
    }),
  DaemonSet: (obj) =>
    withSpec(obj, (spec) => {
      const updateStrategy = withDefaults(spec.updateStrategy, { type: 'RollingUpdate' });
      if (updateStrategy.type === 'RollingUpdate') updateStrategy.rollingUpdate = withDefaults(updateStrategy.rollingUpdate, { maxUnavailable: 1, maxSurge: 0 });
      return { ...withDefaults(spec, { revisionHistoryLimit: 10 }), updateStrategy, template: template(spec.template) };
    }),
  Job: (obj) =>
    withSpec(obj, (spec) => ({
      ...withDefaults(spec, { completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false }),
      // Jobs must name their restartPolicy (OnFailure or Never); it is not defaulted here.
      template: template(spec.template, ''),
    })),
  CronJob: (obj) =>
    withSpec(obj, (spec) => ({
      ...withDefaults(spec, { concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 }),
      ...(isObj(spec.jobTemplate) && isObj(spec.jobTemplate.spec)
        ? { jobTemplate: { ...spec.jobTemplate, spec: { ...withDefaults(spec.jobTemplate.spec, { backoffLimit: 6, completionMode: 'NonIndexed', suspend: false }), template: template(spec.jobTemplate.spec.template, '') } } }
        : {}),
    })),
  // stringData is write-only: kube merges it into data (base64) and never stores it.
  Secret: (obj) => {
    if (!isObj(obj.stringData)) return withDefaults(obj, { type: 'Opaque' });
    const data: Obj = { ...(isObj(obj.data) ? obj.data : {}) };
    for (const [k, v] of Object.entries(obj.stringData)) data[k] = Buffer.from(String(v), 'utf8').toString('base64');
    const out: Obj = { ...obj, data };
    delete out.stringData;
    return withDefaults(out, { type: 'Opaque' });
  },
  Service: (obj) =>
    withSpec(obj, (spec) => {
      const out = withDefaults(spec, { type: 'ClusterIP', sessionAffinity: 'None' });
      if (Array.isArray(out.ports)) out.ports = out.ports.map((p: unknown) => (isObj(p) ? withDefaults(p, { protocol: 'TCP', targetPort: p.port }) : p));
      return out;
    }),
};
