// @opkit/daemons: per-object daemons and timers, given an `invoke` function. Every export is listed
// by name, grouped by concept.

// Running daemons and timers
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { Daemons } from './daemons.js';
export type { DaemonsStats } from './daemons.js';
export { ObjectDaemons } from './objectDaemons.js';
export { wasCancelled } from './cancelled.js';
export { reconcileBackground } from './background.js';
export type { BackgroundDeps, BackgroundInput, BackgroundMemory, AttemptPatch, AttemptTarget } from './background.js';
export { resolveBackgroundSettings } from './settings.js';
export type { BackgroundSettings } from './settings.js';
export type {
  DaemonInvocation, DaemonInvoke, DaemonEvent, DaemonsOptions, ObjectDaemonsOptions, ReconcileOptions, ReconcileResult,
} from './types.js';

// Waiting
export { Scheduler } from './scheduler.js';
export type { ScheduledCallback, ScheduledEntry, SchedulerOptions } from './scheduler.js';
export { DaemonStopper } from './stopper.js';
export { plainPatch } from './internal/liveContext.js';

// Errors
export { DaemonsError } from './errors.js';
export type { DaemonsErrorCode } from './errors.js';
