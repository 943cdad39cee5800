// The missing-tool rule: skipped with the reason outside CI (the reason kept in the test's meta for the JSON report),
// failed with the tool's name under CI — for a tool .ci/run installs; finding a tool by its override or PATH and
// probing it. The context is a stand-in that records what the rule did with it, so that this test itself runs
// either way; the tools probed are scripts written here, so that it runs on any machine.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import { findTool, KNOWN_TOOLS, missingToolFails, requireTool, toolMissing, useTool } from './index.js';

class Skipped extends Error {}

function context(): { ctx: TestContext; meta: Record<string, unknown> } {
  const meta: Record<string, unknown> = {};
  const ctx = { task: { meta }, skip: (note?: string) => { throw new Skipped(note); } } as unknown as TestContext;
  return { ctx, meta };
}

/** What `run` did with a stand-in context: skipped (with the note and meta), failed (with the message) or returned. */
function outcome(run: (ctx: TestContext) => unknown): { skipped?: string; failed?: string; returned?: unknown; meta: Record<string, unknown> } {
  const { ctx, meta } = context();
  try {
    return { returned: run(ctx), meta };
  } catch (error) {
    if (error instanceof Skipped) return { skipped: error.message, meta };
    return { failed: (error as Error).message, meta };
  }
}

describe('missingToolFails', () => {
  it('is true for CI set to a truthy value, false when unset, empty, 0 or false', () => {
    expect(['true', '1', 'yes', 'TRUE'].map((CI) => missingToolFails({ CI }))).toEqual([true, true, true, true]);
    expect([undefined, '', '0', 'false', ' False '].map((CI) => missingToolFails({ CI }))).toEqual([false, false, false, false, false]);
  });
});

describe('toolMissing', () => {
  it('skips with the reason outside CI and keeps it in meta.skipReason', () => {
    expect(outcome((ctx) => toolMissing(ctx, 'kubectl', 'no kubectl on PATH', { env: {} }))).toEqual({
      skipped: 'kubectl is missing: no kubectl on PATH',
      meta: { skipReason: 'kubectl is missing: no kubectl on PATH' },
    });
  });

  it('fails naming the tool with CI set, without skipping', () => {
    expect(outcome((ctx) => toolMissing(ctx, 'tmux', 'tmux -V failed', { env: { CI: 'true' } }))).toEqual({
      failed: 'tmux is missing: tmux -V failed (with CI set, a missing tmux fails the run: .ci/run installs it)',
      meta: {},
    });
  });

  it('skips a tool .ci/run does not install under CI too, saying so', () => {
    const reason = 'git is missing: no git on PATH (.ci/run does not install git)';
    expect(outcome((ctx) => toolMissing(ctx, 'git', 'no git on PATH', { env: { CI: 'true' }, installedByCi: false }))).toEqual({
      skipped: reason,
      meta: { skipReason: reason },
    });
  });
});

describe('findTool', () => {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-test-tools-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A shell script `name` in `dir` that prints its arguments and exits with `code`. */
  const script = (name: string, code: number): string => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\necho "$@" >&2\nexit ${String(code)}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const good = script('goodtool', 0);
  const bad = script('badtool', 3);

  it('finds a tool on PATH whose probe exits 0', () => {
    expect(findTool('goodtool', { probe: ['-V'] }, { PATH: dir })).toEqual({ name: 'goodtool', command: good, installedByCi: false, missing: undefined });
  });

  it('says why when the tool is not on PATH, naming the override and the hint', () => {
    expect(findTool('nonesuch', { override: 'NONESUCH', hint: 'get it somewhere', installedByCi: true }, { PATH: dir })).toEqual({
      name: 'nonesuch', command: 'nonesuch', installedByCi: true, missing: 'no nonesuch on PATH (and NONESUCH is not set); get it somewhere',
    });
  });

  it('prefers the override to PATH, and reports a probe that fails with its last line of stderr', () => {
    expect(findTool('goodtool', { override: 'GOOD', probe: ['version', '--client'] }, { PATH: dir, GOOD: bad })).toEqual({
      name: 'goodtool', command: bad, installedByCi: false, missing: `${bad} (from GOOD) version --client failed: version --client`,
    });
    expect(findTool('goodtool', { override: 'GOOD' }, { PATH: dir, GOOD: join(dir, 'absent') }).missing).toMatch(/^\S+absent \(from GOOD\) --version failed: spawnSync \S+absent ENOENT$/);
  });

  it('knows kubectl by KUBECTL, and which known tools .ci/run installs (as .ci/run lists them)', () => {
    expect(findTool('kubectl', undefined, { PATH: '', KUBECTL: good })).toEqual({ name: 'kubectl', command: good, installedByCi: true, missing: undefined });
    const ciRun = readFileSync(new URL('../../../.ci/run', import.meta.url), 'utf8');
    const installed = /^for tool in ([\w ]+); do$/m.exec(ciRun)?.[1]?.split(' ');
    expect(Object.keys(KNOWN_TOOLS).filter((name) => KNOWN_TOOLS[name]?.installedByCi).sort()).toEqual(installed?.sort());
  });
});

describe('useTool', () => {
  it('returns the command of a present tool, and skips or fails for a missing one as toolMissing does', () => {
    expect(outcome((ctx) => useTool(ctx, { name: 'x', command: '/bin/x', installedByCi: true, missing: undefined })).returned).toBe('/bin/x');
    const missing = outcome((ctx) => useTool(ctx, { name: 'x', command: 'x', installedByCi: false, missing: 'no x on PATH' }));
    expect(missing.skipped).toBe('x is missing: no x on PATH (.ci/run does not install x)');
  });
});

describe('requireTool', () => {
  // A present tool (this Node, by an override): the tests of the block run. (A missing one is useTool's case above.)
  process.env.OPKIT_TEST_TOOLS_NODE = process.execPath;
  const node = requireTool('node', { override: 'OPKIT_TEST_TOOLS_NODE' });

  it('finds the tool and lets the block\'s tests run', () => {
    expect(node).toEqual({ name: 'node', command: process.execPath, installedByCi: false, missing: undefined });
  });

  describe('given a tool found already', () => {
    const again = requireTool(node);
    it('returns that tool', () => {
      expect(again).toBe(node);
    });
  });
});
