// Every tunable of an operator in one typed object, grouped as Kopf groups them, each with its
// default stated once here and filled in once (resolveSettings). Durations are seconds, as in Kopf
// and in handler options; they are converted to milliseconds where the libraries take them.
// The groups other packages own are validated there (posting in @opkit/handlers, peering in
// @opkit/peering, admission in @opkit/webhooks, background in @opkit/daemons); core keeps its own groups and the whole.
import type { BackgroundSettings } from '@opkit/daemons';
import { resolveBackgroundSettings } from '@opkit/daemons';
import type { PostingSettings } from '@opkit/handlers';
import { resolvePostingSettings, settingOneOf as oneOf, settingSeconds as seconds, settingWhole as whole } from '@opkit/handlers';
import type { PeeringSettings } from '@opkit/peering';
import { PeeringError, resolvePeeringSettings } from '@opkit/peering';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { WatchingSettings } from '@opkit/watching';
import type { AdmissionSettings } from '@opkit/webhooks';
import { resolveAdmissionSettings, WebhooksError } from '@opkit/webhooks';
import { OperatorError } from './errors.js';

export type { PostingSettings } from '@opkit/handlers';
export type { BackgroundSettings } from '@opkit/daemons';
export type { AdmissionSettings, AdmissionServerSettings } from '@opkit/webhooks';
export type { PeeringSettings } from '@opkit/peering';
export type { WatchingSettings } from '@opkit/watching';
export { toWatchSettings } from '@opkit/watching';

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
  const r = input.process ?? {};
  const errorDelays = q.errorDelays ?? FIBONACCI;
  if (!Array.isArray(errorDelays) || errorDelays.length === 0) {
    throw new OperatorError('invalid-settings', 'settings.queueing.errorDelays must be a non-empty list of seconds.');
  }
  const workerLimit = whole('queueing.workerLimit', q.workerLimit, 64, 1);
  const pageSize = whole('watching.pageSize', w.pageSize, 500, 1);
  if (w.watchList !== undefined && typeof w.watchList !== 'boolean') {
    throw new OperatorError('invalid-settings', `settings.watching.watchList must be true or false; got ${JSON.stringify(w.watchList)}.`);
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
      bookmarkInterval: seconds('watching.bookmarkInterval', w.bookmarkInterval, 0),
      reconnectBackoff: seconds('watching.reconnectBackoff', w.reconnectBackoff, 0.1),
      pageSize,
      watchList: w.watchList ?? true,
    },
    posting: owned(() => resolvePostingSettings(input.posting ?? {})),
    background: resolveBackgroundSettings(input.background ?? {}),
    process: {
      gracePeriod: seconds('process.gracePeriod', r.gracePeriod, 5),
    },
    peering: owned(() => resolvePeeringSettings(input.peering ?? {})),
    admission: owned(() => resolveAdmissionSettings(input.admission ?? {})),
  };
}

/** A group validated by the package that owns it: its error becomes ours, with the same message. */
function owned<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    throw error instanceof WebhooksError || error instanceof PeeringError ? new OperatorError('invalid-settings', error.message) : error;
  }
}
