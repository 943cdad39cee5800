// Posting Kubernetes events about objects from handler code: `events.info(body, { reason, message })`.
// Posting itself is core's (a background queue); this facade finds the operator's sink through the
// handling scope, so handlers need no client, and formats messages the way Kopf does.
import type { KubeObject } from '@opkit/kube';
import { HandlerScopeError } from './errors.js';
import { currentScope } from './scope.js';

/** What to post. */
export interface EventOptions {
  /** A short CamelCase reason, e.g. `SomeReason`. */
  readonly reason: string;
  /** A human-readable message. @defaultValue '' */
  readonly message?: string;
}

/** Options of {@link events}.exception. */
export interface ExceptionEventOptions {
  /** @defaultValue the error's class name */
  readonly reason?: string;
  /** @defaultValue '' */
  readonly message?: string;
  /** The error to report; its text is appended to the message after a space (`Some exception: Exception text.`). */
  readonly error?: unknown;
}

type Bodies = KubeObject | readonly KubeObject[];

function post(bodies: Bodies, type: string, reason: string, message: string): void {
  const sink = currentScope().events;
  if (!sink) {
    throw new HandlerScopeError('events.* can post only while an operator runs (inside handlers, or code an operator calls).');
  }
  const list = Array.isArray(bodies) ? bodies : [bodies as KubeObject];
  for (const body of list) {
    if (body.kind === 'Event' && (body.apiVersion === 'v1' || body.apiVersion === 'events.k8s.io/v1')) continue;
    sink.post(body, { type, reason, message });
  }
}

/**
 * Post Kubernetes events about objects (one or a list).
 *
 * @example
 * ```ts
 * events.info(body, { reason: 'SomeReason', message: 'Some message' });
 * events.warn(body, { reason: 'SomeReason', message: 'Some message' });
 * events.event(body, { type: 'SomeType', reason: 'SomeReason', message: 'Some message' });
 * try { … } catch (error) { events.exception(body, { reason: 'SomeReason', message: 'Some exception:', error }); }
 * ```
 */
export const events = {
  /** An event of any type. */
  event(body: Bodies, options: EventOptions & { readonly type: string }): void {
    post(body, options.type, options.reason, options.message ?? '');
  },
  /** A `Normal` event. */
  info(body: Bodies, options: EventOptions): void {
    post(body, 'Normal', options.reason, options.message ?? '');
  },
  /** A `Warning` event. */
  warn(body: Bodies, options: EventOptions): void {
    post(body, 'Warning', options.reason, options.message ?? '');
  },
  /** An `Error` event about an error: reason defaults to its class name, its text is appended to the message. */
  exception(body: Bodies, options: ExceptionEventOptions = {}): void {
    const error = options.error;
    const className = error instanceof Error ? error.constructor.name : 'Error';
    const text = error === undefined ? '' : error instanceof Error ? error.message : String(error);
    const base = options.message ?? '';
    const message = text ? (base ? `${base} ${text}` : text) : base;
    post(body, 'Error', options.reason ?? className, message);
  },
};
