// Test helpers: an embedded API server with the peering CRDs, clients with their own User-Agent (so
// that one of them can be cut off), a plain list+watch stream (the package takes its streams as
// parameters; core passes @opkit/watching's), a logger that keeps its lines, and waiting with deadlines.
import { vi } from 'vitest';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { Observable } from 'rxjs';
import type { PeeringWatchEvent } from '../src/index.js';
import { peeringCrds, peeringObjects } from '../src/index.js';

export const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

/** A client of the server whose User-Agent names it. */
export function client(server: ApiServer, name: string): Promise<KubeClient> {
  return connect({ server: { url: server.url }, userAgent: `opkit-test (${name})`, requestTimeoutMs: 5000 });
}

/** A server with the peering CRDs and (unless told otherwise) the default peering objects. */
export async function peeringServer(options: { readonly objects?: boolean } = {}): Promise<{ server: ApiServer; admin: KubeClient }> {
  const server = await startApiServer({ strictMicroTime: true });
  const admin = await client(server, 'admin');
  for (const crd of peeringCrds()) await admin.create(CRDS, crd);
  await waitFor(async () => (await admin.resolve({ group: 'kopf.dev', plural: 'kopfpeerings' })).length > 0 && (await admin.resolve({ group: 'kopf.dev', plural: 'clusterkopfpeerings' })).length > 0, 'the peering CRDs are served', () => admin.invalidateDiscovery());
  if (options.objects !== false) {
    for (const object of peeringObjects()) {
      const [resource] = await admin.resolve({ group: 'kopf.dev', kind: object.kind });
      await admin.create(resource!, object);
    }
  }
  return { server, admin };
}

/** List, then watch from the list's version; after a failure, list and watch again. SYNCED after the first list. */
export function listWatch(client: KubeClient, resource: Resource, options: { readonly namespace?: string | undefined; readonly fieldSelector?: string; readonly labelSelector?: string } = {}): Observable<PeeringWatchEvent> {
  return new Observable<PeeringWatchEvent>((subscriber) => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let synced = false;
      while (!signal.aborted) {
        try {
          const { items, resourceVersion } = await client.listAll(resource, { ...options, signal });
          for (const object of items) subscriber.next({ type: 'ADDED', object });
          if (!synced) subscriber.next({ type: 'SYNCED' });
          synced = true;
          const stream = await client.watch<KubeObject>(resource, { ...options, resourceVersion, signal, timeoutSeconds: 60 });
          for await (const event of stream) {
            if (event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED') subscriber.next({ type: event.type, object: event.object });
          }
        } catch {
          if (signal.aborted) return;
          await new Promise((resolve) => { setTimeout(resolve, 100); });
        }
      }
    })();
    return () => controller.abort();
  });
}

/** A logger that keeps its lines as `LEVEL message`. */
export function recordingLogger(lines: string[], prefix = ''): Logger {
  const log = (level: string) => (message: string): void => { lines.push(`${prefix}${level} ${message}`); };
  const logger: Logger = { debug: log('DEBUG'), info: log('INFO'), warn: log('WARNING'), error: log('ERROR'), child: () => logger };
  return logger;
}

/** The shortest deadline of {@link waitFor}: a loaded machine makes a wait longer, never a test fail. */
export const MIN_WAIT_MS = 30_000;

/**
 * Wait until `check` holds, or fail after `timeoutMs` naming what was awaited (vitest's `vi.waitFor` does the
 * polling); `between` runs after each failed check. `timeoutMs` is a deadline, never an assertion on speed:
 * it is raised to at least {@link MIN_WAIT_MS}.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, between?: () => void, timeoutMs = MIN_WAIT_MS): Promise<void> {
  const deadline = Math.max(timeoutMs, MIN_WAIT_MS);
  await vi.waitFor(async () => {
    if (await check()) return;
    between?.();
    throw new Error(`timed out after ${deadline} ms waiting until ${what}`);
  }, { timeout: deadline, interval: 20 });
}
