// The operator's `settings.peering` group validated where it is used: each field checked against what
// coordinate() and the Lease timing need, with the message naming the field (`settings.peering.x`) so that
// @opkit/core, which turns this error into its `invalid-settings` OperatorError, reports it unchanged.
import type { PeeringSettings } from './coordinate.js';
import { PeeringError } from './errors.js';

const invalid = (message: string): PeeringError => new PeeringError('invalid-options', message);

function seconds(path: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) throw invalid(`settings.${path} must be a number >= ${min} (seconds); got ${JSON.stringify(value)}.`);
  return value;
}

function text(path: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`settings.${path} must be a non-empty string; got ${JSON.stringify(value)}.`);
  return value;
}

function flag(path: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(`settings.${path} must be true or false; got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * Validate `settings.peering` and fill in defaults.
 *
 * @throws PeeringError (`invalid-options`) naming the field and what was expected.
 * @example
 * ```ts
 * resolvePeeringSettings({ leaderElection: true }).leaseDuration; // 15
 * ```
 */
export function resolvePeeringSettings(n: Partial<PeeringSettings>): PeeringSettings {
  const priority = n.priority ?? 0;
  if (!Number.isInteger(priority)) throw invalid(`settings.peering.priority must be a whole number; got ${JSON.stringify(priority)}.`);
  const lifetime = n.lifetime ?? 60;
  if (!Number.isInteger(lifetime) || lifetime < 1) throw invalid(`settings.peering.lifetime must be a whole number of seconds >= 1; got ${JSON.stringify(lifetime)}.`);
  const leaderElection = flag('peering.leaderElection', n.leaderElection, false);
  const sharding = flag('peering.sharding', n.sharding, false);
  if (leaderElection && sharding) throw invalid('settings.peering.leaderElection and settings.peering.sharding exclude each other: one active replica, or several with a share each.');
  const leaseDuration = seconds('peering.leaseDuration', n.leaseDuration, 15, 1);
  const renewDeadline = seconds('peering.renewDeadline', n.renewDeadline, 10, 0.001);
  const retryPeriod = seconds('peering.retryPeriod', n.retryPeriod, 2, 0.001);
  if (!Number.isInteger(leaseDuration)) throw invalid(`settings.peering.leaseDuration must be a whole number of seconds (a Lease stores it so); got ${leaseDuration}.`);
  if (!(leaseDuration > renewDeadline && renewDeadline > retryPeriod)) {
    throw invalid(`settings.peering needs leaseDuration > renewDeadline > retryPeriod (a holder must stop before others may take over); got ${leaseDuration} > ${renewDeadline} > ${retryPeriod}.`);
  }
  return {
    standalone: flag('peering.standalone', n.standalone, false),
    name: text('peering.name', n.name) ?? 'default',
    mandatory: flag('peering.mandatory', n.mandatory, false),
    priority,
    lifetime,
    stealth: flag('peering.stealth', n.stealth, false),
    identity: text('peering.identity', n.identity),
    leaderElection,
    sharding,
    leaseName: text('peering.leaseName', n.leaseName),
    leaseNamespace: text('peering.leaseNamespace', n.leaseNamespace),
    leaseDuration,
    renewDeadline,
    retryPeriod,
  };
}
