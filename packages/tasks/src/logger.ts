// The structured logger interface shared by every Opkit package. Libraries never write to the
// console; they take a `Logger` and log a constant message plus fields, which an app renders.

/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** A structured logger: constant message, fields, and children that carry fields along. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
  /**
   * Whether a line at `level` would go anywhere now. Optional: without it every level counts as enabled.
   * Code on a hot path asks it to skip building lines nobody reads.
   */
  isEnabled?(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
}

/**
 * A logger that drops everything: the default when none is given.
 *
 * @example
 * new TaskQueue({ logger: noopLogger });
 */
export const noopLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => noopLogger,
  isEnabled: () => false,
};
