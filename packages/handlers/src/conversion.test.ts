// on.convert: registration and its mistakes, typed pairs, chains over registered steps, the fixing of
// apiVersion/kind/metadata, ConversionReview answers, and the round-trip check.
import type { KubeObject } from '@opkit/kube';
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { convertObject, findConversionPath } from './conversion.js';
import type { ConversionContext } from './conversion.js';
import { reviewConversion } from './conversionReview.js';
import { ConversionError, ConversionReviewError, HandlerRegistrationError } from './errors.js';
import { defaultRegistry, on, Registry, setDefaultRegistry } from './registry.js';
import { checkRoundTrip, formatRoundTrip } from './roundTrip.js';

const WidgetV1 = defineResource({ group: 'example.com', version: 'v1', kind: 'Widget', spec: k.object({ replicas: k.integer() }) });
const WidgetV2 = defineResource({ group: 'example.com', version: 'v2', kind: 'Widget', spec: k.object({ size: k.integer(), paused: k.optional(k.boolean()) }) });
type WidgetV1 = ResourceBody<typeof WidgetV1>;
type WidgetV2 = ResourceBody<typeof WidgetV2>;

const CRD = 'widgets.example.com';

function widget(version: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: `example.com/${version}`, kind: 'Widget', metadata: { name: 'w1', namespace: 'ns', uid: 'u-1', resourceVersion: '7', ...metadata }, spec };
}

/** v1 {replicas} ⇄ v2 {size} ⇄ v3 {scale: {size}}. */
function chain(registry = new Registry()): Registry {
  registry.on.convert(CRD, { from: 'v1', to: 'v2' }, function up12(w) { return { ...w, spec: { size: w.spec.replicas } }; });
  registry.on.convert(CRD, { from: 'v2', to: 'v1' }, function down21(w) { return { ...w, spec: { replicas: w.spec.size } }; });
  registry.on.convert(CRD, { from: 'v2', to: 'v3' }, function up23(w) { return { ...w, spec: { scale: { size: w.spec.size } } }; });
  registry.on.convert(CRD, { from: 'v3', to: 'v2' }, function down32(w) { return { ...w, spec: { size: w.spec.scale.size } }; });
  return registry;
}

