// @opkit/tasks: the task primitives every other Opkit package builds on.

// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { nowMicros, systemClock } from './clock.js';
export type { Clock } from './clock.js';

export { sleep } from './sleep.js';
export type { SleepOptions } from './sleep.js';

export { ExponentialBackOff } from './exponentialBackOff.js';
export type { ExponentialBackOffOptions } from './exponentialBackOff.js';

export { KeyedQueue } from './keyedQueue.js';
export type {
  KeyedQueueFailure,
  KeyedQueueOptions,
  KeyedQueueStartStats,
  KeyedQueueStats,
  KeyedWorkContext,
  KeyedWorker,
} from './keyedQueue.js';

export { TaskQueue } from './taskQueue.js';
export type { TaskFn, TaskQueueOptions, TaskQueueStats } from './taskQueue.js';

export { RestartingTask } from './restartingTask.js';
export type { RestartingTaskFn, RestartingTaskOptions } from './restartingTask.js';

export { noopLogger } from './logger.js';
export type { Logger, LogFields } from './logger.js';

export { TasksError } from './errors.js';
export type { TasksErrorCode } from './errors.js';
