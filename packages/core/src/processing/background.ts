// Daemons and timers in the pipeline: @opkit/daemons runs them and invokes, logs and reports each attempt
// (reconcileBackground); this is where core plugs into it — an attempt's patch is @opkit/state's Patch,
// its result delivered as change handlers' are, and it is sent through the object's serialized writes, so
// cycles and daemons never patch an object at the same time, and the consistency gate waits for it as for
// the cycles' own patches.
import type { BackgroundDeps as Deps, Daemons } from '@opkit/daemons';
import type { Indices } from '@opkit/handlers';
import type { Resource } from '@opkit/kube';
import { deliverResults, Patch } from '@opkit/state';
import { applyPatch } from './applyPatch.js';
import type { RuntimeDeps } from './deps.js';
import type { ObjectMemory } from './memory.js';

export { reconcileBackground } from '@opkit/daemons';

/** What running daemons and timers needs from the pipeline. */
export type BackgroundDeps = Deps<ObjectMemory, Patch>;

/**
 * The daemons' side of one run: the operator's parts, core's patches and the objects' writes.
 *
 * @example
 * ```ts
 * const background = backgroundDeps(deps, { daemons, indices, wake });
 * ```
 */
export function backgroundDeps(deps: RuntimeDeps, parts: { readonly daemons: Daemons; readonly indices: Indices; readonly wake: (key: string, resource: Resource) => void }): BackgroundDeps {
  return {
    ...parts, defaultBackoff: deps.settings.execution.defaultBackoff, clock: deps.clock, emit: deps.emit, events: deps.events,
    ...(deps.observed ? { observed: deps.observed } : {}),
    objectLogger: (body, resource) => deps.objectLogger(body, resource),
    patch: () => new Patch(),
    deliver: (id, result, patch) => deliverResults({ outcomes: new Map([[id, { final: true, result }]]), patch }),
    write: async ({ resource, memory, ref, latest }, patch) => {
      const sent = await memory.write(() => applyPatch({ client: deps.client, clock: deps.clock, emit: deps.emit }, resource, latest(), patch, ref));
      // Change handlers must not act on a state older than what a daemon wrote: the consistency gate waits for this version too.
      if (sent.resourceVersion !== undefined && !sent.gone) {
        memory.expectedVersion = sent.resourceVersion;
        memory.patchedAt = deps.clock.now();
      }
    },
  };
}
