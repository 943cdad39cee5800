// Posting Kubernetes events in the background: handlers call `events.info(…)` and go on; one
// queue posts serially through the client, so a slow or failing API never blocks or breaks a
// handler. Failures are logged as warnings; stopping flushes what is queued, within a deadline.
import type { EventSink } from '@opkit/handlers';
import type { KubeClient, KubeObject } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import type { FeedEventInput } from './feed.js';
import type { PostingSettings } from './settings.js';

const LEVEL_OF: Record<string, number> = { Debug: 10, Normal: 20, Warning: 30, Error: 40, Fatal: 50 };
const THRESHOLD: Record<PostingSettings['level'], number> = { debug: 10, info: 20, warn: 30, error: 40 };

interface Pending {
  readonly body: KubeObject;
  readonly type: string;
  readonly reason: string;
  readonly message: string;
}

/**
 * The operator's {@link EventSink}: a serial background queue of event posts.
 *
 * @example
 * ```ts
 * const poster = new EventPoster({ client, settings: settings.posting, logger });
 * runWithScope({ events: poster }, () => events.info(body, { reason: 'Done', message: 'ok' }));
 * await poster.flush(2_000);
 * ```
 */
export class EventPoster implements EventSink {
  readonly #client: KubeClient;
  readonly #settings: PostingSettings;
  readonly #logger: Logger;
  readonly #emit: (event: FeedEventInput) => void;
  readonly #queue: Pending[] = [];
  #draining: Promise<void> | undefined;

  constructor(deps: { client: KubeClient; settings: PostingSettings; logger: Logger; emit?: (event: FeedEventInput) => void }) {
    this.#client = deps.client;
    this.#settings = deps.settings;
    this.#logger = deps.logger;
    this.#emit = deps.emit ?? (() => undefined);
  }

  post(body: KubeObject, event: { readonly type: string; readonly reason: string; readonly message: string }): void {
    if (!this.#settings.enabled) return;
    if ((LEVEL_OF[event.type] ?? 20) < THRESHOLD[this.#settings.level]) return;
    this.#queue.push({ body, ...event });
    this.#draining ??= this.#drain().finally(() => { this.#draining = undefined; });
  }

  /** Wait until the queue is empty, or at most `timeoutMs`. */
  async flush(timeoutMs: number): Promise<void> {
    if (!this.#draining) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#draining, new Promise<void>((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
    clearTimeout(timer);
  }

  async #drain(): Promise<void> {
    for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
      const ref = {
        resource: next.body.apiVersion && next.body.kind ? `${next.body.kind}.${next.body.apiVersion}` : 'unknown',
        namespace: next.body.metadata?.namespace, name: next.body.metadata?.name ?? '', uid: next.body.metadata?.uid,
      };
      try {
        await this.#client.postEvent({
          regarding: next.body, type: next.type, reason: next.reason, message: next.message,
          component: this.#settings.component, ...(this.#settings.instance ? { instance: this.#settings.instance } : {}),
        });
        this.#emit({ type: 'event-posted', object: ref, eventType: next.type, reason: next.reason, message: next.message, ok: true });
      } catch (error) {
        this.#logger.warn(`Failed to post an event: ${(error as Error).message}`, { reason: next.reason });
        this.#emit({ type: 'event-posted', object: ref, eventType: next.type, reason: next.reason, message: next.message, ok: false });
      }
    }
  }
}
