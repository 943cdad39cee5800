// Holding a stream back until a promise settles: what arrives meanwhile is kept in order and delivered
// at once when it resolves; afterwards values pass straight through. The handlers' queue waits this way
// for the initial indexing — holding events, not worker slots.
import { Observable } from 'rxjs';
import type { OperatorFunction } from 'rxjs';

/**
 * Hold values back until `open` resolves.
 *
 * @example
 * ```ts
 * events$.pipe(holdUntil(indexed)).subscribe(process); // nothing is processed before `indexed` resolves
 * ```
 */
export function holdUntil<T>(open: Promise<unknown>): OperatorFunction<T, T> {
  return (source) => new Observable<T>((subscriber) => {
    let held: T[] | undefined = [];
    let completed = false;
    let closed = false;
    void open.then(() => {
      if (closed) return;
      const values = held ?? [];
      held = undefined;
      for (const value of values) subscriber.next(value);
      if (completed) subscriber.complete();
    });
    const subscription = source.subscribe({
      next: (value) => {
        if (held) held.push(value);
        else subscriber.next(value);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        if (held) completed = true;
        else subscriber.complete();
      },
    });
    return () => {
      closed = true;
      held = undefined;
      subscription.unsubscribe();
    };
  });
}
