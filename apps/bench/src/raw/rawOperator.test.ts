// The raw baseline's failure handling, against the embedded API server over HTTP with injected faults: a failed
// status patch is retried (the baseline would otherwise leave the object unhandled for good), and an informer whose
// watch was refused is started again (client-node's informer stops on an error). Each test counts the faults the
// server answered, so that it shows the path it names ran.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiServer } from '@opkit/apiserver';
import { startApiServer } from '@opkit/apiserver';
import { deadline } from '@opkit/test-tools';
import { newCounters } from '../harness/benchOperator.js';
import type { BenchOperator } from '../harness/benchOperator.js';
import { GROUP, NAMESPACE, VERSION, WIDGETS } from '../harness/protocol.js';
import { startRawOperator } from './rawOperator.js';

const widgetsPath = `/apis/${GROUP}/${VERSION}/namespaces/${NAMESPACE}/${WIDGETS}`;

let server: ApiServer | undefined;
let operator: BenchOperator | undefined;

afterEach(async () => {
  await operator?.stop();
  await server?.close();
  operator = undefined;
  server = undefined;
});

async function send(method: string, path: string, body?: unknown): Promise<{ status?: { create_fn?: unknown } }> {
  const res = await fetch(`${server!.url}${path}`, {
    method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status}: ${await res.text()}`);
  return (await res.json()) as { status?: { create_fn?: unknown } };
}

async function startWithCrd(): Promise<void> {
  server = await startApiServer();
  await send('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${WIDGETS}.${GROUP}` },
    spec: {
      group: GROUP, scope: 'Namespaced', names: { plural: WIDGETS, kind: 'BenchWidget', singular: 'benchwidget' },
      versions: [{ name: VERSION, served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  });
  await expect.poll(() => send('GET', `${widgetsPath}?limit=1`).then(() => true, () => false), { timeout: deadline(30_000), interval: 50 }).toBe(true);
}

async function createWidgets(names: readonly string[]): Promise<void> {
  for (const name of names) await send('POST', widgetsPath, { apiVersion: `${GROUP}/${VERSION}`, kind: 'BenchWidget', metadata: { name }, spec: { value: name } });
}

async function handled(names: readonly string[]): Promise<number> {
  const bodies = await Promise.all(names.map((name) => send('GET', `${widgetsPath}/${name}`)));
  return bodies.filter((body) => body.status?.create_fn !== undefined).length;
}

describe('the raw baseline', () => {
  it('retries a failed status patch until the object is handled', async () => {
    await startWithCrd();
    server!.faults.addRule({ code: 503, verbs: ['patch'], resources: [`${WIDGETS}/status`], count: 4 });
    const counters = newCounters();
    operator = await startRawOperator(server!.url, counters);
    await operator.ready;
    const names = ['a', 'b', 'c'];
    await createWidgets(names);
    await expect.poll(() => handled(names), { timeout: deadline(30_000), interval: 50 }).toBe(3);
    expect(server!.faults.counts().byCode['503']).toBe(4);
    // Each retry handles the object again (the create handler's work is in the patch that failed).
    expect(counters.created).toBe(3 + 4);
  });

  it('starts its informer again when a watch is refused', async () => {
    await startWithCrd();
    const counters = newCounters();
    operator = await startRawOperator(server!.url, counters);
    await operator.ready;
    await createWidgets(['before']);
    await expect.poll(() => handled(['before']), { timeout: deadline(30_000), interval: 50 }).toBe(1);
    // The informer re-opens a dropped watch on its own; this one is refused, which stops it until started again.
    server!.faults.addRule({ code: 503, verbs: ['watch'], resources: [WIDGETS], count: 1 });
    server!.faults.dropWatches();
    await expect.poll(() => server!.faults.counts().byCode['503'] ?? 0, { timeout: deadline(30_000), interval: 50 }).toBe(1);
    await createWidgets(['after']);
    await expect.poll(() => handled(['after']), { timeout: deadline(30_000), interval: 50 }).toBe(1);
    expect(server!.faults.counts().droppedWatches).toBeGreaterThanOrEqual(1);
  });
});
