// Prometheus metrics of an operator, computed from its event feed and nothing else: the feed already
// reports every handler attempt, cycle, watch phase, API request, daemon and timer, so metrics need no
// instrumentation of their own (and `op dev`, tests and metrics can never disagree). Labels are
// bounded by the operator's code — resources, handler ids, verbs, codes — never an object's name or uid.
import type { FeedEvent } from '@opkit/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Observable, Subscription } from 'rxjs';
import { merge } from 'rxjs';
import { map } from 'rxjs/operators';
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

/** prom-client hashes a label set on every call; an operator repeats the same few, so children are kept by key. */
class Children<T> {
  readonly #cache = new Map<string, T>();
  constructor(readonly make: (...values: string[]) => T) {}
  get(...values: string[]): T {
    const key = values.join('\u0000');
    let child = this.#cache.get(key);
    if (child === undefined) {
      child = this.make(...values);
      this.#cache.set(key, child);
    }
    return child;
  }
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
  readonly #handlerInvocations: Children<Counter.Internal>;
  readonly #handlerDuration: Children<Histogram.Internal<string>>;
  readonly #handlerRetries: Children<Counter.Internal>;
  readonly #causes: Children<Counter.Internal>;
  readonly #objects: Gauge;
  readonly #objectKeys = new Map<string, Set<string>>();
  readonly #queueWaiting: Gauge;
  readonly #queueRunning: Gauge;
  readonly #queueWait: Histogram;
  readonly #watchStarts: Children<Counter.Internal>;
  readonly #watchRestarts: Children<Counter.Internal>;
  readonly #watchSynced: Gauge;
  readonly #apiRequests: Children<Counter.Internal>;
  readonly #apiDuration: Children<Histogram.Internal<string>>;
  readonly #patches: Children<Counter.Internal>;
  readonly #background: Gauge;
  readonly #backgroundKeys = { daemon: new Set<string>(), timer: new Set<string>() };
  readonly #abandoned: Children<Counter.Internal>;
  readonly #lateness: Children<Histogram.Internal<string>>;
  readonly #eventsPosted: Children<Counter.Internal>;
  readonly #logLines: Children<Counter.Internal>;
  readonly #ready: Gauge;
  readonly #paused: Gauge;
  /** Created at the first state that says: absent without leader election or sharding. */
  #leader: Gauge | undefined;
  #shards: Gauge | undefined;

