// Shared setup of the integration tests: an embedded API server on loopback and a client for it.
import { vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer, ApiServerOptions } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { Observable, Subscription } from 'rxjs';
import type { WatchEvent } from '../src/index.js';

export const configmaps: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
export const namespaces: Resource = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false };
export const crds: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

export interface Harness {
  server: ApiServer;
  client: KubeClient;
  close(): Promise<void>;
}

export async function startHarness(options: ApiServerOptions = {}): Promise<Harness> {
  const server = await startApiServer(options);
  const dir = mkdtempSync(join(tmpdir(), 'opkit-watching-it-'));
  const path = join(dir, 'kubeconfig');
  writeFileSync(path, server.kubeconfig());
  const client = await connect({ kubeconfig: path, retry: { start: 20, max: 500, attempts: 20 } });
  return {
    server,
    client,
    close: async () => {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fast settings for tests: short backoffs, small pages. */
export const fast = { backoffStartMs: 20, backoffMaxMs: 500, pageSize: 50 };

/** Collects a stream's events and the per-object latest state. */
export class Recorder {
  readonly events: WatchEvent[] = [];
  readonly latest = new Map<string, KubeObject>();
  readonly deleted = new Set<string>();
  synced = 0;
  readonly subscription: Subscription;

  constructor(events$: Observable<WatchEvent>) {
    this.subscription = events$.subscribe((event) => {
      this.events.push(event);
      if (event.type === 'SYNCED') {
        this.synced++;
        return;
      }
      const key = `${event.object.metadata.namespace ?? ''}/${event.object.metadata.name}`;
      if (event.type === 'DELETED') {
        this.latest.delete(key);
        this.deleted.add(key);
      } else {
        this.latest.set(key, event.object);
        this.deleted.delete(key);
      }
    });
  }

  names(type?: string): string[] {
    return this.events.filter((e) => e.type !== 'SYNCED' && (!type || e.type === type)).map((e) => (e.type === 'SYNCED' ? '' : `${e.type} ${e.object.metadata.name}`));
  }
}

/** The shortest deadline of {@link waitFor}: a loaded machine makes a wait longer, never a test fail. */
export const MIN_WAIT_MS = 30_000;

/**
 * Wait until `check` returns true, or fail naming `what` (vitest's `vi.waitFor` does the polling).
 * `timeoutMs` is a deadline, never an assertion on speed: it is raised to at least {@link MIN_WAIT_MS}.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = MIN_WAIT_MS, what = 'condition'): Promise<void> {
  const deadline = Math.max(timeoutMs, MIN_WAIT_MS);
  await vi.waitFor(async () => {
    if (!(await check())) throw new Error(`timed out after ${deadline} ms waiting for ${what}`);
  }, { timeout: deadline, interval: 10 });
}

/** Runs `work` over `items` with at most `limit` running at once (the writers of the load scenarios). */
export async function parallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

export function watchRequests(server: ApiServer, plural = 'configmaps'): number {
  return server.stats().requests[`watch ${plural}`] ?? 0;
}

/** Reads of the whole state: paged-list requests plus WatchList watches (`sendInitialEvents=true`). */
export function initialReads(server: ApiServer, plural = 'configmaps'): number {
  return server.requests().filter((a) => a.resource === plural && (a.verb === 'list' || (a.verb === 'watch' && a.requestURI.includes('sendInitialEvents=true')))).length;
}
