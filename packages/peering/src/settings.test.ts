// resolvePeeringSettings alone: the defaults, and each rule naming the field it rejects.
import { describe, expect, it } from 'vitest';
import { PeeringError } from './errors.js';
import { resolvePeeringSettings } from './settings.js';

describe('resolvePeeringSettings', () => {
  it('fills in the defaults', () => {
    expect(resolvePeeringSettings({})).toEqual({
      standalone: false, name: 'default', mandatory: false, priority: 0, lifetime: 60, stealth: false, identity: undefined,
      leaderElection: false, sharding: false, leaseName: undefined, leaseNamespace: undefined, leaseDuration: 15, renewDeadline: 10, retryPeriod: 2,
    });
  });

  it('keeps what is given', () => {
    const settings = resolvePeeringSettings({ name: 'blue', priority: 666, sharding: true, leaseDuration: 30, renewDeadline: 20, retryPeriod: 5 });
    expect(settings).toMatchObject({ name: 'blue', priority: 666, sharding: true, leaseDuration: 30, renewDeadline: 20, retryPeriod: 5 });
  });

  it.each([
    [{ priority: 1.5 }, 'settings.peering.priority must be a whole number; got 1.5.'],
    [{ lifetime: 0 }, 'settings.peering.lifetime must be a whole number of seconds >= 1; got 0.'],
    [{ leaderElection: true, sharding: true }, 'settings.peering.leaderElection and settings.peering.sharding exclude each other'],
    [{ leaseDuration: 15.5 }, 'settings.peering.leaseDuration must be a whole number of seconds (a Lease stores it so); got 15.5.'],
    [{ renewDeadline: 20 }, 'settings.peering needs leaseDuration > renewDeadline > retryPeriod'],
    [{ name: '' }, 'settings.peering.name must be a non-empty string; got "".'],
    [{ stealth: 'yes' as never }, 'settings.peering.stealth must be true or false; got "yes".'],
    [{ retryPeriod: -1 }, 'settings.peering.retryPeriod must be a number >= 0.001 (seconds); got -1.'],
  ])('rejects %j', (input, message) => {
    let caught: unknown;
    try { resolvePeeringSettings(input); } catch (error) { caught = error; }
    expect(caught).toBeInstanceOf(PeeringError);
    expect((caught as PeeringError).code).toBe('invalid-options');
    expect((caught as PeeringError).message).toContain(message);
  });
});
