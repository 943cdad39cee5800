// 11-filtering-handlers: exactly the handlers whose filters match run; the others never do; the
// field-filtered daemon runs (holding the finalizer) while the field matches and stops when it changes.
import { fileURLToPath } from "node:url";
import { startTestEnv } from "@opkit/testing";
import type { TestEnv } from "@opkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL("operator.ts", import.meta.url));
const crd = fileURLToPath(new URL("../crd.yaml", import.meta.url));
const obj = fileURLToPath(new URL("../obj.yaml", import.meta.url));
const ref = { apiVersion: "kopf.dev/v1", kind: "KopfExample", name: "kopf-example-1", namespace: "default" };

describe('example 11-filtering-handlers', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('runs the matching handlers only', async () => {
    const op = await env.run(operator, { settings: { execution: { lifecycle: 'all-at-once' } } });
    await env.apply(obj);
    await op.waitForLog('[default/kopf-example-1] Creation is processed: 10 succeeded; 0 failed.');
    const said = op.logs.filter((line) => /is matching|is present|is absent|callback|[Ff]ilter|[Ff]ield/.test(line)
      && !line.includes('Handler') && !line.includes('in progress') && !line.includes('daemon'))
      .map((line) => line.replace('[default/kopf-example-1] ', ''));
    expect(said.sort()).toEqual([
      'Annotation is absent.', 'Annotation is matching.', 'Annotation is present.',
      'Field presence is satisfied.', 'Field value is satisfied.', 'Filter satisfied.',
      'Label callback matching.', 'Label is absent.', 'Label is matching.', 'Label is present.',
    ]);
    for (const absent of ['Annotation callback mismatch.', 'Filter not satisfied.', 'Field value is not satisfied.', 'Field presence is not satisfied.', 'Field change is satisfied.']) {
      expect(op.logs.some((line) => line.includes(absent))).toBe(false);
    }
    // The daemon pings every second while spec.field is 'value', and holds the finalizer.
    await op.waitForFeed(() => op.logs.filter((line) => line === '[default/kopf-example-1] Field daemon is satisfied.').length >= 2, { timeout: deadline(30_000) });
    expect((await env.get(ref)).metadata.finalizers).toEqual(['opkit.dev/finalizer']);
    await env.patch(ref, { spec: { field: 'changed' } });
    await op.waitForLog('[default/kopf-example-1] Field change is satisfied.');
    // The field no longer matches: the daemon stops (filters mismatch), the finalizer goes, the pings end.
    await op.waitForFeed((e) => e.type === 'daemon' && e.id === 'daemon_with_field/spec.field' && e.phase === 'stopped');
    const stopped = op.feed.find((e) => e.type === 'daemon' && e.phase === 'stopped');
    expect(stopped?.type === 'daemon' && stopped.reason).toBe('filters-mismatch');
    await env.waitFor(ref, (b) => b.metadata.finalizers === undefined);
    const pings = op.logs.filter((line) => line.includes('Field daemon is satisfied.')).length;
    await env.patch(ref, { spec: { field: 'changed-again' } });
    // No handler matches this update: the change is only remembered in the diff-base.
    await env.waitFor(ref, (b) => b.status?.opkit?.['last-handled-configuration']?.includes('changed-again'));
    expect(op.logs.filter((line) => line.includes('Field change is satisfied.'))).toHaveLength(1);
    expect(op.logs.filter((line) => line.includes('Field daemon is satisfied.')).length).toBe(pings);
  });
});