  constructor(options: OperatorMetricsOptions = {}) {
    const registry = options.registry ?? new Registry();
    this.registry = registry;
    const registers = [registry];
    if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'opkit_' });

    const invocations = new Counter({
      name: 'opkit_handler_invocations_total', registers,
      help: 'Finished handler attempts by resource, handler id, handler kind, cause (change handlers) and outcome (success, ignored, temporary, exception, permanent, timeout, cancelled).',
      labelNames: ['resource', 'handler', 'kind', 'cause', 'outcome'],
    });
    this.#handlerInvocations = new Children((...v) => invocations.labels(...v));
    const duration = new Histogram({
      name: 'opkit_handler_duration_seconds', registers, buckets: DURATION_BUCKETS,
      help: 'How long handler attempts took, by resource, handler id, kind and outcome.',
      labelNames: ['resource', 'handler', 'kind', 'outcome'],
    });
    this.#handlerDuration = new Children((...v) => duration.labels(...v));
    const retries = new Counter({
      name: 'opkit_handler_retries_total', registers,
      help: 'Handler attempts that will be retried (a TemporaryError or another error in errors=temporary mode), by resource, handler id and kind.',
      labelNames: ['resource', 'handler', 'kind'],
    });
    this.#handlerRetries = new Children((...v) => retries.labels(...v));
    const causes = new Counter({
      name: 'opkit_causes_total', registers,
      help: 'Causes detected in processing cycles, by resource and reason (create, update, delete, resume, noop, free, gone).',
      labelNames: ['resource', 'reason'],
    });
    this.#causes = new Children((...v) => causes.labels(...v));
    this.#objects = new Gauge({ name: 'opkit_objects', registers, help: 'Objects the operator keeps track of, by resource.', labelNames: ['resource'] });
    this.#queueWaiting = new Gauge({ name: 'opkit_queue_waiting', registers, help: 'Objects with events waiting for a worker slot, when the last cycle started.' });
    this.#queueRunning = new Gauge({ name: 'opkit_queue_running', registers, help: 'Processing cycles running, when the last cycle started (itself included).' });
    this.#queueWait = new Histogram({ name: 'opkit_queue_wait_seconds', registers, buckets: DURATION_BUCKETS, help: "How long an object's oldest event waited before its cycle started." });
    const watchStarts = new Counter({ name: 'opkit_watch_starts_total', registers, help: 'Watch streams opened (at start, after a pause, for a CRD that appeared), by resource.', labelNames: ['resource'] });
    this.#watchStarts = new Children((...v) => watchStarts.labels(...v));
    const watchRestarts = new Counter({
      name: 'opkit_watch_restarts_total', registers,
      help: 'Watch streams restarted by the stream itself, by resource and reason: reconnect (the connection ended), relist (410 Gone: listed again), inactivity (nothing received for watching.inactivityTimeout).',
      labelNames: ['resource', 'reason'],
    });
    this.#watchRestarts = new Children((...v) => watchRestarts.labels(...v));
    this.#watchSynced = new Gauge({ name: 'opkit_watch_synced', registers, help: '1 once the initial listing of a resource is delivered, 0 while its stream is closed.', labelNames: ['resource'] });
    const apiRequests = new Counter({
      name: 'opkit_api_requests_total', registers,
      help: 'Kubernetes API requests (every attempt), by verb, resource and HTTP status code ("error" when none came back).',
      labelNames: ['verb', 'resource', 'code'],
    });
    this.#apiRequests = new Children((...v) => apiRequests.labels(...v));
    const apiDuration = new Histogram({
      name: 'opkit_api_request_duration_seconds', registers, buckets: REQUEST_BUCKETS,
      help: 'Kubernetes API request latency by verb and resource (for watches: until the response headers).',
      labelNames: ['verb', 'resource'],
    });
    this.#apiDuration = new Children((...v) => apiDuration.labels(...v));
    const patches = new Counter({
      name: 'opkit_patches_total', registers,
      help: "Patches of objects sent by processing cycles, daemons and timers, by resource, patch type (merge, json), subresource ('' or status) and status code.",
      labelNames: ['resource', 'type', 'subresource', 'code'],
    });
    this.#patches = new Children((...v) => patches.labels(...v));
    this.#background = new Gauge({ name: 'opkit_background_running', registers, help: 'Daemons and timers running now, by kind (daemon, timer).', labelNames: ['kind'] });
    const abandoned = new Counter({ name: 'opkit_background_abandoned_total', registers, help: 'Daemons left running after their cancellation timeout, by handler id.', labelNames: ['handler'] });
    this.#abandoned = new Children((...v) => abandoned.labels(...v));
    const lateness = new Histogram({
      name: 'opkit_timer_lateness_seconds', registers, buckets: LATENESS_BUCKETS,
      help: 'How late timer runs started against their schedule, by resource and handler id.', labelNames: ['resource', 'handler'],
    });
    this.#lateness = new Children((...v) => lateness.labels(...v));
    const posted = new Counter({
      name: 'opkit_k8s_events_posted_total', registers,
      help: 'Kubernetes events posted by handlers (events.info/warn/…), by type and result (ok, failed).', labelNames: ['type', 'result'],
    });
    this.#eventsPosted = new Children((...v) => posted.labels(...v));
    const logLines = new Counter({ name: 'opkit_log_lines_total', registers, help: 'Log lines by level (debug lines count only when logged at debug).', labelNames: ['level'] });
    this.#logLines = new Children((...v) => logLines.labels(...v));
    this.#ready = new Gauge({ name: 'opkit_ready', registers, help: '1 while /readyz would answer 200: listed and indexed, not paused, not stopping.' });
    this.#paused = new Gauge({ name: 'opkit_peering_paused', registers, help: '1 while the operator is paused by peering (an operator with a higher priority runs).' });
    this.#paused.set(0);
    this.#ready.set(0);
  }

  /**
   * Follow an operator's feed (and its peering state); returns the subscription, which ends with the feed.
   * Subscribe before the operator runs: the feed is not replayed.
   */
  observe(feed$: Observable<FeedEvent>, options: { readonly peering$?: Observable<PeeringState> | undefined } = {}): Subscription {
    // Without an explicit source, the feed's own peering, leadership and shard events.
    const peering$ = options.peering$ ?? peeringStateOf(feed$);
    const paused$ = peering$.pipe(map((state) => state.paused));
    return merge(
      feed$.pipe(map((event) => () => this.record(event))),
      readiness$(feed$, paused$).pipe(map((state) => () => this.#ready.set(state.ready ? 1 : 0))),
      peering$.pipe(map((state) => () => this.recordPeering(state))),
    ).subscribe((apply) => apply());
  }

  /** Record one peering state. */
  recordPeering(state: PeeringState): void {
    this.#paused.set(state.paused ? 1 : 0);
    const registers = [this.registry];
    if (state.leader !== undefined) {
      this.#leader ??= new Gauge({ name: 'opkit_peering_leader', registers, help: '1 while this replica leads its Lease group, 0 while it stands by (absent without leader election).' });
      this.#leader.set(state.leader ? 1 : 0);
    }
    if (state.shards !== undefined) {
      this.#shards ??= new Gauge({ name: 'opkit_peering_shards_owned', registers, help: 'Shards this replica owns (absent without sharding).' });
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
        this.#causes.get(event.resource, event.reason).inc();
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
        this.#objects.set({ resource: event.resource }, keys.size);
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
        this.#apiRequests.get(event.verb, event.resource, event.code === 0 ? 'error' : String(event.code)).inc();
        this.#apiDuration.get(event.verb, event.resource).observe(event.durationMs / 1000);
        return;
      case 'patch':
        this.#patches.get(event.resource, event.patchType, event.subresource ?? '', event.code === 0 ? 'error' : String(event.code)).inc();
        return;
      case 'daemon': {
        const keys = this.#backgroundKeys[event.kind];
        const key = `${event.resource}\u0000${event.uid ?? `${event.namespace ?? ''}/${event.name}`}\u0000${event.id}`;
        if (event.phase === 'started') keys.add(key);
        else if (event.phase === 'stopped' || event.phase === 'abandoned') keys.delete(key);
        if (event.phase === 'abandoned') this.#abandoned.get(event.id).inc();
        this.#background.set({ kind: event.kind }, keys.size);
        return;
      }
      case 'event-posted':
        this.#eventsPosted.get(event.eventType, event.ok ? 'ok' : 'failed').inc();
        return;
      case 'log':
        this.#logLines.get(event.level).inc();
        return;
      default:
    }
  }

  #recordHandler(event: HandlerEvent): void {
    if (event.phase === 'started') {
      if (event.latenessMs !== undefined) this.#lateness.get(event.resource, event.id).observe(event.latenessMs / 1000);
      return;
    }
    const outcome = event.outcome ?? (event.phase === 'succeeded' ? 'success' : event.phase === 'retrying' ? 'temporary' : 'permanent');
    this.#handlerInvocations.get(event.resource, event.id, event.kind, event.cause ?? '', outcome).inc();
    // A parent's success once its sub-handlers are done carries no duration: its own calls returned earlier.
    if (event.durationMs !== undefined) this.#handlerDuration.get(event.resource, event.id, event.kind, outcome).observe(event.durationMs / 1000);
    if (event.phase === 'retrying') this.#handlerRetries.get(event.resource, event.id, event.kind).inc();
  }

  #recordWatch(event: Extract<FeedEvent, { type: 'watch' }>): void {
    switch (event.phase) {
      case 'started':
        this.#watchStarts.get(event.resource).inc();
        return;
      case 'synced':
        this.#watchSynced.set({ resource: event.resource }, 1);
        return;
      case 'stopped':
        this.#watchSynced.set({ resource: event.resource }, 0);
        return;
      case 'reconnect':
      case 'relist':
      case 'inactivity':
        this.#watchRestarts.get(event.resource, event.phase).inc();
        return;
      default:
    }
  }
}
