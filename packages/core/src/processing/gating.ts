// The gate's side of the pipeline (leader election, sharding): when the gate takes objects away, their
// delayed wake-ups are dropped, their memories and daemons let go of, and their running cycles cancelled
// and waited for; when it grants objects, the latest event remembered of each is queued as if first seen.
import type { Daemons } from '@opkit/daemons';
import type { HandlingGate } from '@opkit/peering';
import type { KeyedQueue } from '@opkit/tasks';
import type { QueuedEvent } from '../root/tokens.js';
import type { ObjectMemory } from './memory.js';

/** What the gate's side works on: the run's memories, the remembered events, the queue and the daemons. */
export interface GateState {
  readonly memories: Map<string, ObjectMemory>;
  /** The latest event of every object seen, granted or not. */
  readonly seen: ReadonlyMap<string, QueuedEvent>;
  readonly cycles: KeyedQueue<QueuedEvent>;
  readonly daemons: Daemons | undefined;
  /** Whether granted objects may be queued now (not stopping, not paused). */
  readonly idle: () => boolean;
}

/**
 * The `release` and `acquire` of a run, for `gate.attach`.
 *
 * @example
 * ```ts
 * const detach = gate.attach(gateSide(gate, { memories, seen, cycles, daemons, idle: () => !paused }));
 * ```
 */
export function gateSide(gate: HandlingGate, state: GateState): Parameters<HandlingGate['attach']>[0] {
  const { memories, seen, cycles, daemons } = state;
  return {
    release: async (keep) => {
      const waits: Promise<unknown>[] = [];
      for (const [key, memory] of [...memories]) {
        const uid = memory.latest?.metadata?.uid;
        if (uid === undefined || keep(uid)) continue;
        cycles.unschedule(key);
        memories.delete(key);
        const objectDaemons = daemons?.get(key);
        if (objectDaemons) {
          daemons!.forget(key, 'operator-pausing');
          waits.push(objectDaemons.settled());
        }
      }
      for (const [key, event] of cycles.running()) {
        const uid = event.object.metadata?.uid;
        if (uid === undefined || !keep(uid)) waits.push(cycles.cancel(key, new Error('This replica no longer handles the object.')));
      }
      await Promise.allSettled(waits);
    },
    acquire: () => {
      if (!state.idle()) return;
      const busy = cycles.running();
      for (const [key, event] of seen) {
        if (memories.has(key) || busy.has(key)) continue;
        const uid = event.object.metadata?.uid;
        if (uid === undefined || !gate.owns(uid)) continue;
        // Granted: handle it as if first seen (resume handlers run, as after a restart).
        cycles.add(key, { type: event.type, object: event.object, initial: true, resource: event.resource, granted: true });
      }
    },
  };
}
