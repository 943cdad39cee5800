// op dev's own view of the API server — the second source of the UI, beside the operator's feed.
// It watches the handled kinds, Events, Leases and peering objects itself, so the Objects list and
// every object's stored progress survive reloads and crashes of the operator (whose feed stops with
// it), and a generation that has not listed yet does not make the list blink out. A Secret's values
// never enter the records (which `--json` prints): they are redacted as they arrive, keys kept.
import { redactSecretValue } from '@opkit/json';
import type { KubeClient, Resource, ResourceSelector } from '@opkit/kube';
import { EVENTS_RESOURCE, resourceName } from '@opkit/kube';
import type { ServedWatchEvent, WatchEvent } from '@opkit/watching';
import { watchResource, watchServed } from '@opkit/watching';
import type { Subscription } from 'rxjs';
import type { DevRecord } from './records.js';
import { devRecord } from './records.js';

const LEASES: Resource = { group: 'coordination.k8s.io', version: 'v1', plural: 'leases', kind: 'Lease', namespaced: true };
const PEERINGS = ['kopfpeerings.kopf.dev', 'clusterkopfpeerings.kopf.dev'];

/** Options of {@link ClusterView}. */
export interface ClusterViewOptions {
  readonly client: KubeClient;
  /** Namespace patterns (empty: the whole cluster). */
  readonly namespaces: readonly string[];
  readonly emit: (record: DevRecord) => void;
}

/**
 * The objects op dev watches itself.
 *
 * @example
 * ```ts
 * const view = new ClusterView({ client, namespaces: [], emit: (r) => store.apply(r) });
 * view.start();
 * view.setSelectors(['kopfexamples']);
 * view.close();
 * ```
 */
export class ClusterView {
  readonly #options: ClusterViewOptions;
  readonly #watches = new Map<string, Subscription>();
  readonly #fixed: Subscription[] = [];

  constructor(options: ClusterViewOptions) {
    this.#options = options;
  }

  #namespaces(): { namespaces?: readonly string[] } {
    return this.#options.namespaces.length > 0 ? { namespaces: this.#options.namespaces } : {};
  }

  /** Start watching Events, Leases and peering objects. */
  start(): void {
    const { client, emit } = this.#options;
    const ignore = (): void => undefined;
    this.#fixed.push(watchResource(client, EVENTS_RESOURCE).subscribe({
      next: (event: WatchEvent) => {
        if (event.type !== 'SYNCED') emit(devRecord({ type: 'dev.k8s-event', event: event.type, object: event.object }));
      },
      error: ignore,
    }));
    const coordination = (event: WatchEvent | ServedWatchEvent, resource: string): void => {
      if (event.type !== 'SYNCED') emit(devRecord({ type: 'dev.coordination', event: event.type, resource, object: event.object }));
    };
    this.#fixed.push(watchResource(client, LEASES).subscribe({ next: (event) => coordination(event, resourceName(LEASES)), error: ignore }));
    for (const selector of PEERINGS) {
      this.#fixed.push(watchServed(client, selector).subscribe({ next: (event) => coordination(event, resourceName(event.resource)), error: ignore }));
    }
  }

  /** Watch exactly these selectors' resources (as they become served); others stop. */
  setSelectors(selectors: readonly unknown[]): void {
    const wanted = new Map(selectors.map((selector) => [JSON.stringify(selector), selector as ResourceSelector]));
    for (const [key, subscription] of this.#watches) {
      if (!wanted.has(key)) {
        subscription.unsubscribe();
        this.#watches.delete(key);
      }
    }
    for (const [key, selector] of wanted) {
      if (this.#watches.has(key)) continue;
      const { client, emit } = this.#options;
      this.#watches.set(key, watchServed(client, selector, this.#namespaces()).subscribe({
        next: (event) => {
          const resource = resourceName(event.resource);
          if (event.type === 'SYNCED') emit(devRecord({ type: 'dev.synced', resource }));
          else {
            const secret = event.resource.group === '' && event.resource.plural === 'secrets';
            const object = secret ? redactSecretValue([], event.object) as typeof event.object : event.object;
            emit(devRecord({ type: 'dev.object', event: event.type, resource, kind: event.resource.kind, object }));
          }
        },
        error: (error: unknown) => emit(devRecord({ type: 'dev.notice', level: 'error', message: `op dev's watch of ${JSON.stringify(selector)} failed: ${(error as Error).message}` })),
      }));
    }
  }

  /** Stop every watch (closes their connections). */
  close(): void {
    for (const subscription of [...this.#watches.values(), ...this.#fixed]) subscription.unsubscribe();
    this.#watches.clear();
    this.#fixed.length = 0;
  }
}
