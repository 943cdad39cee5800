import { Registry } from '@opkit/handlers';
import type { DaemonStoppingReason } from '@opkit/handlers';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, body, recorder, settle } from '../test/fakes.js';
import { Daemons } from './daemons.js';
import { followObject } from './follow.js';
import type { FollowedBody } from './follow.js';

describe('followObject', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs an object\'s daemons from its body stream: live bodies, deletion stops them, completion completes', async () => {
    const daemons = new Daemons();
    const registry = new Registry();
    const pings: string[] = [];
    let reason: DaemonStoppingReason | undefined;
    registry.on.daemon('kopfexamples', async function monitor({ spec, stopped }) {
      while (!stopped.isSet) {
        pings.push(`${spec.field}@${Date.now() / 1000}`);
        await stopped.wait(5);
      }
      reason = stopped.reason;
    }, { field: 'spec.field', value: (value: unknown) => typeof value === 'string' });
    const bodies = new Subject<FollowedBody>();
    const events: string[] = [];
    let completed = false;
    followObject(daemons, 'uid-1', bodies, registry.resourceHandlers(), { invoke: recorder().invoke })
      .subscribe({ next: (event) => events.push(event.type), complete: () => { completed = true; } });
    bodies.next(body());
    await advance(6);
    bodies.next({ body: body({ field: 'newer' }), changed: true });
    await advance(5);
    bodies.next(body({ field: 'newer' }, { deletionTimestamp: '2026-01-01T00:00:00Z' }));
    await settle();
    expect(pings).toEqual(['value@0', 'value@5', 'newer@10']);
    expect(reason).toBe('resource-deleted');
    bodies.complete();
    await settle();
    expect(events).toEqual(['started', 'stopping', 'stopped']);
    expect(completed).toBe(true);
    expect(daemons.get('uid-1')).toBeUndefined();
    await daemons.stop();
  });

  it('stops the daemons (operator-exiting) when the subscriber leaves', async () => {
    const daemons = new Daemons();
    let reason: DaemonStoppingReason | undefined;
    const handlers = [new Registry().on.daemon('kopfexamples', async function monitor({ stopped }) { await stopped.wait(); reason = stopped.reason; })];
    const bodies = new Subject<FollowedBody>();
    const subscription = followObject(daemons, 'uid-1', bodies, handlers, { invoke: recorder().invoke }).subscribe();
    bodies.next(body());
    await settle();
    subscription.unsubscribe();
    await settle();
    expect(reason).toBe('operator-exiting');
    expect(daemons.stats().running).toBe(0);
    await daemons.stop();
  });
});
