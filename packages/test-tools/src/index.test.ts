// The missing-tool rule: skipped with the reason outside CI (the reason kept in the test's meta for the JSON report),
// failed with the tool's name under CI. The context is a stand-in that records what the rule did with it, so that
// this test itself runs either way.
import { describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import { missingToolFails, toolMissing } from './index.js';

class Skipped extends Error {}

function context(): { ctx: TestContext; meta: Record<string, unknown> } {
  const meta: Record<string, unknown> = {};
  const ctx = { task: { meta }, skip: (note?: string) => { throw new Skipped(note); } } as unknown as TestContext;
  return { ctx, meta };
}

describe('missingToolFails', () => {
  it('is true for CI set to a truthy value, false when unset, empty, 0 or false', () => {
    expect(['true', '1', 'yes', 'TRUE'].map((CI) => missingToolFails({ CI }))).toEqual([true, true, true, true]);
    expect([undefined, '', '0', 'false', ' False '].map((CI) => missingToolFails({ CI }))).toEqual([false, false, false, false, false]);
  });
});

describe('toolMissing', () => {
  it('skips with the reason outside CI and keeps it in meta.skipReason', () => {
    const { ctx, meta } = context();
    expect(() => toolMissing(ctx, 'kubectl', 'no kubectl on PATH', {})).toThrow(new Skipped('kubectl is missing: no kubectl on PATH'));
    expect(meta).toEqual({ skipReason: 'kubectl is missing: no kubectl on PATH' });
  });

  it('fails naming the tool with CI set, without skipping', () => {
    const { ctx, meta } = context();
    let thrown: unknown;
    try {
      toolMissing(ctx, 'tmux', 'tmux -V failed', { CI: 'true' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).not.toBeInstanceOf(Skipped);
    expect((thrown as Error).message).toBe('tmux is missing: tmux -V failed (with CI set, a missing tmux fails the run: .ci/run installs it)');
    expect(meta).toEqual({});
  });
});
