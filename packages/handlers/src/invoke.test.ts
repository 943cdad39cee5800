import { describe, expect, it } from 'vitest';
import { HandlerClient } from './client.js';
import { HandlerRetriesError, HandlerScopeError, HandlerTimeoutError, PermanentError, TemporaryError } from './errors.js';
import { events } from './events.js';
import { invokeHandler, subhandler } from './invoke.js';
import { Registry } from './registry.js';
import { currentContext, currentScope, runInTaskScope, runWithScope } from './scope.js';
import type { EventSink, HandlerContext, ResourceHandler } from './types.js';

const body = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'x', namespace: 'default', uid: 'u1' } };

function context(overrides: Partial<HandlerContext> = {}): HandlerContext {
  return {
    id: 'h', resource: { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true },
    body, spec: {}, meta: body.metadata, status: {}, name: 'x', namespace: 'default', uid: 'u1', labels: {}, annotations: {},
    patch: { spec: {}, status: {}, metadata: { labels: {}, annotations: {} }, meta: { labels: {}, annotations: {} }, labels: {}, annotations: {}, fns: [] },
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child() { return this; } },
    memo: {}, retry: 0, started: new Date(0), runtime: 0, signal: new AbortController().signal, indices: {}, client: new HandlerClient(undefined, { owner: body }), ...overrides,
  };
}

function register(fn: (ctx: HandlerContext) => unknown, options: Parameters<Registry['on']['create']>[2] = {}): ResourceHandler {
  return new Registry().on.create('kopfexamples', fn, { id: 'h', ...options });
}

