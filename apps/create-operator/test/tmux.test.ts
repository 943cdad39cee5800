// The built bin in a real terminal: a headless tmux session runs `create-operator`, the test reads the
// screen and types the answers a user would, then checks the project on disk. This covers what the
// in-process stream test cannot: a real TTY's raw mode, and the bin's own stdin/stdout wiring.
// `.ci/run` installs tmux where it is missing; elsewhere, without it, the tests are skipped with the reason (with CI
// set they fail, naming tmux).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deadline, toolMissing } from '@opkit/test-tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BIN, scratch } from './helpers.js';

const SOCKET = `create-operator-e2e-${process.pid}`;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

async function waitForScreen(text: string): Promise<string> {
  return vi.waitFor(() => {
    const screen = tmux('capture-pane', '-p', '-t', 'create');
    if (!screen.includes(text)) throw new Error(`the screen does not show "${text}" yet:\n${screen}`);
    return screen;
  }, { timeout: deadline(30_000), interval: 100 });
}

function keys(...names: string[]): void {
  for (const name of names) tmux('send-keys', '-t', 'create', name);
}

describe('create-operator in a terminal (tmux)', () => {
  let work: { dir: string; remove: () => void } = { dir: '', remove: () => undefined };
  let tmuxMissing: string | undefined;
  beforeAll(() => {
    const found = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
    if (found.status !== 0) {
      tmuxMissing = `tmux -V failed (${found.error?.message ?? found.stderr.trim()}); apt-get install tmux`;
      return;
    }
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm --filter create-operator build\` first`);
    work = scratch('create-operator-tmux-');
  });
  beforeEach((ctx) => {
    if (tmuxMissing !== undefined) toolMissing(ctx, 'tmux', tmuxMissing);
  });
  afterAll(() => {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    work.remove();
  });

  it('asks, takes the defaults on Enter, creates the project and prints the next steps', async () => {
    // The session's environment comes from the tmux server, started here: drop what the test runner sets.
    const command = `cd ${work.dir} && env -u CI -u npm_config_user_agent NO_COLOR=1 ${process.execPath} ${BIN}; echo "[exit $?]"; sleep 600`;
    tmux('new-session', '-d', '-s', 'create', '-x', '160', '-y', '50', command);

    await waitForScreen('Which template?');
    keys('Enter');
    await waitForScreen('Where should the project go?');
    keys('-l', 'cache-operator');
    keys('Enter');
    await waitForScreen('Customize the resource? Defaults: Kind Cache (caches.cache.example.com/v1alpha1, Namespaced)');
    keys('Enter');
    await waitForScreen('Install dependencies with npm?');
    keys('Left', 'Enter'); // Yes is preselected: Left moves to No
    await waitForScreen('Initialize a git repository?');
    keys('Right', 'Enter');
    const screen = await waitForScreen('[exit 0]');

    expect(screen).toContain('Done. cache-operator (template minimal): Kind Cache (caches.cache.example.com/v1alpha1, Namespaced)');
    expect(screen).toContain('cd cache-operator');
    expect(screen).toContain('--template minimal --kind Cache --group cache.example.com --api-version v1alpha1 --plural caches');
    const pkg = JSON.parse(readFileSync(join(work.dir, 'cache-operator', 'package.json'), 'utf8'));
    expect(pkg.opkit.scaffold).toMatchObject({ kind: 'Cache', plural: 'caches', group: 'cache.example.com' });
    expect(existsSync(join(work.dir, 'cache-operator', 'src', 'api', 'cache.ts'))).toBe(true);
    // No install, no git: the answers were No.
    expect(existsSync(join(work.dir, 'cache-operator', 'node_modules'))).toBe(false);
    expect(existsSync(join(work.dir, 'cache-operator', '.git'))).toBe(false);
    expect(screen).toContain('--no-install --no-git --yes');
  });

  it('asks nothing on a terminal when a configuration option is given, and exits', async () => {
    const command = `cd ${work.dir} && env -u CI -u npm_config_user_agent NO_COLOR=1 ${process.execPath} ${BIN} flag-operator --kind Flag --no-install --no-git; echo "[exit $?]"; sleep 600`;
    tmux('new-session', '-d', '-s', 'flags', '-x', '160', '-y', '50', command);
    const screen = await vi.waitFor(() => {
      const text = tmux('capture-pane', '-p', '-t', 'flags');
      if (!text.includes('[exit ')) throw new Error(`not finished yet:\n${text}`);
      return text;
    }, { timeout: deadline(30_000), interval: 100 });
    expect(screen).toContain('[exit 0]');
    expect(screen).not.toContain('Which template?');
    expect(screen).not.toContain('Customize the resource?');
    expect(screen).toContain('Done. flag-operator (template minimal): Kind Flag');
    expect(existsSync(join(work.dir, 'flag-operator', 'src', 'api', 'flag.ts'))).toBe(true);
  });
});
