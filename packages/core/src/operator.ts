// The operator: connect, run the startup activities, watch and process every selected resource
// until told to stop, then run the cleanup activities and flush what is queued — all within a grace
// period — and report every step on the feed. `operator()` is the one-call form; the Operator
// class exposes the feed and a `ready` promise for embedding and tests.
import type { ActivityDeps, Registry } from '@opkit/handlers';
import { defaultRegistry, runActivities, runWithScope } from '@opkit/handlers';
import type { ConnectOptions, KubeClient } from '@opkit/kube';
import { runWithClient } from '@opkit/kube';
import { systemClock } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { Observable } from 'rxjs';
import { combineLatest, Subject } from 'rxjs';
import { distinctUntilChanged, map } from 'rxjs/operators';
import type { RunningAdmission } from '@opkit/webhooks';
import { OperatorError } from './errors.js';
import type { FeedEvent, FeedEventInput } from './feed.js';
import { FEED_VERSION } from './feed.js';
import { EventPoster } from '@opkit/handlers';
import { createIndices, runResources } from './processing/index.js';
import type { OperatorIndices } from './processing/index.js';
import type { DependencyContainer, OperatorRoot } from './root/container.js';
import { composeOperator, OBJECT_LOGGER, RUNTIME_LOGGER } from './root/container.js';
import { ADMISSION, CLOCK, COORDINATION, CYCLE_QUEUE, DAEMONS, EVENT_SINK, INDEXER, KUBE_CLIENT, LOGGER, SETTINGS, STORAGES, WATCH_SOURCE } from './root/tokens.js';
import type { SettingsInput } from './settings.js';

/** Options of {@link operator} and {@link Operator}. */
export interface OperatorOptions {
  /** The handlers. @defaultValue the default registry (where `on.*` registers) */
  readonly registry?: Registry;
  /** Settings; see OperatorSettings for every field and its default. */
  readonly settings?: SettingsInput;
  /** Serve the whole cluster. */
  readonly clusterwide?: boolean;
  /** Serve these namespaces (names, globs like `team-*`, negations `!x`, RegExps). */
  readonly namespaces?: readonly (string | RegExp)[];
  /** Stop the operator (gracefully) when aborted. */
  readonly signal?: AbortSignal;
  /** Called once every watched resource has been listed. */
  readonly ready?: () => void;
  /** The client. @defaultValue `connect(options.connect)`: kubeconfig, in-cluster, … */
  readonly client?: KubeClient;
  /** How to connect when no client is given. */
  readonly connect?: ConnectOptions;
  /** The logger. @defaultValue Kopf's `full` format on stderr, level info */
  readonly logger?: Logger;
  /** The operator memo: activities get it, every object a shallow copy. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo?: Record<string, any>;
  /** The clock. @defaultValue the system clock */
  readonly clock?: Clock;
  /** While it emits `true`, the operator's watches are closed and daemons and timers stopped (besides peering's own pause). */
  readonly paused$?: Observable<boolean>;
  /**
   * The API server is known to reach this machine's loopback (the embedded API server: `op run --embedded`,
   * `op dev`, `@opkit/testing` set it). Admission handlers then need no configuration: the webhook server
   * listens on a free loopback port with a generated CA and the configurations `auto.opkit.dev` are managed.
   * @defaultValue false
   */
  readonly localApiServer?: boolean;
  /**
   * Replace parts of the runtime by registering them under their tokens (KUBE_CLIENT, CLOCK, LOGGER, SETTINGS,
   * PROGRESS_STORAGE, DIFFBASE_STORAGE, STORAGES, EVENT_SINK, WATCH_SOURCE, INDEXER, CYCLE_QUEUE, DAEMONS, COORDINATION, ADMISSION)
   * in the operator's own container; see docs/core.md. What is registered here the operator never closes.
   */
  readonly overrides?: (container: DependencyContainer) => void;
}

/**
 * An operator: its feed, its readiness, and `run()`.
 *
 * @example
 * ```ts
 * const op = new Operator({ registry, namespaces: ['default'] });
 * op.feed$.subscribe((event) => console.log(event.type));
 * const running = op.run(controller.signal);
 * await op.ready;
 * controller.abort();
 * await running;
 * ```
 */