describe('invokeHandler', () => {
  it('returns the result of a successful call (sync or async)', async () => {
    expect(await invokeHandler(register(() => ({ a: 1 })), context())).toEqual({ kind: 'success', result: { a: 1 }, subhandlers: [] });
    expect(await invokeHandler(register(async () => 'x'), context())).toEqual({ kind: 'success', result: 'x', subhandlers: [] });
  });

  it('classifies TemporaryError, PermanentError and arbitrary errors by the errors mode', async () => {
    expect(await invokeHandler(register(() => { throw new TemporaryError('later', { delay: 7 }); }), context())).toMatchObject({ kind: 'temporary', delay: 7 });
    expect(await invokeHandler(register(() => { throw new PermanentError('never'); }), context())).toMatchObject({ kind: 'permanent' });
    expect(await invokeHandler(register(() => { throw new Error('x'); }), context())).toMatchObject({ kind: 'exception', delay: 60 });
    expect(await invokeHandler(register(() => { throw new Error('x'); }, { backoff: 2 }), context())).toMatchObject({ kind: 'exception', delay: 2 });
    expect(await invokeHandler(register(() => { throw new Error('x'); }), context(), { defaultBackoff: 5 })).toMatchObject({ kind: 'exception', delay: 5 });
    expect(await invokeHandler(register(() => { throw new Error('x'); }, { errors: 'permanent' }), context())).toMatchObject({ kind: 'permanent' });
    expect(await invokeHandler(register(() => { throw new Error('x'); }, { errors: 'ignored' }), context())).toMatchObject({ kind: 'ignored' });
  });

  it('fails without calling when the retries are used up or the timeout is over', async () => {
    let calls = 0;
    const fn = (): void => { calls++; };
    const retries = await invokeHandler(register(fn, { retries: 3 }), context({ retry: 3 }));
    expect(retries.kind).toBe('permanent');
    expect((retries as { error: unknown }).error).toBeInstanceOf(HandlerRetriesError);
    expect(String((retries as { error: Error }).error.message)).toBe("Handler 'h' has exceeded 3 retries.");
    const timeout = await invokeHandler(register(fn, { timeout: 10 }), context({ runtime: 10 }));
    expect(timeout.kind).toBe('timeout');
    expect((timeout as { error: unknown }).error).toBeInstanceOf(HandlerTimeoutError);
    expect(calls).toBe(0);
  });

  it('looks ahead: a failure whose retry would exceed the limits fails now', async () => {
    const failing = register(() => { throw new Error('boom'); }, { retries: 3, backoff: 1 });
    expect((await invokeHandler(failing, context({ retry: 1 }))).kind).toBe('exception');
    const last = await invokeHandler(failing, context({ retry: 2 }));
    expect(last.kind).toBe('permanent');
    // Kopf's wording, word for word (kopf/_core/actions/execution.py).
    expect((last as { error: Error }).error.message).toBe("Handler 'h' failed with an exception and will stop now (it would exceed 3 retries on the next attempt): boom");
    const flaky = register(() => { throw new TemporaryError('later', { delay: 1 }); }, { retries: 2 });
    expect((await invokeHandler(flaky, context({ retry: 1 }))) as { error: Error }).toMatchObject({ kind: 'permanent', error: { message: "Handler 'h' failed temporarily but will exceed 2 retries: later" } });
    const slow = register(() => { throw new TemporaryError('wait', { delay: 30 }); }, { timeout: 60 });
    expect((await invokeHandler(slow, context({ runtime: 40 })))).toMatchObject({ kind: 'timeout', error: { message: "Handler 'h' failed temporarily but will time out after 60 seconds: wait" } });
    const stuck = register(() => { throw new Error('bang'); }, { timeout: 60, backoff: 30 });
    expect((await invokeHandler(stuck, context({ runtime: 40 })))).toMatchObject({ kind: 'timeout', error: { message: "Handler 'h' failed with an exception and will stop now (it would time out in 60 seconds on the next attempt): bang" } });
  });

  it('collects sub-handlers registered during the call, with ids under the parent', async () => {
    const parent = register(() => {
      subhandler(function one() { return undefined; });
      subhandler(() => undefined, { id: 'two' });
    });
    const outcome = await invokeHandler(parent, context());
    expect(outcome.kind === 'success' && outcome.subhandlers.map((h) => h.id)).toEqual(['h/one', 'h/two']);
    expect(() => subhandler(function lost() { return undefined; })).toThrow(HandlerScopeError);
  });

  it('refuses sub-handlers inside daemons and timers (they have no stored progress)', async () => {
    const daemon = new Registry().on.daemon('kopfexamples', () => { subhandler(function child() { return undefined; }); }, { id: 'd' });
    const outcome = await invokeHandler(daemon, context(), { defaultBackoff: 1 });
    expect(outcome.kind).toBe('exception');
    expect(outcome.kind === 'exception' && outcome.error).toBeInstanceOf(HandlerScopeError);
  });

  it('exposes the running context to helpers called by the handler', async () => {
    let seen: unknown;
    await invokeHandler(register(async () => { await Promise.resolve(); seen = currentContext(); }), context({ name: 'inside' }));
    expect((seen as HandlerContext).name).toBe('inside');
    expect(currentContext()).toBeUndefined();
  });

  it('calls an attempt of a task in the task\'s scope, whose context is the attempt\'s; any other call enters its own', async () => {
    const seen: { name: unknown; handler: unknown; subhandlers: unknown }[] = [];
    const handler = register(async () => {
      await Promise.resolve();
      const scope = currentScope();
      seen.push({ name: (currentContext() as HandlerContext | undefined)?.name, handler: scope.handler, subhandlers: scope.subhandlers });
    });
    let current: HandlerContext | undefined;
    await runInTaskScope({ handler }, () => current, async () => {
      for (const name of ['run-1', 'run-2']) {
        current = context({ name });
        expect(await invokeHandler(handler, current)).toMatchObject({ kind: 'success' });
      }
      // Not the task's current context: a scope of its own (with its sub-handlers' list).
      await invokeHandler(handler, context({ name: 'other' }));
    });
    expect(seen).toEqual([
      { name: 'run-1', handler, subhandlers: undefined },
      { name: 'run-2', handler, subhandlers: undefined },
      { name: 'other', handler, subhandlers: [] },
    ]);
    expect(currentContext()).toBeUndefined();
  });

  it('takes a plain function\'s value without waiting for the microtask queue, and awaits a thenable', async () => {
    const order: string[] = [];
    const plain = invokeHandler(register(() => { order.push('handler'); return 1; }), context());
    void Promise.resolve().then(() => order.push('microtask'));
    expect(await plain).toMatchObject({ kind: 'success', result: 1 });
    expect(await invokeHandler(register(() => ({ then: (resolve: (value: number) => void) => resolve(2) })), context())).toMatchObject({ kind: 'success', result: 2 });
    expect(order[0]).toBe('handler');
  });
});

describe('events', () => {
  it('posts through the scope\'s sink with Kopf\'s types and messages', () => {
    const posted: unknown[] = [];
    const sink: EventSink = { post: (target, event) => posted.push({ name: target.metadata.name, ...event }) };
    runWithScope({ events: sink }, () => {
      events.event(body, { type: 'SomeType', reason: 'SomeReason', message: 'Some message' });
      events.info([body, body], { reason: 'R' });
      events.warn(body, { reason: 'W', message: 'careful' });
      events.exception(body, { message: 'Some exception:', error: new RangeError('Exception text.') });
      events.info({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' } }, { reason: 'skipped' });
    });
    expect(posted).toEqual([
      { name: 'x', type: 'SomeType', reason: 'SomeReason', message: 'Some message' },
      { name: 'x', type: 'Normal', reason: 'R', message: '' },
      { name: 'x', type: 'Normal', reason: 'R', message: '' },
      { name: 'x', type: 'Warning', reason: 'W', message: 'careful' },
      { name: 'x', type: 'Error', reason: 'RangeError', message: 'Some exception: Exception text.' },
    ]);
  });

  it('says where events can be posted when there is no operator', () => {
    expect(() => events.info(body, { reason: 'R' })).toThrow(/only while an operator runs/);
  });
});
