// The operator against an embedded Kubernetes API server, in this process: the CRDs from deploy/crds
// are applied as a real cluster would take them, and the operator runs exactly as `op run` runs it.
// The timer runs every second here (TICKER_INTERVAL_SECONDS=1), so the tests take a few seconds.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ticker } from '../src/api/ticker.ts';

const project = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
// Namespaced objects are created in `default`; cluster-scoped ones have no namespace.
const sample = { apiVersion: Ticker.apiVersion, kind: Ticker.kind, name: 'hello', namespace: Ticker.namespaced ? 'default' : undefined };

describe('the Ticker operator', () => {
  let env: TestEnv;
  beforeEach(async () => {
    process.env.TICKER_INTERVAL_SECONDS = '1';
    env = await startTestEnv({ crds: [project('deploy/crds')] });
  });
  afterEach(async () => {
    delete process.env.TICKER_INTERVAL_SECONDS;
    await env.dispose();
  });

  it('counts ticks in the status while the Ticker exists', async () => {
    await env.run(project('src/operator.ts'));
    await env.apply(project('samples/ticker.yaml'));
    const ticked = await env.waitFor(sample, (body) => (body.status?.ticks ?? 0) >= 2, { what: 'tick twice', timeout: 15_000 });
    expect(Date.parse(ticked.status.lastTick)).not.toBeNaN();
  });

  it('stops the timer while paused, and the daemon when the Ticker is deleted', async () => {
    const operator = await env.run(project('src/operator.ts'));
    await env.apply(project('samples/ticker.yaml'));
    await operator.waitForLog('Accompanying this Ticker.');
    await env.waitFor(sample, (body) => (body.status?.ticks ?? 0) >= 1, { what: 'tick' });

    await env.patch(sample, { spec: { paused: true } });
    await operator.waitForFeed((event) => event.type === 'daemon' && event.kind === 'timer' && event.phase === 'stopping' && event.reason === 'filters-mismatch');

    await env.delete(sample);
    const line = await operator.waitForLog('Stopped accompanying');
    expect(line).toContain('resource-deleted');
    await env.waitForGone(sample);
  });
});
