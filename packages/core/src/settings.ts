// Every tunable of an operator in one typed object, grouped as Kopf groups them, each with its
// default stated once here and filled in once (resolveSettings). Durations are seconds, as in Kopf
// and in handler options; they are converted to milliseconds where the libraries take them.
import type { PeeringSettings } from '@opkit/peering';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { WatchingSettings } from '@opkit/watching';
import type { AdmissionSettings } from '@opkit/webhooks';

export type { AdmissionSettings, AdmissionServerSettings } from '@opkit/webhooks';
export type { PeeringSettings } from '@opkit/peering';
export type { WatchingSettings } from '@opkit/watching';
export { toWatchSettings } from '@opkit/watching';
import { resolveAdmissionSettings, WebhooksError } from '@opkit/webhooks';
import { OperatorError } from './errors.js';

/** Where and how handler progress and the diff-base are stored on objects. */
export interface PersistenceSettings {
  /** `'opkit'` (annotations under `opkit.dev/`) or `'kopf'` (Kopf's exact names and bytes). @defaultValue 'opkit' */
  profile: 'opkit' | 'kopf';
  /** A custom progress storage. @defaultValue SmartProgressStorage of the profile */
  progressStorage?: ProgressStorage | undefined;
  /** A custom diff-base storage. @defaultValue AnnotationsDiffBaseStorage of the profile */
  diffBaseStorage?: DiffBaseStorage | undefined;
  /** The finalizer that holds objects until deletion handlers ran. @defaultValue the profile's */
  finalizer?: string | undefined;
  /** Seconds to wait for our own patch to come back through the watch before running change handlers (0 disables). @defaultValue 5 */
  consistencyTimeout: number;
}

/** How handlers are run. */
export interface ExecutionSettings {
  /** `'asap'`: one handler per cycle, the one with the fewest retries first; `'all-at-once'`: all due handlers per cycle. @defaultValue 'asap' */
  lifecycle: 'asap' | 'all-at-once';
  /** Seconds before retrying a handler after an arbitrary error (its own `backoff` wins). @defaultValue 60 */
  defaultBackoff: number;
  /** The longest delay kept in memory; a longer one is cut to this and followed by a touch patch. @defaultValue 600 */
  maxSleep: number;
}

/** Per-object queueing. */
export interface QueueingSettings {
  /** Most objects processed at once (delays do not count). @defaultValue 64 */
  workerLimit: number;
  /** Seconds an object rests after an unexpected error, growing; the last repeats. @defaultValue Fibonacci 1…610 */
  errorDelays: number[];
  /** Seconds in-flight processing may take to finish undisturbed when the operator stops; then the handlers' signal aborts. @defaultValue 2 */
  exitTimeout: number;
}

/** Kubernetes events posted by `events.*`. */
export interface PostingSettings {
  /** Post events at all. @defaultValue true */
  enabled: boolean;
  /** The lowest level posted: `info` posts Normal and Warning, `warn` only Warning and Error. @defaultValue 'info' */
  level: 'debug' | 'info' | 'warn' | 'error';
  /** Also post objects' log lines (from handlers and the framework, not spies) as events with reason `Logging`. @defaultValue false */
  loggers: boolean;
  /** The reporting component (`source.component`). @defaultValue 'opkit' */
  component: string;
  /** The reporting instance. @defaultValue the host name */
  instance?: string | undefined;
}

/** Daemons and timers. */
export interface BackgroundSettings {
  /** Seconds between checks (and log lines) while waiting for a stopping daemon without a `cancellationTimeout` (its own `cancellationPolling` wins). @defaultValue 60 */
  cancellationPolling: number;
}

/** The process as a whole. */
export interface ProcessSettings {
  /** Seconds the operator waits for handlers and cleanup when stopping before it gives up on them. @defaultValue 5 */
  gracePeriod: number;
}

/**
 * All settings of an operator.
 *
 * @example
 * ```ts
 * await operator({ settings: { persistence: { profile: 'kopf' }, queueing: { workerLimit: 16 } } });
 * ```
 */
export interface OperatorSettings {
  persistence: PersistenceSettings;
  execution: ExecutionSettings;
  queueing: QueueingSettings;
  watching: WatchingSettings;
  posting: PostingSettings;
  background: BackgroundSettings;
  process: ProcessSettings;
  peering: PeeringSettings;
  admission: AdmissionSettings;
}

/** Settings as given: every group and field optional. */
export type SettingsInput = { [G in keyof OperatorSettings]?: Partial<OperatorSettings[G]> };

const FIBONACCI = [1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610];

function seconds(path: string, value: unknown, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new OperatorError('invalid-settings', `settings.${path} must be a number >= ${min} (seconds); got ${JSON.stringify(value)}.`);
  }
  return value;
}

function oneOf<T extends string>(path: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) {
    throw new OperatorError('invalid-settings', `settings.${path} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}.`);
  }
  return value as T;
}

/**
 * Validate settings and fill in defaults.
 *
 * @throws OperatorError (`invalid-settings`) naming the field and what was expected.
 * @example
 * ```ts
 * resolveSettings({ execution: { defaultBackoff: 1 } }).persistence.consistencyTimeout; // 5
 * ```
 */
