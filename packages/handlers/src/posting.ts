// Posting Kubernetes events in the background: handlers call `events.info(…)` and go on; a TaskQueue
// (one task per post, one at a time, in order) posts through the client, so a slow or failing API never
// blocks or breaks a handler. Failures are logged as warnings, not retried (as in Kopf); stopping
// flushes what is queued, within a deadline on the clock. @opkit/core wires it as the EVENT_SINK default
// and owns nothing of it but the wiring; its settings group (`settings.posting`) is validated here.
// Like client-go's event correlator, identical events (object, type, reason, message) within a window
// are one Event whose `count` and `lastTimestamp` are patched, and each object gets a bounded number
// of new Event objects per window, so a chatty handler cannot flood the API server.
import { EVENTS_RESOURCE, formatTime } from '@opkit/kube';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { sleep, systemClock, TaskQueue } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { EventSink } from './types.js';
import type { FeedEventInput } from './feed.js';
import { settingOneOf, settingSeconds, settingWhole } from './settingChecks.js';

/** Kubernetes events posted by `events.*` (the operator's `settings.posting`). */
export interface PostingSettings {
  /** Post events at all. @defaultValue true */
  enabled: boolean;
  /** The lowest level posted: `info` posts Normal and Warning, `warn` only Warning and Error. @defaultValue 'info' */
  level: 'debug' | 'info' | 'warn' | 'error';
  /**
   * Also post objects' log lines at `level` and above (from handlers and the framework, not spies) as events
   * with reason `Logging`: Normal for info, Warning for warn, Error for error, so `kubectl describe` shows the
   * handler history. On by default, as in Kopf up to 1.43 (Kopf 1.44 turned it off); repeats are aggregated.
   * @defaultValue true
   */
  loggers: boolean;
  /** Identical events (object, type, reason, message) within this many seconds are counted in one Event. @defaultValue 600 */
  aggregationWindow: number;
  /** At most this many new Event objects per object per `aggregationWindow`; more are dropped (counted on the feed). @defaultValue 25 */
  maxPerObject: number;
  /** The reporting component (`source.component`). @defaultValue 'opkit' */
  component: string;
  /** The reporting instance. @defaultValue the host name */
  instance?: string | undefined;
}

/**
 * Validate `settings.posting` and fill in defaults.
 *
 * @throws OperatorError (`invalid-settings`) naming the field and what was expected.
 * @example
 * ```ts
 * resolvePostingSettings({ level: 'warn' }).component; // 'opkit'
 * ```
 */
export function resolvePostingSettings(o: Partial<PostingSettings>): PostingSettings {
  return {
    enabled: o.enabled ?? true,
    loggers: o.loggers ?? true,
    level: settingOneOf('posting.level', o.level, ['debug', 'info', 'warn', 'error'] as const, 'info'),
    component: o.component ?? 'opkit',
    instance: o.instance,
    aggregationWindow: settingSeconds('posting.aggregationWindow', o.aggregationWindow, 600),
    maxPerObject: settingWhole('posting.maxPerObject', o.maxPerObject, 25),
  };
}

const LEVEL_OF: Record<string, number> = { Debug: 10, Normal: 20, Warning: 30, Error: 40, Fatal: 50 };
const THRESHOLD: Record<PostingSettings['level'], number> = { debug: 10, info: 20, warn: 30, error: 40 };

type PostedEvent = { readonly type: string; readonly reason: string; readonly message: string };

/** One aggregated Event: created once, then its count patched. */
interface Series {
  readonly started: number;
  /** The Event's name and namespace once created. */
  name?: string;
  namespace?: string;
  /** Repeats counted in the Event on the server. */
  count: number;
  /** Repeats not yet written. */
  pending: number;
}

/** New Event objects made for one object in the current window. */
interface Budget { readonly started: number; used: number }

/**
 * The operator's {@link EventSink}: a serial background queue of event posts.
 *
 * @example
 * ```ts
 * const poster = new EventPoster({ client, settings: settings.posting, logger, clock });
 * runWithScope({ events: poster }, () => events.info(body, { reason: 'Done', message: 'ok' }));
 * await poster.flush(2_000);
 * ```
 */
export class EventPoster implements EventSink {
  readonly #client: KubeClient;
  readonly #settings: PostingSettings;
  readonly #logger: Logger;
  readonly #emit: (event: FeedEventInput) => void;
  readonly #clock: Clock;
  readonly #queue: TaskQueue;
  readonly #series = new Map<string, Series>();
  readonly #budgets = new Map<string, Budget>();
  /** When expired series and budgets were last dropped (clock ms). */
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(deps: { client: KubeClient; settings: PostingSettings; logger: Logger; emit?: (event: FeedEventInput) => void; clock?: Clock }) {
    this.#client = deps.client;
    this.#settings = deps.settings;
    this.#logger = deps.logger;
    this.#emit = deps.emit ?? (() => undefined);
    this.#clock = deps.clock ?? systemClock;
    this.#queue = new TaskQueue({ clock: this.#clock, logger: deps.logger });
    // It posts for as long as it lives: an idle queue holds no timer.
    void this.#queue.run(new AbortController().signal);
  }

