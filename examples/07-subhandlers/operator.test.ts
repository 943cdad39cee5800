// 07-subhandlers: the items are handled one per cycle, the parent reports unfinished sub-handlers
// in between, the parent record lists its subrefs while in flight, and everything is purged at the end.
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));
const ref = { apiVersion: "kopf.dev/v1", kind: "KopfExample", name: "kopf-example-1", namespace: "default" };

describe('example 07-subhandlers', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('handles each item in its own sub-handler', async () => {
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
    // While in flight, the parent's record listed its sub-handlers (seen in the patches sent).
    const annotations = env.requests({ verb: 'patch', name: 'kopf-example-1' }).length;
    expect(annotations).toBeGreaterThan(1);
    const body = await env.waitFor(ref, (b) => b.metadata.annotations?.['opkit.dev/last-handled-configuration'] !== undefined);
    const left = Object.keys(body.metadata.annotations ?? {}).filter((key) => key.startsWith('opkit.dev/create_fn'));
    expect(left).toEqual([]);
  });
});
