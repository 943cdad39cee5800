// Results that cannot be stored exactly are found (with their path and type) before a handler counts as succeeded.
import { describe, expect, it } from 'vitest';
import { PermanentError } from './errors.js';
import { invokeHandler } from './invoke.js';
import { Registry } from './registry.js';
import { findUnstorable, MAX_RESULT_BYTES } from './results.js';
import type { HandlerContext } from './types.js';

class Point {
  constructor(readonly x: number, readonly y: number) {}
}
class WithGetter {
  readonly a = 1;
  get b(): number { return 2; }
}

describe('findUnstorable', () => {
  it('accepts JSON data, bigints with every digit, raw JSON and absent (undefined) fields', () => {
    const shared = { a: 1 };
    for (const ok of [1, 'x', true, 9223372036854775807n, -9223372036854775808n, [1, 'a', null], { a: { b: [shared, shared] }, c: undefined },
      Object.create(null) as object, (JSON as unknown as { rawJSON(text: string): object }).rawJSON('12345678901234567890123'), new Point(1, 2)]) {
      expect(findUnstorable(ok)).toBeUndefined();
    }
    expect(findUnstorable(undefined)).toBeUndefined();
    expect(findUnstorable(null)).toBeUndefined();
  });

  it('names the path and the type of the first value JSON would change or lose', () => {
    const circular: Record<string, unknown> = { a: { b: 1 } };
    (circular.a as Record<string, unknown>).self = circular;
    const cases: [unknown, string, string][] = [
      [circular, 'result.a.self', 'a circular reference to result'],
      [{ fn: () => 1 }, 'result.fn', 'a function'],
      [{ deep: [{ x: () => 1 }] }, 'result.deep[0].x', 'a function'],
      [Symbol('s'), 'result', 'a Symbol'],
      [{ a: [Symbol('s')] }, 'result.a[0]', 'a Symbol'],
      [{ [Symbol('k')]: 1 }, 'result', 'an object with a Symbol key'],
      [{ n: NaN }, 'result.n', 'NaN'],
      [{ big: 12345678901234567890123n }, 'result.big', 'a bigint beyond int64 (an API server would store 1.2345678901234568e+22)'],
      [{ n: -Infinity }, 'result.n', '-Infinity'],
      [{ items: [0, 1, { when: new Date(0) }] }, 'result.items[2].when', 'a Date'],
      [new Map([['a', 1]]), 'result', 'a Map'],
      [{ s: new Set([1]) }, 'result.s', 'a Set'],
      [{ 'odd key': new Uint8Array(2) }, 'result["odd key"]', 'a Uint8Array'],
      [{ g: new WithGetter() }, 'result.g', 'an instance of WithGetter'],
      [[1, undefined], 'result[1]', 'undefined'],
    ];
    for (const [value, path, problem] of cases) expect(findUnstorable(value)).toEqual({ path, problem });
  });

  it('refuses a result larger than the bound, saying its size', () => {
    const big = { data: 'x'.repeat(MAX_RESULT_BYTES) };
    expect(findUnstorable(big)).toEqual({ path: 'result', problem: '1.0 MiB of JSON (at most 1.0 MiB is stored)' });
    expect(findUnstorable({ data: 'x'.repeat(2000) }, { maxBytes: 1024 })?.problem).toBe('2 KiB of JSON (at most 1 KiB is stored)');
    expect(findUnstorable({ data: 'x'.repeat(1000) }, { maxBytes: 1024 })).toBeUndefined();
  });
});

describe('invokeHandler with an unstorable result', () => {
  const context = { retry: 0, runtime: 0 } as HandlerContext;

  it('fails a change handler, spy, daemon or timer permanently, naming the handler, path and type', async () => {
    const registry = new Registry();
    const handlers = [
      registry.on.create('kopfexamples', () => ({ when: new Date(0) }), { id: 'create_fn' }),
      registry.on.event('kopfexamples', () => ({ when: new Date(0) }), { id: 'spy_fn' }),
      registry.on.daemon('kopfexamples', () => ({ when: new Date(0) }), { id: 'daemon_fn' }),
      registry.on.timer('kopfexamples', () => ({ when: new Date(0) }), { id: 'timer_fn', interval: 1 }),
    ];
    for (const handler of handlers) {
      const outcome = await invokeHandler(handler, context);
      expect(outcome.kind).toBe('permanent');
      const error = (outcome as { error: unknown }).error;
      expect(error).toBeInstanceOf(PermanentError);
      // Named as Kopf names each kind in its log lines: Daemon, Timer, else Handler.
      const title = handler.id === 'daemon_fn' ? 'Daemon' : handler.id === 'timer_fn' ? 'Timer' : 'Handler';
      expect((error as Error).message).toBe(`${title} '${handler.id}' returned a result that cannot be stored: result.when is a Date.`);
    }
  });

  it('leaves index handlers alone: their values stay in memory', async () => {
    const handler = new Registry().on.index('kopfexamples', () => ({ key: new Map() }), { id: 'idx' });
    expect((await invokeHandler(handler, context)).kind).toBe('success');
  });

  it('keeps an int64 bigint result as a success', async () => {
    const handler = new Registry().on.create('kopfexamples', () => ({ big: 9223372036854775807n }), { id: 'h' });
    expect(await invokeHandler(handler, context)).toEqual({ kind: 'success', result: { big: 9223372036854775807n }, subhandlers: [] });
  });
});
