import { describe, expect, it } from 'vitest';
import type { FeedEvent, FeedEventInput } from '@opkit/core';
import { BehaviorSubject, Subject } from 'rxjs';
import { parseExposition, sum } from '../test/exposition.js';
import type { PeeringState } from './metrics.js';
import { OperatorMetrics } from './metrics.js';

const KEX = 'kopfexamples.kopf.dev/v1';
const ref = (name: string) => ({ resource: KEX, namespace: 'default', name, uid: `uid-${name}` });
const at = (event: FeedEventInput): FeedEvent => ({ ...event, v: 1, ts: 0 });

async function scrape(metrics: OperatorMetrics): Promise<ReturnType<typeof parseExposition>> {
  return parseExposition(await metrics.registry.metrics());
}

describe('OperatorMetrics', () => {
  it('counts handler attempts by outcome, with durations and retries', async () => {
    const metrics = new OperatorMetrics();
    const attempt = (name: string, phase: 'succeeded' | 'retrying' | 'failed', outcome: string | undefined, durationMs: number) => {
      metrics.record(at({ type: 'handler', phase: 'started', id: 'create_fn', kind: 'create', retry: 0, cause: 'create', ...ref(name) }));
      metrics.record(at({ type: 'handler', phase, id: 'create_fn', kind: 'create', retry: 0, cause: 'create', durationMs, ...(outcome ? { outcome } : {}), ...ref(name) } as FeedEventInput));
    };
    attempt('a', 'retrying', 'temporary', 10);
    attempt('a', 'retrying', 'exception', 20);
    attempt('a', 'succeeded', 'success', 30);
    attempt('b', 'succeeded', undefined, 2_000);
    attempt('c', 'failed', 'permanent', 40);
    const samples = await scrape(metrics);
    const invocations = { resource: KEX, handler: 'create_fn', kind: 'create', cause: 'create' };
    expect(sum(samples, 'opkit_handler_invocations_total', { ...invocations, outcome: 'success' })).toBe(2);
    expect(sum(samples, 'opkit_handler_invocations_total', { ...invocations, outcome: 'temporary' })).toBe(1);
    expect(sum(samples, 'opkit_handler_invocations_total', { ...invocations, outcome: 'exception' })).toBe(1);
    expect(sum(samples, 'opkit_handler_invocations_total', { ...invocations, outcome: 'permanent' })).toBe(1);
    expect(sum(samples, 'opkit_handler_retries_total', { handler: 'create_fn' })).toBe(2);
    expect(sum(samples, 'opkit_handler_duration_seconds_count', { handler: 'create_fn', outcome: 'success' })).toBe(2);
    expect(sum(samples, 'opkit_handler_duration_seconds_sum', { handler: 'create_fn', outcome: 'success' })).toBeCloseTo(2.03, 6);
    expect(sum(samples, 'opkit_handler_duration_seconds_bucket', { handler: 'create_fn', outcome: 'success', le: '0.05' })).toBe(1);
    // A parent's completion after its sub-handlers (no duration) counts as an invocation, not as a duration.
    metrics.record(at({ type: 'handler', phase: 'succeeded', id: 'parent', kind: 'create', retry: 0, cause: 'create', outcome: 'success', ...ref('a') }));
    const after = await scrape(metrics);
    expect(sum(after, 'opkit_handler_invocations_total', { handler: 'parent' })).toBe(1);
    expect(sum(after, 'opkit_handler_duration_seconds_count', { handler: 'parent' })).toBeUndefined();
  });

  it('tracks objects by resource until they are gone, never labelling by name or uid', async () => {
    const metrics = new OperatorMetrics();
    for (const name of ['a', 'b', 'c']) metrics.record(at({ type: 'object-seen', event: 'LISTED', ...ref(name) }));
    metrics.record(at({ type: 'object-seen', event: 'MODIFIED', ...ref('a') }));
    metrics.record(at({ type: 'object-gone', ...ref('b') }));
    metrics.record(at({ type: 'cause', reason: 'create', ...ref('a') }));
    const text = await metrics.registry.metrics();
    const samples = parseExposition(text);
    expect(sum(samples, 'opkit_objects', { resource: KEX })).toBe(2);
    expect(sum(samples, 'opkit_causes_total', { resource: KEX, reason: 'create' })).toBe(1);
    expect(text).not.toMatch(/uid-a|name="a"/);
  });

  it('follows queues, watches, API requests, patches, daemons and timers', async () => {
    const metrics = new OperatorMetrics();
    const events: FeedEventInput[] = [
      { type: 'queue', waiting: 4, running: 5, waitMs: 250 },
      { type: 'watch', phase: 'started', resource: KEX },
      { type: 'watch', phase: 'synced', resource: KEX },
      { type: 'watch', phase: 'relist', resource: KEX },
      { type: 'watch', phase: 'inactivity', resource: KEX },
      { type: 'watch', phase: 'reconnect', resource: KEX },
      { type: 'watch', phase: 'reconnect', resource: KEX },
      { type: 'watch', phase: 'bookmark', resource: KEX },
      { type: 'api-request', verb: 'patch', resource: 'kopfexamples/status', code: 200, durationMs: 4, attempt: 1 },
      { type: 'api-request', verb: 'patch', resource: 'kopfexamples', code: 0, durationMs: 3000, attempt: 1 },
      { type: 'patch', patchType: 'merge', subresource: 'status', code: 200, durationMs: 4, ...ref('a') },
      { type: 'daemon', phase: 'started', kind: 'timer', id: 'tick', ...ref('a') },
      { type: 'daemon', phase: 'started', kind: 'timer', id: 'tick', ...ref('b') },
      { type: 'daemon', phase: 'started', kind: 'daemon', id: 'monitor', ...ref('a') },
      { type: 'daemon', phase: 'stopping', kind: 'timer', id: 'tick', reason: 'resource-deleted', ...ref('b') },
      { type: 'daemon', phase: 'stopped', kind: 'timer', id: 'tick', ...ref('b') },
      { type: 'daemon', phase: 'abandoned', kind: 'daemon', id: 'monitor', ...ref('a') },
      { type: 'handler', phase: 'started', id: 'tick', kind: 'timer', retry: 0, latenessMs: 1500, ...ref('a') },
      { type: 'event-posted', object: ref('a'), eventType: 'Normal', reason: 'Created', message: 'x', ok: true },
      { type: 'log', level: 'error', message: 'boom' },
    ];
    for (const event of events) metrics.record(at(event));
    const samples = await scrape(metrics);
    expect(sum(samples, 'opkit_queue_waiting')).toBe(4);
    expect(sum(samples, 'opkit_queue_running')).toBe(5);
    expect(sum(samples, 'opkit_queue_wait_seconds_sum')).toBe(0.25);
    expect(sum(samples, 'opkit_watch_starts_total', { resource: KEX })).toBe(1);
    expect(sum(samples, 'opkit_watch_synced', { resource: KEX })).toBe(1);
    expect(sum(samples, 'opkit_watch_restarts_total', { reason: 'relist' })).toBe(1);
    expect(sum(samples, 'opkit_watch_restarts_total', { reason: 'inactivity' })).toBe(1);
    expect(sum(samples, 'opkit_watch_restarts_total', { reason: 'reconnect' })).toBe(2);
    expect(sum(samples, 'opkit_api_requests_total', { verb: 'patch', resource: 'kopfexamples/status', code: '200' })).toBe(1);
    expect(sum(samples, 'opkit_api_requests_total', { verb: 'patch', code: 'error' })).toBe(1);
    expect(sum(samples, 'opkit_api_request_duration_seconds_count', { verb: 'patch' })).toBe(2);
    expect(sum(samples, 'opkit_patches_total', { type: 'merge', subresource: 'status', code: '200' })).toBe(1);
    expect(sum(samples, 'opkit_background_running', { kind: 'timer' })).toBe(1);
    expect(sum(samples, 'opkit_background_running', { kind: 'daemon' })).toBe(0);
    expect(sum(samples, 'opkit_background_abandoned_total', { handler: 'monitor' })).toBe(1);
    expect(sum(samples, 'opkit_timer_lateness_seconds_sum', { handler: 'tick' })).toBe(1.5);
    expect(sum(samples, 'opkit_k8s_events_posted_total', { type: 'Normal', result: 'ok' })).toBe(1);
    expect(sum(samples, 'opkit_log_lines_total', { level: 'error' })).toBe(1);
  });

  it('reports readiness and peering from the feed and the peering input', async () => {
    const metrics = new OperatorMetrics();
    const feed = new Subject<FeedEvent>();
    const peering = new BehaviorSubject<PeeringState>({ paused: false });
    const subscription = metrics.observe(feed, { peering$: peering });
    const value = async (name: string) => sum(await scrape(metrics), name);
    expect(await value('opkit_ready')).toBe(0);
    feed.next(at({ type: 'operator', phase: 'ready' }));
    expect(await value('opkit_ready')).toBe(1);
    expect(await value('opkit_peering_leader')).toBeUndefined();
    peering.next({ paused: true, leader: true, shards: 3 });
    expect(await value('opkit_ready')).toBe(0);
    expect(await value('opkit_peering_paused')).toBe(1);
    expect(await value('opkit_peering_leader')).toBe(1);
    expect(await value('opkit_peering_shards_owned')).toBe(3);
    peering.next({ paused: false, leader: false });
    expect(await value('opkit_ready')).toBe(1);
    expect(await value('opkit_peering_paused')).toBe(0);
    expect(await value('opkit_peering_leader')).toBe(0);
    feed.next(at({ type: 'queue', waiting: 1, running: 1, waitMs: 0 }));
    expect(await value('opkit_queue_waiting')).toBe(1);
    subscription.unsubscribe();
  });

  it('adds the process metrics on request, with the opkit_ prefix', async () => {
    const text = await new OperatorMetrics({ processMetrics: true }).registry.metrics();
    expect(text).toMatch(/^opkit_process_cpu_seconds_total /m);
    expect(text).toMatch(/^opkit_nodejs_heap_size_used_bytes /m);
  });
});