export function resolveSettings(input: SettingsInput = {}): OperatorSettings {
  for (const group of Object.keys(input)) {
    if (!['persistence', 'execution', 'queueing', 'watching', 'posting', 'background', 'process', 'peering', 'admission'].includes(group)) {
      throw new OperatorError('invalid-settings', `Unknown settings group '${group}': expected persistence, execution, queueing, watching, posting, background, process, peering or admission.`);
    }
  }
  const p = input.persistence ?? {};
  const e = input.execution ?? {};
  const q = input.queueing ?? {};
  const w = input.watching ?? {};
  const o = input.posting ?? {};
  const b = input.background ?? {};
  const r = input.process ?? {};
  const n = input.peering ?? {};
  const errorDelays = q.errorDelays ?? FIBONACCI;
  if (!Array.isArray(errorDelays) || errorDelays.length === 0) {
    throw new OperatorError('invalid-settings', 'settings.queueing.errorDelays must be a non-empty list of seconds.');
  }
  const workerLimit = q.workerLimit ?? 64;
  if (!Number.isInteger(workerLimit) || workerLimit < 1) {
    throw new OperatorError('invalid-settings', `settings.queueing.workerLimit must be a whole number >= 1; got ${JSON.stringify(workerLimit)}.`);
  }
  const pageSize = w.pageSize ?? 500;
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new OperatorError('invalid-settings', `settings.watching.pageSize must be a whole number >= 1; got ${JSON.stringify(pageSize)}.`);
  }
  return {
    persistence: {
      profile: oneOf('persistence.profile', p.profile, ['opkit', 'kopf'] as const, 'opkit'),
      progressStorage: p.progressStorage,
      diffBaseStorage: p.diffBaseStorage,
      finalizer: p.finalizer,
      consistencyTimeout: seconds('persistence.consistencyTimeout', p.consistencyTimeout, 5),
    },
    execution: {
      lifecycle: oneOf('execution.lifecycle', e.lifecycle, ['asap', 'all-at-once'] as const, 'asap'),
      defaultBackoff: seconds('execution.defaultBackoff', e.defaultBackoff, 60),
      maxSleep: seconds('execution.maxSleep', e.maxSleep, 600, 0.001),
    },
    queueing: {
      workerLimit,
      errorDelays: errorDelays.map((delay, index) => seconds(`queueing.errorDelays[${index}]`, delay, 1)),
      exitTimeout: seconds('queueing.exitTimeout', q.exitTimeout, 2),
    },
    watching: {
      inactivityTimeout: seconds('watching.inactivityTimeout', w.inactivityTimeout, 70, 0.001),
      serverTimeout: seconds('watching.serverTimeout', w.serverTimeout, 300, 1),
      reconnectBackoff: seconds('watching.reconnectBackoff', w.reconnectBackoff, 0.1),
      pageSize,
    },
    posting: {
      enabled: o.enabled ?? true,
      loggers: o.loggers ?? false,
      level: oneOf('posting.level', o.level, ['debug', 'info', 'warn', 'error'] as const, 'info'),
      component: o.component ?? 'opkit',
      instance: o.instance,
    },
    background: {
      cancellationPolling: seconds('background.cancellationPolling', b.cancellationPolling, 60, 0.001),
    },
    process: {
      gracePeriod: seconds('process.gracePeriod', r.gracePeriod, 5),
    },
    peering: resolvePeering(n),
    admission: admissionOf(input.admission ?? {}),
  };
}

function admissionOf(input: Partial<AdmissionSettings>): AdmissionSettings {
  try {
    return resolveAdmissionSettings(input);
  } catch (error) {
    throw error instanceof WebhooksError ? new OperatorError('invalid-settings', error.message) : error;
  }
}

function text(path: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new OperatorError('invalid-settings', `settings.${path} must be a non-empty string; got ${JSON.stringify(value)}.`);
  return value;
}

function flag(path: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new OperatorError('invalid-settings', `settings.${path} must be true or false; got ${JSON.stringify(value)}.`);
  return value;
}

function resolvePeering(n: Partial<PeeringSettings>): PeeringSettings {
  const priority = n.priority ?? 0;
  if (!Number.isInteger(priority)) throw new OperatorError('invalid-settings', `settings.peering.priority must be a whole number; got ${JSON.stringify(priority)}.`);
  const lifetime = n.lifetime ?? 60;
  if (!Number.isInteger(lifetime) || lifetime < 1) throw new OperatorError('invalid-settings', `settings.peering.lifetime must be a whole number of seconds >= 1; got ${JSON.stringify(lifetime)}.`);
  const leaderElection = flag('peering.leaderElection', n.leaderElection, false);
  const sharding = flag('peering.sharding', n.sharding, false);
  if (leaderElection && sharding) throw new OperatorError('invalid-settings', 'settings.peering.leaderElection and settings.peering.sharding exclude each other: one active replica, or several with a share each.');
  const leaseDuration = seconds('peering.leaseDuration', n.leaseDuration, 15, 1);
  const renewDeadline = seconds('peering.renewDeadline', n.renewDeadline, 10, 0.001);
  const retryPeriod = seconds('peering.retryPeriod', n.retryPeriod, 2, 0.001);
  if (!Number.isInteger(leaseDuration)) throw new OperatorError('invalid-settings', `settings.peering.leaseDuration must be a whole number of seconds (a Lease stores it so); got ${leaseDuration}.`);
  if (!(leaseDuration > renewDeadline && renewDeadline > retryPeriod)) {
    throw new OperatorError('invalid-settings', `settings.peering needs leaseDuration > renewDeadline > retryPeriod (a holder must stop before others may take over); got ${leaseDuration} > ${renewDeadline} > ${retryPeriod}.`);
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
