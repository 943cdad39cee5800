// The integration harness of core's tests: an embedded API server with the KopfExample CRD, a
// client, an operator run with captured log lines and feed, and helpers to create and await objects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import { stringifyJson } from '@opkit/json';
import type { ApiServer, ApiServerOptions } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { vi } from 'vitest';
import { createLogger, Operator } from '../src/index.js';
import type { FeedEvent, OperatorOptions, Registry, SettingsInput } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

export const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

/** The KopfExample CRD of Kopf's examples (status subresource on unless told otherwise). */
export function kopfExampleCrd(options: { status?: boolean } = {}): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'kopfexamples.kopf.dev' },
    spec: {
      scope: 'Namespaced', group: 'kopf.dev',
      names: { kind: 'KopfExample', plural: 'kopfexamples', singular: 'kopfexample', shortNames: ['kopfexes', 'kopfex', 'kexes', 'kex'] },
      versions: [{
        name: 'v1', served: true, storage: true, ...(options.status === false ? {} : { subresources: { status: {} } }),
        schema: { openAPIV3Schema: { type: 'object', properties: {
          spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        } } },
      }],
    },
  };
}

/** Kopf's examples/obj.yaml. */
export function kopfExample(name = 'kopf-example-1'): KubeObject {
  return {
    apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
    metadata: { name, namespace: 'default', labels: { somelabel: 'somevalue' }, annotations: { someannotation: 'somevalue' } },
    spec: { duration: '1m', field: 'value', items: ['item1', 'item2'] },
  };
}

/**
 * The diff-base the default profile stored on an object: `status.opkit.last-handled-configuration`
 * with a status subresource (one write per cycle), else the `opkit.dev/last-handled-configuration` annotation.
 */
export function diffBaseOf(body: KubeObject): string | undefined {
  const status = (body as { status?: { opkit?: Record<string, unknown> } }).status;
  const copy = status?.opkit?.['last-handled-configuration'];
  return typeof copy === 'string' ? copy : body.metadata.annotations?.['opkit.dev/last-handled-configuration'];
}

/** The default profile's progress record of a handler, as JSON text (`status.opkit.progress.<id>`, else the annotation). */
export function progressOf(body: KubeObject, id: string): string | undefined {
  const progress = (body as { status?: { opkit?: { progress?: Record<string, unknown> } } }).status?.opkit?.progress;
  const record = progress?.[id];
  return record !== undefined && record !== null ? JSON.stringify(record) : body.metadata.annotations?.[`opkit.dev/${id.replaceAll('/', '.')}`];
}

/** Fast settings for tests. */
export const FAST: SettingsInput = {
  persistence: { consistencyTimeout: 2 },
  watching: { reconnectBackoff: 0.02 },
  queueing: { exitTimeout: 1, errorDelays: [0.1, 0.2] },
  process: { gracePeriod: 1 },
};

export interface Running {
  readonly lines: string[];
  readonly feed: FeedEvent[];
  stop(): Promise<void>;
}

export interface Harness {
  readonly server: ApiServer;
  readonly client: KubeClient;
  readonly kex: Resource;
  run(registry: Registry, options?: Partial<OperatorOptions>): Promise<Running>;
  get(name?: string): Promise<KubeObject>;
  waitFor(name: string, predicate: (body: KubeObject) => boolean, what: string): Promise<KubeObject>;
  patchCount(name: string): number;
  close(): Promise<void>;
}

export async function startHarness(options: ApiServerOptions & { status?: boolean } = {}): Promise<Harness> {
  const server = await startApiServer(options);
  const dir = mkdtempSync(join(tmpdir(), 'opkit-core-it-'));
  const path = join(dir, 'kubeconfig');
  writeFileSync(path, server.kubeconfig());
  const client = await connect({ kubeconfig: path, retry: { start: 20, max: 500, attempts: 20 } });
  await client.create(CRDS, kopfExampleCrd({ status: options.status ?? true }));
  const kex = await vi.waitFor(() => client.resolveOne('kopfexamples.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
  const runs: Running[] = [];
  const harness: Harness = {
    server, client, kex,
    async run(registry, more = {}) {
      const lines: string[] = [];
      const feed: FeedEvent[] = [];
      const controller = new AbortController();
      const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
      const op = new Operator({ registry, client, logger, clusterwide: true, settings: FAST, ...more });
      op.feed$.subscribe((event) => feed.push(event));
      const done = op.run(controller.signal);
      await Promise.race([op.ready, done]);
      let stopped = false;
      const running: Running = {
        lines, feed,
        async stop() {
          if (stopped) return;
          stopped = true;
          controller.abort();
          await done;
        },
      };
      runs.push(running);
      return running;
    },
    get: (name = 'kopf-example-1') => client.get(kex, name, { namespace: 'default' }),
    async waitFor(name, predicate, what) {
      let last: KubeObject | undefined;
      try {
        return await vi.waitFor(async () => {
          const body = await client.get(kex, name, { namespace: 'default' });
          last = body;
          if (!predicate(body)) throw new Error(`waiting for ${what}`);
          return body;
        }, { timeout: deadline(15_000), interval: 50 });
      } catch (error) {
        throw new Error(`${what} did not happen within 15 s; last seen: ${stringifyJson(last ?? null)}`, { cause: error });
      }
    },
    patchCount(name) {
      return server.requests().filter((record) => record.verb === 'patch' && record.name === name).length;
    },
    async close() {
      for (const run of runs) await run.stop();
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
