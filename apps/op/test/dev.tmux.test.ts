// `op dev` end to end in a real terminal: a tmux session (headless) runs it on a project on the
// embedded API server; the test reads the screen, types keys, edits the operator, resizes the
// window and presses Ctrl+C, as a developer would. `.ci/run` installs tmux (and kubectl) where they are missing;
// elsewhere, without them, the tests are skipped with the reason (with CI set they fail, naming the tool).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deadline, findTool, toolMissing, useTool } from '@opkit/test-tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, OP, writeOperator } from './helpers/devProcess.js';

const SOCKET = `opkit-dev-e2e-${process.pid}`;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

function screen(): string {
  return tmux('capture-pane', '-p', '-t', 'dev');
}

async function waitForScreen(test: (text: string) => boolean, what: string, timeout = deadline(60_000)): Promise<string> {
  return vi.waitFor(() => {
    const text = screen();
    if (!test(text)) throw new Error(`the screen does not show ${what} yet:\n${text}`);
    return text;
  }, { timeout, interval: 100 });
}

function keys(...names: string[]): void {
  for (const name of names) tmux('send-keys', '-t', 'dev', name);
}

describe('op dev in a terminal (tmux)', () => {
  let dir = '';
  let tmuxMissing: string | undefined;
  beforeAll(() => {
    const found = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
    if (found.status !== 0) {
      tmuxMissing = `tmux -V failed (${found.error?.message ?? found.stderr.trim()}); apt-get install tmux`;
      return;
    }
    dir = makeProject("  logger.info('hello from v1');\n  return { message: 'v1' };");
  });
  beforeEach((ctx) => {
    if (tmuxMissing !== undefined) toolMissing(ctx, 'tmux', tmuxMissing);
  });
  afterAll(() => {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the object reach idle, reloads on a save, helps, follows resizes and quits with a summary', async (ctx) => {
    const kubectl = useTool(ctx, findTool('kubectl'));
    const command = `cd ${dir} && env -u CI KUBECONFIG=${join(dir, 'none')} ${process.execPath} ${OP} dev --embedded=fresh; echo "[exit $?]"; sleep 600`;
    tmux('new-session', '-d', '-s', 'dev', '-x', '120', '-y', '30', command);

    // The object appears and reaches idle after its handler succeeds; the kubectl line is on screen.
    let text = await waitForScreen((t) => /default\/kopf-example-1 +idle/.test(t) && /create_fn +create +✓1/.test(t), 'the object idle');
    expect(text).toContain('[1] Objects 1/1');
    expect(text).toContain('kubectl --kubeconfig .opkit/kubeconfig get kopfexamples.kopf.dev -A');
    expect(text).toMatch(/gen 1 ● ready/);

    // A save makes generation 2, which runs the new handler on a new object (applied with that kubectl line).
    writeOperator(dir, "  logger.info('hello from v2');\n  return { message: 'v2' };");
    await waitForScreen((t) => /gen 2 ● ready/.test(t), 'generation 2');
    writeFileSync(join(dir, 'second.yaml'), readFileSync(join(dir, 'samples', 'obj.yaml'), 'utf8').replace('kopf-example-1', 'kopf-example-2'));
    execFileSync(kubectl, ['--kubeconfig', join(dir, '.opkit', 'kubeconfig'), 'apply', '-f', join(dir, 'second.yaml')], { encoding: 'utf8' });
    await waitForScreen((t) => /default\/kopf-example-2 +idle/.test(t), 'the second object idle');
    keys('o');
    text = await waitForScreen((t) => t.includes('[default/kopf-example-2] hello from v2'), 'the new handler log');
    expect(text).toContain('[default/kopf-example-1] hello from v1');

    // ? shows the help, generated from the keymap.
    keys('?');
    text = await waitForScreen((t) => t.includes('Keys (esc or ? to close'), 'the help');
    expect(text).toContain('Everywhere');
    keys('?');
    await waitForScreen((t) => t.includes('[1] Objects'), 'the panes again');

    // Resizing switches the layout: one pane at a time below 80 columns, a notice below 50×12.
    tmux('resize-window', '-t', 'dev', '-x', '70', '-y', '20');
    await waitForScreen((t) => t.includes('[Objects]') && !t.includes('[1] Objects'), 'the narrow layout');
    tmux('resize-window', '-t', 'dev', '-x', '45', '-y', '10');
    await waitForScreen((t) => t.includes('terminal too small'), 'the too-small notice');
    tmux('resize-window', '-t', 'dev', '-x', '120', '-y', '30');
    await waitForScreen((t) => t.includes('[2] Handlers'), 'the wide layout');

    // Ctrl+C stops gracefully and prints the summary on the normal screen.
    keys('C-c');
    text = await waitForScreen((t) => t.includes('[exit 0]'), 'the exit');
    expect(text).toMatch(/op dev: 2 generations in .* on the embedded API server \(in memory\)/);
    expect(text).toContain('objects: 2 (2 idle)');
    expect(text).toMatch(/last stop: gen 2 stopped in .*, graceful/);
    expect(text).not.toContain('[1] Objects');
  });

  it('prints plain lines with no escape bytes when piped: op dev --plain | cat', async () => {
    const out = join(dir, 'plain.txt');
    const command = `cd ${dir} && env -u CI KUBECONFIG=${join(dir, 'none')} ${process.execPath} ${OP} dev --embedded=fresh --plain --until-settled=${Math.round(deadline(60_000) / 1000)}s | cat > ${out}; echo "[piped exit \${PIPESTATUS[0]}]"; sleep 600`;
    tmux('new-session', '-d', '-s', 'plain', '-x', '120', '-y', '30', `bash -c '${command.replaceAll("'", "'\\''")}'`);
    await vi.waitFor(() => {
      const text = tmux('capture-pane', '-p', '-t', 'plain');
      if (!text.includes('[piped exit')) throw new Error(`not done yet:\n${text}`);
      expect(text).toContain('[piped exit 0]');
    }, { timeout: deadline(60_000), interval: 100 });
    const printed = readFileSync(out, 'utf8');
    expect(printed).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    expect(printed).toContain('op dev: settled: every object is idle');
    expect(printed.includes('\u001b')).toBe(false);
  });
});
