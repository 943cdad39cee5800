// Typed resources as selectors: the context types of every on.* resource kind (checked by tsc), the
// untyped forms unchanged, and identity-only description, comparison and resolution.
import type { KubeObject } from '@opkit/kube';
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeSelector, on, Registry, resolvableSelector, sameSelector, setDefaultRegistry } from './registry.js';
import type { DaemonContext, HandlerContext, Selector } from './types.js';

const Greeting = defineResource({
  group: 'example.com', version: 'v1alpha1', kind: 'Greeting',
  spec: k.object({ name: k.string({ default: 'world' }), replicas: k.optional(k.integer()) }),
  status: k.status({ message: k.optional(k.string()) }),
});
type Greeting = ResourceBody<typeof Greeting>;

describe('typed resources as selectors', () => {
  it('type spec, status and body for every resource kind of on.*', () => {
    const registry = new Registry();
    registry.on.create(Greeting, function create_fn({ spec, status, body, meta }) {
      expectTypeOf(spec.name).toEqualTypeOf<string>();
      expectTypeOf(spec.replicas).toEqualTypeOf<number | undefined>();
      expectTypeOf(status.message).toEqualTypeOf<string | undefined>();
      expectTypeOf(status['create_fn']).toEqualTypeOf<unknown>();
      expectTypeOf(body).toEqualTypeOf<Greeting>();
      expectTypeOf(meta.name).toEqualTypeOf<string | undefined>();
      // @ts-expect-error: Greeting's spec has no field nmae
      return spec.nmae;
    });
    registry.on.update(Greeting, function update_fn({ spec }) {
      expectTypeOf(spec.name).toEqualTypeOf<string>();
    });
    registry.on.delete(Greeting, function delete_fn({ spec }) {
      // @ts-expect-error: replicas is a number
      const wrong: string = spec.replicas;
      return wrong;
    });
    registry.on.resume(Greeting, function resume_fn({ spec }) {
      expectTypeOf(spec).toEqualTypeOf<Greeting['spec']>();
    });
    registry.on.field(Greeting, 'spec.name', function field_fn({ body }) {
      expectTypeOf(body.spec.name).toEqualTypeOf<string>();
    });
    registry.on.event(Greeting, function event_fn({ event }) {
      expectTypeOf(event?.object).toEqualTypeOf<Greeting | undefined>();
    });
    registry.on.daemon(Greeting, async function daemon_fn(context) {
      expectTypeOf(context).toEqualTypeOf<DaemonContext<Greeting>>();
      expectTypeOf(context.spec.name).toEqualTypeOf<string>();
      await context.stopped.wait(0);
    });
    registry.on.timer(Greeting, function timer_fn({ spec, status }) {
      expectTypeOf(spec.name).toEqualTypeOf<string>();
      expectTypeOf(status.message).toEqualTypeOf<string | undefined>();
    }, { interval: 1 });
    expect(registry.resourceHandlers().map((h) => h.kind)).toEqual(['create', 'update', 'delete', 'resume', 'field', 'event', 'daemon', 'timer']);
    expect(registry.resourceHandlers()[0]!.selector).toBe(Greeting);
  });

  it('keep the untyped contexts of other selectors', () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ spec, status, body }) {
      expectTypeOf(spec).toEqualTypeOf<Record<string, any>>();
      expectTypeOf(status).toEqualTypeOf<Record<string, any>>();
      expectTypeOf(body).toEqualTypeOf<KubeObject>();
      return spec.anything;
    });
    registry.on.update({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function update_fn(context) {
      expectTypeOf(context).toEqualTypeOf<HandlerContext>();
    });
    type Custom = KubeObject & { spec: { size: number } };
    registry.on.create<Custom>('kopfexamples', function typed_by_hand({ spec }) {
      expectTypeOf(spec.size).toEqualTypeOf<number>();
    });
    const anySelector: Selector = Greeting as Selector;
    registry.on.resume(anySelector, function from_a_union({ spec }) {
      expectTypeOf(spec).toEqualTypeOf<Record<string, any>>();
    });
    expect(registry.resourceHandlers()).toHaveLength(4);
  });

  it('are described, compared and resolved by their group, version and plural only', () => {
    const again = defineResource({ group: 'example.com', version: 'v1alpha1', kind: 'Greeting', spec: k.object({ other: k.string() }) });
    const older = defineResource({ group: 'example.com', version: 'v1', kind: 'Greeting', spec: k.object({}) });
    expect(describeSelector(Greeting)).toBe('greetings.example.com');
    expect(sameSelector(Greeting, again)).toBe(true);
    expect(sameSelector(Greeting, older)).toBe(false);
    expect(sameSelector(Greeting, { group: 'example.com', version: 'v1alpha1', plural: 'greetings' })).toBe(false);
    expect(resolvableSelector(Greeting)).toEqual({ group: 'example.com', version: 'v1alpha1', plural: 'greetings' });
    expect(resolvableSelector('kopfexamples')).toBe('kopfexamples');
    const registry = new Registry();
    registry.on.create(Greeting, function a() {});
    registry.on.update(again, function b() {});
    expect(registry.selectors()).toEqual([Greeting]);
    expect(() => registry.on.resume(again, function a() {})).toThrow("Duplicate handler id 'a' for greetings.example.com");
  });

  it('register on the default registry through on.*', () => {
    const registry = new Registry();
    const previous = setDefaultRegistry(registry);
    try {
      on.create(Greeting, function create_fn() {});
    } finally {
      setDefaultRegistry(previous);
    }
    expect(registry.resourceHandlers('create').map((h) => h.id)).toEqual(['create_fn']);
  });
});
