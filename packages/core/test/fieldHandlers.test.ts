// Handlers with a `field` option, as Kopf runs them: the id gets the field as a suffix (so do the
// progress annotation and the status key of the result), `old`/`new`/`diff` are narrowed to the field
// (diff paths relative to it) for every change handler, and an update handler with a field runs only
// when that field changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';

describe('handlers with a field', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('narrows old, new and diff to the field and names the handler <id>/<field>', async () => {
    const seen: unknown[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_color({ old, new: current, diff }) {
      seen.push({ handler: 'create', old, new: current, diff });
      return 'created';
    }, { field: 'spec.color' });
    registry.on.update('kopfexamples', function update_color({ old, new: current, diff }) {
      seen.push({ handler: 'update', old, new: current, diff });
      return { color: current };
    }, { field: 'spec.color' });
    const run = await h.run(registry);
    const object = kopfExample();
    object.spec = { ...object.spec as object, color: { name: 'red', shade: 1 } };
    await h.client.create(h.kex, object, { namespace: 'default' });
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 1 succeeded; 0 failed.`)).toBe(true);
    expect(run.lines).toContain(`${PREFIX}Handler 'create_color/spec.color' succeeded.`);

    // Another field changes: the update handler with a field does not run.
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'newvalue' } }, { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b)?.includes('newvalue') === true, 'the first update');
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { color: { shade: 2 } } }, { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.['update_color/spec.color'] !== undefined, 'the color update');

    expect(seen).toEqual([
      { handler: 'create', old: null, new: { name: 'red', shade: 1 }, diff: [{ op: 'add', path: [], old: null, new: { name: 'red', shade: 1 } }] },
      { handler: 'update', old: { name: 'red', shade: 1 }, new: { name: 'red', shade: 2 }, diff: [{ op: 'change', path: ['shade'], old: 1, new: 2 }] },
    ]);
    expect((body.status as any)['create_color/spec.color']).toBe('created');
    expect((body.status as any)['update_color/spec.color']).toEqual({ color: { name: 'red', shade: 2 } });
  });
});
