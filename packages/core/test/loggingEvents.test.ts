// Kopf's Logging events (`posting.loggers`, on by default as in Kopf up to 1.43): object log lines
// become core/v1 Events that `kubectl describe` shows, repeats are counted in one Event instead of
// flooding the server, and with the setting off (Kopf 1.44's default) none are posted. Real
// EventPoster, embedded API server, the real kubectl (skipped without it, failed under CI).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS_RESOURCE } from '@opkit/kube';
import type { KubeObject } from '@opkit/kube';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { events, Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';

const kubectlTool = findTool('kubectl');

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: deadline(60_000) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('Logging events', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  const eventsOf = async (uid: string | undefined): Promise<KubeObject[]> =>
    (await h.client.listAll(EVENTS_RESOURCE, { namespace: 'default' })).items.filter((e) => (e as any).involvedObject?.uid === uid);

  it('posts info, warning and error lines as Normal, Warning and Error events that kubectl describe lists', async (ctx) => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ logger }) {
      logger.info('An info line.');
      logger.warn('A warning line.');
      logger.error('An error line.');
      logger.debug('A debug line.');
    });
    await h.run(registry); // the defaults: Logging events on
    const created = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const logging = await vi.waitFor(async () => {
      const found = (await eventsOf(created.metadata.uid)).filter((e) => e.reason === 'Logging');
      if (!found.some((e) => e.message === "Handler 'create_fn' succeeded.")) throw new Error('waiting for the Logging events');
      return found;
    }, { timeout: deadline(15_000), interval: 50 });
    const seen = logging.map((e) => `${e.type as string} ${e.message as string}`);
    expect(seen).toEqual(expect.arrayContaining(['Normal An info line.', 'Warning A warning line.', 'Error An error line.', "Normal Handler 'create_fn' succeeded."]));
    expect(seen.some((line) => line.includes('A debug line.'))).toBe(false);
    for (const e of logging) {
      expect(e.metadata.generateName).toBe('opkit-event-');
      expect(e.metadata.name).toMatch(/^opkit-event-/);
      expect(e).toMatchObject({ source: { component: 'opkit' }, reportingComponent: 'opkit', count: 1 });
      expect(e.eventTime).toMatch(/\.\d{6}Z$/);
      expect(e.involvedObject).toMatchObject({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default', uid: created.metadata.uid });
    }

    const kubectl = useTool(ctx, kubectlTool);
    const dir = mkdtempSync(join(tmpdir(), 'opkit-describe-'));
    try {
      writeFileSync(join(dir, 'kubeconfig'), h.server.kubeconfig());
      const described = await run(kubectl, ['--kubeconfig', join(dir, 'kubeconfig'), 'describe', 'kopfexamples.kopf.dev', 'kopf-example-1', '-n', 'default']);
      expect(described.code, described.stderr).toBe(0);
      const section = described.stdout.slice(described.stdout.indexOf('Events:'));
      expect(section).toMatch(/Normal\s+Logging\s+.*opkit\s+An info line\./);
      expect(section).toMatch(/Warning\s+Logging\s+.*opkit\s+A warning line\./);
      expect(section).toMatch(/Error\s+Logging\s+.*opkit\s+An error line\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts a storm of 1,000 identical lines in a handful of Events, by default', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ logger }) {
      for (let i = 0; i < 1000; i++) logger.info('The same line again.');
    });
    await h.run(registry);
    const created = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const storm = await vi.waitFor(async () => {
      const found = (await eventsOf(created.metadata.uid)).filter((e) => e.message === 'The same line again.');
      const total = found.reduce((sum, e) => sum + Number(e.count ?? 1), 0);
      if (total < 1000) throw new Error(`waiting for the count to reach 1000 (now ${total})`);
      return found;
    }, { timeout: deadline(20_000), interval: 100 });
    expect(storm.length).toBeGreaterThan(0);
    expect(storm.length).toBeLessThanOrEqual(5);
    expect(storm.reduce((sum, e) => sum + Number(e.count ?? 1), 0)).toBe(1000);
    for (const e of storm) expect(e).toMatchObject({ type: 'Normal', reason: 'Logging' });
    expect(storm.some((e) => Number(e.count) > 1 && e.lastTimestamp !== undefined)).toBe(true);
  });

  it('makes at most posting.maxPerObject new Events per object per window, and says so on the feed', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ logger }) {
      for (let i = 0; i < 10; i++) logger.info(`Line ${i}.`);
    });
    const op = await h.run(registry, { settings: { posting: { maxPerObject: 3 } } });
    const created = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const posted = (ok: boolean) => op.feed.filter((e) => e.type === 'event-posted' && (e as { ok?: boolean }).ok === ok);
    await vi.waitFor(() => {
      if (posted(true).length < 3 || !posted(false).some((e) => (e as { message?: string }).message === 'Line 9.')) throw new Error('waiting for the posts');
    }, { timeout: deadline(15_000), interval: 50 });
    const logging = (await eventsOf(created.metadata.uid)).filter((e) => e.reason === 'Logging');
    expect(logging.map((e) => e.message).sort()).toEqual(['Line 0.', 'Line 1.', 'Line 2.']);
  });

  it('posts no Logging events with posting.loggers off (Kopf 1.44\'s default), explicit events still', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ body, logger }) {
      logger.info('An info line.');
      logger.warn('A warning line.');
      events.info(body, { reason: 'Marker', message: 'posted after the lines' });
    });
    await h.run(registry, { settings: { posting: { loggers: false } } });
    const created = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation to finish');
    // Posts go out in order: once the marker is there, any Logging event of the lines before it would be too.
    const all = await vi.waitFor(async () => {
      const found = await eventsOf(created.metadata.uid);
      if (!found.some((e) => e.reason === 'Marker')) throw new Error('waiting for the marker event');
      return found;
    }, { timeout: deadline(15_000), interval: 50 });
    expect(all.filter((e) => e.reason === 'Logging')).toEqual([]);
  });
});
