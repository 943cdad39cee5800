// What every controller of the embedded API server shares: the dependencies it is given, the work queue
// it runs on (@opkit/tasks' KeyedQueue: dedupe, serial per key, retries with backoff, abort) and the
// one log line a failed attempt produces. A controller reacts to committed store events, queues typed
// work items, and does its writes through ControllerWrites.
import { KeyedQueue, type Clock, type ExponentialBackOffOptions, type Logger } from '@opkit/tasks';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/types.js';
import type { ObjectStore, StoreEvent } from '../storage/index.js';
import type { ControllerWrites } from './writes.js';

/** The reads a controller makes: the committed state of the store. */
export type ControllerReads = Pick<ObjectStore, 'get' | 'list' | 'byUid' | 'dependentsOf' | 'storageKeys'>;

/** What a controller is built from. */
export interface ControllerDeps {
  readonly store: ControllerReads;
  readonly registry: ResourceRegistry;
  readonly writes: ControllerWrites;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Retry delays of failed work, per key. */
  readonly retry: ExponentialBackOffOptions;
}

/** One of the server's background controllers. */
export interface StoreController {
  /** Its name in log lines (`garbage-collector`, `namespace-lifecycle` …). */
  readonly name: string;
  /** Called with every committed store event, synchronously and in commit order: queue work, do none. */
  observe(event: StoreEvent): void;
  /** Queues the work a restored store needs (after a restart from a data directory). */
  resync(): void;
  /** True when no work waits, runs or waits for a retry. */
  readonly idle: boolean;
  /** Resolves when no work waits, runs or waits for a retry. */
  drain(): Promise<void>;
  /** Stops: nothing new starts, retries are cancelled; resolves when the running work has settled. */
  close(): Promise<void>;
}

/**
 * The queue of one controller: at most one worker per key, one at a time (a write may wait for admission
 * webhooks), retried with backoff on failure. A failure is logged with the controller, the key,
 * the attempt and the delay — never swallowed.
 */
export function controllerQueue<T>(name: string, deps: ControllerDeps, work: (item: T) => void | Promise<void>): KeyedQueue<T> {
  return new KeyedQueue<T>((item) => work(item), {
    retry: deps.retry,
    clock: deps.clock,
    onError: (error, { key, attempt, retryInMs }) =>
      deps.logger.warn('apiserver controller failed; retrying', {
        controller: name,
        key,
        attempt,
        retryInMs: Math.round(retryInMs ?? 0),
        error: error instanceof Error ? error.message : String(error),
      }),
  });
}

/** The served type whose objects live under `storageKey` (a stored kind, not a view over another). */
export function typeForStorageKey(registry: ResourceRegistry, storageKey: string): ResourceType | undefined {
  const stored = registry.all().filter((t) => t.storageKey === storageKey && !t.view);
  // A custom resource's controllers work at its storage version (no conversion between what they read and write).
  return stored.find((t) => t.custom?.storageVersion === t.version) ?? stored[0] ?? registry.byStorageKey(storageKey);
}
