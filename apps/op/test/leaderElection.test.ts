// Leader election across three `op run --leader-elect` processes on the embedded API server: exactly
// one handles objects; SIGKILLed, another takes over once its lease has expired (never before; how soon
// after is a figure of `pnpm bench takeover`); cut off from the network (the server's partition fault), it
// stops before another takes over, so that no two replicas handle objects at once (their handlers record
// replica and start/end, checked for overlap).
import type { ApiServer } from '@opkit/apiserver';
import type { KubeClient, Resource } from '@opkit/kube';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HandlingRecord, OpProcess, ReplicaCluster } from './helpers/replicas.js';
import { overlaps, recordingOperator, startOp, startReplicaCluster } from './helpers/replicas.js';
import { deadline } from '@opkit/test-tools';

// Seconds: the lease is valid for 4 s after a renewal; a leader that cannot renew stops after 2 s.
// Long enough that a replica on a busy machine does not lose its lease by a stalled renewal (a SIGKILL or a cut
// still hands it over: after the lease duration).
const LEASE_DURATION = 12;
const RENEW_DEADLINE = 8;
const RETRY_PERIOD = 1;
const ACQUIRED = 'Acquired the leader lease default/widgets; handling objects now.';

describe('op run --leader-elect', () => {
  let cluster: ReplicaCluster;
  let server: ApiServer;
  let client: KubeClient;
  let kex: Resource;
  let dir: string;
  let operator: ReturnType<typeof recordingOperator>;
  const replicas: OpProcess[] = [];

  beforeEach(async () => {
    cluster = await startReplicaCluster('opkit-leader-');
    ({ server, client, kex, dir } = cluster);
    operator = recordingOperator();
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.stop('SIGKILL')));
    await cluster.close();
    operator.cleanup();
  });

  const start = (id: string): OpProcess => {
    const replica = startOp([
      'run', operator.file, '-A', '--log-format', 'plain', '--standalone',
      '--leader-elect', '--lease-name', 'widgets', '--lease-namespace', 'default',
      '--lease-duration', String(LEASE_DURATION), '--renew-deadline', String(RENEW_DEADLINE), '--retry-period', String(RETRY_PERIOD),
    ], id, { KUBECONFIG: join(dir, 'kubeconfig'), RECORD_DIR: join(operator.dir, 'records'), HANDLER_MS: '20' });
    replicas.push(replica);
    return replica;
  };
  const create = async (names: readonly string[]): Promise<void> => {
    for (const name of names) await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field: name } });
  };
  const handledBy = async (names: readonly string[], what: string): Promise<Map<string, HandlingRecord[]>> => {
    for (const giveUpAt = Date.now() + deadline(60_000); ;) {
      const records = operator.records().filter((record) => names.includes(record.name));
      const byName = new Map<string, HandlingRecord[]>();
      for (const record of records) byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
      if (names.every((name) => byName.has(name))) return byName;
      if (Date.now() > giveUpAt) throw new Error(`${what}: ${names.filter((name) => !byName.has(name)).length} of ${names.length} objects not handled\n${replicas.map((r) => `--- ${r.id}\n${r.lines.slice(-30).join('\n')}`).join('\n')}`);
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
  };
  const names = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

  it('lets exactly one of three handle objects, and another take over after a SIGKILL and during a network cut', async () => {
    const all = ['replica-a', 'replica-b', 'replica-c'].map(start);
    const leaderOf = async (): Promise<OpProcess> => {
      for (const giveUpAt = Date.now() + deadline(30_000); ;) {
        const leaders = all.filter((replica) => replica.child.exitCode === null && replica.child.signalCode === null && replica.has(ACQUIRED));
        if (leaders.length > 0) return leaders.at(-1)!;
        if (Date.now() > giveUpAt) throw new Error('nobody leads');
        await new Promise((resolve) => { setTimeout(resolve, 25); });
      }
    };

    // 1. Exactly one handles objects.
    const first = await leaderOf();
    const batch1 = names('one', 20);
    await create(batch1);
    const handled1 = await handledBy(batch1, 'the first leader');
    expect([...handled1.values()].flat().every((record) => record.replica === first.id)).toBe(true);
    expect(all.filter((replica) => replica.has(ACQUIRED))).toEqual([first]);

    // 2. SIGKILL: another takes over once the lease the killed leader last renewed has expired — never
    // before (how soon after is measured by `pnpm bench takeover`, never asserted here).
    const leases = await client.resolveOne({ group: 'coordination.k8s.io', plural: 'leases' });
    type Lease = { spec: { holderIdentity: string; renewTime: string; acquireTime: string; leaseTransitions: number } };
    const lease = (): Promise<Lease> => client.get<Lease>(leases, 'widgets', { namespace: 'default' });
    const beforeKill = (await lease()).spec;
    expect(beforeKill.holderIdentity).toBe(first.id);
    const killedAt = Date.now();
    await first.stop('SIGKILL');
    const second = await leaderOf();
    expect(second).not.toBe(first);
    const takeover = second.times[await second.waitFor(ACQUIRED)]! - killedAt;
    const afterKill = (await lease()).spec;
    expect(afterKill).toMatchObject({ holderIdentity: second.id, leaseTransitions: beforeKill.leaseTransitions + 1 });
    expect(Date.parse(afterKill.acquireTime) - Date.parse(beforeKill.renewTime)).toBeGreaterThanOrEqual(LEASE_DURATION * 1000);
    const batch2 = names('two', 20);
    await create(batch2);
    const handled2 = await handledBy(batch2, 'the second leader');
    expect([...handled2.values()].flat().every((record) => record.replica === second.id)).toBe(true);

    // 3. A network cut of the leader: it stops, the last one takes over, nobody handles at once.
    const faultsBefore = server.faults.counts();
    server.faults.partition(`(${second.id})`);
    await second.waitFor(`Lost the leader lease default/widgets: it was not renewed within ${RENEW_DEADLINE}s. Stopping the handling of objects.`);
    const third = all.find((replica) => replica !== first && replica !== second)!;
    await third.waitFor(ACQUIRED);
    const batch3 = names('three', 20);
    await create(batch3);
    const handled3 = await handledBy(batch3, 'the leader during the cut');
    expect([...handled3.values()].flat().every((record) => record.replica === third.id)).toBe(true);
    const cut = server.faults.counts().cut - faultsBefore.cut;
    expect(cut).toBeGreaterThan(0);
    server.faults.heal();
    await second.waitFor(`The leader is ${third.id} (lease default/widgets).`);

    // After the cut the old leader stays a standby: the objects of the next batch are the new leader's.
    const batch4 = names('four', 20);
    await create(batch4);
    const handled4 = await handledBy(batch4, 'the leader after the cut');
    expect([...handled4.values()].flat().every((record) => record.replica === third.id)).toBe(true);
    expect(second.lines.filter((line) => line === ACQUIRED)).toHaveLength(1);

    // No two replicas ever handled objects at the same time.
    const records = operator.records();
    expect(overlaps(records)).toEqual([]);
    console.log(`leader election: takeover after SIGKILL ${takeover} ms; faults injected during the cut: ${cut}; ${records.length} handlings by ${new Set(records.map((record) => record.replica)).size} replicas, none overlapping`);
  }, deadline(120_000));
});
