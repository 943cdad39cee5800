// The server's controllers over real HTTP: a namespace created by a client gets its default
// ServiceAccount and, deleted, empties itself and goes; and close() stops the server cleanly — no
// timer the server made (the controllers' retries and Event TTL sweep, watch bookmarks …) is left.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApiServer } from '../src/index.js';
import { call, configMap, waitFor } from './protocolHelpers.js';

/** Timers created by the server's own code (by their creation stack) that have neither fired nor been cleared. */
function trackServerTimers(): { live: () => number; created: () => number } {
  const live = new Set<unknown>();
  let created = 0;
  const ours = (): boolean => /packages\/apiserver\/src\//.test(new Error().stack ?? '');
  const { setTimeout: realSetTimeout, setInterval: realSetInterval, clearTimeout: realClearTimeout, clearInterval: realClearInterval } = globalThis;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    const track = ours();
    const handle = realSetTimeout(() => {
      live.delete(handle);
      fn();
    }, ms);
    if (track) {
      created++;
      live.add(handle);
    }
    return handle;
  }));
  vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => {
    const handle = realSetInterval(fn, ms);
    if (ours()) {
      created++;
      live.add(handle);
    }
    return handle;
  }));
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((handle: Parameters<typeof clearTimeout>[0]) => {
    live.delete(handle);
    realClearTimeout(handle);
  }));
  vi.spyOn(globalThis, 'clearInterval').mockImplementation(((handle: Parameters<typeof clearInterval>[0]) => {
    live.delete(handle);
    realClearInterval(handle);
  }));
  return { live: () => live.size, created: () => created };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the controllers of startApiServer', () => {
  it('run from client writes, and close() leaves no timer of the server behind', async () => {
    const timers = trackServerTimers();
    const server = await startApiServer();
    try {
      expect(timers.live()).toBeGreaterThan(0); // the Event TTL sweep and the watch bookmarks run
      const ns = await call(server.url, 'POST', '/api/v1/namespaces', { metadata: { name: 'short-lived' } });
      expect(ns.status).toBe(201);
      await waitFor(async () => (await call(server.url, 'GET', '/api/v1/namespaces/short-lived/serviceaccounts/default')).status === 200);
      expect((await call(server.url, 'POST', '/api/v1/namespaces/short-lived/configmaps', configMap('x'))).status).toBe(201);
      expect((await call(server.url, 'DELETE', '/api/v1/namespaces/short-lived')).status).toBe(200);
      await waitFor(async () => (await call(server.url, 'GET', '/api/v1/namespaces/short-lived')).status === 404);
      expect((await call(server.url, 'GET', '/api/v1/namespaces/short-lived/configmaps/x')).status).toBe(404);
    } finally {
      await server.close();
    }
    expect(timers.created()).toBeGreaterThan(0);
    expect(timers.live()).toBe(0);
  });
});
