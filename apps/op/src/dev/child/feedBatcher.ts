// The child's side of the feed channel: events are sent to op dev in batches (every `batchMs`, or at
// once when 256 are waiting), so that a busy operator pays one IPC message per batch rather than one
// per event; and the child's event-loop delay is measured and reported, because it is what a slow
// handler (or a busy runtime) costs every other handler and timer.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FeedEvent } from '@opkit/core';
import type { ChildMessage } from './protocol.js';

/** Sends a message to the parent; resolves once it is handed to the channel. */
export type SendToParent = (message: ChildMessage) => Promise<void>;

/** The process's own `send`, as a promise (a no-op once the parent is gone). */
export const sendToParent: SendToParent = (message) => new Promise((done) => {
  if (!process.connected || !process.send) return done();
  process.send(message, undefined, undefined, () => done());
});

/**
 * Batches feed events to the parent.
 *
 * @example
 * ```ts
 * const batcher = new FeedBatcher(sendToParent, { batchMs: 50 });
 * operator.feed$.subscribe((event) => batcher.push(event));
 * await batcher.flush();
 * ```
 */
export class FeedBatcher {
  readonly #send: SendToParent;
  readonly #batchMs: number;
  readonly #max: number;
  #batch: FeedEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(send: SendToParent, options: { readonly batchMs?: number | undefined; readonly maxBatch?: number | undefined } = {}) {
    this.#send = send;
    this.#batchMs = options.batchMs ?? 50;
    this.#max = options.maxBatch ?? 256;
  }

  push(event: FeedEvent): void {
    this.#batch.push(event);
    if (this.#batch.length >= this.#max) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#batchMs);
  }

  /** Send what is waiting now. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#batch.length === 0) return Promise.resolve();
    const events = this.#batch;
    this.#batch = [];
    return this.#send({ type: 'feed', events });
  }
}

/** The resolution of the event-loop delay histogram, in ms. */
const RESOLUTION_MS = 10;

/** Event-loop delay percentiles, in ms beyond the sampling timer's own interval. */
export interface LoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/**
 * Measures this process's event-loop delay.
 *
 * @example
 * ```ts
 * const monitor = new LoopMonitor();
 * setInterval(() => console.log(monitor.take().p99Ms), 1000);
 * ```
 */
export class LoopMonitor {
  readonly #histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });

  constructor() {
    this.#histogram.enable();
  }

  /** The percentiles since the last call (and start over). */
  take(): LoopDelay {
    // The histogram holds the intervals of a timer of RESOLUTION_MS; the delay is what exceeds it.
    const late = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    const result = { p50Ms: late(this.#histogram.percentile(50)), p99Ms: late(this.#histogram.percentile(99)), maxMs: late(this.#histogram.max) };
    this.#histogram.reset();
    return result;
  }

  stop(): void {
    this.#histogram.disable();
  }
}
