// Operator.probe: the on.probe activities run once, all at once, with the operator's memo, retried as
// their outcomes say; a probe failing for good rejects naming it — before the operator runs and while it does.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, OperatorError, Operator, Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { startHarness } from './harness.js';

describe('Operator.probe', () => {
  let h: Harness | undefined;
  afterEach(async () => { await h?.close(); h = undefined; });

  it('resolves to the probes\' results by id before the operator runs, with the memo, retrying a temporary failure', async () => {
    const registry = new Registry();
    let attempts = 0;
    registry.on.probe(({ memo }) => memo.name, { id: 'name' });
    registry.on.probe(function flaky({ retry }) {
      attempts++;
      if (retry === 0) throw new TemporaryError('not yet', { delay: 0.01 });
      return { retry };
    });
    const quiet = createLogger({ format: 'plain', write: () => undefined });
    const op = new Operator({ registry, memo: { name: 'before' }, logger: quiet });
    expect(await op.probe()).toEqual({ name: 'before', flaky: { retry: 1 } });
    expect(attempts).toBe(2);
  });

  it('rejects with probe-failed naming each probe that failed for good, after the others ran', async () => {
    const registry = new Registry();
    let ran = false;
    registry.on.probe(() => { throw new Error('db down'); }, { id: 'db', errors: 'permanent' });
    registry.on.probe(() => { ran = true; return 1; }, { id: 'other' });
    const op = new Operator({ registry, logger: createLogger({ format: 'plain', write: () => undefined }) });
    const error = await op.probe().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperatorError);
    expect(error).toMatchObject({ code: 'probe-failed', message: "Probe 'db' failed: db down" });
    expect(ran).toBe(true);
  });

  it('runs with the running operator\'s memo and logs successes at debug only', async () => {
    h = await startHarness();
    const registry = new Registry();
    registry.on.startup(function fill({ memo }) { memo.ready = true; });
    registry.on.probe(({ memo }) => memo.ready === true, { id: 'ready' });
    const memo: Record<string, unknown> = {};
    const lines: string[] = [];
    const op = new Operator({ registry, client: h.client, memo, clusterwide: true, logger: createLogger({ format: 'plain', level: 'info', write: (line) => lines.push(line) }) });
    const controller = new AbortController();
    const done = op.run(controller.signal);
    await op.ready;
    expect(await op.probe()).toEqual({ ready: true });
    expect(lines.filter((line) => line.includes("'ready'"))).toEqual([]);
    controller.abort();
    await done;
  });
});
