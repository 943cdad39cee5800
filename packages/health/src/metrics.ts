// Prometheus metrics of an operator, computed from its event feed and nothing else: the feed already
// reports every handler attempt, cycle, watch phase, API request, daemon and timer, so metrics need no
// instrumentation of their own (and `op dev`, tests and metrics can never disagree). Labels are
// bounded by the operator's code — resources, handler ids, verbs, codes — never an object's name or uid.
import type { FeedEvent } from '@opkit/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Observable, Subscription } from 'rxjs';
import { map } from 'rxjs/operators';
import { FastCounter, FastGauge, FastHistogram } from './internal/series.js';
import { peeringStateOf } from './peeringState.js';
import { readiness$ } from './readiness.js';

/** What peering says about this replica (the input peering plugs into; a stand-in in tests). */
export interface PeeringState {
  /** Paused by an operator with a higher priority. */
  readonly paused: boolean;
  /** With leader election: whether this replica leads. */
  readonly leader?: boolean | undefined;
  /** With sharding: how many shards this replica owns. */
  readonly shards?: number | undefined;
}

/** Options of {@link OperatorMetrics}. */
export interface OperatorMetricsOptions {
  /** Where the metrics are registered. @defaultValue a new prom-client Registry */
  readonly registry?: Registry;
  /** Also collect prom-client's process metrics (CPU, memory, event loop lag, GC) as `opkit_process_…`/`opkit_nodejs_…`. @defaultValue false */
  readonly processMetrics?: boolean;
}

/** Seconds: handler runs and queue waits, from a millisecond to five minutes. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Seconds: API requests. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: how late a timer run started. */
const LATENESS_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60];

type HandlerEvent = Extract<FeedEvent, { type: 'handler' }>;

function code(value: number): string {
  return value === 0 ? 'error' : String(value);
}

/**
 * An operator's metrics: feed events in, Prometheus text out.
 *
 * @example
 * ```ts
 * const metrics = new OperatorMetrics();
 * metrics.observe(op.feed$);            // before op.run(): the feed is not replayed
 * // … later
 * const text = await metrics.registry.metrics();
 * ```
 */
export class OperatorMetrics {
  /** The prom-client registry holding every metric below. */
  readonly registry: Registry;
  readonly #handlerInvocations: FastCounter;
  readonly #handlerDuration: FastHistogram;
  readonly #handlerRetries: FastCounter;
  readonly #causes: FastCounter;
  readonly #objects: FastGauge;
  readonly #objectKeys = new Map<string, Set<string>>();
  readonly #queueWaiting: FastGauge;
  readonly #queueRunning: FastGauge;
  readonly #queueWait: FastHistogram;
  readonly #watchStarts: FastCounter;
  readonly #watchRestarts: FastCounter;
  readonly #watchSynced: FastGauge;
  readonly #apiRequests: FastCounter;
  readonly #apiDuration: FastHistogram;
  readonly #patches: FastCounter;
  readonly #background: FastGauge;
  readonly #backgroundKeys = { daemon: new Set<string>(), timer: new Set<string>() };
  readonly #abandoned: FastCounter;
  readonly #lateness: FastHistogram;
  readonly #eventsPosted: FastCounter;
  readonly #logLines: FastCounter;
  readonly #ready: FastGauge;
  readonly #paused: FastGauge;
  /** Created at the first state that says: absent without leader election or sharding. */
  #leader: FastGauge | undefined;
  #shards: FastGauge | undefined;

