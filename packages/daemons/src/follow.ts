// The stream form of one object's daemons: hand it the object's bodies as an Observable and it runs
// the matching daemons and timers, reports what happens to them, and stops them when the object is
// being deleted, when the stream ends (the object is gone) or when the subscriber leaves. For
// embedders that follow objects as streams; Opkit's core drives ObjectDaemons from its cycles instead.
import type { ResourceHandler } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { Observable } from 'rxjs';
import type { Daemons } from './daemons.js';
import type { DaemonEvent, ObjectDaemonsOptions, ReconcileOptions } from './types.js';

/** One element of the body stream: a body, or a body with whether it changed essentially. */
export type FollowedBody = KubeObject | { readonly body: KubeObject; readonly changed?: boolean };

/** Options of {@link followObject}. */
export type FollowOptions = Omit<ObjectDaemonsOptions, 'body' | 'onEvent'> & Pick<ReconcileOptions, 'context'>;

function unpack(item: FollowedBody): { body: KubeObject; changed: boolean } {
  if ('body' in item && !('metadata' in item)) return { body: item.body, changed: item.changed ?? true };
  return { body: item, changed: true };
}

/**
 * Run one object's daemons and timers from a stream of its bodies. Each body reaches the running
 * tasks at once; a body counts as an essential change unless given as `{ body, changed: false }`; a
 * body with a `deletionTimestamp` stops them all (`resource-deleted`). When the stream completes the
 * object is gone: they are stopped and the output completes once they have ended. Unsubscribing stops
 * them (`operator-exiting`).
 *
 * @example
 * ```ts
 * followObject(daemons, uid, bodies$, registry.resourceHandlers(), { invoke })
 *   .subscribe((event) => console.log(event.type, event.handler.id));
 * ```
 */
export function followObject(
  daemons: Daemons, key: string, bodies$: Observable<FollowedBody>, handlers: readonly ResourceHandler[], options: FollowOptions = {},
): Observable<DaemonEvent> {
  return new Observable<DaemonEvent>((subscriber) => {
    let ended = false;
    const { context, ...objectOptions } = options;
    const subscription = bodies$.subscribe({
      next: (item) => {
        const { body, changed } = unpack(item);
        const object = daemons.get(key) ?? daemons.attach(key, { ...objectOptions, body, onEvent: (event) => subscriber.next(event) });
        object.update(body, { changed });
        object.reconcile(handlers, { deleting: Boolean(body.metadata?.deletionTimestamp), ...(context ? { context } : {}) });
      },
      error: (error: unknown) => {
        ended = true;
        daemons.forget(key);
        subscriber.error(error);
      },
      complete: () => {
        ended = true;
        const object = daemons.get(key);
        daemons.forget(key);
        void (object ? object.settled() : Promise.resolve()).then(() => subscriber.complete());
      },
    });
    return () => {
      subscription.unsubscribe();
      if (!ended) daemons.forget(key, 'operator-exiting');
    };
  });
}