describe('on.convert registration', () => {
  it('keeps conversion steps apart from other handlers, on a registry and on the default one', () => {
    const registry = chain();
    expect(registry.conversionHandlers().map((h) => `${h.crd}:${h.from}->${h.to}:${h.id}`)).toEqual([
      'widgets.example.com:v1->v2:up12', 'widgets.example.com:v2->v1:down21', 'widgets.example.com:v2->v3:up23', 'widgets.example.com:v3->v2:down32',
    ]);
    expect(registry.resourceHandlers()).toEqual([]);
    expect(registry.admissionHandlers()).toEqual([]);
    expect(registry.size).toBe(4);
    const previous = setDefaultRegistry(new Registry());
    try {
      on.convert({ group: 'example.com', plural: 'gadgets' }, { from: 'v1', to: 'v2' }, (g) => g);
      expect(defaultRegistry().conversionHandlers()).toMatchObject([{ crd: 'gadgets.example.com', group: 'example.com', plural: 'gadgets', id: 'v1-to-v2' }]);
    } finally {
      setDefaultRegistry(previous);
    }
  });

  it('types the function from typed resources, with or without the resource', () => {
    const registry = new Registry();
    const step = registry.on.convert({ from: WidgetV1, to: WidgetV2 }, (w, context) => {
      expectTypeOf(w).toEqualTypeOf<WidgetV1>();
      expectTypeOf(w.spec.replicas).toEqualTypeOf<number>();
      expectTypeOf(context).toEqualTypeOf<ConversionContext>();
      return { ...w, spec: { size: w.spec.replicas } };
    });
    expect(step).toMatchObject({ crd: CRD, from: 'v1', to: 'v2', kind: 'Widget' });
    expect(step.typed).toEqual([WidgetV1, WidgetV2]);
    registry.on.convert(WidgetV2, { from: WidgetV2, to: WidgetV1 }, (w) => {
      expectTypeOf(w).toEqualTypeOf<WidgetV2>();
      return { spec: { replicas: w.spec.size } };
    });
    registry.on.convert(WidgetV1, { from: 'v2', to: 'v3' }, (w) => {
      expectTypeOf(w.spec).toEqualTypeOf<any>();
      return w;
    }, { id: 'untyped' });
    const other = new Registry();
    // @ts-expect-error: v1's spec has no size
    other.on.convert(WidgetV2, { from: WidgetV2, to: WidgetV1 }, (w) => ({ spec: { size: w.spec.size } }));
    // @ts-expect-error: v2's spec has replicas no more
    new Registry().on.convert({ from: WidgetV2, to: WidgetV1 }, (w) => ({ spec: { replicas: w.spec.replicas } }), { id: 'x' });
    expect(registry.conversionHandlers().map((h) => `${h.from}->${h.to}`)).toEqual(['v1->v2', 'v2->v1', 'v2->v3']);
  });

  it('rejects mistakes with what was wrong and what was expected', () => {
    const registry = new Registry();
    const fn = (w: KubeObject): KubeObject => w;
    const cases: [() => unknown, RegExp][] = [
      [() => registry.on.convert(CRD, { from: 'v1', to: 'v1' }, fn), /from and to are both 'v1'; a conversion goes between two different versions/],
      [() => registry.on.convert(CRD, { from: 'v1', to: 'v2', via: 'v3' } as never, fn), /unknown key of the versions 'via'; expected 'from' or 'to'/],
      [() => registry.on.convert(CRD, { from: 'v1', to: 'v2' }, fn, { retries: 3 } as never), /unknown option 'retries'; expected 'id' or 'param'/],
      [() => registry.on.convert(CRD, { from: 'V 1', to: 'v2' }, fn), /from must be a version name such as 'v1'.*got "V 1"/],
      [() => registry.on.convert('widgets', { from: 'v1', to: 'v2' }, fn), /needs the custom resource by its full name: '<plural>.<group>'.*got 'widgets'/],
      [() => registry.on.convert(CRD, { from: 'v1', to: 'v2' }, 'nope' as never), /the conversion must be a function/],
      [() => registry.on.convert(CRD, 'v1' as never, fn), /the versions must be given as \{ from, to \}/],
      [() => registry.on.convert('gadgets.example.com', { from: WidgetV1, to: 'v2' } as never, fn), /from is a typed resource of widgets.example.com, not of gadgets.example.com/],
    ];
    for (const [call, message] of cases) expect(call).toThrow(message);
    for (const [call] of cases) expect(call).toThrow(HandlerRegistrationError);
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, function first(w) { return w; });
    expect(() => registry.on.convert(CRD, { from: 'v1', to: 'v2' }, function second(w) { return w; }))
      .toThrow('Duplicate conversion of widgets.example.com from v1 to v2: first and second both convert it');
    // The reverse direction is its own step; the same pair of another CRD is fine.
    registry.on.convert(CRD, { from: 'v2', to: 'v1' }, fn);
    registry.on.convert('gadgets.example.com', { from: 'v1', to: 'v2' }, fn);
    expect(registry.conversionHandlers()).toHaveLength(3);
  });
});