  constructor(options: OperatorMetricsOptions = {}) {
    const registry = options.registry ?? new Registry();
    this.registry = registry;
    if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'opkit_' });

    this.#handlerInvocations = new FastCounter(registry, 'opkit_handler_invocations_total',
      'Finished handler attempts by resource, handler id, handler kind, cause (change handlers) and outcome (success, ignored, temporary, exception, permanent, timeout, cancelled).',
      ['resource', 'handler', 'kind', 'cause', 'outcome']);
    this.#handlerDuration = new FastHistogram(registry, 'opkit_handler_duration_seconds',
      'How long handler attempts took, by resource, handler id, kind and outcome.', ['resource', 'handler', 'kind', 'outcome'], DURATION_BUCKETS);
    this.#handlerRetries = new FastCounter(registry, 'opkit_handler_retries_total',
      'Handler attempts that will be retried (a TemporaryError or another error in errors=temporary mode), by resource, handler id and kind.',
      ['resource', 'handler', 'kind']);
    this.#causes = new FastCounter(registry, 'opkit_causes_total',
      'Causes detected in processing cycles, by resource and reason (create, update, delete, resume, noop, free, gone).', ['resource', 'reason']);
    this.#objects = new FastGauge(registry, 'opkit_objects', 'Objects the operator keeps track of, by resource.', ['resource']);
    this.#queueWaiting = new FastGauge(registry, 'opkit_queue_waiting', 'Objects with events waiting for a worker slot, when the last cycle started.', []);
    this.#queueRunning = new FastGauge(registry, 'opkit_queue_running', 'Processing cycles running, when the last cycle started (itself included).', []);
    this.#queueWait = new FastHistogram(registry, 'opkit_queue_wait_seconds', "How long an object's oldest event waited before its cycle started.", [], DURATION_BUCKETS);
    this.#watchStarts = new FastCounter(registry, 'opkit_watch_starts_total',
      'Watch streams opened (at start, after a pause, for a CRD that appeared), by resource.', ['resource']);
    this.#watchRestarts = new FastCounter(registry, 'opkit_watch_restarts_total',
      'Watch streams restarted by the stream itself, by resource and reason: reconnect (the connection ended), relist (410 Gone: listed again), inactivity (nothing received for watching.inactivityTimeout).',
      ['resource', 'reason']);
    this.#watchSynced = new FastGauge(registry, 'opkit_watch_synced', '1 once the initial listing of a resource is delivered, 0 while its stream is closed.', ['resource']);
    this.#apiRequests = new FastCounter(registry, 'opkit_api_requests_total',
      'Kubernetes API requests (every attempt), by verb, resource and HTTP status code ("error" when none came back).', ['verb', 'resource', 'code']);
    this.#apiDuration = new FastHistogram(registry, 'opkit_api_request_duration_seconds',
      'Kubernetes API request latency by verb and resource (for watches: until the response headers).', ['verb', 'resource'], REQUEST_BUCKETS);
    this.#patches = new FastCounter(registry, 'opkit_patches_total',
      "Patches of objects sent by processing cycles, daemons and timers, by resource, patch type (merge, json), subresource ('' or status) and status code.",
      ['resource', 'type', 'subresource', 'code']);
    this.#background = new FastGauge(registry, 'opkit_background_running', 'Daemons and timers running now, by kind (daemon, timer).', ['kind']);
    this.#abandoned = new FastCounter(registry, 'opkit_background_abandoned_total', 'Daemons left running after their cancellation timeout, by handler id.', ['handler']);
    this.#lateness = new FastHistogram(registry, 'opkit_timer_lateness_seconds',
      'How late timer runs started against their schedule, by resource and handler id.', ['resource', 'handler'], LATENESS_BUCKETS);
    this.#eventsPosted = new FastCounter(registry, 'opkit_k8s_events_posted_total',
      'Kubernetes events posted by handlers (events.info/warn/…), by type and result (ok, failed).', ['type', 'result']);
    this.#logLines = new FastCounter(registry, 'opkit_log_lines_total', 'Log lines by level (debug lines count only when logged at debug).', ['level']);
    this.#ready = new FastGauge(registry, 'opkit_ready', '1 while /readyz would answer 200: listed and indexed, not paused, not stopping.', []);
    this.#paused = new FastGauge(registry, 'opkit_peering_paused', '1 while the operator is paused by peering (an operator with a higher priority runs).', []);
    for (const gauge of [this.#queueWaiting, this.#queueRunning, this.#queueWait, this.#ready, this.#paused]) gauge.zero();
    this.#background.zero('daemon');
    this.#background.zero('timer');
  }

  /**
   * Follow an operator's feed (and its peering state); returns the subscription, which ends with the feed.
   * Subscribe before the operator runs: the feed is not replayed.
   */
  observe(feed$: Observable<FeedEvent>, options: { readonly peering$?: Observable<PeeringState> | undefined } = {}): Subscription {
    // Plain subscriptions: this runs for every event of the operator, so no operator chain per event.
    // Without an explicit peering source, the feed's own peering, leadership and shard events.
    const subscription = feed$.subscribe((event) => this.record(event));
    const peering$ = options.peering$ ?? peeringStateOf(feed$);
    const paused$ = peering$.pipe(map((state) => state.paused));
    subscription.add(readiness$(feed$, paused$).subscribe((state) => this.#ready.set(state.ready ? 1 : 0)));
    subscription.add(peering$.subscribe((state) => this.recordPeering(state)));
    return subscription;
  }

  /** Record one peering state. */
  recordPeering(state: PeeringState): void {
    this.#paused.set(state.paused ? 1 : 0);
    if (state.leader !== undefined) {
      this.#leader ??= new FastGauge(this.registry, 'opkit_peering_leader', '1 while this replica leads its Lease group, 0 while it stands by (absent without leader election).', []);
      this.#leader.set(state.leader ? 1 : 0);
    }
    if (state.shards !== undefined) {
      this.#shards ??= new FastGauge(this.registry, 'opkit_peering_shards_owned', 'Shards this replica owns (absent without sharding).', []);
      this.#shards.set(state.shards);
    }
  }

  /** Record one feed event (what `observe` does for each). */
  record(event: FeedEvent): void {
    switch (event.type) {
      case 'handler':
        this.#recordHandler(event);
        return;
      case 'cause':
        this.#causes.inc(event.resource, event.reason);
        return;
      case 'object-seen':
      case 'object-gone': {
        const key = event.uid ?? `${event.namespace ?? ''}/${event.name}`;
        let keys = this.#objectKeys.get(event.resource);
        if (keys === undefined) {
          keys = new Set();
          this.#objectKeys.set(event.resource, keys);
        }
        if (event.type === 'object-seen') keys.add(key);
        else keys.delete(key);
        this.#objects.set(keys.size, event.resource);
        return;
      }
      case 'queue':
        this.#queueWaiting.set(event.waiting);
        this.#queueRunning.set(event.running);
        this.#queueWait.observe(event.waitMs / 1000);
        return;
      case 'watch':
        this.#recordWatch(event);
        return;
      case 'api-request':
        this.#apiRequests.inc(event.verb, event.resource, code(event.code));
        this.#apiDuration.observe(event.durationMs / 1000, event.verb, event.resource);
        return;
      case 'patch':
        this.#patches.inc(event.resource, event.patchType, event.subresource ?? '', code(event.code));
        return;
      case 'daemon': {
        const keys = this.#backgroundKeys[event.kind];
        const key = `${event.resource}\u0000${event.uid ?? `${event.namespace ?? ''}/${event.name}`}\u0000${event.id}`;
        if (event.phase === 'started') keys.add(key);
        else if (event.phase === 'stopped' || event.phase === 'abandoned') keys.delete(key);
        if (event.phase === 'abandoned') this.#abandoned.inc(event.id);
        this.#background.set(keys.size, event.kind);
        return;
      }
      case 'event-posted':
        this.#eventsPosted.inc(event.eventType, event.ok ? 'ok' : 'failed');
        return;
      case 'log':
        this.#logLines.inc(event.level);
        return;
      default:
    }
  }

  #recordHandler(event: HandlerEvent): void {
    if (event.phase === 'started') {
      if (event.latenessMs !== undefined) this.#lateness.observe(event.latenessMs / 1000, event.resource, event.id);
      return;
    }
    const outcome = event.outcome ?? (event.phase === 'succeeded' ? 'success' : event.phase === 'retrying' ? 'temporary' : 'permanent');
    this.#handlerInvocations.inc(event.resource, event.id, event.kind, event.cause ?? '', outcome);
    // A parent's success once its sub-handlers are done carries no duration: its own calls returned earlier.
    if (event.durationMs !== undefined) this.#handlerDuration.observe(event.durationMs / 1000, event.resource, event.id, event.kind, outcome);
    if (event.phase === 'retrying') this.#handlerRetries.inc(event.resource, event.id, event.kind);
  }

  #recordWatch(event: Extract<FeedEvent, { type: 'watch' }>): void {
    switch (event.phase) {
      case 'started':
        this.#watchStarts.inc(event.resource);
        return;
      case 'synced':
        this.#watchSynced.set(1, event.resource);
        return;
      case 'stopped':
        this.#watchSynced.set(0, event.resource);
        return;
      case 'reconnect':
      case 'relist':
      case 'stalled':
      case 'inactivity':
        this.#watchRestarts.inc(event.resource, event.phase);
        return;
      default:
    }
  }
}
