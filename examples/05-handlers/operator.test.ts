// 05-handlers: the finalizer is added first, in a cycle of its own; creation, update (with the field
// handler), deletion each run their handlers once; a restarted operator resumes existing objects.
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));
const ref = { apiVersion: "kopf.dev/v1", kind: "KopfExample", name: "kopf-example-1", namespace: "default" };

describe('example 05-handlers', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('creates, updates, deletes and resumes with the right handlers', async () => {
    let op = await env.run(operator);
    await env.apply(obj);
    await op.waitForLog('[default/kopf-example-1] Creation is processed: 3 succeeded; 0 failed.');
    const created = op.logs.filter((line) => /CREATED|FIELD CHANGED|Adding the finalizer/.test(line));
    expect(created).toEqual([
      '[default/kopf-example-1] Adding the finalizer, thus preventing the actual deletion.',
      '[default/kopf-example-1] CREATED 1st',
      '[default/kopf-example-1] CREATED 2nd',
      '[default/kopf-example-1] FIELD CHANGED: null -> value',
    ]);
    const body = await env.get(ref);
    expect(body.metadata.finalizers).toEqual(['opkit.dev/finalizer']);

    await env.patch(ref, { spec: { field: 'newvalue', newfield: 100 } });
    await op.waitForLog('[default/kopf-example-1] Updating is processed: 2 succeeded; 0 failed.');
    expect(op.logs.filter((line) => /UPDATED|FIELD CHANGED: value/.test(line))).toEqual([
      '[default/kopf-example-1] UPDATED',
      '[default/kopf-example-1] FIELD CHANGED: value -> newvalue',
    ]);

    // A restart resumes the object: resume handlers run once, create handlers do not run again.
    await op.stop();
    op = await env.run(operator);
    await op.waitForLog('[default/kopf-example-1] Resuming is processed: 2 succeeded; 0 failed.');
    expect(op.logs.filter((line) => /RESUMED|CREATED/.test(line))).toEqual([
      '[default/kopf-example-1] RESUMED 1st',
      '[default/kopf-example-1] RESUMED 2nd',
    ]);

    await env.delete(ref);
    await env.waitForGone(ref);
    await op.waitForLog('[default/kopf-example-1] Deleted, really deleted, and we are notified.');
    expect(op.logs.filter((line) => /DELETED \d|Removing the finalizer/.test(line))).toEqual([
      '[default/kopf-example-1] DELETED 1st',
      '[default/kopf-example-1] DELETED 2nd',
      '[default/kopf-example-1] Removing the finalizer, thus allowing the actual deletion.',
    ]);
  });
});
