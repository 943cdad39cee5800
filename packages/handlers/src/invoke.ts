// Invoking one handler once: check its retry window, call it with its context inside the handling
// scope, and turn whatever happened into an outcome. Recording the outcome is @opkit/state's job and
// deciding what happens next is core's; this only says what happened, with Kopf's error semantics.
import { HandlerRetriesError, HandlerScopeError, HandlerTimeoutError, PermanentError, TemporaryError } from './errors.js';
import { buildResourceHandler } from './registry.js';
import { findUnstorable } from './results.js';
import { currentScope, runWithScope } from './scope.js';
import type { Logger } from '@opkit/tasks';
import type {
  ActivityContext, ActivityHandler, ChangeHandlerOptions, HandlerContext, InvocationOutcome, ResourceHandler, ResourceHandlerFn,
} from './types.js';

/** Options of {@link invokeHandler}. */
export interface InvokeOptions {
  /** Passed on as the context's signal by the caller; an aborted signal before the call skips nothing. */
  readonly signal?: AbortSignal;
  /** Seconds to wait after an arbitrary error when the handler sets no `backoff`. @defaultValue 60 */
  readonly defaultBackoff?: number;
  /**
   * Skip the `… is invoked.` line: the caller knows that debug lines of the context's logger go nowhere.
   * @defaultValue false
   */
  readonly quiet?: boolean;
}

