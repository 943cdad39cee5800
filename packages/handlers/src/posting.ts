// Posting Kubernetes events in the background: handlers call `events.info(…)` and go on; a TaskQueue
// (one task per post, one at a time, in order) posts through the client, so a slow or failing API never
// blocks or breaks a handler. Failures are logged as warnings, not retried (as in Kopf); stopping
// flushes what is queued, within a deadline on the clock. @opkit/core wires it as the EVENT_SINK default
// and owns nothing of it but the wiring; its settings group (`settings.posting`) is validated here.
import type { KubeClient, KubeObject } from '@opkit/kube';
import { sleep, systemClock, TaskQueue } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { EventSink } from './types.js';
import type { FeedEventInput } from './feed.js';
import { settingOneOf } from './settingChecks.js';

/** Kubernetes events posted by `events.*` (the operator's `settings.posting`). */
export interface PostingSettings {
  /** Post events at all. @defaultValue true */
  enabled: boolean;
  /** The lowest level posted: `info` posts Normal and Warning, `warn` only Warning and Error. @defaultValue 'info' */
  level: 'debug' | 'info' | 'warn' | 'error';
  /** Also post objects' log lines (from handlers and the framework, not spies) as events with reason `Logging`. @defaultValue false */
  loggers: boolean;
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
    loggers: o.loggers ?? false,
    level: settingOneOf('posting.level', o.level, ['debug', 'info', 'warn', 'error'] as const, 'info'),
    component: o.component ?? 'opkit',
    instance: o.instance,
  };
}

const LEVEL_OF: Record<string, number> = { Debug: 10, Normal: 20, Warning: 30, Error: 40, Fatal: 50 };
const THRESHOLD: Record<PostingSettings['level'], number> = { debug: 10, info: 20, warn: 30, error: 40 };

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
  #posts = 0;

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

  post(body: KubeObject, event: { readonly type: string; readonly reason: string; readonly message: string }): void {
    if (!this.#settings.enabled) return;
    if ((LEVEL_OF[event.type] ?? 20) < THRESHOLD[this.#settings.level]) return;
    // A key per post: every post is kept, and they go out in order.
    this.#queue.enqueue(String(this.#posts++), () => this.#post(body, event));
  }

  /** Wait until the queue is empty, or at most `timeoutMs` (on the clock). */
  async flush(timeoutMs: number): Promise<void> {
    if (this.#queue.idle) return;
    const deadline = new AbortController();
    await Promise.race([this.#queue.drain(), sleep(timeoutMs, { clock: this.#clock, signal: deadline.signal }).catch(() => undefined)]);
    deadline.abort();
  }

  async #post(body: KubeObject, event: { readonly type: string; readonly reason: string; readonly message: string }): Promise<void> {
    const ref = {
      resource: body.apiVersion && body.kind ? `${body.kind}.${body.apiVersion}` : 'unknown',
      namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid,
    };
    try {
      await this.#client.postEvent({
        regarding: body, type: event.type, reason: event.reason, message: event.message,
        component: this.#settings.component, ...(this.#settings.instance ? { instance: this.#settings.instance } : {}),
      });
      this.#emit({ type: 'event-posted', object: ref, eventType: event.type, reason: event.reason, message: event.message, ok: true });
    } catch (error) {
      this.#logger.warn(`Failed to post an event: ${(error as Error).message}`, { reason: event.reason });
      this.#emit({ type: 'event-posted', object: ref, eventType: event.type, reason: event.reason, message: event.message, ok: false });
    }
  }
}
