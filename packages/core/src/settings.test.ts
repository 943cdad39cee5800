import { describe, expect, it } from 'vitest';
import { OperatorError } from './errors.js';
import { resolveSettings, toWatchSettings } from './settings.js';

describe('resolveSettings', () => {
  it('fills every default', () => {
    const settings = resolveSettings();
    expect(settings.persistence).toMatchObject({ profile: 'opkit', consistencyTimeout: 5 });
    expect(settings.execution).toEqual({ lifecycle: 'asap', defaultBackoff: 60, maxSleep: 600 });
    expect(settings.queueing.errorDelays).toEqual([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610]);
    expect(settings.queueing).toMatchObject({ workerLimit: 64, exitTimeout: 2 });
    expect(settings.watching).toEqual({ inactivityTimeout: 70, serverTimeout: 300, bookmarkInterval: 0, reconnectBackoff: 0.1, pageSize: 500, watchList: true });
    expect(settings.posting).toMatchObject({ enabled: true, loggers: true, level: 'info', component: 'opkit' });
    expect(settings.background).toEqual({ cancellationPolling: 60 });
    expect(settings.process.gracePeriod).toBe(5);
    expect(settings.peering).toEqual({
      standalone: false, name: 'default', mandatory: false, priority: 0, lifetime: 60, stealth: false, identity: undefined,
      leaderElection: false, sharding: false, leaseName: undefined, leaseNamespace: undefined, leaseDuration: 15, renewDeadline: 10, retryPeriod: 2,
    });
  });

  it('keeps what is given', () => {
    const settings = resolveSettings({ persistence: { profile: 'kopf' }, execution: { lifecycle: 'all-at-once', defaultBackoff: 1 }, queueing: { workerLimit: 4 } });
    expect(settings.persistence.profile).toBe('kopf');
    expect(settings.execution).toMatchObject({ lifecycle: 'all-at-once', defaultBackoff: 1 });
    expect(settings.queueing.workerLimit).toBe(4);
  });

  it.each([
    [{ persistence: { profile: 'etcd' } }, "settings.persistence.profile must be one of 'opkit', 'kopf'; got \"etcd\"."],
    [{ execution: { defaultBackoff: -1 } }, 'settings.execution.defaultBackoff must be a number >= 0 (seconds); got -1.'],
    [{ queueing: { workerLimit: 0 } }, 'settings.queueing.workerLimit must be a whole number >= 1; got 0.'],
    [{ queueing: { errorDelays: [] } }, 'settings.queueing.errorDelays must be a non-empty list of seconds.'],
    [{ watching: { pageSize: 1.5 } }, 'settings.watching.pageSize must be a whole number >= 1; got 1.5.'],
    [{ background: { cancellationPolling: 0 } }, 'settings.background.cancellationPolling must be a number >= 0.001 (seconds); got 0.'],
    [{ peering: { priority: 1.5 } }, 'settings.peering.priority must be a whole number; got 1.5.'],
    [{ peering: { leaderElection: true, sharding: true } }, 'settings.peering.leaderElection and settings.peering.sharding exclude each other: one active replica, or several with a share each.'],
    [{ peering: { leaseDuration: 10, renewDeadline: 10 } }, 'settings.peering needs leaseDuration > renewDeadline > retryPeriod (a holder must stop before others may take over); got 10 > 10 > 2.'],
    [{ peering: { name: '' } }, 'settings.peering.name must be a non-empty string; got "".'],
    [{ peers: {} }, "Unknown settings group 'peers': expected persistence, execution, queueing, watching, posting, background, process, peering or admission."],
  ])('rejects %j', (input, message) => {
    expect(() => resolveSettings(input as never)).toThrow(new OperatorError('invalid-settings', message));
  });

  it('converts the watching group to milliseconds for @opkit/watching', () => {
    expect(toWatchSettings(resolveSettings({ watching: { inactivityTimeout: 1.5 } }).watching)).toEqual({
      inactivityTimeoutMs: 1500, serverTimeoutSeconds: 300, bookmarkIntervalMs: 0, backoffStartMs: 100, pageSize: 500, watchList: true,
    });
    expect(toWatchSettings(resolveSettings({ watching: { bookmarkInterval: 5 } }).watching).bookmarkIntervalMs).toBe(5000);
  });
});

describe('settings.admission', () => {
  it('defaults to no server, no managed configurations and 30 s', () => {
    expect(resolveSettings().admission).toEqual({ server: undefined, managed: undefined, timeoutSeconds: 30 });
  });

  it('names the bad field and what was expected', () => {
    expect(() => resolveSettings({ admission: { server: { preset: 'k8s' as 'kind' } } })).toThrow("settings.admission.server.preset must be one of 'loopback', 'k3d', 'minikube', 'docker-desktop', 'kind'; got \"k8s\".");
    expect(() => resolveSettings({ admission: { server: { url: 'http://x' } } })).toThrow('settings.admission.server.url must be an https:// URL');
    expect(() => resolveSettings({ admission: { server: { certManager: { certificate: 'c' } } } })).toThrow("settings.admission.server.certManager needs a service and the Certificate's name");
    expect(() => resolveSettings({ admission: { server: { hots: 'x' } as never } })).toThrow('Unknown setting settings.admission.server.hots');
    expect(() => resolveSettings({ admission: { timeoutSeconds: 31 } })).toThrow('settings.admission.timeoutSeconds must be a whole number of seconds from 1 to 30');
  });
});