  posts(type: string): boolean {
    return this.#settings.enabled && (LEVEL_OF[type] ?? 20) >= THRESHOLD[this.#settings.level];
  }

  post(body: KubeObject, event: PostedEvent): void {
    if (!this.posts(event.type)) return;
    // Never about Events themselves: posting them would make more to post (as in Kopf).
    if (body.apiVersion === 'v1' && body.kind === 'Event') return;
    const now = this.#clock.now();
    const windowMs = this.#settings.aggregationWindow * 1000;
    const object = `${body.metadata?.namespace ?? ''}/${body.metadata?.name ?? ''}/${body.metadata?.uid ?? ''}`;
    const key = JSON.stringify([object, event.type, event.reason, event.message]);
    let series = this.#series.get(key);
    if (!series || now - series.started >= windowMs) {
      this.#prune(now, windowMs);
      let budget = this.#budgets.get(object);
      if (!budget || now - budget.started >= windowMs) this.#budgets.set(object, (budget = { started: now, used: 0 }));
      if (budget.used >= this.#settings.maxPerObject) {
        this.#emit({ type: 'event-posted', object: refOf(body), eventType: event.type, reason: event.reason, message: event.message, ok: false });
        return;
      }
      budget.used++;
      series = { started: now, count: 0, pending: 0 };
      this.#series.set(key, series);
    }
    series.pending++;
    // One task per series: while it waits, further repeats only raise `pending`; in order otherwise.
    const target = series;
    this.#queue.enqueue(key, () => this.#write(body, event, target));
  }

    /** Wait until the queue is empty, or at most `timeoutMs` (on the clock). */
  async flush(timeoutMs: number): Promise<void> {
    if (this.#queue.idle) return;
    const deadline = new AbortController();
    await Promise.race([this.#queue.drain(), sleep(timeoutMs, { clock: this.#clock, signal: deadline.signal }).catch(() => undefined)]);
    deadline.abort();
  }

  #prune(now: number, windowMs: number): void {
    // Housekeeping only (expiry is checked where a series or budget is used): at most once a second, so that
    // a new series per object (ten thousand timers logging their first run) is not a sweep of all series each.
    if (now - this.#prunedAt < Math.min(windowMs, 1000)) return;
    this.#prunedAt = now;
    for (const [key, series] of this.#series) if (now - series.started >= windowMs && series.pending === 0) this.#series.delete(key);
    for (const [key, budget] of this.#budgets) if (now - budget.started >= windowMs) this.#budgets.delete(key);
  }

  async #write(body: KubeObject, event: PostedEvent, series: Series): Promise<void> {
    const repeats = series.pending;
    if (repeats === 0) return;
    series.pending = 0;
    const ref = refOf(body);
    try {
      if (series.name === undefined) {
        const created = await this.#client.postEvent({
          regarding: body, type: event.type, reason: event.reason, message: event.message,
          component: this.#settings.component, ...(this.#settings.instance ? { instance: this.#settings.instance } : {}),
        });
        series.name = created.metadata.name;
        series.namespace = created.metadata.namespace;
        series.count = 1;
        if (repeats > 1) await this.#count(series, repeats - 1);
      } else {
        await this.#count(series, repeats);
      }
      this.#emit({ type: 'event-posted', object: ref, eventType: event.type, reason: event.reason, message: event.message, ok: true });
    } catch (error) {
      this.#logger.warn(`Failed to post an event: ${(error as Error).message}`, { reason: event.reason });
      this.#emit({ type: 'event-posted', object: ref, eventType: event.type, reason: event.reason, message: event.message, ok: false });
    }
  }

  /** Add `repeats` to the series' Event: `count` and `lastTimestamp`, as client-go's recorder does. */
  async #count(series: Series, repeats: number): Promise<void> {
    if (series.name === undefined) return;
    const count = series.count + repeats;
    await this.#client.patch(EVENTS_RESOURCE, series.name, { count, lastTimestamp: formatTime(new Date(this.#clock.now())) }, { namespace: series.namespace, type: 'merge' });
    series.count = count;
  }
}

function refOf(body: KubeObject): { resource: string; namespace: string | undefined; name: string; uid: string | undefined } {
  return {
    resource: body.apiVersion && body.kind ? `${body.kind}.${body.apiVersion}` : 'unknown',
    namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid,
  };
}
