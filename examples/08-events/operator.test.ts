// 08-events: the spy sees ADDED and DELETED; the failing spy is logged and ignored; no diff-base,
// no finalizer, no progress is written.
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));
const ref = { apiVersion: "kopf.dev/v1", kind: "KopfExample", name: "kopf-example-1", namespace: "default" };

describe('example 08-events', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('spies on every event and stores nothing', async () => {
    const op = await env.run(operator);
    await env.apply(obj);
    await op.waitForLog('Event received: {"type":"ADDED"');
    // The failing spy is logged with its traceback, and ignored.
    const failure = op.logs.find((line) => line.startsWith("[default/kopf-example-1] Handler 'event_fn_with_error' failed with an exception. Will ignore."));
    expect(failure).toContain('Error: Oops!');
    const body = await env.get(ref);
    expect(body.metadata.annotations).toEqual({ someannotation: 'somevalue' });
    expect(body.metadata.finalizers).toBeUndefined();
    expect(body.status).toBeUndefined();
    await env.delete(ref);
    await op.waitForLog('Event received: {"type":"DELETED"');
    expect(op.logs.filter((line) => line.includes('Event received: ')).map((line) => /"type":"(\w+)"/.exec(line)?.[1])).toEqual(['ADDED', 'DELETED']);
    expect(env.requests({ verb: 'patch', name: 'kopf-example-1' })).toEqual([]);
  });
});