describe('chains', () => {
  it('follows the shortest chain of registered steps, both ways', async () => {
    const handlers = chain().conversionHandlers();
    expect(findConversionPath(handlers, CRD, 'v1', 'v3').map((s) => s.id)).toEqual(['up12', 'up23']);
    expect(findConversionPath(handlers, CRD, 'v3', 'v1').map((s) => s.id)).toEqual(['down32', 'down21']);
    expect(findConversionPath(handlers, CRD, 'v2', 'v2')).toEqual([]);
    // A direct step beats a chain.
    const registry = chain();
    registry.on.convert(CRD, { from: 'v1', to: 'v3' }, function direct(w) { return { ...w, spec: { scale: { size: w.spec.replicas, direct: true } } }; });
    expect(findConversionPath(registry.conversionHandlers(), CRD, 'v1', 'v3').map((s) => s.id)).toEqual(['direct']);

    const v3 = await convertObject(handlers, widget('v1', { replicas: 3 }), 'example.com/v3');
    expect(v3).toEqual(widget('v3', { scale: { size: 3 } }));
    expect(await convertObject(handlers, v3, 'example.com/v1')).toEqual(widget('v1', { replicas: 3 }));
  });

  it('names the versions and what is registered when no chain leads there', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => w);
    registry.on.convert(CRD, { from: 'v2', to: 'v3' }, (w) => w);
    const handlers = registry.conversionHandlers();
    expect(() => findConversionPath(handlers, CRD, 'v3', 'v1')).toThrow(
      "No conversion of widgets.example.com from v3 to v1: no chain of registered steps leads there (registered: v1 → v2, v2 → v3). Register on.convert('widgets.example.com', { from: 'v3', to: 'v1' }, fn)");
    const error = await convertObject(handlers, widget('v3', {}), 'example.com/v1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).code).toBe('no-path');
  });

  it('passes an object already at the desired version through untouched', async () => {
    let calls = 0;
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => { calls += 1; return w; });
    const object = widget('v2', { size: 1 });
    expect(await convertObject(registry.conversionHandlers(), object, 'example.com/v2')).toBe(object);
    expect(calls).toBe(0);
  });

  it('gives each step a copy, its versions and the final one, and names the failing step of a chain', async () => {
    const seen: string[] = [];
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w, context) => {
      seen.push(`${context.id} ${context.from}->${context.to} of ${context.desiredVersion} in ${context.crd} param=${String(context.param)}`);
      w.spec['mutated'] = true;
      return { ...w, spec: { size: w.spec.replicas } };
    }, { id: 'up', param: 42 });
    registry.on.convert(CRD, { from: 'v2', to: 'v3' }, function upgrade() { throw new Error('size is too large'); });
    const original = widget('v1', { replicas: 1 });
    const error = await convertObject(registry.conversionHandlers(), original, 'example.com/v3').catch((e: unknown) => e);
    expect(seen).toEqual(['up v1->v2 of v3 in widgets.example.com param=42']);
    expect(original.spec).toEqual({ replicas: 1 });
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe('Converting Widget ns/w1 from v1 to v3, at the step v2 → v3 (upgrade) failed: size is too large');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});

