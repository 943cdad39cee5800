// Taking over from Kopf in the default profile: an object carrying Kopf's records — as the real Kopf
// writes them (packages/state/test/kopf-vectors.json, produced by Kopf itself) — is resumed where Kopf
// left it, not created again, and Kopf's finalizer is released once the delete handlers ran.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, subhandler } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';
import type { KubeObject } from '@opkit/kube';

const PREFIX = '[default/kopf-example-1] ';
const KOPF_FINALIZER = 'kopf.zalando.org/KopfFinalizerMarker';

interface Vectors {
  readonly diffbases: readonly { readonly body: string; readonly config: { readonly storage: string }; readonly patch: string }[];
  readonly progress: readonly { readonly scenario: string; readonly storage: Record<string, unknown>; readonly cycles: readonly { readonly patch: string }[] }[];
}
const vectors = JSON.parse(readFileSync(new URL('../../state/test/kopf-vectors.json', import.meta.url), 'utf8')) as Vectors;

/** The annotations Kopf's patches leave on examples/obj.yaml (a JSON merge of the annotation maps). */
function kopfAnnotations(patches: readonly string[]): Record<string, string> {
  const merged: Record<string, string | null> = {};
  for (const patch of patches) Object.assign(merged, (JSON.parse(patch) as { metadata: { annotations: Record<string, string | null> } }).metadata.annotations);
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null));
}

describe('taking over from Kopf (default profile)', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('resumes an object Kopf handled and releases Kopf\'s finalizer after the delete handlers', async () => {
    const vector = vectors.diffbases.find((item) => item.body === 'example' && item.config.storage === 'annotations')!;
    const object = kopfExample();
    object.metadata.annotations = { ...object.metadata.annotations, ...kopfAnnotations([vector.patch]) };
    object.metadata.finalizers = [KOPF_FINALIZER];
    await h.client.create(h.kex, object, { namespace: 'default' });

    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { calls.push('create'); });
    registry.on.resume('kopfexamples', function resume_fn() { calls.push('resume'); });
    registry.on.delete('kopfexamples', function delete_fn() { calls.push('delete'); });
    const run = await h.run(registry);
    await expect.poll(() => run.lines.includes(`${PREFIX}Resuming is processed: 1 succeeded; 0 failed.`), { timeout: deadline(15_000) }).toBe(true);
    expect(calls).toEqual(['resume']);
    const resumed = await h.get();
    // Kopf's finalizer holds the object for us: no second finalizer is added.
    expect(resumed.metadata.finalizers).toEqual([KOPF_FINALIZER]);
    expect(run.lines.filter((line) => line.startsWith(`${PREFIX}Resuming handling recorded by Kopf`))).toEqual([
      `${PREFIX}Resuming handling recorded by Kopf (kopf.zalando.org/last-handled-configuration, ${KOPF_FINALIZER}); the records move under Opkit's names as the object is handled (--persistence kopf keeps Kopf's).`,
    ]);

    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await expect.poll(async () => {
      try { await h.get(); return 'present'; } catch { return 'gone'; }
    }, { timeout: deadline(15_000), interval: 50 }).toBe('gone');
    expect(calls).toEqual(['resume', 'delete']);
    expect(run.lines).toContain(`${PREFIX}Removing the finalizer, thus allowing the actual deletion.`);
  });

  it('continues a creation Kopf left mid-way: what Kopf recorded as done is not run again', async () => {
    const scenario = vectors.progress.find((item) => item.scenario === 'sub-handlers' && item.storage.storage === 'annotations' && !item.storage.verbose && !item.storage.prefix)!;
    // After Kopf's second cycle: create_fn waits for its sub-handlers; sub1 succeeded, sub2 is to retry.
    const object = kopfExample();
    object.metadata.annotations = { ...object.metadata.annotations, ...kopfAnnotations(scenario.cycles.slice(0, 2).map((cycle) => cycle.patch)) };
    expect(Object.keys(object.metadata.annotations)).toEqual(['someannotation', 'kopf.zalando.org/create_fn', 'kopf.zalando.org/create_fn.sub1', 'kopf.zalando.org/create_fn.sub2']);
    await h.client.create(h.kex, object, { namespace: 'default' });

    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() {
      calls.push('create_fn');
      for (const id of ['sub1', 'sub2']) subhandler(() => { calls.push(id); }, { id });
    });
    const run = await h.run(registry);
    // The finishing cycle sends the status patch (the diff-base) first, then the object's (Kopf's annotations
    // purged), so an object with the diff-base may not have the purge yet: this waits for both.
    const kopfRecords = (b: KubeObject): string[] => Object.keys(b.metadata.annotations ?? {}).filter((key) => key.startsWith('kopf.zalando.org/'));
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined && kopfRecords(b).length === 0, "the creation, with Kopf's records purged");
    expect(calls).toEqual(['create_fn', 'sub2']);
    expect(run.lines).toContain(`${PREFIX}Creation is processed: 1 succeeded; 0 failed.`);
    expect(run.lines.some((line) => line.startsWith(`${PREFIX}Resuming handling recorded by Kopf (kopf.zalando.org/create_fn, kopf.zalando.org/create_fn.sub1, kopf.zalando.org/create_fn.sub2)`))).toBe(true);
  });
});
