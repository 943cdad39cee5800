// Ctrl+C under `npm run` reaches the server twice (the terminal signals the process group, npm forwards
// it again). A signal that finds no handler kills the process mid-close and leaves the data directory's
// LOCK behind, so every SIGINT/SIGTERM must stay handled until the server has stopped — and only then be
// let go, so that nothing leaks. The connection flags reach the server.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runApiServerCommand } from './command.js';
import { deadline } from '@opkit/test-tools';

let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('runApiServerCommand', () => {
  it('handles a second SIGINT while stopping, stops once, removes the LOCK and lets go of its handlers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'opkit-command-'));
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const baseline = { SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') };
    const done = runApiServerCommand(['--port', '0', '--data-dir', dir]);
    await vi.waitFor(() => expect(process.listenerCount('SIGINT')).toBeGreaterThan(baseline.SIGINT), { timeout: deadline(10_000) });
    expect(existsSync(join(dir, 'LOCK'))).toBe(true);

    process.emit('SIGINT', 'SIGINT');
    // Stopping: a signal arriving now must still find a handler (the default action would kill the process).
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(baseline.SIGINT);
    expect(process.listenerCount('SIGTERM')).toBeGreaterThan(baseline.SIGTERM);
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGTERM', 'SIGTERM');

    expect(await done).toBe(0);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
    expect({ SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') }).toEqual(baseline);
  });
});

describe('runApiServerCommand connection flags', () => {
  it.each([
    ['--read-header-timeout and --request-timeout', ['--read-header-timeout', '300ms', '--request-timeout', '600ms', '--idle-timeout', '1s', '--max-connections', '10']],
    // Shorter than the default headers timeout (32 s): the headers get the whole request timeout, no more.
    ['--request-timeout alone', ['--request-timeout', '500ms']],
  ])('%s cut off a client whose headers never end (408)', async (_name, flags) => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => { out += String(chunk); return true; });
    const done = runApiServerCommand(['--port', '0', ...flags]);
    try {
      const url = await vi.waitFor(() => {
        const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (!found) throw new Error('not listening yet');
        return new URL(found);
      }, { timeout: deadline(30_000), interval: 20 });
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      let received = '';
      socket.on('data', (chunk: Buffer) => { received += chunk.toString(); });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(`GET /api/v1/namespaces HTTP/1.1\r\nHost: ${url.host}\r\nX-Never-Ends: `);
      await closed; // the server closes it once the headers timeout given on the command line has passed
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      process.emit('SIGINT', 'SIGINT');
    }
    expect(await done).toBe(0);
  }, deadline(60_000));
});
