// The ambient scope of handling: which handler is running (for sub-handlers and for hierarchies'
// default owner) and where Kubernetes events go (core's posting queue). AsyncLocalStorage carries it
// through every await inside a handler, so user code needs no extra parameters.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActivityContext, ActivityHandler, EventSink, HandlerContext, ResourceHandler } from './types.js';

/** What the scope holds. */
export interface HandlerScope {
  /** Where `events.*` post. */
  readonly events?: EventSink;
  /** The handler running now, if any. */
  readonly handler?: ResourceHandler | ActivityHandler;
  /** Its context. */
  readonly context?: HandlerContext | ActivityContext;
  /** Sub-handlers registered by the running change handler. */
  readonly subhandlers?: ResourceHandler[];
}

const storage = new AsyncLocalStorage<HandlerScope>();

/**
 * Run `fn` with additions to the current scope (core wraps an operator's work in it).
 *
 * @example
 * ```ts
 * await runWithScope({ events: poster }, () => processEverything());
 * ```
 */
export function runWithScope<T>(scope: HandlerScope, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...scope }, fn);
}

/**
 * Run a daemon's or timer's whole task in one scope whose `context` is always its current attempt's
 * (`current()`). A task's attempts never overlap, so {@link invokeHandler} then calls each attempt's handler
 * in this scope instead of entering a new one per attempt — a timer runs every few seconds on every object,
 * and a scope entered per run costs as much as the rest of the run. The scope is the current one plus
 * `fields`.
 *
 * @example
 * ```ts
 * void runInTaskScope({ handler }, () => task.currentContext, () => task.loop());
 * ```
 */
export function runInTaskScope<T>(fields: Pick<HandlerScope, 'events' | 'handler'>, current: () => HandlerContext | ActivityContext | undefined, fn: () => T): T {
  const scope = { ...storage.getStore(), ...fields };
  Object.defineProperty(scope, 'context', { get: current, enumerable: true });
  return storage.run(scope, fn);
}

/**
 * A way back into the scope current now, for work resumed from a callback — a scheduler's timer runs its
 * callbacks in whichever scope armed it, not in theirs. Entering it makes no new scope (unlike
 * {@link runWithScope}): a timer's loop captures its task scope once and enters it at every run. The
 * function is called with the arguments given after it.
 *
 * @example
 * ```ts
 * const enter = captureScope();
 * scheduler.at(due, () => enter(() => runOnce()));
 * ```
 */
export function captureScope(): <A extends unknown[], T>(fn: (...args: A) => T, ...args: A) => T {
  return AsyncLocalStorage.snapshot();
}

/** The current scope (empty outside any). */
export function currentScope(): HandlerScope {
  return storage.getStore() ?? {};
}

/**
 * The context of the handler running now, or `undefined` outside handlers.
 *
 * @example
 * ```ts
 * const owner = currentContext()?.body;
 * ```
 */
export function currentContext(): HandlerContext | ActivityContext | undefined {
  return storage.getStore()?.context;
}
