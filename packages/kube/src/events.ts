// Why this file exists: posting a core/v1 Event has three traps — MicroTime needs exactly six
// fractional digits, Time needs whole seconds, and messages must be bounded — so the body is built here.

import { hostname } from 'node:os';
import type { KubeObject, Resource } from './resource.js';

/** What to post about an object. */
export interface PostEventOptions {
  /** The object the event is about (its apiVersion, kind, name, namespace and uid are referenced). */
  regarding: KubeObject;
  /** @defaultValue 'Normal' */
  type?: 'Normal' | 'Warning' | (string & {});
  /** A short CamelCase reason, e.g. `Reconciled`. */
  reason: string;
  /** A human message; longer than 1024 characters is cut in the middle with `...`. */
  message: string;
  /** What was done, e.g. `Reconcile`. @defaultValue the reason */
  action?: string;
  /** The reporting component. @defaultValue 'opkit' */
  component?: string;
  /** The reporting instance. @defaultValue the host name */
  instance?: string;
  /** Namespace for events about cluster-scoped objects. @defaultValue 'default' */
  fallbackNamespace?: string;
}

/** core/v1 events, the ones `kubectl describe` shows. */
export const EVENTS_RESOURCE: Resource = { group: '', version: 'v1', plural: 'events', kind: 'Event', namespaced: true, verbs: ['create', 'get', 'list', 'watch'], subresources: [] };

/** Longest event message; longer ones are cut in the middle. */
export const MAX_EVENT_MESSAGE = 1024;

/**
 * Format a date as a Kubernetes MicroTime: RFC 3339 with exactly six fractional digits.
 *
 * @example
 * ```ts
 * formatMicroTime(new Date('2026-01-02T03:04:05.678Z')); // '2026-01-02T03:04:05.678000Z'
 * ```
 */
export function formatMicroTime(date: Date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * Format a date as a Kubernetes Time: RFC 3339 in whole seconds.
 *
 * @example
 * ```ts
 * formatTime(new Date('2026-01-02T03:04:05.678Z')); // '2026-01-02T03:04:05Z'
 * ```
 */
export function formatTime(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Cut a message longer than `max` characters in the middle, keeping both ends. */
export function truncateMessage(message: string, max = MAX_EVENT_MESSAGE): string {
  if (message.length <= max) return message;
  const keep = max - 3;
  const head = Math.ceil(keep / 2);
  return `${message.slice(0, head)}...${message.slice(message.length - (keep - head))}`;
}

/**
 * Build the core/v1 Event body for {@link PostEventOptions}.
 *
 * @example
 * ```ts
 * const body = buildEvent({ regarding: obj, reason: 'Reconciled', message: 'ok' });
 * ```
 */
export function buildEvent(options: PostEventOptions, now: Date = new Date()): KubeObject {
  const meta = options.regarding.metadata;
  const namespace = meta.namespace || options.fallbackNamespace || 'default';
  const component = options.component ?? 'opkit';
  return {
    apiVersion: 'v1',
    kind: 'Event',
    // Named after the reporter, as Kopf does (`kopf-event-…`): `opkit-event-…`. generateName is a
    // DNS-subdomain prefix: lower case, a trailing '-' allowed.
    metadata: { generateName: `${component.toLowerCase().replace(/[^a-z0-9.-]/g, '-').slice(0, 200)}-event-`, namespace },
    involvedObject: {
      apiVersion: options.regarding.apiVersion,
      kind: options.regarding.kind,
      name: meta.name,
      namespace: meta.namespace,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
    },
    type: options.type ?? 'Normal',
    reason: options.reason,
    message: truncateMessage(options.message),
    action: options.action ?? options.reason,
    source: { component },
    reportingComponent: component,
    reportingInstance: options.instance ?? hostname(),
    firstTimestamp: formatTime(now),
    lastTimestamp: formatTime(now),
    eventTime: formatMicroTime(now),
    count: 1,
  };
}
