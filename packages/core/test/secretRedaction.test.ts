// A Secret's values never reach the operator's log lines or its feed: the debug lines that print the
// body ("Creation is in progress: …") and the diff ("Updating diff: …"), and the structured fields a
// handler logs, show the Secret's keys with the values redacted. The handlers still get the real data.
import { REDACTED, stringifyJson } from '@opkit/json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const SECRETS = { group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true } as const;
const VALUE = 'c2VjcmV0LXZhbHVlLTE='; // base64 of secret-value-1
const NEXT = 'c2VjcmV0LXZhbHVlLTI='; // base64 of secret-value-2
const CLEAR = 'clear-text-token-3';
/** Anything that would show a value in clear: the base64 forms and the decoded texts. */
const LEAKS = [VALUE, NEXT, CLEAR, Buffer.from(CLEAR).toString('base64'), 'secret-value-1', 'secret-value-2'];

describe('Secret redaction in logs and the feed', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('redacts data, stringData and last-applied values in debug lines, diffs, log fields and the feed, and keeps the keys', async () => {
    const seen: Record<string, unknown>[] = [];
    const registry = new Registry();
    registry.on.create('secrets', function create_secret({ body, logger }) {
      seen.push({ ...(body.data as Record<string, unknown>) });
      logger.info('Secret seen.', { secret: body });
    });
    registry.on.update('secrets', function update_secret({ body, diff, logger }) {
      seen.push({ ...(body.data as Record<string, unknown>) });
      logger.info('Secret changed.', { diff, secret: body });
    });
    const run = await h.run(registry);
    const applied = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds', namespace: 'default' }, stringData: { token: CLEAR } };
    await h.client.create(SECRETS, {
      apiVersion: 'v1', kind: 'Secret', type: 'Opaque',
      metadata: { name: 'creds', namespace: 'default', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(applied) } },
      data: { password: VALUE }, stringData: { token: CLEAR },
    }, { namespace: 'default' });
    const succeeded = (id: string) => () => expect(run.feed.some((e) => e.type === 'handler' && e.id === id && e.phase === 'succeeded')).toBe(true);
    await vi.waitFor(succeeded('create_secret'), { timeout: deadline(30_000), interval: 50 });
    await h.client.patch(SECRETS, 'creds', { data: { password: NEXT } }, { namespace: 'default', type: 'merge' });
    await vi.waitFor(succeeded('update_secret'), { timeout: deadline(30_000), interval: 50 });
    await run.stop();

    // The handlers got the real data.
    expect(seen[0]).toMatchObject({ password: VALUE });
    expect(seen.at(-1)).toMatchObject({ password: NEXT });

    const log = run.lines.join('\n');
    const feed = stringifyJson(run.feed);
    for (const leak of LEAKS) {
      expect(log, `log lines show ${leak}`).not.toContain(leak);
      expect(feed, `the feed shows ${leak}`).not.toContain(leak);
    }
    expect(log).toMatch(/Creation is in progress: .*"password":"<redacted>"/);
    expect(log).toMatch(/Updating diff: .*"password"/);
    expect(log).toContain('Secret seen.');
    expect(log).toContain(REDACTED);
    expect(feed).toContain('Creation is in progress');
    expect(feed).toContain('"password'); // the keys stay
  });
});
