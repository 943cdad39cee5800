// `bench takeover`: how soon replicas take over from one that was SIGKILLed — three Opkit operators, each in a
// process of its own, coordinating over Leases on an API server in another, with leader election (one
// handles everything) or sharding (each a share). Measured from the kill and from the victim's last Lease
// renewal (the takeover can only come `leaseDuration` after it). The apps/op tests assert that the takeover
// happens and never before the Lease expired; how soon after is measured here, never asserted (those tests
// once required it within lease duration + retry period, and within lease duration + 5 s).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../apiserverScenarios.js';
import { HttpDriver } from '../harness/http.js';
import { BenchChild, childScript } from '../harness/processes.js';
import { percentile, waitFor } from '../harness/stats.js';
import { TAKEOVER_TIMING } from './takeoverProtocol.js';
import type { TakeoverMessage } from './takeoverProtocol.js';

/** Sizes of the takeover scenarios. */
export interface TakeoverSizes {
  /** Kills per mode (each on a fresh API server and three fresh replicas). */
  rounds: number;
}

/** The full sizes. */
export const TAKEOVER_FULL_SIZES: TakeoverSizes = { rounds: 5 };

const IDENTITIES = ['replica-a', 'replica-b', 'replica-c'];

function takeoverChildScript(): string {
  for (const candidate of ['./takeoverChild.js', '../../dist/scenarios/takeoverChild.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the bench child takeoverChild.js is not built: run `pnpm --filter @opkit/bench build` first');
}

interface Lease {
  spec: { holderIdentity?: string; renewTime?: string };
}

/** A replica and every leadership or shard change it reported, in order. */
interface Replica {
  readonly identity: string;
  readonly child: BenchChild;
  readonly seen: TakeoverMessage[];
}

async function startReplica(mode: 'leader' | 'shards', url: string, identity: string): Promise<Replica> {
  const child = await BenchChild.start(`takeover ${identity}`, takeoverChildScript(), [mode, url, identity]);
  const seen: TakeoverMessage[] = [];
  child.process.on('message', (message: TakeoverMessage) => {
    if (message?.type === 'leadership' || message?.type === 'shards') seen.push(message);
  });
  return { identity, child, seen };
}

/** Whether a reported change shows the replica leading (leader election) or active in a group of `size` without `without` (sharding). */
function taken(mode: 'leader' | 'shards', message: TakeoverMessage, size: number, without?: string): boolean {
  if (mode === 'leader') return message.type === 'leadership' && message.leader;
  return message.type === 'shards' && message.active && message.members.length === size && (without === undefined || !message.members.includes(without));
}

/** One kill: start the server and three replicas, wait for the group, SIGKILL one, time the takeover. */
async function round(mode: 'leader' | 'shards'): Promise<{ fromKill: number; fromRenewal: number }> {
  const server = await BenchChild.start('apiserver', childScript('apiserverChild'), []);
  const http = new HttpDriver(server.ready.url!);
  const replicas: Replica[] = [];
  try {
    for (const identity of IDENTITIES) replicas.push(await startReplica(mode, server.ready.url!, identity));
    const now = (r: Replica): boolean => r.seen.length > 0 && taken(mode, r.seen.at(-1)!, IDENTITIES.length);
    if (mode === 'leader') await waitFor('a leader', () => replicas.some(now), 120_000, 20);
    else await waitFor('the group of three', () => replicas.every(now), 120_000, 20);
    const victim = mode === 'leader' ? replicas.find(now)! : replicas[0]!;
    const survivors = replicas.filter((r) => r !== victim);
    // The victim's own Lease (the leader Lease, or its membership Lease in the group) as last renewed before the kill.
    const leases = await http.send('GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases');
    const own = (JSON.parse(leases.body) as { items: Lease[] }).items.find((lease) => lease.spec.holderIdentity === victim.identity);
    if (own?.spec.renewTime === undefined) throw new Error(`no Lease held by ${victim.identity}: ${leases.body.slice(0, 500)}`);
    const before = new Map(survivors.map((r) => [r, r.seen.length]));
    const killedAt = Date.now();
    victim.child.process.kill('SIGKILL');
    const tookOver = (r: Replica): TakeoverMessage | undefined => r.seen.slice(before.get(r)).find((m) => taken(mode, m, IDENTITIES.length - 1, victim.identity));
    if (mode === 'leader') await waitFor('another leader', () => survivors.some((r) => tookOver(r) !== undefined), 120_000, 20);
    else await waitFor('the group re-formed without the victim', () => survivors.every((r) => tookOver(r) !== undefined), 120_000, 20);
    // Leader: when the first standby led; sharding: when the last survivor handed out the shares anew.
    const times = survivors.map((r) => tookOver(r)?.at).filter((at): at is number => at !== undefined);
    const at = mode === 'leader' ? Math.min(...times) : Math.max(...times);
    // The renewal read may be one before the last, so the figure from it is an upper bound (by up to the retry period).
    return { fromKill: at - killedAt, fromRenewal: at - Date.parse(own.spec.renewTime) };
  } finally {
    await Promise.all(replicas.map((r) => r.child.stop(5000)));
    await server.stop();
    http.close();
  }
}

/**
 * Runs the takeover scenarios and returns their figures (`pnpm bench takeover`).
 *
 * @example
 * const results = await runTakeoverBench({ rounds: 1 });
 */
export async function runTakeoverBench(sizes: TakeoverSizes = TAKEOVER_FULL_SIZES): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const timing = `lease ${TAKEOVER_TIMING.leaseDuration} s, retry ${TAKEOVER_TIMING.retryPeriod} s, ${sizes.rounds} kill${sizes.rounds === 1 ? '' : 's'}`;
  for (const mode of ['leader', 'shards'] as const) {
    const rounds: { fromKill: number; fromRenewal: number }[] = [];
    for (let i = 0; i < sizes.rounds; i++) rounds.push(await round(mode));
    const what = mode === 'leader' ? 'leader election: a standby leads' : 'sharding: the survivors re-form the group';
    const fromKill = rounds.map((r) => r.fromKill);
    const fromRenewal = rounds.map((r) => r.fromRenewal);
    results.push(
      { scenario: `${what}, after the SIGKILL (median)`, size: timing, value: percentile(fromKill, 50), unit: 'ms' },
      { scenario: `${what}, after the SIGKILL (max)`, size: timing, value: Math.max(...fromKill), unit: 'ms' },
      { scenario: `${what}, after the victim's last renewal (median)`, size: timing, value: percentile(fromRenewal, 50), unit: 'ms' },
    );
  }
  return results;
}

