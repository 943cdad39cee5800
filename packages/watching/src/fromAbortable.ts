// Why this file exists: RxJS 7's `from(asyncIterable)` has no teardown — unsubscribing leaves the
// iterator (and its HTTP connection) running until the next value arrives. This is the one audited
// bridge from async code to Observables in Opkit: unsubscribing aborts a signal first (which closes
// sockets and cuts sleeps at once), then asks the iterator to return.

import { Observable } from 'rxjs';

/** Pushes values into the Observable; does nothing once the subscriber is gone. */
export type Emit<T> = (value: T) => void;

/**
 * Run `produce(emit, signal)` for each subscriber. The Observable completes when the promise
 * resolves, errors when it rejects, and on unsubscribe the signal aborts (the producer must stop;
 * its eventual rejection with the abort reason is swallowed).
 *
 * Guarantees: no value is delivered after unsubscribe; the signal is aborted synchronously inside
 * `unsubscribe()`; a producer that resolves after unsubscribe causes no error.
 *
 * @example
 * ```ts
 * const ticks$ = fromAbortable<number>(async (emit, signal) => {
 *   for (let i = 0; ; i++) { emit(i); await sleep(1000, { signal }); }
 * });
 * ```
 */
export function fromAbortable<T>(produce: (emit: Emit<T>, signal: AbortSignal) => Promise<void>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    const emit: Emit<T> = (value) => {
      if (!controller.signal.aborted && !subscriber.closed) subscriber.next(value);
    };
    let promise: Promise<void>;
    try {
      promise = produce(emit, controller.signal);
    } catch (error) {
      subscriber.error(error);
      return undefined;
    }
    promise.then(
      () => {
        if (!controller.signal.aborted) subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort(new DOMException('unsubscribed', 'AbortError'));
  });
}

/**
 * An Observable over an async iterable made per subscriber by `open(signal)`. On unsubscribe the
 * signal aborts (the iterable must close its resources on that signal) and `iterator.return()` is
 * called, so the producer's `finally` blocks run.
 *
 * @example
 * ```ts
 * const events$ = fromAbortableIterable((signal) => client.listItems(resource, { signal }));
 * ```
 */
export function fromAbortableIterable<T>(open: (signal: AbortSignal) => AsyncIterable<T> | Promise<AsyncIterable<T>>): Observable<T> {
  return fromAbortable<T>(async (emit, signal) => {
    const iterable = await open(signal);
    const iterator = iterable[Symbol.asyncIterator]();
    const onAbort = (): void => {
      // Fire and forget: the abort already closed the source; return() lets its finally blocks run.
      iterator.return?.(undefined)?.catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const step = await iterator.next();
        if (step.done || signal.aborted) return;
        emit(step.value);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  });
}
