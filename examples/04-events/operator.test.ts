// 04-events: four events are posted about kopf-example-1, from the component 'opkit' (besides the
// Logging events of its log lines, posted by default).
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));

describe('example 04-events', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('posts SomeType, Normal, Warning and Error events about the object', async () => {
    const op = await env.run(operator);
    const [created] = await env.apply(obj);
    await op.waitForLog("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    const eventsResource = await env.client.resolveOne({ group: '', version: 'v1', plural: 'events' });
    let items: Record<string, any>[] = [];
    for (const giveUpAt = Date.now() + deadline(30_000); Date.now() < giveUpAt;) {
      items = ((await env.client.listAll(eventsResource, { namespace: 'default' })).items as Record<string, any>[])
        .filter((event) => event.reason !== 'Logging');
      if (items.length >= 4) break;
      await new Promise((resolve) => { setTimeout(resolve, 25); });
    }
    const seen = items.map((event) => `${event.type}/${event.reason} "${event.message}"`).sort();
    expect(seen).toEqual([
      'Error/SomeReason "Some exception: Exception text."',
      'Normal/SomeReason "Some message"',
      'SomeType/SomeReason "Some message"',
      'Warning/SomeReason "Some message"',
    ]);
    for (const event of items) {
      expect(event.involvedObject).toMatchObject({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default', uid: created!.metadata.uid });
      expect(event.source).toEqual({ component: 'opkit' });
    }
  });
});
