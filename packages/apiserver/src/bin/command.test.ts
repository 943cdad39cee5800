// Ctrl+C under `npm run` reaches the server twice (the terminal signals the process group, npm forwards
// it again). A signal that finds no handler kills the process mid-close and leaves the data directory's
// LOCK behind, so every SIGINT/SIGTERM must stay handled until the server has stopped — and only then be
// let go, so that nothing leaks.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runApiServerCommand } from './command.js';

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
    await vi.waitFor(() => expect(process.listenerCount('SIGINT')).toBeGreaterThan(baseline.SIGINT), { timeout: 10_000 });
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