describe('what the framework keeps', () => {
  it('sets apiVersion, keeps kind, and keeps metadata but for labels and annotations', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => ({
      apiVersion: 'example.com/v9', kind: 'Gadget',
      metadata: { name: 'renamed', uid: 'other', resourceVersion: '1', labels: { tier: 'gold' }, annotations: { note: 'converted' } },
      spec: { size: w.spec.replicas },
    }));
    const original = widget('v1', { replicas: 2 }, { labels: { tier: 'silver', app: 'a' }, generation: 3 });
    const converted = await convertObject(registry.conversionHandlers(), original, 'example.com/v2');
    expect(converted).toEqual({
      apiVersion: 'example.com/v2', kind: 'Widget',
      metadata: { name: 'w1', namespace: 'ns', uid: 'u-1', resourceVersion: '7', generation: 3, labels: { tier: 'gold' }, annotations: { note: 'converted' } },
      spec: { size: 2 },
    });
  });

  it('keeps the whole metadata when the function returns none, and drops labels it empties', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => ({ spec: { size: w.spec.replicas } }));
    registry.on.convert(CRD, { from: 'v2', to: 'v1' }, (w) => ({ metadata: { labels: {} }, spec: { replicas: w.spec.size } }));
    const original = widget('v1', { replicas: 2 }, { labels: { app: 'a' } });
    const v2 = await convertObject(registry.conversionHandlers(), original, 'example.com/v2');
    expect(v2.metadata).toEqual(original.metadata);
    expect((await convertObject(registry.conversionHandlers(), v2, 'example.com/v1')).metadata?.labels).toBeUndefined();
  });

  it('fails clearly on a function that returns no object or labels that are not strings', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, () => undefined as never, { id: 'forgot' });
    registry.on.convert(CRD, { from: 'v2', to: 'v1' }, (w) => ({ ...w, metadata: { labels: { n: 1 as never } } }), { id: 'numeric' });
    await expect(convertObject(registry.conversionHandlers(), widget('v1', {}), 'example.com/v2')).rejects.toThrow(
      'Converting Widget ns/w1 from v1 to v2 (forgot) failed: the function returned undefined, not the converted object');
    await expect(convertObject(registry.conversionHandlers(), widget('v2', {}), 'example.com/v1')).rejects.toThrow(
      /failed: metadata.labels must map names to strings; got \{"n":1\}/);
  });

  it('refuses an object of another group than the CRD it is sent to', async () => {
    await expect(convertObject(chain().conversionHandlers(), { ...widget('v1', {}), apiVersion: 'other.io/v1' }, 'other.io/v2', { crd: CRD }))
      .rejects.toThrow('Widget ns/w1 is in the group other.io, not in example.com of the CRD widgets.example.com it was sent to convert.');
  });

  it('refuses an object of another group', async () => {
    await expect(convertObject(chain().conversionHandlers(), { ...widget('v1', {}), apiVersion: 'other.io/v1' }, 'example.com/v2'))
      .rejects.toThrow('Widget ns/w1 is in the group other.io, but the desired apiVersion example.com/v2 is in example.com; a conversion changes only the version.');
  });
});

