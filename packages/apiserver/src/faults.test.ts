// Unit tests for the fault spec parser and the FaultInjector (fake timers for the periodic faults).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaultInjector, isFaultablePath, parseFaultSpec, validateFaultSpec } from './faults.js';

describe('parseFaultSpec', () => {
  it('parses every key with duration suffixes', () => {
    expect(parseFaultSpec('watch-drop=2s,error-rate=0.05,error-code=503,retry-after=1,latency=5ms,compact-every=10s,stall-watches=true')).toEqual({
      watchDropMs: 2000,
      errorRate: 0.05,
      errorCode: 503,
      retryAfterSeconds: 1,
      latencyMs: 5,
      compactEveryMs: 10_000,
      stallWatches: true,
    });
  });

  it('accepts minutes, bare milliseconds, blanks and an empty text', () => {
    expect(parseFaultSpec(' watch-drop = 1m , latency=250 ,')).toEqual({ watchDropMs: 60_000, latencyMs: 250 });
    expect(parseFaultSpec('')).toEqual({});
    expect(parseFaultSpec('stall-watches=false')).toEqual({ stallWatches: false });
  });

  it('names the bad item and lists the accepted keys', () => {
    expect(() => parseFaultSpec('latency=5ms,drop=2s')).toThrow(/"drop=2s".*unknown key "drop".*accepted: watch-drop=/);
    expect(() => parseFaultSpec('error-rate=1.5')).toThrow(/"error-rate=1.5".*bad value "1.5"/);
    expect(() => parseFaultSpec('error-code=404')).toThrow(/"error-code=404"/);
    expect(() => parseFaultSpec('latency=fast')).toThrow(/"latency=fast"/);
    expect(() => parseFaultSpec('stall-watches=yes')).toThrow(/"stall-watches=yes"/);
    expect(() => parseFaultSpec('latency')).toThrow(/"latency": expected key=value/);
  });

  it('throws an error whose code is InvalidFaultSpec', () => {
    let caught: unknown;
    try {
      parseFaultSpec('nope=1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'InvalidFaultSpec' });
  });
});

describe('validateFaultSpec', () => {
  it('rejects out-of-range object fields', () => {
    expect(() => validateFaultSpec({ errorRate: 2 })).toThrow(/errorRate=2/);
    expect(() => validateFaultSpec({ latencyMs: -1 })).toThrow(/latencyMs/);
    expect(() => validateFaultSpec({ errorCode: 404 as 503 })).toThrow(/429, 500 or 503/);
    expect(() => validateFaultSpec({ errorRate: 0.5, latencyMs: 3, stallWatches: true })).not.toThrow();
  });
});

describe('isFaultablePath', () => {
  it('covers API paths only', () => {
    expect(isFaultablePath('/api/v1/namespaces')).toBe(true);
    expect(isFaultablePath('/apis')).toBe(true);
    expect(isFaultablePath('/healthz')).toBe(false);
    expect(isFaultablePath('/metrics')).toBe(false);
    expect(isFaultablePath('/apiserver')).toBe(false);
  });
});

describe('FaultInjector', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = { path: '/api/v1/namespaces/default/configmaps', verb: 'GET' };

  it('serves normally when no fault is set', () => {
    const faults = new FaultInjector();
    expect(faults.requestFault(get)).toBeUndefined();
    expect(faults.latencyMs()).toBe(0);
    expect(faults.stallWatches).toBe(false);
  });

  it('consumes failNext failures in order before the error rate, on API paths only', () => {
    const faults = new FaultInjector({ random: () => 0 });
    faults.failNext(1, 401);
    faults.failNext(2, 429, { retryAfterSeconds: 7 });
    faults.failNext(1, 503);
    expect(faults.requestFault({ path: '/healthz', verb: 'GET' })).toBeUndefined();
    expect(faults.requestFault(get)).toEqual({ code: 401 });
    expect(faults.requestFault(get)).toEqual({ code: 429, retryAfterSeconds: 7 });
    expect(faults.requestFault(get)).toEqual({ code: 429, retryAfterSeconds: 7 });
    expect(faults.requestFault(get)).toEqual({ code: 503, retryAfterSeconds: 1 });
    expect(faults.requestFault(get)).toBeUndefined();
  });

  it('fails the configured share of requests with the configured code', () => {
    const draws = [0.01, 0.5, 0.19, 0.2];
    const faults = new FaultInjector({ spec: 'error-rate=0.2,error-code=429,retry-after=3', random: () => draws.shift() ?? 1 });
    expect(faults.requestFault(get)).toEqual({ code: 429, retryAfterSeconds: 3 });
    expect(faults.requestFault(get)).toBeUndefined();
    expect(faults.requestFault(get)).toEqual({ code: 429, retryAfterSeconds: 3 });
    expect(faults.requestFault(get)).toBeUndefined();
    faults.set({ errorCode: 500 });
    expect(new FaultInjector({ spec: { errorRate: 1, errorCode: 500 } }).requestFault(get)).toEqual({ code: 500 });
    expect(new FaultInjector({ spec: { errorRate: 1 } }).requestFault(get)).toEqual({ code: 503, retryAfterSeconds: 1 });
  });

  it('merges set(), removes fields set to undefined and clear() resets everything', () => {
    const faults = new FaultInjector({ spec: { latencyMs: 5 } });
    faults.set({ stallWatches: true });
    expect(faults.current()).toEqual({ latencyMs: 5, stallWatches: true });
    expect(faults.latencyMs()).toBe(5);
    expect(faults.stallWatches).toBe(true);
    faults.set({ latencyMs: undefined });
    expect(faults.current()).toEqual({ stallWatches: true });
    faults.failNext(3, 500);
    faults.clear();
    expect(faults.current()).toEqual({});
    expect(faults.requestFault(get)).toBeUndefined();
    expect(() => faults.set({ errorRate: -0.1 })).toThrow(/errorRate/);
    expect(() => faults.failNext(-1, 500)).toThrow(/non-negative integer/);
  });

  it('drops watches and compacts on their intervals, restarting when set() changes them', () => {
    vi.useFakeTimers();
    const faults = new FaultInjector({ spec: { watchDropMs: 100, compactEveryMs: 250 } });
    const hooks = { dropWatches: vi.fn(), compact: vi.fn() };
    vi.advanceTimersByTime(1000);
    expect(hooks.dropWatches).not.toHaveBeenCalled(); // not started yet
    faults.start(hooks);
    vi.advanceTimersByTime(500);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(5);
    expect(hooks.compact).toHaveBeenCalledTimes(2);
    faults.set({ watchDropMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(1);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(6);
    expect(hooks.compact).toHaveBeenCalledTimes(6); // 750, 1000, 1250, 1500: its phase was kept
    faults.set({ compactEveryMs: undefined });
    vi.advanceTimersByTime(5000);
    expect(hooks.compact).toHaveBeenCalledTimes(6); // none after it was removed
  });

  it('stop() and clear() end the timers', () => {
    vi.useFakeTimers();
    const hooks = { dropWatches: vi.fn(), compact: vi.fn() };
    const faults = new FaultInjector({ spec: 'watch-drop=10ms,compact-every=10ms' });
    faults.start(hooks);
    vi.advanceTimersByTime(10);
    faults.stop();
    vi.advanceTimersByTime(100);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(1);
    faults.start(hooks);
    faults.clear();
    vi.advanceTimersByTime(100);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(1);
    expect(hooks.compact).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers targeted rules by verb, resource, user, count and rate, and counts each code', () => {
    const draws = [0.7, 0.2];
    const faults = new FaultInjector({ random: () => draws.shift() ?? 1 });
    const patchStatus = { path: '/apis/kopf.dev/v1/namespaces/default/kopfexamples/x/status', verb: 'PATCH', kubeVerb: 'patch', resource: 'kopfexamples', subresource: 'status', user: 'op' };
    const watch = { path: '/apis/kopf.dev/v1/kopfexamples', verb: 'GET', kubeVerb: 'watch', resource: 'kopfexamples', user: 'op' };
    faults.addRule({ code: 503, verbs: ['patch'], resources: ['kopfexamples/status'], users: ['op'], count: 2 });
    faults.addRule({ code: 410, verbs: ['watch'], exceptUsers: ['admin'], rate: 0.5, count: 1 });
    expect(faults.requestFault({ ...patchStatus, user: 'admin' })).toBeUndefined(); // not its user
    expect(faults.requestFault({ ...patchStatus, subresource: undefined })).toBeUndefined(); // not its resource
    expect(faults.requestFault(patchStatus)).toEqual({ code: 503, retryAfterSeconds: 1 });
    expect(faults.requestFault(patchStatus)).toEqual({ code: 503, retryAfterSeconds: 1 });
    expect(faults.requestFault(patchStatus)).toBeUndefined(); // spent
    expect(faults.requestFault({ ...watch, user: 'admin' })).toBeUndefined();
    expect(faults.requestFault(watch)).toBeUndefined(); // drawn 0.7 >= 0.5
    expect(faults.requestFault(watch)).toEqual({ code: 410 }); // drawn 0.2
    expect(faults.requestFault(watch)).toBeUndefined(); // spent
    expect(faults.counts()).toMatchObject({ failed: 3, byCode: { 410: 1, 503: 2 } });
    faults.addRule({ code: 500, resources: ['kopfexamples'] });
    expect(faults.requestFault(patchStatus)).toEqual({ code: 500 }); // a bare plural covers its subresources
    expect(faults.requestFault({ path: '/apis', verb: 'GET', kubeVerb: 'get', resource: '' })).toBeUndefined(); // discovery has no resource
    faults.clear();
    expect(faults.requestFault(patchStatus)).toBeUndefined();
    expect(() => faults.addRule({ code: 404 as never })).toThrow(/code=404/);
    expect(() => faults.addRule({ code: 503, rate: 2 })).toThrow(/rate=2/);
    expect(() => faults.addRule({ code: 503, verbs: 'patch' as never })).toThrow(/verbs/);
  });

  it('runs the periodic faults on given timers (a fake clock) instead of real ones', () => {
    const due: { at: number; fn: () => void }[] = [];
    let now = 0;
    const timers = { setTimeout: (fn: () => void, ms: number) => { const t = { at: now + ms, fn }; due.push(t); return t; }, clearTimeout: (t: unknown) => { due.splice(due.indexOf(t as never), 1); } };
    const advance = (ms: number): void => {
      const until = now + ms;
      for (;;) {
        const next = due.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        due.splice(due.indexOf(next), 1);
        now = next.at;
        next.fn();
      }
      now = until;
    };
    const hooks = { dropWatches: vi.fn(), compact: vi.fn() };
    const faults = new FaultInjector({ spec: { watchDropMs: 60_000 }, timers });
    faults.start(hooks);
    advance(180_000);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(3);
    faults.stop();
    advance(180_000);
    expect(hooks.dropWatches).toHaveBeenCalledTimes(3);
    expect(due).toEqual([]);
  });
});
