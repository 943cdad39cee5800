// The pieces of `pnpm bench --kopf DIR` that run without a Kopf checkout: reading a process's CPU time and
// memory from /proc (checked against what Node's own accounting says of this process), and the clear errors
// for a wrong checkout or interpreter, from the function and from the command line. The Kopf operator itself
// runs only where a Kopf checkout is given (never in CI: Kopf is not installed there).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';
import { checkKopfSource, kopfScript, procStats } from './kopfOperator.js';

const scratch = mkdtempSync(join(tmpdir(), 'bench-kopf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('procStats', () => {
  it("reads this process's CPU time and memory as Node accounts them", () => {
    const before = process.cpuUsage();
    let spin = 0;
    for (let i = 0; i < 5_000_000; i++) spin += i % 7; // some CPU time, so the figure is not just startup
    const stats = procStats(readFileSync('/proc/self/stat', 'utf8'), readFileSync('/proc/self/status', 'utf8'), 1);
    const after = process.cpuUsage();
    const rss = process.memoryUsage().rss;
    expect(spin).toBeGreaterThan(0);
    // /proc counts in 10 ms ticks; Node's figures are exact: the /proc figure lies between the two readings.
    expect(stats.cpuMs).toBeGreaterThanOrEqual((before.user + before.system) / 1000 - 20);
    expect(stats.cpuMs).toBeLessThanOrEqual((after.user + after.system) / 1000 + 20);
    expect(stats.cpuMs).toBeGreaterThan(0);
    expect(Math.abs(stats.rss - rss)).toBeLessThan(16 * 1024 * 1024);
    expect(stats.maxRss).toBeGreaterThanOrEqual(stats.rss);
    expect(Number.isNaN(stats.heapUsed)).toBe(true);
  });

  it('counts the fields after the command name, which may hold spaces and parentheses', () => {
    const rest = Array.from({ length: 50 }, (_, i) => String(i + 3));
    rest[11] = '250'; // utime: field 14
    rest[12] = '50'; // stime: field 15
    const stat = `4242 (python3 (kopf) run) ${rest.join(' ')}\n`;
    const stats = procStats(stat, 'Name:\tpython3\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n', 5);
    expect(stats).toMatchObject({ cpuMs: 3000, rss: 1024 * 1024, maxRss: 2048 * 1024, wallMs: 5 });
  });

  it('says which line is missing from a status file', () => {
    expect(() => procStats('1 (x) S 0 0 0 0 0 0 0 0 0 0 1 1', 'VmHWM:\t1 kB\n', 0)).toThrow('/proc status has no VmRSS line');
  });
});

describe('checkKopfSource', () => {
  const checkout = join(scratch, 'kopf-checkout');
  mkdirSync(join(checkout, 'kopf'), { recursive: true });
  writeFileSync(join(checkout, 'kopf', '__init__.py'), '');
  const python = join(scratch, 'python3');
  writeFileSync(python, '');

  it('accepts a directory holding kopf/__init__.py and an existing interpreter', () => {
    expect(checkKopfSource({ dir: checkout, python })).toBeUndefined();
  });

  it('says what a Kopf checkout is when the directory is not one', () => {
    expect(checkKopfSource({ dir: scratch, python })).toBe(
      `--kopf ${scratch}: expected a Kopf source checkout (a directory holding kopf/__init__.py, e.g. a clone of github.com/nolar/kopf)`,
    );
  });

  it('names a missing interpreter', () => {
    expect(checkKopfSource({ dir: checkout, python: join(scratch, 'nope') })).toMatch(/^--kopf needs .*nope \(Debian's python3 with python3-aiohttp/);
  });

  it('finds the Python operator beside the harness', () => {
    expect(readFileSync(kopfScript(), 'utf8')).toContain('@kopf.timer(GROUP, VERSION, "benchtimers", interval=1.0)');
  });
});

describe('pnpm bench --kopf', () => {
  const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
  const run = (args: string[]): Promise<{ code: number | null; stderr: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, [main, ...args], { timeout: deadline(30_000) }, (error, _stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
      });
    });

  it('refuses a directory that is not a Kopf checkout before starting anything', async () => {
    const { code, stderr } = await run(['--quick', '--kopf', scratch]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--kopf ${scratch}: expected a Kopf source checkout`);
  });

  it('refuses --python without --kopf, and --kopf with a suite', async () => {
    expect((await run(['--python', '/usr/bin/python3'])).stderr).toContain('--python applies with --kopf DIR only');
    const suite = await run(['json', '--kopf', scratch]);
    expect(suite.code).toBe(2);
    expect(suite.stderr).toContain('--kopf applies to the operator scenarios');
  });
});
