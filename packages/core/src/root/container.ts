// The composition root: the one place where an operator's parts are put together, with tsyringe.
// Each part is a factory registered under its token (root/tokens.ts) in a child container per
// operator; the user's `overrides` run after the defaults are registered, so a registration of theirs
// replaces a default, and the defaults resolve their own dependencies through the container — a
// replaced CLOCK or SETTINGS reaches every part. What the user registers the operator never closes.
// Library classes do not know about the container: they take plain dependencies.
import 'reflect-metadata';
import { Daemons } from '@opkit/daemons';
import type { FeedEventInput, Indices, Registry } from '@opkit/handlers';
import { createIndexer, createLogger, feedLogger, loginWithActivities, objectLogger, postingLogger } from '@opkit/handlers';
import type { ConnectOptions, KubeClient, KubeObject, Resource } from '@opkit/kube';
import { connect } from '@opkit/kube';
import { Patch, resourceStorages } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import { KeyedQueue, systemClock } from '@opkit/tasks';
import { coordinate } from '@opkit/peering';
import { observeNamespaces, observeResources, watchResource, watchScoped } from '@opkit/watching';
import { startAdmission, WebhooksError } from '@opkit/webhooks';
import { container as rootContainer, instanceCachingFactory } from 'tsyringe';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { OperatorError } from '../errors.js';
import { EventPoster } from '@opkit/handlers';
import type { SettingsInput } from '../settings.js';
import { resolveSettings, toWatchSettings } from '../settings.js';
import {
  ADMISSION, CLOCK, COORDINATION, CYCLE_QUEUE, DAEMONS, DIFFBASE_STORAGE, EVENT_SINK, FEED, INDEXER, KUBE_CLIENT, LOGGER, PROGRESS_STORAGE, SETTINGS, STORAGES, WATCH_SOURCE,
} from './tokens.js';
import type { StoragesOptions } from './tokens.js';

/** What the defaults are made of: the operator's options. */
export interface RootInput {
  readonly settings?: SettingsInput | undefined;
  readonly client?: KubeClient | undefined;
  readonly connect?: ConnectOptions | undefined;
  readonly clock?: Clock | undefined;
  readonly logger?: Logger | undefined;
  readonly namespaces: readonly (string | RegExp)[] | undefined;
  readonly localApiServer: boolean;
  readonly registry: Registry;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  readonly indices: Indices;
  readonly emit: (event: FeedEventInput) => void;
  /** Whether anyone reads the feed now: without a reader, log lines build no feed event. @defaultValue always */
  readonly observed?: () => boolean;
}