describe('reviewConversion', () => {
  const review = (desiredAPIVersion: string, objects: unknown[], apiVersion = 'apiextensions.k8s.io/v1'): unknown => ({
    apiVersion, kind: 'ConversionReview', request: { uid: 'req-1', desiredAPIVersion, objects },
  });

  it('converts every object to the desired version, passing those already there', async () => {
    const at2 = widget('v2', { size: 5 }, { name: 'w2' });
    const response = await reviewConversion(chain().conversionHandlers(), review('example.com/v2', [widget('v1', { replicas: 1 }), at2, widget('v3', { scale: { size: 9 } })]), { crd: CRD });
    expect(response).toEqual({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview',
      response: { uid: 'req-1', result: { status: 'Success' }, convertedObjects: [widget('v2', { size: 1 }), at2, widget('v2', { size: 9 })] },
    });
    // v1beta1 has the same shape and is answered in kind.
    const beta = await reviewConversion(chain().conversionHandlers(), review('example.com/v1', [], 'apiextensions.k8s.io/v1beta1'));
    expect(beta).toEqual({ apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview', response: { uid: 'req-1', result: { status: 'Success' }, convertedObjects: [] } });
  });

  it('fails the whole review with the object and the step when a function throws', async () => {
    const registry = chain();
    registry.on.convert(CRD, { from: 'v3', to: 'v4' }, function to4() { throw new Error('no room for scale'); });
    const response = await reviewConversion(registry.conversionHandlers(), review('example.com/v4', [widget('v3', { scale: { size: 1 } }, { name: 'a' }), widget('v1', { replicas: 2 }, { name: 'b' })]), { crd: CRD });
    expect(response.response).toEqual({ uid: 'req-1', result: { status: 'Failure', message: 'Converting Widget ns/a from v3 to v4 (to4) failed: no room for scale' } });
    const chained = await reviewConversion(registry.conversionHandlers(), review('example.com/v4', [widget('v1', { replicas: 2 }, { name: 'b' })]), { crd: CRD });
    expect(chained.response.result).toEqual({ status: 'Failure', message: 'Converting Widget ns/b from v1 to v4, at the step v3 → v4 (to4) failed: no room for scale' });
    const missing = await reviewConversion(registry.conversionHandlers(), review('example.com/v5', [widget('v1', {})]), { crd: CRD });
    expect(missing.response.result).toMatchObject({ status: 'Failure', message: expect.stringContaining('No conversion of widgets.example.com from v1 to v5') });
  });

  it('rejects bad calls with ConversionReviewError and its HTTP status', async () => {
    const handlers = chain().conversionHandlers();
    const bad = async (body: unknown, crd?: string): Promise<ConversionReviewError> => {
      const error = await reviewConversion(handlers, body, crd === undefined ? {} : { crd }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConversionReviewError);
      return error as ConversionReviewError;
    };
    expect((await bad([])).message).toBe('Not a valid ConversionReview: expected a JSON object, got an array.');
    expect((await bad({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' })).httpStatus).toBe(400);
    expect((await bad({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'x', desiredAPIVersion: 'v2', objects: [] } })).message).toContain('desiredAPIVersion must be <group>/<version>');
    expect((await bad({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'x', desiredAPIVersion: 'a.b/v2', objects: [1] } })).message).toContain('request.objects must be a list of objects');
    const unknown = await bad(review('example.com/v2', []), 'gadgets.example.com');
    expect(unknown).toMatchObject({ code: 'unknown-resource', httpStatus: 404 });
    expect(unknown.message).toBe('No conversion is registered for gadgets.example.com (the webhook\'s URL path); registered for: widgets.example.com.');
  });
});

describe('checkRoundTrip', () => {
  it('reports nothing for lossless conversions, through every version', async () => {
    const report = await checkRoundTrip(chain(), [widget('v1', { replicas: 2 }), widget('v3', { scale: { size: 4 } })]);
    expect(report.ok).toBe(true);
    expect(report.trips).toEqual([
      'Widget ns/w1: v1 → v2 → v1', 'Widget ns/w1: v1 → v3 → v1', 'Widget ns/w1: v3 → v1 → v3', 'Widget ns/w1: v3 → v2 → v3',
    ]);
    expect(formatRoundTrip(report)).toBe('Every round trip came back unchanged (4 trip(s)).');
  });

  it('reports the fields lost or changed on the way, and failed conversions', async () => {
    const registry = new Registry();
    registry.on.convert({ from: WidgetV2, to: WidgetV1 }, (w) => ({ ...w, spec: { replicas: w.spec.size } }));
    registry.on.convert({ from: WidgetV1, to: WidgetV2 }, (w) => ({ ...w, spec: { size: w.spec.replicas + (w.spec.replicas > 5 ? 1 : 0) } }));
    registry.on.convert(CRD, { from: 'v2', to: 'v3' }, function broken() { throw new Error('not yet'); });
    const report = await checkRoundTrip(registry, widget('v2', { size: 7, paused: true }));
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      { object: 'Widget ns/w1', version: 'v2', via: 'v1', path: 'spec.paused', expected: true, actual: undefined },
      { object: 'Widget ns/w1', version: 'v2', via: 'v1', path: 'spec.size', expected: 7, actual: 8 },
      { object: 'Widget ns/w1', version: 'v2', via: 'v3', error: 'Converting Widget ns/w1 from v2 to v3 (broken) failed: not yet' },
    ]);
    expect(formatRoundTrip(report)).toBe([
      '3 difference(s) after converting to other versions and back:',
      '  Widget ns/w1: v2 → v1 → v2 changed spec.paused: expected true, got (absent)',
      '  Widget ns/w1: v2 → v1 → v2 changed spec.size: expected 7, got 8',
      '  Widget ns/w1: v2 → v3 → v2 failed: Converting Widget ns/w1 from v2 to v3 (broken) failed: not yet',
    ].join('\n'));
    // Only the versions asked for.
    expect((await checkRoundTrip(registry.conversionHandlers(), widget('v2', { size: 1 }), { versions: ['v1'] })).ok).toBe(true);
  });
});
