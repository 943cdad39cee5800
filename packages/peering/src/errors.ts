// Errors of @opkit/peering: one base class with a code naming what went wrong, so that callers (core,
// the `op` command) can tell bad input from a missing peering resource without parsing messages.

/** What went wrong. */
export type PeeringErrorCode =
  /** An option had a value outside its range; the message names it and what was expected. */
  | 'invalid-options'
  /** A peering record or timestamp could not be read. */
  | 'invalid-record'
  /** The cluster serves no peering resource (the KopfPeering/ClusterKopfPeering CRDs are not installed). */
  | 'no-peering-resource'
  /** The peering object does not exist. */
  | 'peering-not-found';

/**
 * An error of @opkit/peering.
 *
 * @example
 * ```ts
 * try { await freezeOperators(options); } catch (error) {
 *   if (error instanceof PeeringError && error.code === 'no-peering-resource') console.error('run op peering install');
 * }
 * ```
 */
export class PeeringError extends Error {
  /** What went wrong. */
  readonly code: PeeringErrorCode;

  constructor(code: PeeringErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PeeringError';
    this.code = code;
  }
}
