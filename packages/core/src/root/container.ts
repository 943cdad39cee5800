// The composition root: the one place where an operator's parts are put together, with tsyringe.
// Every part has a token; a user replaces one (the client, the clock, the logger, a storage, the
// event sink) by registering their own value for its token in `overrides`. Library classes do not
// know about the container: they take plain dependencies.
import 'reflect-metadata';
import { container as rootContainer } from 'tsyringe';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { EventSink } from '@opkit/handlers';
import type { KubeClient } from '@opkit/kube';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { OperatorSettings } from '../settings.js';

/** The client the operator talks to the API with. */
export const KUBE_CLIENT: InjectionToken<KubeClient> = Symbol.for('opkit.KubeClient');
/** The clock of timers and timestamps. */
export const CLOCK: InjectionToken<Clock> = Symbol.for('opkit.Clock');
/** The operator-level logger (object loggers are its children). */
export const LOGGER: InjectionToken<Logger> = Symbol.for('opkit.Logger');
/** The resolved settings. */
export const SETTINGS: InjectionToken<OperatorSettings> = Symbol.for('opkit.Settings');
/** Replaces the profile's progress storage. */
export const PROGRESS_STORAGE: InjectionToken<ProgressStorage> = Symbol.for('opkit.ProgressStorage');
/** Replaces the profile's diff-base storage. */
export const DIFFBASE_STORAGE: InjectionToken<DiffBaseStorage> = Symbol.for('opkit.DiffBaseStorage');
/** Where `events.*` post (the default posts Kubernetes events in the background). */
export const EVENT_SINK: InjectionToken<EventSink> = Symbol.for('opkit.EventSink');

/** A container's parts, resolved. */
export interface OperatorParts {
  readonly client: KubeClient;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly settings: OperatorSettings;
  readonly progressStorage: ProgressStorage | undefined;
  readonly diffBaseStorage: DiffBaseStorage | undefined;
  readonly events: EventSink | undefined;
}

/**
 * Build a child container with the defaults, apply the user's overrides, and resolve the parts.
 *
 * @example
 * ```ts
 * const parts = await composeOperator({ connect: () => connect(), clock: systemClock, logger, settings }, (c) => c.register(CLOCK, { useValue: fakeClock }));
 * ```
 */
export async function composeOperator(defaults: { client?: KubeClient | undefined; connect: () => Promise<KubeClient>; clock: Clock; logger: Logger; settings: OperatorSettings },
  overrides?: (container: DependencyContainer) => void): Promise<OperatorParts> {
  const child = rootContainer.createChildContainer();
  if (defaults.client) child.register(KUBE_CLIENT, { useValue: defaults.client });
  child.register(CLOCK, { useValue: defaults.clock });
  child.register(LOGGER, { useValue: defaults.logger });
  child.register(SETTINGS, { useValue: defaults.settings });
  overrides?.(child);
  if (!child.isRegistered(KUBE_CLIENT, false)) child.register(KUBE_CLIENT, { useValue: await defaults.connect() });
  const optional = <T>(token: InjectionToken<T>): T | undefined => (child.isRegistered(token, false) ? child.resolve(token) : undefined);
  return {
    client: child.resolve(KUBE_CLIENT), clock: child.resolve(CLOCK), logger: child.resolve(LOGGER), settings: child.resolve(SETTINGS),
    progressStorage: optional(PROGRESS_STORAGE), diffBaseStorage: optional(DIFFBASE_STORAGE), events: optional(EVENT_SINK),
  };
}

export type { DependencyContainer };
