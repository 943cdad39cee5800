// Why this file exists: both namespace scoping and late-appearing CRDs need the same operator — a
// changing set of keys, one inner stream per key, started when a key appears and unsubscribed (its
// connection closed) when it disappears — and it must not leak a subscription in any order of events.

import { Observable } from 'rxjs';
import type { Subscription } from 'rxjs';

/**
 * Merge one inner stream per key of the latest key set (exported: core merges the streams of every
 * watched resource with it). A key leaving the set unsubscribes its
 * stream; a key (re)entering starts a fresh one. Completes when `keys$` and every inner stream have
 * completed; an error anywhere errors the result (and unsubscribes everything).
 *
 * @example
 * ```ts
 * mergeKeyed(resources$, (resource) => watchResource(client, resource), resourceName).subscribe(handle);
 * ```
 */
export function mergeKeyed<K, V>(keys$: Observable<Iterable<K>>, open: (key: K) => Observable<V>, id: (key: K) => string = String): Observable<V> {
  return new Observable<V>((subscriber) => {
    const inner = new Map<string, Subscription>();
    let outerDone = false;
    const maybeComplete = (): void => {
      if (outerDone && inner.size === 0) subscriber.complete();
    };
    const outer = keys$.subscribe({
      next: (keys) => {
        const wanted = new Map<string, K>();
        for (const key of keys) wanted.set(id(key), key);
        for (const [name, subscription] of inner) {
          if (!wanted.has(name)) {
            inner.delete(name);
            subscription.unsubscribe();
          }
        }
        for (const [name, key] of wanted) {
          if (inner.has(name) || subscriber.closed) continue;
          let finished = false;
          let subscription: Subscription | undefined = undefined;
          subscription = open(key).subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => subscriber.error(error),
            complete: () => {
              finished = true;
              if (subscription !== undefined && inner.get(name) === subscription) inner.delete(name);
              maybeComplete();
            },
          });
          if (!finished) inner.set(name, subscription);
        }
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        outerDone = true;
        maybeComplete();
      },
    });
    return () => {
      outer.unsubscribe();
      for (const subscription of inner.values()) subscription.unsubscribe();
      inner.clear();
    };
  });
}
