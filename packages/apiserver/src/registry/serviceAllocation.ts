// What kube-apiserver's service REST storage allocates: a cluster IP (from 10.96.0.0/12) for every
// non-headless, non-ExternalName Service, node ports (30000–32767) for NodePort and LoadBalancer ports,
// and the single-stack IPv4 family fields. Nothing routes traffic here, but operators read and diff
// these fields, and an update that omits them keeps the allocated values, as on a cluster.
import type { KubeObject } from '../resources/types.js';
import type { ObjectStore } from '../storage/index.js';

const FIRST_IP = (10 << 24) | (96 << 16) | 1; // 10.96.0.1 (the first is kube's own `kubernetes` service)
const IP_COUNT = 1 << 20; // a /12
const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

function ipText(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function usedIps(store: ObjectStore): Set<string> {
  const used = new Set<string>();
  for (const svc of store.list('/services')) if (typeof svc.spec?.clusterIP === 'string') used.add(svc.spec.clusterIP);
  return used;
}

function usedNodePorts(store: ObjectStore): Set<number> {
  const used = new Set<number>();
  for (const svc of store.list('/services')) for (const p of (svc.spec?.ports ?? []) as Record<string, any>[]) if (typeof p.nodePort === 'number') used.add(p.nodePort);
  return used;
}

/**
 * Fills the allocated fields of a Service being created.
 *
 * @example
 * allocateService(store, { spec: { ports: [{ port: 80 }] } }).spec.clusterIP; // '10.96.0.2'
 */
export function allocateService(store: ObjectStore, svc: KubeObject): KubeObject {
  const spec: Record<string, any> = { ...(svc.spec ?? {}) };
  const type = spec.type ?? 'ClusterIP';
  if (type !== 'ExternalName') {
    if (spec.clusterIP === undefined || spec.clusterIP === '') {
      const used = usedIps(store);
      for (let i = 1; i < IP_COUNT; i++) {
        const ip = ipText(FIRST_IP + i);
        if (!used.has(ip)) {
          spec.clusterIP = ip;
          break;
        }
      }
    }
    spec.clusterIPs ??= [spec.clusterIP];
    spec.ipFamilies ??= ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
    spec.internalTrafficPolicy ??= 'Cluster';
  }
  if ((type === 'NodePort' || type === 'LoadBalancer') && Array.isArray(spec.ports)) {
    const used = usedNodePorts(store);
    let next = NODE_PORT_MIN;
    spec.ports = spec.ports.map((p: Record<string, any>) => {
      if (typeof p.nodePort === 'number' && p.nodePort !== 0) return p;
      while (used.has(next) && next <= NODE_PORT_MAX) next++;
      used.add(next);
      return { ...p, nodePort: next };
    });
    spec.externalTrafficPolicy ??= 'Cluster';
  }
  return { ...svc, spec };
}

/** Keeps the allocated values of `old` that an update omits (clusterIP(s), node ports by port). */
export function keepAllocated(old: KubeObject, next: KubeObject): KubeObject {
  if (!next.spec || !old.spec) return next;
  const spec: Record<string, any> = { ...next.spec };
  for (const key of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy'] as const) {
    if ((spec[key] === undefined || spec[key] === '') && old.spec[key] !== undefined && (spec.type ?? 'ClusterIP') === (old.spec.type ?? 'ClusterIP')) spec[key] = old.spec[key];
  }
  if (Array.isArray(spec.ports) && Array.isArray(old.spec.ports)) {
    spec.ports = spec.ports.map((p: Record<string, any>) => {
      if (p.nodePort !== undefined) return p;
      const match = (old.spec?.ports as Record<string, any>[]).find((o) => (p.name !== undefined && o.name === p.name) || (p.name === undefined && o.port === p.port));
      return match?.nodePort !== undefined ? { ...p, nodePort: match.nodePort } : p;
    });
  }
  return { ...next, spec };
}
