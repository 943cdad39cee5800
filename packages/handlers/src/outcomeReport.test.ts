// describeOutcome: the log line (Kopf's wording), whether the stack is logged, and the feed phase of
// every kind of outcome; reportOutcome: that line on the logger and that event on the feed.
import type { LogFields, Logger } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import { HandlerRetriesError, PermanentError, TemporaryError } from './errors.js';
import type { FeedEventInput } from './feed.js';
import { describeOutcome, errorMessageOf, reportOutcome } from './outcomeReport.js';

const T = "Handler 'create_fn'";

describe('describeOutcome', () => {
  it('tells a success and an ignored error', () => {
    expect(describeOutcome(T, { kind: 'success', result: 1, subhandlers: [] })).toEqual({ level: 'info', line: `${T} succeeded.`, feed: { phase: 'succeeded', outcome: 'success' } });
    const error = new Error('boom');
    expect(describeOutcome(T, { kind: 'ignored', error })).toEqual({
      level: 'error', line: `${T} failed with an exception. Will ignore.`, fields: { error, stack: true }, feed: { phase: 'succeeded', message: 'boom', outcome: 'ignored' },
    });
  });

  it('tells retries: a TemporaryError without its stack, an arbitrary error with it', () => {
    const temporary = describeOutcome(T, { kind: 'temporary', error: new TemporaryError('not yet'), delay: 60 });
    expect(temporary).toEqual({ level: 'error', line: `${T} failed temporarily: not yet`, feed: { phase: 'retrying', delay: 60, message: 'not yet', outcome: 'temporary' } });
    const error = new Error('boom');
    expect(describeOutcome(T, { kind: 'exception', error, delay: 5 })).toMatchObject({
      line: `${T} failed with an exception and will try again in 5 seconds: boom`, fields: { error, stack: true }, feed: { phase: 'retrying', outcome: 'exception' },
    });
  });

  it('tells a permanent failure, from an exception (stack) or not', () => {
    expect(describeOutcome(T, { kind: 'permanent', error: new PermanentError('no') })).toEqual({
      level: 'error', line: `${T} failed permanently: no`, feed: { phase: 'failed', message: 'no', outcome: 'permanent' },
    });
    const error = new Error('boom');
    expect(describeOutcome(T, { kind: 'permanent', error }).line).toBe(`${T} failed with an exception and will stop now: boom`);
    const retries = new HandlerRetriesError('Handler create_fn has exceeded 3 retries.', { cause: new TemporaryError('later') });
    expect(describeOutcome(T, { kind: 'permanent', error: retries }).fields).toBeUndefined();
    const fromError = new HandlerRetriesError('Handler create_fn has exceeded 3 retries.', { cause: error });
    expect(describeOutcome(T, { kind: 'timeout', error: fromError })).toMatchObject({ fields: { error }, feed: { outcome: 'timeout' } });
    // Kopf logs its own retries/timeout errors as they are: the message already names the handler.
    expect(describeOutcome(T, { kind: 'permanent', error: retries }).line).toBe('Handler create_fn has exceeded 3 retries.');
  });

  it('names an error without a message by its name', () => {
    expect(errorMessageOf(new TypeError(''))).toBe('TypeError');
    expect(errorMessageOf('plain')).toBe('plain');
  });
});

describe('reportOutcome', () => {
  function recorder() {
    const lines: [string, string, LogFields | undefined][] = [];
    const events: FeedEventInput[] = [];
    const log = (level: string) => (message: string, fields?: LogFields) => { lines.push([level, message, fields]); };
    const logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') } as unknown as Logger;
    return { lines, events, deps: { logger, emit: (event: FeedEventInput) => { events.push(event); } } };
  }
  const base = { type: 'handler' as const, id: 'tick', kind: 'timer', retry: 0, durationMs: 3, resource: 'widgets.v1.example.com', namespace: 'ns', name: 'w' };

  it('logs the line at its level, with the stack fields, and emits the base with the phase', () => {
    const { lines, events, deps } = recorder();
    const error = new Error('boom');
    reportOutcome(deps, "Timer 'tick'", base, { kind: 'exception', error, delay: 5 });
    expect(lines).toEqual([['error', "Timer 'tick' failed with an exception and will try again in 5 seconds: boom", { error, stack: true }]]);
    expect(events).toEqual([{ ...base, phase: 'retrying', delay: 5, message: 'boom', outcome: 'exception' }]);
    reportOutcome(deps, "Timer 'tick'", base, { kind: 'success', result: undefined, subhandlers: [] });
    expect(lines[1]).toEqual(['info', "Timer 'tick' succeeded.", undefined]);
    reportOutcome(deps, "Timer 'tick'", base, { kind: 'temporary', error: new TemporaryError('later'), delay: 9 });
    expect(lines[2]).toEqual(['error', "Timer 'tick' failed temporarily: later", undefined]);
    expect(events).toHaveLength(3);
  });

  it('only logs without an emit (nobody reads the feed)', () => {
    const { lines, deps } = recorder();
    reportOutcome({ logger: deps.logger }, "Timer 'tick'", base, { kind: 'success', result: undefined, subhandlers: [] });
    expect(lines).toEqual([['info', "Timer 'tick' succeeded.", undefined]]);
  });

  it('says nothing of a quiet success (a parent whose sub-handlers are still to run), but reports its failures', () => {
    const { lines, events, deps } = recorder();
    reportOutcome(deps, "Handler 'p'", base, { kind: 'success', result: undefined, subhandlers: [] }, { quietSuccess: true });
    expect(lines).toEqual([]);
    expect(events).toEqual([]);
    reportOutcome(deps, "Handler 'p'", base, { kind: 'permanent', error: new PermanentError('no') }, { quietSuccess: true });
    expect(lines).toEqual([['error', "Handler 'p' failed permanently: no", undefined]]);
    expect(events).toEqual([{ ...base, phase: 'failed', message: 'no', outcome: 'permanent' }]);
  });
});
