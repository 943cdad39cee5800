// describeOutcome: the log line (Kopf's wording), whether the stack is logged, and the feed phase of
// every kind of outcome.
import { describe, expect, it } from 'vitest';
import { HandlerRetriesError, PermanentError, TemporaryError } from './errors.js';
import { describeOutcome, errorMessageOf } from './outcomeReport.js';

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
    expect(describeOutcome(T, { kind: 'timeout', error: fromError })).toMatchObject({ fields: { error: fromError }, feed: { outcome: 'timeout' } });
  });

  it('names an error without a message by its name', () => {
    expect(errorMessageOf(new TypeError(''))).toBe('TypeError');
    expect(errorMessageOf('plain')).toBe('plain');
  });
});
