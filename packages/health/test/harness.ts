// The integration harness of @opkit/health's tests: an embedded API server with the KopfExample CRD,
// a client for it, and an Operator (not yet running) whose log lines are captured.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { createLogger, Operator } from '@opkit/core';
import type { FeedEvent, OperatorOptions, Registry } from '@opkit/core';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { vi } from 'vitest';
import { deadline } from '@opkit/test-tools';

const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

/** The KopfExample CRD of Kopf's examples. */
export const KOPF_EXAMPLE_CRD: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'kopfexamples.kopf.dev' },
  spec: {
    scope: 'Namespaced', group: 'kopf.dev',
    names: { kind: 'KopfExample', plural: 'kopfexamples', singular: 'kopfexample', shortNames: ['kex'] },
    versions: [{
      name: 'v1', served: true, storage: true, subresources: { status: {} },
      schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
    }],
  },
};

/** A KopfExample named `name` in `default`. */
export function kopfExample(name: string, spec: Record<string, unknown> = { field: 'value' }): KubeObject {
  return { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec };
}

export interface Harness {
  readonly server: ApiServer;
  readonly client: KubeClient;
  readonly kex: Resource;
  /** An operator over `registry` (fast settings, whole cluster) with its feed and log lines captured. */
  operator(registry: Registry, more?: Partial<OperatorOptions>): { op: Operator; feed: FeedEvent[]; lines: string[]; run(): Promise<void>; stop(): Promise<void> };
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const server = await startApiServer({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'opkit-health-it-'));
  writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig());
  const client = await connect({ kubeconfig: join(dir, 'kubeconfig'), retry: { start: 20, max: 500, attempts: 20 } });
  // The operator's own client: its request feed then holds its requests only, not the test's.
  const operatorClient = await connect({ kubeconfig: join(dir, 'kubeconfig'), retry: { start: 20, max: 500, attempts: 20 } });
  await client.create(CRDS, KOPF_EXAMPLE_CRD);
  const kex = await vi.waitFor(() => client.resolveOne('kopfexamples.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
  const stops: (() => Promise<void>)[] = [];
  return {
    server, client, kex,
    operator(registry, more = {}) {
      const feed: FeedEvent[] = [];
      const lines: string[] = [];
      const controller = new AbortController();
      const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
      const op = new Operator({
        registry, client: operatorClient, logger, clusterwide: true,
        ...more,
        settings: { watching: { reconnectBackoff: 0.02 }, queueing: { exitTimeout: 1 }, process: { gracePeriod: 1 }, ...more.settings },
      });
      op.feed$.subscribe((event) => feed.push(event));
      let done: Promise<void> | undefined;
      const stop = async (): Promise<void> => {
        controller.abort();
        await done;
      };
      stops.push(stop);
      return {
        op, feed, lines, stop,
        run: () => {
          done ??= op.run(controller.signal);
          return done;
        },
      };
    },
    async close() {
      for (const stop of stops) await stop();
      client.close();
      operatorClient.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
