// Posting Kubernetes events in the background: handlers call `events.info(…)` and go on; a TaskQueue
// (one task per post, one at a time, in order) posts through the client, so a slow or failing API never
// blocks or breaks a handler. Failures are logged as warnings, not retried (as in Kopf); stopping
// flushes what is queued, within a deadline on the clock.
import type { EventSink } from '@opkit/handlers';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { sleep, systemClock, TaskQueue } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput } from './feed.js';
import type { PostingSettings } from './settings.js';

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
