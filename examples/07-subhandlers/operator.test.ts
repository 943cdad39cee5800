// 07-subhandlers: the items are handled one per cycle, the parent reports unfinished sub-handlers
// in between, the parent record lists its subrefs while in flight, and everything is purged at the end.
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deadline } from "@opkit/test-tools";

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));
const ref = { apiVersion: "kopf.dev/v1", kind: "KopfExample", name: "kopf-example-1", namespace: "default" };

describe('example 07-subhandlers', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('handles each item in its own sub-handler', async () => {
    // Every version of the object the server stores, to see the records while the handlers are in flight.
    const kex = await env.client.resolveOne({ group: 'kopf.dev', plural: 'kopfexamples' });
    const stream = await env.client.watch(kex, { namespace: 'default' });
    const versions: Record<string, any>[] = [];
    let closed = false;
    const watching = (async () => {
      for await (const event of stream) if (event.type === 'ADDED' || event.type === 'MODIFIED') versions.push((event.object.status as { opkit?: Record<string, any> } | undefined)?.opkit ?? {});
    })().catch((error: unknown) => { if (!closed) throw error; }); // closing the stream ends it with an error
    const op = await env.run(operator);
    await env.apply(obj);
    await op.waitForLog('[default/kopf-example-1] Creation is processed: 1 succeeded; 0 failed.');
    expect(op.logs.filter((line) => /=== Handling|unfinished sub-handlers|'create_fn[^']*' succeeded/.test(line))).toEqual([
      '[default/kopf-example-1] === Handling creation for item1. ===',
      "[default/kopf-example-1] Handler 'create_fn/item1' succeeded.",
      "[default/kopf-example-1] Handler 'create_fn' has unfinished sub-handlers. Will retry soon.",
      '[default/kopf-example-1] === Handling creation for item2. ===',
      "[default/kopf-example-1] Handler 'create_fn/item2' succeeded.",
      "[default/kopf-example-1] Handler 'create_fn' succeeded.",
    ]);
    const body = await env.waitFor(ref, (b) => b.status?.opkit?.['last-handled-configuration'] !== undefined);
    expect(body.status.opkit.progress ?? {}).toEqual({}); // no record left
    // While in flight, the parent's record listed its sub-handlers, each of which had a record of its own.
    await vi.waitFor(() => expect(versions.some((a) => a['last-handled-configuration'] !== undefined)).toBe(true), { timeout: deadline(10_000) });
    closed = true;
    stream.close();
    await watching;
    const inFlight = versions.find((a) => a.progress?.create_fn !== undefined && a.progress?.['create_fn/item1'] !== undefined);
    expect(inFlight?.progress.create_fn.subrefs).toEqual(['create_fn/item1', 'create_fn/item2']);
  });
});
