import type { DaemonStopped } from '@opkit/handlers';
import { describe, expect, it } from 'vitest';
import { wasCancelled } from './cancelled.js';

function context(aborted: 'signal' | 'stopped' | 'none') {
  const signal = new AbortController();
  const stopped = new AbortController();
  if (aborted === 'signal') signal.abort(new DOMException('cancelled', 'AbortError'));
  if (aborted === 'stopped') stopped.abort(new Error('stop'));
  return { signal: signal.signal, stopped: { signal: stopped.signal } as DaemonStopped };
}

describe('wasCancelled', () => {
  it('is true only for a failure after one of its signals aborted, with its reason or an AbortError', () => {
    const abortError = new DOMException('aborted', 'AbortError');
    expect(wasCancelled({ kind: 'exception', error: abortError, delay: 1 }, context('signal'))).toBe(true);
    const stopped = context('stopped');
    expect(wasCancelled({ kind: 'exception', error: stopped.stopped.signal.reason, delay: 1 }, stopped)).toBe(true);
    expect(wasCancelled({ kind: 'exception', error: new Error('boom'), delay: 1 }, context('signal'))).toBe(false);
    expect(wasCancelled({ kind: 'exception', error: abortError, delay: 1 }, context('none'))).toBe(false);
    expect(wasCancelled({ kind: 'success', result: undefined, subhandlers: [] }, context('signal'))).toBe(false);
  });
});
