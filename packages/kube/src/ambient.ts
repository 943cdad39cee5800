// Why this file exists: code running inside an operator (its handlers, daemons, activities, and what
// they call) should reach the operator's own cluster, not whatever KUBECONFIG or ~/.kube/config says.
// The runtime declares its client here for the duration of its work, and `connect()` without options
// finds it. AsyncLocalStorage carries it through every await; it is kept under a global symbol, so
// that two copies of this package in one process (an app's and a project's) still see one scope.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { KubeClient } from './kubeClient.js';

const KEY = Symbol.for('opkit.dev/kube/ambient-client');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<KubeClient> | undefined>;
const storage: AsyncLocalStorage<KubeClient> = (holder[KEY] ??= new AsyncLocalStorage<KubeClient>());

/**
 * Run `fn` with `client` as the ambient client: inside it (and everything it starts), `connect()`
 * without options and {@link ambientClient} return this client. An operator wraps its work in it.
 *
 * @example
 * ```ts
 * await runWithClient(client, () => operator.run(signal));
 * ```
 */
export function runWithClient<T>(client: KubeClient, fn: () => T): T {
  return storage.run(client, fn);
}

/**
 * The client of the operator whose work is running now, or `undefined` outside any.
 *
 * @example
 * ```ts
 * const client = ambientClient() ?? (await connect({ kubeconfig }));
 * ```
 */
export function ambientClient(): KubeClient | undefined {
  return storage.getStore();
}