/** The runtime's logger: the LOGGER's lines, each also a `log` event on the feed. Internal. */
export const RUNTIME_LOGGER: InjectionToken<Logger> = Symbol.for('opkit.RuntimeLogger');
/** A logger for one object (`[namespace/name] …`), posting its lines as events with `posting.loggers`. Internal. */
export const OBJECT_LOGGER: InjectionToken<(body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger> = Symbol.for('opkit.ObjectLogger');

/** An operator's container with its defaults and the user's registrations. */
export interface OperatorRoot {
  readonly container: DependencyContainer;
  /** Connect (unless a client is registered) and resolve the client; `owned` when the operator made it (and so closes it). */
  client(options?: { readonly signal?: AbortSignal }): Promise<{ readonly client: KubeClient; readonly owned: boolean }>;
  /** Whether the user registered a part (then it is theirs: used as given, never closed or flushed). */
  registeredByUser(token: InjectionToken<unknown>): boolean;
}

/**
 * Build an operator's child container: register every default, then the user's overrides, then
 * resolve and validate the settings once.
 *
 * @throws OperatorError (`invalid-settings`) when the settings (given or registered) are invalid.
 * @example
 * ```ts
 * const root = composeOperator(input, (c) => c.register(CLOCK, { useValue: fakeClock }));
 * const { client } = await root.client();
 * root.container.resolve(COORDINATION).run(signal);
 * ```
 */
export function composeOperator(input: RootInput, overrides?: (container: DependencyContainer) => void): OperatorRoot {
  const c = rootContainer.createChildContainer();
  const define = <T>(token: InjectionToken<T>, make: (c: DependencyContainer) => T): void => {
    c.register(token, { useFactory: instanceCachingFactory(make) });
  };
  c.register(SETTINGS, { useValue: (input.settings ?? {}) as never });
  c.register(CLOCK, { useValue: input.clock ?? systemClock });
  c.register(LOGGER, { useValue: input.logger ?? createLogger({ format: 'full', level: 'info' }) });
  c.register(FEED, { useValue: input.emit });
  if (input.client) c.register(KUBE_CLIENT, { useValue: input.client });
  define(RUNTIME_LOGGER, ((c) => feedLogger(c.resolve(LOGGER), c.resolve(FEED), {}, input.observed)));
  define(OBJECT_LOGGER, ((c) => {
    const logger = c.resolve(RUNTIME_LOGGER);
    const settings = c.resolve(SETTINGS);
    return (body, resource, more) => {
      const plain = objectLogger(logger, body, resource);
      return settings.posting.loggers && !more?.spy ? postingLogger(plain, body, c.resolve(EVENT_SINK)) : plain;
    };
  }));
  define(STORAGES, ((c) => {
    const { persistence } = c.resolve(SETTINGS);
    const optional = <T>(token: InjectionToken<T>): T | undefined => (c.isRegistered(token, true) ? c.resolve(token) : undefined);
    // A storage given in the settings or registered by token replaces the profile's: it is used as given.
    const progressStorage = persistence.progressStorage ?? optional(PROGRESS_STORAGE);
    const diffBaseStorage = persistence.diffBaseStorage ?? optional(DIFFBASE_STORAGE);
    return (resource: Resource, options?: StoragesOptions) => resourceStorages({
      profile: persistence.profile, finalizer: persistence.finalizer, statusSubresource: (resource.subresources ?? []).includes('status'),
      progressStorage, diffBaseStorage, versionSuffix: options?.versionSuffix,
    });
  }));
  define(EVENT_SINK, ((c) => new EventPoster({
    client: c.resolve(KUBE_CLIENT), settings: c.resolve(SETTINGS).posting, logger: c.resolve(RUNTIME_LOGGER), emit: c.resolve(FEED), clock: c.resolve(CLOCK),
  })));
  define(WATCH_SOURCE, ((c) => {
    const client = c.resolve(KUBE_CLIENT);
    const logger = c.resolve(RUNTIME_LOGGER);
    // The watch's timers (stall and inactivity detection, reconnect backoff) run on the operator's clock too.
    const settings = { ...toWatchSettings(c.resolve(SETTINGS).watching), clock: c.resolve(CLOCK) };
    return {
      resources: (selector) => observeResources(client, selector, { settings, logger }),
      watch: (resource, { onPhase }) => watchScoped(client, resource, { namespaces: input.namespaces, settings, logger, onPhase }),
    };
  }));
  define(INDEXER, ((c) => (deps) => createIndexer({
    ...deps, defaultBackoff: c.resolve(SETTINGS).execution.defaultBackoff, clock: c.resolve(CLOCK), emit: c.resolve(FEED), patch: () => new Patch(),
  })));
  define(CYCLE_QUEUE, ((c) => (worker, { onError }) => new KeyedQueue(worker, {
    concurrency: c.resolve(SETTINGS).queueing.workerLimit, clock: c.resolve(CLOCK), cancellable: true, onError,
    merge: (waiting, added) => (added.wake && !waiting.wake ? waiting : added),
    onStart: (stats) => c.resolve(FEED)({ type: 'queue', ...stats }),
  })));
  define(DAEMONS, ((c) => () => {
    const settings = c.resolve(SETTINGS);
    return new Daemons({
      clock: c.resolve(CLOCK), logger: c.resolve(RUNTIME_LOGGER), cancellationPolling: settings.background.cancellationPolling,
      defaultBackoff: settings.execution.defaultBackoff, exitTimeout: settings.queueing.exitTimeout,
    });
  }));
  define(COORDINATION, (c) => {
    const settings = c.resolve(SETTINGS);
    const client = c.resolve(KUBE_CLIENT);
    const logger = c.resolve(RUNTIME_LOGGER);
    const watchSettings = { settings: { ...toWatchSettings(settings.watching), clock: c.resolve(CLOCK) }, logger };
    return coordinate({
      client, settings: settings.peering, namespaces: input.namespaces, logger, clock: c.resolve(CLOCK), emit: c.resolve(FEED),
      resources: (selector) => observeResources(client, selector, watchSettings),
      observeNamespaces: (patterns) => observeNamespaces(client, patterns, watchSettings),
      watch: (resource, options) => watchResource(client, resource, { ...options, ...watchSettings }),
    });
  });
  define(ADMISSION, (c) => ({
    start: (signal: AbortSignal) => startAdmission({
      client: c.resolve(KUBE_CLIENT), registry: input.registry, settings: c.resolve(SETTINGS).admission, localApiServer: input.localApiServer,
      logger: c.resolve(RUNTIME_LOGGER), memo: input.memo, indices: input.indices,
    }, signal).catch((error: unknown) => {
      if (!(error instanceof WebhooksError) || (error.code !== 'not-configured' && error.code !== 'startup-failed')) throw error;
      throw new OperatorError(error.code === 'not-configured' ? 'invalid-options' : 'startup-failed', error.message, { cause: error.cause });
    }),
  }));
  // The defaults are in; what the user registers from here on is theirs.
  const theirs = new Set<InjectionToken<unknown>>();
  const methods = ['register', 'registerInstance', 'registerSingleton', 'registerType'] as const;
  const own = c as unknown as Record<string, unknown>;
  for (const method of methods) {
    const original = (c[method] as (...args: unknown[]) => unknown).bind(c);
    own[method] = (token: InjectionToken<unknown>, ...rest: unknown[]) => {
      theirs.add(token);
      return original(token, ...rest);
    };
  }
  try {
    overrides?.(c);
  } finally {
    for (const method of methods) delete own[method];
  }
  c.register(SETTINGS, { useValue: resolveSettings(c.resolve(SETTINGS) as SettingsInput) });
  const registeredByUser = (token: InjectionToken<unknown>): boolean => theirs.has(token) || (token === KUBE_CLIENT && input.client !== undefined);
  let connecting: Promise<KubeClient> | undefined;
  return {
    container: c,
    registeredByUser,
    async client(options = {}) {
      if (c.isRegistered(KUBE_CLIENT, false)) return { client: c.resolve(KUBE_CLIENT), owned: false };
      // Login handlers (as in Kopf): they give the connection, now and again after a 401 or once it expired.
      const login = input.registry.activityHandlers('login').length === 0 ? undefined : loginWithActivities({
        registry: input.registry, settings: c.resolve(SETTINGS), logger: c.resolve(RUNTIME_LOGGER), clock: c.resolve(CLOCK),
        memo: input.memo, emit: input.emit, indices: input.indices,
      }, { signal: options.signal ?? new AbortController().signal });
      connecting ??= connect({ clock: c.resolve(CLOCK), ...input.connect, ...(login ? { login } : {}) }).then((client) => {
        c.register(KUBE_CLIENT, { useValue: client });
        return client;
      });
      return { client: await connecting, owned: true };
    },
  };
}

export type { DependencyContainer };
