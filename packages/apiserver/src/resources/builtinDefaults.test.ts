// Unit tests of the built-in defaults: image pull policies, pod spec defaults, idempotence.
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
});
