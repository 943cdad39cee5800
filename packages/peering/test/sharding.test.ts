// Shard membership among several members on one embedded API server. Each member's runtime is a
// stand-in that handles an object from the moment the gate lets it take it until it is told to let go;
// every take checks that no other member is handling that object at that moment.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEASES, Sharding, SHARD_VIEW_ANNOTATION } from '../src/index.js';
import type { HandlingHost } from '../src/index.js';
import { client, listWatch, MIN_WAIT_MS, recordingLogger, waitFor } from './helpers.js';
import { deadline } from '@opkit/test-tools';

const THREE_SHARES = 'INFO Sharding: handling 1 of 3 shares in default/my-operator (members: a, b, c).';

const TIMING = { leaseDuration: 2, renewDeadline: 1.5, retryPeriod: 0.25 };
/** Membership leases that outlive every wait's deadline: a share taken over within a wait was not taken over by expiry. */
const LONG_LEASE = { ...TIMING, leaseDuration: 2 * MIN_WAIT_MS / 1000 };
const UIDS = Array.from({ length: 300 }, (_, i) => `uid-${i}`);

interface Member {
  readonly name: string;
  readonly shards: Sharding;
  readonly handled: Set<string>;
  readonly lines: string[];
  stop(): Promise<void>;
}

describe('Sharding', () => {
  let server: ApiServer;
  const members: Member[] = [];
  const violations: string[] = [];

  beforeEach(async () => {
    server = await startApiServer({ strictMicroTime: true });
    violations.length = 0;
  });
  afterEach(async () => {
    await Promise.all(members.splice(0).map((member) => member.stop()));
    await server.close();
  });

  async function member(name: string, timing: typeof TIMING = TIMING): Promise<Member> {
    const own = await client(server, name);
    const lines: string[] = [];
    const handled = new Set<string>();
    const shards = new Sharding({
      client: own, group: 'my-operator', namespace: 'default', identity: name, ...timing, logger: recordingLogger(lines),
      watch: () => listWatch(own, LEASES, { namespace: 'default', labelSelector: Sharding.labelSelector('my-operator') }),
    });
    const host: HandlingHost = {
      acquire: () => {
        for (const uid of UIDS) {
          if (handled.has(uid) || !shards.owns(uid)) continue;
          const other = members.find((item) => item.name !== name && item.handled.has(uid));
          if (other) violations.push(`${name} took ${uid} while ${other.name} handled it`);
          handled.add(uid);
        }
      },
      release: async (keep) => {
        await new Promise((resolve) => { setTimeout(resolve, 5); }); // letting go takes a moment
        for (const uid of [...handled]) if (!keep(uid)) handled.delete(uid);
      },
    };
    shards.attach(host);
    const controller = new AbortController();
    const done = shards.run(controller.signal);
    const item: Member = {
      name, shards, handled, lines,
      stop: async () => {
        controller.abort();
        await done;
        own.close();
      },
    };
    members.push(item);
    return item;
  }

  const everyOnce = (list: readonly Member[]): boolean => UIDS.every((uid) => list.filter((item) => item.handled.has(uid)).length === 1);

  it('shares the objects among three members, each roughly a third, none twice', async () => {
    await Promise.all(['a', 'b', 'c'].map((name) => member(name)));
    // The log line comes with the member's confirmed view of three; the shared state can show three members
    // (and every object handled once) while a member still hands over from its view of two — so wait for it too.
    await waitFor(() => everyOnce(members) && members.every((item) => item.shards.state.members.length === 3 && item.lines.includes(THREE_SHARES)), 'every object has one handler among three members');
    for (const item of members) {
      expect(item.handled.size).toBeGreaterThan(60);
      expect(item.handled.size).toBeLessThan(140);
      expect(item.lines).toContain(THREE_SHARES);
    }
    const admin = await client(server, 'admin');
    const leases = await admin.listAll<{ metadata: { annotations?: Record<string, string> } }>(LEASES, { namespace: 'default', labelSelector: Sharding.labelSelector('my-operator') });
    expect(leases.items.map((lease) => lease.metadata.annotations?.[SHARD_VIEW_ANNOTATION])).toEqual(['["a","b","c"]', '["a","b","c"]', '["a","b","c"]']);
    admin.close();
    expect(violations).toEqual([]);
  });

  it('moves the share of a member that leaves to the others at once, and a joining one gets a share', async () => {
    await Promise.all(['a', 'b', 'c'].map((name) => member(name, LONG_LEASE)));
    await waitFor(() => everyOnce(members) && members.every((item) => item.handled.size > 0), 'every object has one handler among three');
    const c = members.find((item) => item.name === 'c')!;
    await c.stop();
    members.splice(members.indexOf(c), 1);
    c.handled.clear();
    expect(c.lines, c.lines.join('\n')).toContain('INFO Left shard group default/my-operator.');
    // c's lease lasts twice this wait's deadline: the others took its share because it left, not by expiry.
    await waitFor(() => everyOnce(members), 'the two others handle everything', undefined, MIN_WAIT_MS);
    await member('d', LONG_LEASE);
    await waitFor(() => everyOnce(members) && members.every((item) => item.handled.size > 0), 'three members again');
    expect(violations).toEqual([]);
  });

  it('lets a member cut off from the server go of its share before the others take it, and takes it back in after', async () => {
    await Promise.all(['a', 'b', 'c'].map((name) => member(name)));
    await waitFor(() => everyOnce(members) && members.every((item) => item.handled.size > 0), 'every object has one handler among three');
    const b = members.find((item) => item.name === 'b')!;
    server.faults.partition('(b)');
    await waitFor(() => b.handled.size === 0, 'b lets go', undefined, deadline(5000));
    expect(b.lines.some((line) => line.startsWith('WARNING Lost the membership lease default/my-operator-'))).toBe(true);
    await waitFor(() => everyOnce(members.filter((item) => item !== b)), 'a and c handle everything', undefined, deadline(10_000));
    server.faults.heal();
    await waitFor(() => everyOnce(members) && b.handled.size > 0, 'b is back with a share', undefined, deadline(10_000));
    expect(violations).toEqual([]);
  });
});
