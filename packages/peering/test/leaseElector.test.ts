// Leader election among several electors on one embedded API server (MicroTimes checked strictly):
// one leader at a time, a clean hand-over, and a leader cut off from the server that stops before
// anyone else can take over.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import type { KubeClient } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEASES, LeaseElector, PeeringError, resolveLeaseTiming } from '../src/index.js';
import type { HandlingHost } from '../src/index.js';
import { client, listWatch, MIN_WAIT_MS, recordingLogger, waitFor } from './helpers.js';
import { deadline } from '@opkit/test-tools';

const TIMING = { leaseDuration: 2, renewDeadline: 1.5, retryPeriod: 0.25 };
/** A lease that outlives every wait's deadline: whoever takes it over within a wait did not wait for it to expire. */
const LONG_LEASE = { ...TIMING, leaseDuration: 2 * MIN_WAIT_MS / 1000 };
/** Orders the runtime's acquire and release calls across candidates (wall-clock milliseconds can tie). */
let sequence = 0;
const MICRO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

interface Candidate {
  readonly name: string;
  readonly elector: LeaseElector;
  readonly lines: string[];
  /** Acquire and release calls of the runtime, with their place in the order of all candidates' calls. */
  readonly calls: { readonly what: 'acquire' | 'release-start' | 'release-end'; readonly at: number }[];
  stop(): Promise<void>;
}

describe('LeaseElector', () => {
  let server: ApiServer;
  const candidates: Candidate[] = [];
  /** How many lead at the same moment, at most, over the whole test. */
  let mostLeaders = 0;
  const leading = new Set<string>();

  beforeEach(async () => {
    server = await startApiServer({ strictMicroTime: true });
    mostLeaders = 0;
    leading.clear();
  });
  afterEach(async () => {
    await Promise.all(candidates.splice(0).map((candidate) => candidate.stop()));
    await server.close();
  });

  async function candidate(name: string, timing: typeof TIMING = TIMING): Promise<Candidate> {
    const own: KubeClient = await client(server, name);
    const lines: string[] = [];
    const calls: Candidate['calls'][number][] = [];
    const elector = new LeaseElector({
      client: own, name: 'my-operator', namespace: 'default', identity: name, ...timing, logger: recordingLogger(lines),
      watch: () => listWatch(own, LEASES, { namespace: 'default', fieldSelector: 'metadata.name=my-operator' }),
    });
    const host: HandlingHost = {
      acquire: () => { calls.push({ what: 'acquire', at: sequence++ }); },
      release: async () => {
        calls.push({ what: 'release-start', at: sequence++ });
        await new Promise((resolve) => { setTimeout(resolve, 10); }); // letting go takes a moment
        calls.push({ what: 'release-end', at: sequence++ });
      },
    };
    elector.attach(host);
    elector.leader$.subscribe((leader) => {
      if (leader) leading.add(name);
      else leading.delete(name);
      mostLeaders = Math.max(mostLeaders, leading.size);
    });
    const controller = new AbortController();
    const done = elector.run(controller.signal);
    const item: Candidate = {
      name, elector, lines, calls,
      stop: async () => {
        controller.abort();
        await done;
        own.close();
      },
    };
    candidates.push(item);
    return item;
  }

  const leaders = (): Candidate[] => candidates.filter((item) => item.elector.leader);

  it('elects exactly one of three, writes a real Lease, and hands over at once on a clean stop', async () => {
    await Promise.all(['a', 'b', 'c'].map((name) => candidate(name, LONG_LEASE)));
    await waitFor(() => leaders().length === 1, 'one leads');
    const first = leaders()[0]!;
    expect(first.calls.map((call) => call.what)).toEqual(['acquire']);
    const admin = await client(server, 'admin');
    const lease = await admin.get<{ spec: Record<string, unknown> }>(LEASES, 'my-operator', { namespace: 'default' });
    expect(lease.spec).toMatchObject({ holderIdentity: first.name, leaseDurationSeconds: LONG_LEASE.leaseDuration, leaseTransitions: 0 });
    expect(lease.spec.renewTime).toMatch(MICRO_TIME);
    expect(lease.spec.acquireTime).toMatch(MICRO_TIME);
    expect(first.lines).toContain('INFO Acquired the leader lease default/my-operator; handling objects now.');

    await first.stop();
    candidates.splice(candidates.indexOf(first), 1);
    // Released on the way out: the next one did not wait for the lease to expire (it lasts twice the wait's
    // deadline). How soon the hand-over happens is measured by apps/bench (`bench timing`), not asserted here.
    await waitFor(() => leaders().length === 1, 'another leads', undefined, MIN_WAIT_MS);
    const second = leaders()[0]!;
    expect(first.lines).toContain('INFO Released the leader lease default/my-operator.');
    const after = await admin.get<{ spec: Record<string, unknown> }>(LEASES, 'my-operator', { namespace: 'default' });
    expect(after.spec).toMatchObject({ holderIdentity: second.name, leaseTransitions: 1 });
    expect(mostLeaders).toBe(1);
    admin.close();
  });

  it('stops a leader cut off from the server before anyone else takes over, and keeps it a standby after', async () => {
    await Promise.all(['a', 'b', 'c'].map((name) => candidate(name)));
    await waitFor(() => leaders().length === 1, 'one leads');
    const first = leaders()[0]!;
    server.faults.partition(`(${first.name})`);
    await waitFor(() => leaders().length === 1 && leaders()[0] !== first, 'another leads', undefined, deadline(10_000));
    const second = leaders()[0]!;
    const released = first.calls.find((call) => call.what === 'release-end')!;
    const acquired = second.calls.find((call) => call.what === 'acquire')!;
    // The old leader let go (renew deadline) before the new one started (lease duration after the last renewal).
    expect(released.at).toBeLessThan(acquired.at);
    expect(first.lines.some((line) => line.startsWith('WARNING Lost the leader lease default/my-operator: it was not renewed within 1.5s.'))).toBe(true);
    expect(server.faults.counts().cut).toBeGreaterThan(0);
    server.faults.heal();
    await waitFor(() => first.lines.some((line) => line === `INFO The leader is ${second.name} (lease default/my-operator).`), 'the old leader sees the new one');
    expect(first.elector.leader).toBe(false);
    expect(mostLeaders).toBe(1);
  });

  it('rejects timing that could let two leaders act at once', () => {
    expect(() => resolveLeaseTiming({ leaseDuration: 10, renewDeadline: 10 })).toThrow(PeeringError);
    expect(() => resolveLeaseTiming({ leaseDuration: 10, renewDeadline: 10 })).toThrow(/leaseDuration \(10s\) must be longer than renewDeadline \(10s\)/);
    expect(() => resolveLeaseTiming({ renewDeadline: 2, retryPeriod: 2 })).toThrow(/renewDeadline \(2s\) must be longer than retryPeriod \(2s\)/);
    expect(() => resolveLeaseTiming({ leaseDuration: 2.5, renewDeadline: 2, retryPeriod: 1 })).toThrow(/whole number of seconds/);
    expect(resolveLeaseTiming()).toEqual({ leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2000 });
  });
});
