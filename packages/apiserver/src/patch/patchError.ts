// The one error type of the patch algorithms. It carries what the API server needs to answer with a
// Kubernetes Status (HTTP code, reason, causes), so the server never has to guess from a message.
// It is an ApiServerError (code 'Status'), the package's base error.

import { ApiServerError } from '../errors.js';

/**
 * The Status `reason` values the patch algorithms produce (a subset of Kubernetes' StatusReason).
 *
 * @example
 * ```ts
 * const reason: PatchErrorReason = 'Conflict';
 * ```
 */
export type PatchErrorReason =
  | 'BadRequest'
  | 'Invalid'
  | 'Conflict'
  | 'RequestEntityTooLarge'
  | 'InternalError'
  // StatusReasonUnknown: kube-apiserver's answer to a plain Go error (500, message as is, no reason).
  | '';

/**
 * One entry of a Status' `details.causes`, as Kubernetes writes it.
 *
 * @example
 * ```ts
 * const cause: PatchErrorCause = { reason: 'FieldManagerConflict', message: 'conflict with "a"', field: '.data.x' };
 * ```
 */
export interface PatchErrorCause {
  /** The cause type, e.g. `FieldManagerConflict`. */
  reason: string;
  /** A human-readable description, e.g. `conflict with "other-manager"`. */
  message: string;
  /** The field path the cause is about, e.g. `.spec.replicas`. */
  field?: string;
}

/**
 * A patch could not be applied. `status` is the HTTP code a kube-apiserver answers with, `reason` the
 * Status reason, and `message` the Status message (worded as kube-apiserver words it). `detail`, when
 * present, says precisely what failed where kube-apiserver's own message is generic (JSON patch 422s):
 * it is meant for logs and audit records, not for the Status body.
 *
 * @example
 * ```ts
 * try {
 *   applyJsonPatch(obj, [{ op: 'test', path: '/metadata/resourceVersion', value: '7' }]);
 * } catch (error) {
 *   if (error instanceof PatchError) sendStatus(error.status, error.reason, error.message, error.causes);
 * }
 * ```
 */
export class PatchError extends ApiServerError {
  /** The HTTP status code: 400, 409, 413, 422 or 500. */
  readonly status: number;
  /** The Kubernetes Status reason; `''` is StatusReasonUnknown (leave `reason` out of the body). */
  readonly reason: PatchErrorReason;
  /** Status `details.causes`, when the failure has field-level causes (apply conflicts). */
  readonly causes?: PatchErrorCause[];
  /** What exactly failed, when `message` is kube-apiserver's generic wording. Not part of the Status. */
  readonly detail?: string;

  constructor(
    status: number,
    reason: PatchErrorReason,
    message: string,
    extra: { causes?: PatchErrorCause[]; detail?: string } = {},
  ) {
    super('Status', message);
    this.name = 'PatchError';
    this.status = status;
    this.reason = reason;
    if (extra.causes !== undefined) this.causes = extra.causes;
    if (extra.detail !== undefined) this.detail = extra.detail;
  }
}

/** A 400 BadRequest: the patch document itself is malformed. */
export function badRequest(message: string): PatchError {
  return new PatchError(400, 'BadRequest', message);
}

/**
 * A failure kube-apiserver reports as a plain Go error, which its handler turns into a 500 Status
 * with reason Unknown (`''`, omitted from the body) and the error text as message — kubectl prints
 * `Error from server: <message>`. Strategic merge patches with a list item lacking its merge key
 * and apply configurations that break an associative list end this way.
 */
export function internalError(message: string): PatchError {
  return new PatchError(500, '', message);
}
