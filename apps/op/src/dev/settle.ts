// `op dev --until-settled`: a CI smoke test. Settled means the operator's generation has listed
// everything, op dev's own watch has too, and every object is idle; a permanent failure, a crash or
// a first load that fails ends it with failure.
import type { DevStore } from './model/store.js';
import { objectLabel } from './model/objects.js';

/** Where a session stands. */
export type Settlement = { readonly kind: 'waiting'; readonly why: string } | { readonly kind: 'settled' } | { readonly kind: 'failed'; readonly why: string };

/** How long nothing may happen to any object before a session counts as settled, in ms. */
export const QUIET_MS = 1000;

/**
 * Whether the session has settled: the running generation and op dev's own watch have listed
 * everything, every object is idle, and nothing has happened to any object for {@link QUIET_MS}
 * (an object between being seen and its handlers starting looks idle for a moment).
 *
 * @param now - the current time (record time; `Date.now()` in a live session).
 * @example
 * ```ts
 * settlement(store, Date.now()); // { kind: 'waiting', why: '1 object not idle: default/x (retrying)' }
 * ```
 */
export function settlement(store: DevStore, now: number = store.lastTs + QUIET_MS): Settlement {
  const failed = store.ordered().find((entry) => entry.state.kind === 'failed');
  if (failed && failed.state.kind === 'failed') return { kind: 'failed', why: `${objectLabel(failed)}: handler ${failed.state.handler} failed permanently${failed.state.message ? `: ${failed.state.message}` : ''}` };
  const gen = store.currentGen !== undefined ? store.gens.get(store.currentGen) : undefined;
  if (!gen) {
    const last = [...store.gens.values()].at(-1);
    if (last?.phase === 'crashed') return { kind: 'failed', why: `the operator crashed: ${last.message ?? ''}` };
    if (store.buildError && store.loadingGen === undefined) return { kind: 'failed', why: `the operator failed to load: ${store.buildError.message}` };
    return { kind: 'waiting', why: 'no generation running yet' };
  }
  if (gen.phase !== 'ready') return { kind: 'waiting', why: `gen ${gen.gen} is ${gen.phase}` };
  if (store.unserved.length > 0 && store.watches.size === 0) return { kind: 'waiting', why: `nothing serves ${store.unserved.join(', ')} yet` };
  const unsynced = [...store.watches.keys()].filter((resource) => !store.synced.has(resource));
  if (unsynced.length > 0) return { kind: 'waiting', why: `op dev has not listed ${unsynced.join(', ')} yet` };
  const busy = store.ordered().filter((entry) => entry.state.kind !== 'idle');
  if (busy.length > 0) return { kind: 'waiting', why: `${busy.length} object${busy.length > 1 ? 's' : ''} not idle: ${busy.slice(0, 3).map((entry) => `${objectLabel(entry)} (${entry.state.kind})`).join(', ')}` };
  if (now - store.lastActivityTs < QUIET_MS) return { kind: 'waiting', why: 'objects changed within the last second' };
  return { kind: 'settled' };
}
