// /metrics after a real run on the embedded API server: every family, with counts checked against
// what the test did (handler outcomes, objects, timers) and against the server's own audit log.
import { Registry, TemporaryError } from '@opkit/core';
import type { FeedEvent } from '@opkit/core';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorMetrics, startHealthServer, startMetricsServer } from '../src/index.js';
import type { HealthServer, PeeringState } from '../src/index.js';
import { families, parseExposition, sum } from './exposition.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const KEX = 'kopfexamples.kopf.dev/v1';
const CONFIGMAPS = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };

describe('metrics', () => {
  let h: Harness;
  let health: HealthServer | undefined;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => {
    await health?.close();
    await h.close();
  });

  it('shows every family after a run, with the counts of what happened', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ name, retry }) {
      if (name === 'kex-flaky' && retry < 2) throw new TemporaryError('not yet', { delay: 0.01 });
      return { done: true };
    });
    registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 3600 });
    for (const name of ['kex-1', 'kex-2', 'kex-flaky']) await h.client.create(h.kex, kopfExample(name), { namespace: 'default' });
    const peering = new BehaviorSubject<PeeringState>({ paused: false, leader: true });
    const run = h.operator(registry, { settings: { watching: { inactivityTimeout: 0.5 } } });
    health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/healthz', peering$: peering });
    const running = run.run();
    const scrape = async (): Promise<{ text: string; samples: ReturnType<typeof parseExposition> }> => {
      const response = await fetch(health!.metricsUrl!);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await response.text();
      return { text, samples: parseExposition(text) };
    };
    const count = (predicate: (event: FeedEvent) => boolean): number => run.feed.filter(predicate).length;

    // Three creations, one of them after two temporary failures; three timers, each run once.
    await vi.waitFor(() => expect(count((e) => e.type === 'handler' && e.id === 'create_fn' && e.phase === 'succeeded')).toBe(3), { timeout: deadline(15_000), interval: 20 });
    await vi.waitFor(() => expect(count((e) => e.type === 'handler' && e.id === 'tick' && e.phase === 'succeeded')).toBe(3), { timeout: deadline(15_000), interval: 20 });

    // A 410: forget the history, move the resourceVersion on, drop the watches — until the stream relists.
    await vi.waitFor(async () => {
      h.server.faults.compactNow();
      await h.client.create(CONFIGMAPS, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'bump-', namespace: 'default' } }, { namespace: 'default' });
      h.server.faults.dropWatches();
      expect(count((e) => e.type === 'watch' && e.phase === 'relist' && e.resource === KEX)).toBeGreaterThan(0);
    }, { timeout: deadline(15_000), interval: 200 });
    // Silent watches: the stream reconnects after watching.inactivityTimeout.
    h.server.faults.set({ stallWatches: true });
    h.server.faults.dropWatches();
    await vi.waitFor(() => expect(count((e) => e.type === 'watch' && e.phase === 'inactivity' && e.resource === KEX)).toBeGreaterThan(0), { timeout: deadline(15_000), interval: 20 });
    h.server.faults.clear();
    await vi.waitFor(async () => expect((await fetch(health!.readinessUrl)).status).toBe(200), { timeout: deadline(15_000), interval: 20 });

    const { text, samples } = await scrape();
    expect(families(text).sort()).toEqual([
      'opkit_api_request_duration_seconds', 'opkit_api_requests_total', 'opkit_background_abandoned_total', 'opkit_background_running',
      'opkit_causes_total', 'opkit_handler_duration_seconds', 'opkit_handler_invocations_total', 'opkit_handler_retries_total',
      'opkit_k8s_events_posted_total', 'opkit_log_lines_total', 'opkit_objects', 'opkit_patches_total', 'opkit_peering_leader', 'opkit_peering_paused',
      'opkit_queue_running', 'opkit_queue_wait_seconds', 'opkit_queue_waiting', 'opkit_ready', 'opkit_timer_lateness_seconds',
      'opkit_watch_restarts_total', 'opkit_watch_starts_total', 'opkit_watch_synced',
    ]);
    const create = { resource: KEX, handler: 'create_fn', kind: 'create', cause: 'create' };
    expect(sum(samples, 'opkit_handler_invocations_total', { ...create, outcome: 'success' })).toBe(3);
    expect(sum(samples, 'opkit_handler_invocations_total', { ...create, outcome: 'temporary' })).toBe(2);
    expect(sum(samples, 'opkit_handler_retries_total', { handler: 'create_fn' })).toBe(2);
    expect(sum(samples, 'opkit_handler_duration_seconds_count', { handler: 'create_fn' })).toBe(5);
    expect(sum(samples, 'opkit_handler_invocations_total', { handler: 'tick', kind: 'timer', cause: '', outcome: 'success' })).toBe(3);
    expect(sum(samples, 'opkit_timer_lateness_seconds_count', { handler: 'tick' })).toBe(3);
    expect(sum(samples, 'opkit_background_running', { kind: 'timer' })).toBe(3);
    expect(sum(samples, 'opkit_objects', { resource: KEX })).toBe(3);
    expect(sum(samples, 'opkit_causes_total', { resource: KEX, reason: 'create' })).toBeGreaterThanOrEqual(3);
    expect(sum(samples, 'opkit_queue_wait_seconds_count')).toBe(count((e) => e.type === 'queue'));
    expect(sum(samples, 'opkit_queue_running')).toBeGreaterThanOrEqual(1);
    expect(sum(samples, 'opkit_watch_starts_total', { resource: KEX })).toBe(1);
    expect(sum(samples, 'opkit_watch_synced', { resource: KEX })).toBe(1);
    expect(sum(samples, 'opkit_watch_restarts_total', { resource: KEX, reason: 'relist' })).toBe(count((e) => e.type === 'watch' && e.phase === 'relist' && e.resource === KEX));
    expect(sum(samples, 'opkit_watch_restarts_total', { resource: KEX, reason: 'inactivity' })).toBe(count((e) => e.type === 'watch' && e.phase === 'inactivity' && e.resource === KEX));
    // Every PATCH the server received came from the operator; every one is counted, with its code.
    const patches = h.server.requests().filter((record) => record.verb === 'patch');
    expect(patches.length).toBeGreaterThan(0);
    expect(sum(samples, 'opkit_api_requests_total', { verb: 'patch' })).toBe(patches.length);
    expect(sum(samples, 'opkit_api_requests_total', { verb: 'patch', code: '200' })).toBe(patches.filter((record) => record.code === 200).length);
    expect(sum(samples, 'opkit_api_request_duration_seconds_count', { verb: 'patch' })).toBe(patches.length);
    expect(sum(samples, 'opkit_patches_total', { resource: KEX })).toBe(count((e) => e.type === 'patch'));
    expect(sum(samples, 'opkit_ready')).toBe(1);
    expect(sum(samples, 'opkit_peering_paused')).toBe(0);
    expect(sum(samples, 'opkit_peering_leader')).toBe(1);
    expect(text).not.toMatch(/kex-1|kex-flaky|uid=/);

    // The peering stand-in pauses the operator: unready, and the metrics say so.
    peering.next({ paused: true, leader: true });
    const paused = (await scrape()).samples;
    expect(sum(paused, 'opkit_peering_paused')).toBe(1);
    expect(sum(paused, 'opkit_ready')).toBe(0);
    expect((await fetch(health.readinessUrl)).status).toBe(503);
    await run.stop();
    await running;
  });

  it('serves metrics at their own address, and none on the health server when told so', async () => {
    const run = h.operator(new Registry());
    const metrics = new OperatorMetrics();
    const subscription = metrics.observe(run.op.feed$);
    const controller = new AbortController();
    const server = await startMetricsServer({ metrics, url: 'http://127.0.0.1:0/prom', signal: controller.signal });
    health = await startHealthServer({ operator: run.op, liveness: 'http://127.0.0.1:0/healthz', metrics: false });
    expect(health.metricsUrl).toBeUndefined();
    expect((await fetch(health.url.replace('/healthz', '/metrics'))).status).toBe(404);
    const running = run.run();
    await run.op.ready;
    // Ready once the operator has listed everything and peering has found no peering object to follow
    // (peering's detection runs beside the listing, so this may come a moment after `ready`).
    await vi.waitFor(async () => {
      expect(sum(parseExposition(await (await fetch(server.url)).text()), 'opkit_ready')).toBe(1);
    }, { timeout: deadline(30_000), interval: 50 });
    expect((await fetch(server.url.replace('/prom', '/metrics'))).status).toBe(404);
    await expect(startMetricsServer({ metrics, url: server.url })).rejects.toThrow(`Cannot serve metrics at ${server.url}: the address is in use.`);
    await expect(startMetricsServer({ metrics, url: 'https://127.0.0.1:0/m' })).rejects.toThrow('The metrics URL "https://127.0.0.1:0/m" uses https; only http is supported (expected http://HOST:PORT/PATH, e.g. http://0.0.0.0:9090/metrics).');
    controller.abort();
    await server.close();
    await expect(fetch(server.url)).rejects.toThrow();
    subscription.unsubscribe();
    await run.stop();
    await running;
  });
});
