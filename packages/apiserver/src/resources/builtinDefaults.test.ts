// Unit tests of the built-in defaults: image pull policies, pod spec defaults (probes, env field refs,
// volumes), idempotence.
import { describe, expect, it } from 'vitest';
import { BUILTIN_DEFAULTS, podSpecDefaults } from './builtinDefaults.js';

describe('built-in defaults', () => {
  it('picks imagePullPolicy like kube: Always for :latest or no tag, IfNotPresent otherwise', () => {
    const spec = podSpecDefaults({ containers: ['nginx', 'nginx:latest', 'nginx:1.27', 'reg:5000/app', 'app@sha256:abc'].map((image, i) => ({ name: `c${i}`, image })) }) as any;
    expect(spec.containers.map((c: any) => c.imagePullPolicy)).toEqual(['Always', 'Always', 'IfNotPresent', 'Always', 'IfNotPresent']);
  });

  it('keeps what was set and is idempotent', () => {
    const deployment = { spec: { replicas: 0, strategy: { type: 'Recreate' }, template: { spec: { restartPolicy: 'Never', containers: [] } } } };
    const once = BUILTIN_DEFAULTS.Deployment?.(deployment);
    expect(once?.spec.replicas).toBe(0);
    expect(once?.spec.strategy).toEqual({ type: 'Recreate' });
    expect(once?.spec.template.spec.restartPolicy).toBe('Never');
    expect(BUILTIN_DEFAULTS.Deployment?.(once ?? {})).toEqual(once);
  });

  it('does not default a Job pod template restartPolicy', () => {
    const job = BUILTIN_DEFAULTS.Job?.({ spec: { template: { spec: { containers: [] } } } });
    expect(job?.spec.template.spec.restartPolicy).toBeUndefined();
    expect(job?.spec.backoffLimit).toBe(6);
  });

  it('defaults probes, httpGet actions, env field references and volumes as pkg/apis/core/v1/defaults.go', () => {
    const spec = podSpecDefaults({
      containers: [{
        name: 'c', image: 'app:1',
        livenessProbe: { httpGet: { port: 8080 } },
        readinessProbe: { exec: { command: ['true'] }, periodSeconds: 5 },
        lifecycle: { preStop: { httpGet: { path: '/stop', port: 80 } } },
        env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }, { name: 'X', value: 'y' }],
      }],
      volumes: [{ name: 'scratch' }, { name: 'cm', configMap: { name: 'c' } }, { name: 's', secret: { secretName: 's', defaultMode: 256 } },
        { name: 'p', projected: { sources: [{ downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } }] } }],
    }) as any;
    const c = spec.containers[0];
    expect(c.livenessProbe).toEqual({ httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(c.readinessProbe).toEqual({ exec: { command: ['true'] }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 });
    expect(c.lifecycle.preStop.httpGet).toEqual({ path: '/stop', port: 80, scheme: 'HTTP' });
    expect(c.env).toEqual([{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } } }, { name: 'X', value: 'y' }]);
    expect(spec.volumes).toEqual([
      { name: 'scratch', emptyDir: {} },
      { name: 'cm', configMap: { name: 'c', defaultMode: 420 } },
      { name: 's', secret: { secretName: 's', defaultMode: 256 } },
      { name: 'p', projected: { defaultMode: 420, sources: [{ downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } }] } }] } },
    ]);
    expect(podSpecDefaults(spec)).toEqual(spec);
  });
});
