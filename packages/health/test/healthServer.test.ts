// The health server against a real operator on the embedded API server, over real HTTP.
import { Registry } from '@opkit/core';
import type { Clock } from '@opkit/tasks';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HealthError, startHealthServer } from '../src/index.js';
import type { HealthServer } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

async function get(url: string, init?: RequestInit): Promise<{ status: number; text: string; type: string | null }> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

function manualClock(): Clock & { advance(ms: number): void } {
  let now = 1_000_000;
  return { now: () => now, setTimeout: () => undefined, clearTimeout: () => undefined, advance: (ms) => { now += ms; } };
}

describe('startHealthServer', () => {
  let h: Harness;
  const servers: HealthServer[] = [];
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await h.close();
  });

  it('turns /readyz ready only after the initial listing, unready while paused and once stopping; /healthz serves the probes', async () => {
    await h.client.create(h.kex, kopfExample('kex-1'), { namespace: 'default' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let probes = 0;
    let gated = false;
    const registry = new Registry();
    registry.on.startup(async function gate({ signal }) {
      gated = true;
      await Promise.race([released, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
    });
    registry.on.probe(() => ++probes, { id: 'runs' });
        // Each object gets a shallow copy of the operator's memo: the counter object is shared.
    registry.on.probe(({ memo }) => memo.counts.created, { id: 'created' });
    registry.on.create('kopfexamples', function create_fn({ memo }) { memo.counts.created++; }, { id: 'create_fn' });
    const paused = new BehaviorSubject(false);
    const run = h.operator(registry, { paused$: paused, memo: { counts: { created: 0 } } });
    const clock = manualClock();
    const health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/healthz', paused$: paused, clock });
    servers.push(health);
    expect(health.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/healthz$/);
    expect(health.readinessUrl).toBe(health.url.replace('/healthz', '/readyz'));

    // Before the operator runs, and while its startup activity holds it before any listing: not ready.
    expect(await get(health.readinessUrl)).toEqual({ status: 503, text: 'not ready: the initial listing and indexing are not done yet\n', type: 'text/plain; charset=utf-8' });
    const running = run.run();
    await vi.waitFor(() => expect(gated).toBe(true), { timeout: deadline(30_000), interval: 20 });
    expect((await get(health.readinessUrl)).status).toBe(503);
    expect(run.feed.some((e) => e.type === 'watch' && e.phase === 'synced')).toBe(false);

    // Once every resource is listed: ready, and the feed said so first.
    release();
    await vi.waitFor(async () => expect((await get(health.readinessUrl)).status).toBe(200), { timeout: deadline(30_000), interval: 20 });
    expect(run.feed.some((e) => e.type === 'watch' && e.phase === 'synced' && e.resource === 'kopfexamples.kopf.dev/v1')).toBe(true);
    expect(run.feed.some((e) => e.type === 'operator' && e.phase === 'ready')).toBe(true);
    expect((await get(health.readinessUrl)).text).toBe('ok\n');

    // The probes' results, as JSON; cached until 10 s have passed on the cache's clock.
    await vi.waitFor(() => expect(run.feed.some((e) => e.type === 'handler' && e.id === 'create_fn' && e.phase === 'succeeded')).toBe(true), { timeout: deadline(30_000), interval: 20 });
    const first = await get(health.url);
    expect(first).toEqual({ status: 200, text: '{"runs":1,"created":1}', type: 'application/json' });
    expect(JSON.parse((await get(health.url)).text)).toEqual({ runs: 1, created: 1 });
    clock.advance(9_999);
    expect(JSON.parse((await get(health.url)).text)).toEqual({ runs: 1, created: 1 });
    clock.advance(1);
    expect(JSON.parse((await get(health.url)).text)).toEqual({ runs: 2, created: 1 });
    expect(probes).toBe(2);
    expect((await fetch(health.url, { method: 'HEAD' })).status).toBe(200);

    // Paused (the stand-in for peering): unready, and the watches close; resumed: ready again.
    paused.next(true);
    expect(await get(health.readinessUrl)).toMatchObject({ status: 503, text: expect.stringMatching(/^not ready: the operator is paused/) as unknown });
    await vi.waitFor(() => expect(run.feed.some((e) => e.type === 'watch' && e.phase === 'stopped')).toBe(true), { timeout: deadline(30_000), interval: 20 });
    paused.next(false);
    expect((await get(health.readinessUrl)).status).toBe(200);

    // Stopping: unready for good.
    await run.stop();
    await running;
    expect(await get(health.readinessUrl)).toMatchObject({ status: 503, text: 'not ready: the operator is stopping\n' });
  });

  it('answers 500 naming the probe that failed for good, 404 elsewhere and 405 for other methods', async () => {
    const registry = new Registry();
    registry.on.probe(() => 'fine', { id: 'fine' });
    registry.on.probe(() => { throw new Error('database unreachable'); }, { id: 'database', errors: 'permanent' });
    const run = h.operator(registry);
    const health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/live' });
    servers.push(health);
    expect(await get(health.url)).toEqual({ status: 500, text: '{"error":"Probe \'database\' failed: database unreachable"}', type: 'application/json' });
    expect(await get(health.url.replace('/live', '/nothing'))).toMatchObject({ status: 404, text: 'not found: /nothing (liveness: /live, readiness: /readyz, metrics: /metrics)\n' });
    const post = await fetch(health.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses an address in use and a liveness path that is the readiness path', async () => {
    const registry = new Registry();
    const run = h.operator(registry);
    const health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/healthz' });
    servers.push(health);
    const port = new URL(health.url).port;
    const clash = startHealthServer({ operator: run.op, liveness: `http://127.0.0.1:${port}/healthz` });
    await expect(clash).rejects.toThrow(HealthError);
    await expect(clash).rejects.toThrow(`Cannot serve health at http://127.0.0.1:${port}/healthz: the address is in use.`);
    await expect(startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/readyz' })).rejects.toThrow('The liveness path and the readiness path are both /readyz');
  });

  it('closes on abort, dropping kept-alive connections', async () => {
    const controller = new AbortController();
    const run = h.operator(new Registry());
    const health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/healthz', signal: controller.signal });
    expect((await get(health.url)).status).toBe(200);
    controller.abort();
    await health.close();
    await expect(fetch(health.url)).rejects.toThrow();
  });
});
