// The CRD naming controller: a CRD whose names were refused (NamesAccepted=False, because another CRD of
// its group held them) gets another chance when a CRD of its group is removed, and becomes Established
// if its names are free now. Establishing a new CRD itself happens in its create, so that it is served
// as soon as the create returns.
import type { KeyedQueue } from '@opkit/tasks';
import { CRDS } from '../resources/builtins.js';
import type { StoreEvent } from '../storage/index.js';
import { controllerQueue, type ControllerDeps, type StoreController } from './controller.js';

/** A unit of CRD naming work: re-check the refused CRDs of API group `group`. */
export interface CrdNamesWork {
  readonly group: string;
}

/**
 * Re-checks refused CRD names when a CRD of their group goes away.
 *
 * @example
 * const names = new CrdNames(deps);
 * store.subscribe((event) => names.observe(event));
 */
export class CrdNames implements StoreController {
  readonly name = 'crd-names';
  readonly #deps: ControllerDeps;
  readonly #queue: KeyedQueue<CrdNamesWork>;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#queue = controllerQueue(this.name, deps, (work) => this.#recheck(work.group));
  }

  observe(event: StoreEvent): void {
    const group: unknown = event.object.spec?.group;
    if (event.type === 'DELETED' && event.storageKey === CRDS && typeof group === 'string') this.#queue.add(group, { group });
  }

  resync(): void {
    // Nothing to do: names are checked on every CRD write and restore.
  }

  get idle(): boolean {
    return this.#queue.idle;
  }

  drain(): Promise<void> {
    return this.#queue.drain();
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }

  #recheck(group: string): void {
    for (const crd of this.#deps.store.list(CRDS)) {
      if (crd.spec?.group !== group || crd.metadata?.deletionTimestamp) continue;
      const accepted = (crd.status?.conditions ?? []).some((c: Record<string, any>) => c.type === 'NamesAccepted' && c.status === 'True');
      if (!accepted) this.#deps.writes.recheckCrdNames(crd);
    }
  }
}