// Kopf's `str(handler)`: the title every line about a handler starts with.
const TITLES: Partial<Record<string, string>> = { daemon: 'Daemon', timer: 'Timer', index: 'Indexer', startup: 'Activity', cleanup: 'Activity', login: 'Activity', probe: 'Activity' };
function describe(handler: ResourceHandler | ActivityHandler): string {
  return `${TITLES[handler.kind] ?? 'Handler'} '${handler.id}'`;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Invoke a handler once and classify what happened.
 *
 * Before the call: a handler whose `timeout` is over fails with HandlerTimeoutError, one whose
 * `retries` are used up with HandlerRetriesError (neither is called). After a failure that would
 * be retried, the same limits are checked ahead ("would exceed"), so a handler never waits for an
 * attempt it will not get.
 *
 * @example
 * ```ts
 * const outcome = await invokeHandler(handler, context);
 * if (outcome.kind === 'temporary') scheduleRetry(outcome.delay);
 * ```
 */
export async function invokeHandler(handler: ResourceHandler | ActivityHandler, context: HandlerContext | ActivityContext, options: InvokeOptions = {}): Promise<InvocationOutcome> {
  return invokeHandlerNow(handler, context, options);
}

/**
 * {@link invokeHandler} without a turn of the microtask queue when none is needed: the outcome itself when
 * the handler returned a plain value (or threw), a promise of it when the handler returned one. A timer's
 * run, on every object every few seconds, is usually a plain function; its loop takes the outcome as it is.
 * Never throws, and the promise never rejects.
 *
 * @example
 * ```ts
 * const outcome = invokeHandlerNow(handler, context);
 * if (isOutcomePending(outcome)) outcome.then(onOutcome); else onOutcome(outcome);
 * ```
 */
export function invokeHandlerNow(handler: ResourceHandler | ActivityHandler, context: HandlerContext | ActivityContext, options: InvokeOptions = {}): InvocationOutcome | Promise<InvocationOutcome> {
  const { retry, runtime } = context;
  // Kopf logs every attempt before its checks; a bare context (tests, embedders) may carry no logger.
  if (options.quiet !== true) (context.logger as Logger | undefined)?.debug(invokedLine(handler));
  if (handler.timeout !== undefined && runtime >= handler.timeout) {
    return { kind: 'timeout', error: new HandlerTimeoutError(`${describe(handler)} has timed out after ${formatSeconds(runtime)}.`) };
  }
  if (handler.retries !== undefined && retry >= handler.retries) {
    return { kind: 'permanent', error: new HandlerRetriesError(`${describe(handler)} has exceeded ${retry} retries.`) };
  }
  let returned: unknown;
  let subhandlers: ResourceHandler[] = NO_SUBHANDLERS;
  try {
    const call = (): unknown => (handler.fn as (c: typeof context) => unknown)(context);
    // A daemon's or timer's attempt already runs in its task's scope (runInTaskScope), whose context is this
    // one; there is no sub-handler there to collect.
    const scope = currentScope();
    if (scope.handler === handler && scope.context === context) {
      returned = call();
    } else {
      subhandlers = [];
      returned = runWithScope({ handler, context, subhandlers }, call);
    }
  } catch (error) {
    return classifyError(handler, error, { retry, runtime, defaultBackoff: options.defaultBackoff ?? 60 });
  }
  // A plain function's value needs no turn of the microtask queue.
  if (!isPromiseLike(returned)) return succeeded(handler, returned, subhandlers);
  return Promise.resolve(returned).then((result) => succeeded(handler, result, subhandlers), (error: unknown) => classifyError(handler, error, { retry, runtime, defaultBackoff: options.defaultBackoff ?? 60 }));
}

/**
 * Whether an outcome of {@link invokeHandlerNow} is still to come.
 *
 * @example
 * ```ts
 * const outcome = invokeHandlerNow(handler, context);
 * const settled = isOutcomePending(outcome) ? await outcome : outcome;
 * ```
 */
export function isOutcomePending(outcome: InvocationOutcome | Promise<InvocationOutcome>): outcome is Promise<InvocationOutcome> {
  return isPromiseLike(outcome);
}

/** The sub-handlers of an invocation outside a change handler's scope: none, shared (never written to). */
const NO_SUBHANDLERS: ResourceHandler[] = Object.freeze([]) as unknown as ResourceHandler[];

const invokedLines = new WeakMap<ResourceHandler | ActivityHandler, string>();

/** `<title> is invoked.`, made once per handler (every timer run logs it, at debug). */
function invokedLine(handler: ResourceHandler | ActivityHandler): string {
  let line = invokedLines.get(handler);
  if (line === undefined) invokedLines.set(handler, (line = `${describe(handler)} is invoked.`));
  return line;
}

function succeeded(handler: ResourceHandler | ActivityHandler, result: unknown, subhandlers: readonly ResourceHandler[]): InvocationOutcome {
  const unstorable = storesResult(handler) ? findUnstorable(result) : undefined;
  if (unstorable) {
    // Never "succeeded" with a result that would be lost, or would fail the patch on every cycle.
    return { kind: 'permanent', error: new PermanentError(`${describe(handler)} returned a result that cannot be stored: ${unstorable.path} is ${unstorable.problem}.`) };
  }
  // The usual timer run: nothing returned, no sub-handlers — one shared outcome instead of one per run.
  return result === undefined && subhandlers === NO_SUBHANDLERS ? BARE_SUCCESS : { kind: 'success', result, subhandlers };
}

const BARE_SUCCESS: InvocationOutcome = Object.freeze({ kind: 'success', result: undefined, subhandlers: NO_SUBHANDLERS });

/** Handlers whose result goes to `status[<id>]`: change handlers, event spies, daemons and timers. */
function storesResult(handler: ResourceHandler | ActivityHandler): boolean {
  return 'selector' in handler && handler.kind !== 'index';
}

function classifyError(handler: ResourceHandler | ActivityHandler, error: unknown, at: { retry: number; runtime: number; defaultBackoff: number }): InvocationOutcome {
  if (error instanceof PermanentError) return { kind: 'permanent', error };
  let delay: number;
  let kind: 'temporary' | 'exception';
  if (error instanceof TemporaryError) {
    delay = error.delay;
    kind = 'temporary';
  } else if (handler.errors === 'ignored') {
    return { kind: 'ignored', error };
  } else if (handler.errors === 'permanent') {
    return { kind: 'permanent', error };
  } else {
    delay = handler.backoff ?? at.defaultBackoff;
    kind = 'exception';
  }
  // Kopf's look-ahead checks and wording (timeout first); the line logged is the message itself.
  const temporary = kind === 'temporary';
  if (handler.timeout !== undefined && at.runtime + delay >= handler.timeout) {
    const line = temporary
      ? `${describe(handler)} failed temporarily but will time out after ${handler.timeout} seconds: ${messageOf(error)}`
      : `${describe(handler)} failed with an exception and will stop now (it would time out in ${handler.timeout} seconds on the next attempt): ${messageOf(error)}`;
    return { kind: 'timeout', error: new HandlerTimeoutError(line, { cause: error }) };
  }
  if (handler.retries !== undefined && at.retry + 1 >= handler.retries) {
    const line = temporary
      ? `${describe(handler)} failed temporarily but will exceed ${handler.retries} retries: ${messageOf(error)}`
      : `${describe(handler)} failed with an exception and will stop now (it would exceed ${handler.retries} retries on the next attempt): ${messageOf(error)}`;
    return { kind: 'permanent', error: new HandlerRetriesError(line, { cause: error }) };
  }
  return { kind, error, delay };
}

function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(3)} seconds`;
}

/**
 * Register a sub-handler from inside a running change handler. Its id is `<parent id>/<id>`; it
 * has its own stored progress, and the parent is done when all its sub-handlers are.
 *
 * @throws HandlerScopeError outside a running change handler.
 * @example
 * ```ts
 * on.create('kopfexamples', function create_fn({ spec }) {
 *   for (const item of spec.items) subhandler(function handle() { … }, { id: item });
 * });
 * ```
 */
export function subhandler(fn: ResourceHandlerFn<any>, options: ChangeHandlerOptions = {}): ResourceHandler {
  const scope = currentScope();
  const parent = scope.handler;
  if (!parent || !scope.subhandlers || !('selector' in parent) || parent.kind === 'event' || parent.kind === 'daemon' || parent.kind === 'timer' || parent.kind === 'index') {
    throw new HandlerScopeError('subhandler() works only inside a running change handler (create, update, delete, resume, field).');
  }
  const child = buildResourceHandler(parent.kind === 'field' ? 'update' : parent.kind, parent.selector, fn, options, `${parent.id}/`);
  if (scope.subhandlers.some((other) => other.id === child.id)) {
    throw new HandlerScopeError(`Duplicate sub-handler id '${child.id}': give each sub-handler its own { id }.`);
  }
  scope.subhandlers.push(Object.freeze(child));
  return child;
}

