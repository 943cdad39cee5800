// A served resource's handlers sorted by how the runtime runs them: change handlers and spies in the
// object's cycle, daemons and timers beside it, index handlers in the Indexer — each group keeping the
// registration order, plus the status fields change detection must see (field handlers on `status.x`).
import type { ResourceHandler } from './types.js';

/** A resource's handlers by the part of the runtime that runs them. */
export interface GroupedHandlers {
  readonly change: readonly ResourceHandler[];
  readonly spies: readonly ResourceHandler[];
  /** Daemons and timers. */
  readonly background: readonly ResourceHandler[];
  /** The fields change detection must see even outside the essence (field handlers on `status.x`). */
  readonly extraFields: readonly string[][];
  /** Index handlers (run by the Indexer, outside the cycles). */
  readonly index: readonly ResourceHandler[];
  /** How many handlers in all. */
  readonly count: number;
}

/**
 * Whether a handler runs in the background (a daemon or a timer).
 *
 * @example
 * ```ts
 * registry.resourceHandlers().some(isBackgroundHandler);
 * ```
 */
export function isBackgroundHandler(handler: ResourceHandler): boolean {
  return handler.kind === 'daemon' || handler.kind === 'timer';
}

/**
 * Group a resource's handlers (in registration order).
 *
 * @example
 * ```ts
 * groupHandlers(registry.resourceHandlers()).spies; // the on.event handlers
 * ```
 */
export function groupHandlers(handlers: readonly ResourceHandler[]): GroupedHandlers {
  const change = handlers.filter((handler) => handler.kind !== 'event' && handler.kind !== 'index' && !isBackgroundHandler(handler));
  const spies = handlers.filter((handler) => handler.kind === 'event');
  const background = handlers.filter(isBackgroundHandler);
  const index = handlers.filter((handler) => handler.kind === 'index');
  const extraFields = change.filter((handler) => handler.field && handler.field[0] === 'status').map((handler) => [...handler.field!]);
  return { change, spies, background, extraFields, index, count: handlers.length };
}
