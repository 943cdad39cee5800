// Operator shutdown with daemons and timers leaves nothing behind: a process that ran them (against
// an embedded API server) and stopped its operator exits on its own. Uses the built packages.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const fixture = fileURLToPath(new URL('fixtures/exitAfterAbort.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

describe('operator shutdown with daemons and timers', () => {
  it('stops every daemon and timer, and the process then exits on its own', async () => {
    expect(existsSync(built), 'build @opkit/core first (turbo builds it before its tests)').toBe(true);
    const child = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const exit = await new Promise<{ code: number | null; killed: boolean }>((resolve) => {
      const timer = setTimeout(() => { child.kill('SIGKILL'); }, deadline(30_000));
      child.on('exit', (code, signal) => { clearTimeout(timer); resolve({ code, killed: signal === 'SIGKILL' }); });
    });
    expect(exit, output).toEqual({ code: 0, killed: false });
    const lines = output.trim().split('\n');
    expect(lines).toContain('running');
    // The daemon that ignores everything is abandoned (its promise never settles, which holds nothing); the rest end.
    expect(lines).toContain('stopped: ignorer abandoned, sleeper stopped, tick stopped, watcher stopped');
    expect(lines).toContain("[default/kopf-example-1] Daemon 'ignorer' did not exit in time. Leaving it orphaned.");
    expect(lines.at(-1)).toBe('done');
  });
});