export class Operator {
  /** What the operator does, as it happens. */
  readonly feed$: Observable<FeedEvent>;
  /** Resolves once every watched resource has been listed and every listed object of an indexed resource indexed (after the startup activities). */
  readonly ready: Promise<void>;
  readonly #options: OperatorOptions;
  readonly #feed = new Subject<FeedEvent>();
  #resolveReady!: () => void;
  #rejectReady!: (error: unknown) => void;
  #running = false;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly #memo: Record<string, any>;
  /** The indices of `on.index`, shared by the pipeline and the activities (made at the first use of the registry). */
  #indices: OperatorIndices | undefined;
  /** What activities get while the operator runs (its composed logger, clock and settings). */
  #activityDeps: ActivityDeps | undefined;
  /** The client while running (for probes). */
  #client: KubeClient | undefined;
  /** The operator's container (made at the first use: probe or run). */
  #root: OperatorRoot | undefined;
  /** The clock of the feed's timestamps: the options' until the container's is resolved. */
  #clock: Clock;

  constructor(options: OperatorOptions = {}) {
    this.#options = options;
    this.#memo = options.memo ?? {};
    this.#clock = options.clock ?? systemClock;
    this.feed$ = this.#feed.asObservable();
    this.ready = new Promise<void>((resolve, reject) => {
      this.#resolveReady = resolve;
      this.#rejectReady = reject;
    });
    this.ready.catch(() => undefined);
  }

