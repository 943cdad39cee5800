// The API cost of handling a created object, counted by the API server itself (`/metrics`,
// apiserver_request_total): the default profile writes once per object when the resource has a status
// subresource (results, success records and diff-base in one merge patch of /status), the `kopf`
// profile twice (Kopf's annotation needs a request to the object), and without a status subresource
// one patch of the object. Also: restarting over objects an older Opkit stored in annotations.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { SettingsInput } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, FAST, kopfExample, startHarness } from './harness.js';

const N = 4;

/** Write requests to kopfexamples by verb and subresource, from the API server's counters. */
async function writes(h: Harness): Promise<Record<string, number>> {
  const text = await (await fetch(`${h.server.url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^apiserver_request_total\{(.*)\} (\d+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((item) => [item[1], item[2]]));
    if (labels.resource !== 'kopfexamples' || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(labels.verb)) continue;
    const key = `${labels.verb}${labels.subresource ? ` ${labels.subresource}` : ''}`;
    counts[key] = (counts[key] ?? 0) + Number(match[2]);
  }
  return counts;
}

function creating(registry: Registry = new Registry()): Registry {
  registry.on.create('kopfexamples', function create_fn() { return { message: 'hello world' }; });
  return registry;
}

/** Create N objects, wait until each is handled, stop the operator (nothing in flight), count. */
async function createStorm(h: Harness, registry: Registry, settings: SettingsInput, handled: (body: any) => boolean): Promise<Record<string, number>> {
  const run = await h.run(registry, { settings: { ...FAST, ...settings } });
  for (let i = 0; i < N; i++) await h.client.create(h.kex, kopfExample(`obj-${i}`), { namespace: 'default' });
  for (let i = 0; i < N; i++) await h.waitFor(`obj-${i}`, handled, `obj-${i} handled`);
  await run.stop();
  return writes(h);
}

describe('writes per created object', () => {
  let h: Harness | undefined;
  afterEach(async () => { await h?.close(); h = undefined; });

  it('default profile with a status subresource: one merge patch of /status per object, nothing on the object', async () => {
    h = await startHarness();
    const counts = await createStorm(h, creating(), {}, (b) => b.status?.create_fn?.message === 'hello world' && diffBaseOf(b) !== undefined);
    expect(counts).toEqual({ POST: N, 'PATCH status': N });
    const body = await h.get('obj-0');
    expect(Object.keys(body.metadata.annotations ?? {})).toEqual(['someannotation']);
    expect(body.metadata.finalizers ?? []).toEqual([]);
    expect((body.status as any).opkit['last-handled-configuration'])
      .toBe('{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}');
  });

  it('kopf profile: Kopf\'s two writes per object (/status, then the annotation on the object)', async () => {
    h = await startHarness();
    const counts = await createStorm(h, creating(), { persistence: { profile: 'kopf', consistencyTimeout: 2 } },
      (b) => b.status?.create_fn?.message === 'hello world' && b.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] !== undefined);
    expect(counts).toEqual({ POST: N, 'PATCH status': N, PATCH: N });
  });

  it('default profile without a status subresource: one patch of the object', async () => {
    h = await startHarness({ status: false });
    const counts = await createStorm(h, creating(), {}, (b) => b.status?.create_fn?.message === 'hello world' && diffBaseOf(b) !== undefined);
    expect(counts).toEqual({ POST: N, PATCH: N });
    expect((await h.get('obj-0')).metadata.annotations?.['opkit.dev/last-handled-configuration']).toBeDefined();
  });

  it('default profile with a delete handler: the finalizer is the one write to the object, once', async () => {
    h = await startHarness();
    const registry = creating();
    registry.on.delete('kopfexamples', function delete_fn() { /* needs the finalizer */ });
    const counts = await createStorm(h, registry, {}, (b) => b.status?.create_fn?.message === 'hello world' && diffBaseOf(b) !== undefined
      && (b.metadata.finalizers ?? []).includes('opkit.dev/finalizer'));
    expect(counts).toEqual({ POST: N, PATCH: N, 'PATCH status': N });
  });

  it('resumes objects an older Opkit stored in annotations at no API cost, then stores the next change in the status only', async () => {
    h = await startHarness();
    // What an older Opkit left: the diff-base in the annotation and in the status, with the digest of the annotation it replaced.
    const object = kopfExample();
    const base = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}';
    object.metadata.annotations = { ...object.metadata.annotations, 'opkit.dev/kopf-managed': 'yes', 'opkit.dev/last-handled-configuration': `${base}\n` };
    await h.client.create(h.kex, object, { namespace: 'default' });
    const replaces = createHash('sha256').update('null').digest('hex').slice(0, 16); // there was no annotation before it
    await h.client.patch(h.kex, 'kopf-example-1', { status: { opkit: { 'last-handled-configuration': base, 'last-handled-configuration-replaces': replaces } } },
      { namespace: 'default', subresource: 'status', type: 'merge' });
    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { calls.push('create'); });
    registry.on.update('kopfexamples', function update_fn() { calls.push('update'); });
    registry.on.resume('kopfexamples', function resume_fn() { calls.push('resume'); });
    const before = await writes(h);
    const run = await h.run(registry, { settings: FAST });
    await expect.poll(() => calls).toEqual(['resume']);
    await expect.poll(() => run.lines.some((line) => line.includes('Resuming is processed: 1 succeeded; 0 failed.'))).toBe(true);
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'after-restart' } }, { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => diffBaseOf(b)?.includes('after-restart') === true, 'the update stored');
    await run.stop();
    expect(calls).toEqual(['resume', 'update']);
    // The old annotation stays (no request to the object for it) and loses to the status copy that names it.
    expect(body.metadata.annotations?.['opkit.dev/last-handled-configuration']).toBe(`${base}\n`);
    const after = await writes(h);
    expect((after.PATCH ?? 0) - (before.PATCH ?? 0)).toBe(1); // the test's own spec change
    expect((after['PATCH status'] ?? 0) - (before['PATCH status'] ?? 0)).toBe(1);
    // A third operator sees nothing new: the status copy wins over the stale annotation.
    const again: string[] = [];
    const third = new Registry();
    third.on.update('kopfexamples', function update_fn() { again.push('update'); });
    third.on.resume('kopfexamples', function resume_fn() { again.push('resume'); });
    const run3 = await h.run(third, { settings: FAST });
    await expect.poll(() => again).toEqual(['resume']);
    await run3.stop();
  });
});