  /**
   * Run every `on.probe` activity once (all at once, each retried as its outcome says, as any activity)
   * and resolve to their results by id — what a liveness endpoint reports. Works before `run()` too
   * (with the registered logger and settings), so a health check never waits for the operator to connect.
   *
   * @throws OperatorError (`probe-failed`) when a probe fails for good; the message names it.
   * @example
   * ```ts
   * on.probe(() => new Date().toISOString(), { id: 'now' });
   * const results = await op.probe({ signal }); // { now: '2026-11-25T03:04:05.678Z' }
   * ```
   */
  async probe(options: { readonly signal?: AbortSignal } = {}): Promise<Record<string, unknown>> {
    const registry = this.#options.registry ?? defaultRegistry();
    const c = this.#rootOf(registry).container;
    const deps = this.#activityDeps ?? {
      registry, settings: c.resolve(SETTINGS), logger: c.resolve(LOGGER), clock: c.resolve(CLOCK), memo: this.#memo, emit: this.#emit, indices: this.#indicesOf(registry),
    };
    const probe = (): Promise<Map<string, unknown>> => runActivities(deps, 'probe', { signal: options.signal ?? new AbortController().signal });
    // Probes get the operator's client while it runs (and when one was registered).
    const client = this.#client ?? (c.isRegistered(KUBE_CLIENT, false) ? c.resolve(KUBE_CLIENT) : undefined);
    const results = await (client ? runWithClient(client, probe) : probe());
    return Object.fromEntries(results);
  }

  #indicesOf(registry: Registry): OperatorIndices {
    this.#indices ??= createIndices(registry.resourceHandlers('index').map((handler) => handler.id));
    return this.#indices;
  }

  #rootOf(registry: Registry): OperatorRoot {
    const options = this.#options;
    let namespaces: readonly (string | RegExp)[] | undefined;
    if (options.namespaces && options.namespaces.length > 0) namespaces = options.namespaces;
    this.#root ??= composeOperator({
      settings: options.settings, client: options.client, connect: options.connect, clock: options.clock, logger: options.logger, namespaces,
      localApiServer: options.localApiServer ?? false, registry, memo: this.#memo, indices: this.#indicesOf(registry), emit: this.#emit, observed: this.#observed,
    }, options.overrides);
    this.#clock = this.#root.container.resolve(CLOCK);
    return this.#root;
  }

  #emit = (event: FeedEventInput): void => {
    // Without a subscriber the event would go nowhere: not even stamped.
    if (this.#feed.observed) this.#feed.next({ ...event, v: FEED_VERSION, ts: this.#clock.now() });
  };

  #observed = (): boolean => this.#feed.observed;

  /**
   * Run until `signal` (or the options' signal) aborts; resolves after a clean stop.
   *
   * @throws OperatorError when a startup activity fails for good or the options are invalid.
   */
  async run(signal?: AbortSignal): Promise<void> {
    if (this.#running) throw new OperatorError('invalid-options', 'This operator is already running; create another Operator to run twice.');
    this.#running = true;
    const options = this.#options;
    const stop = new AbortController();
    const outer = [signal, options.signal].filter((item): item is AbortSignal => item !== undefined);
    const stopNow = (reason: unknown): void => stop.abort(reason);
    for (const item of outer) {
      if (item.aborted) stopNow(item.reason);
      else item.addEventListener('abort', () => stopNow(item.reason), { once: true });
    }
    try {
      await this.#run(stop.signal);
    } catch (error) {
      this.#rejectReady(error);
      throw error;
    } finally {
      this.#emit({ type: 'operator', phase: 'stopped' });
      this.#feed.complete();
    }
  }

  async #run(signal: AbortSignal): Promise<void> {
    const options = this.#options;
    const registry = options.registry ?? defaultRegistry();
    let root: OperatorRoot;
    try {
      root = this.#rootOf(registry);
    } finally {
      this.#emit({ type: 'operator', phase: 'starting' }); // stamped by the registered clock when there is one
    }
    const c = root.container;
    const settings = c.resolve(SETTINGS);
    if (options.clusterwide && options.namespaces && options.namespaces.length > 0) {
      throw new OperatorError('invalid-options', 'clusterwide and namespaces exclude each other: serve the whole cluster or the listed namespaces.');
    }
    const { client, owned: ownsClient } = await root.client({ signal });
    this.#client = client;
    const logger = c.resolve(RUNTIME_LOGGER);
    const clock = c.resolve(CLOCK);
    const memo = this.#memo;
    const namespaces = options.namespaces && options.namespaces.length > 0 ? options.namespaces : undefined;
    if (!namespaces && !options.clusterwide) logger.warn('No namespaces or cluster-wide mode were requested; serving the whole cluster. Use clusterwide: true (op run -A) or namespaces (op run -n NS).');
    const poster = c.resolve(EVENT_SINK);
    const unobserve = client.observeRequests((record) => this.#emit({ type: 'api-request', ...record }));
    const onAbort = (): void => {
      const reason: unknown = signal.reason;
      if (typeof reason === 'string' && reason.startsWith('SIG')) logger.info(`Signal ${reason} is received. Operator is stopping.`);
      else logger.info('Stop-flag is set to True. Operator is stopping.');
      this.#emit({ type: 'operator', phase: 'stopping' });
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });

    const indices = this.#indicesOf(registry);
    const activityDeps: ActivityDeps = { registry, settings, logger, clock, memo, emit: this.#emit, indices };
    this.#activityDeps = activityDeps;
    // Peering, leader election and sharding start with the processing and stop after it has stopped
    // (records removed and Leases released only once nothing is handled any more).
    const coordination = c.resolve(COORDINATION);
    const pauses = [options.paused$, coordination.paused$].filter((item): item is Observable<boolean> => item !== undefined);
    const paused$ = pauses.length === 0 ? undefined : combineLatest(pauses).pipe(map((values) => values.some(Boolean)), distinctUntilChanged());
    const coordinationStop = new AbortController();
    let coordinating: Promise<void> | undefined;
    let admission: RunningAdmission | undefined;
    // Inside, the handlers' `client` and `connect()` without options are this operator's client.
    await runWithClient(client, () => runWithScope({ events: poster }, async () => {
      await runActivities(activityDeps, 'startup', { signal });
      // Admission first: writes must not pass unreviewed once the operator reports ready.
      if (!signal.aborted) admission = await c.resolve(ADMISSION).start(signal);
      if (!signal.aborted) {
        coordinating = coordination.run(coordinationStop.signal);
        await runResources({
          client, registry, settings, logger, clock, memo, events: poster, emit: this.#emit, observed: this.#observed, paused$, gate: coordination.gate, indices,
          storages: c.resolve(STORAGES), watch: c.resolve(WATCH_SOURCE), indexer: c.resolve(INDEXER), cycleQueue: c.resolve(CYCLE_QUEUE), daemons: c.resolve(DAEMONS), objectLogger: c.resolve(OBJECT_LOGGER),
        }, {
          signal,
          onSynced: () => {
            this.#emit({ type: 'operator', phase: 'ready' });
            this.#resolveReady();
            options.ready?.();
          },
        });
      }
      coordinationStop.abort();
      await coordinating;
      // Cleanup runs with a fresh signal bounded by the grace period.
      const grace = new AbortController();
      const timer = clock.setTimeout(() => grace.abort('grace period over'), settings.process.gracePeriod * 1000);
      try {
        await admission?.stop(grace.signal);
        await runActivities(activityDeps, 'cleanup', { signal: grace.signal });
      } finally {
        clock.clearTimeout(timer);
      }
    }));
    if (poster instanceof EventPoster && !root.registeredByUser(EVENT_SINK)) await poster.flush(settings.queueing.exitTimeout * 1000);
    unobserve();
    // What the user registered is theirs to close.
    if (ownsClient) client.close();
    this.#client = undefined;
    this.#resolveReady();
  }
}

/**
 * Run an operator until `options.signal` aborts.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * process.once('SIGINT', () => controller.abort('SIGINT'));
 * await operator({ namespaces: ['default'], signal: controller.signal });
 * ```
 */
export async function operator(options: OperatorOptions = {}): Promise<void> {
  await new Operator(options).run();
}
