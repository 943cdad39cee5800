// A `Cause` is one entry of `Status.details.causes` in a 422 Invalid answer. The constructors here
// reproduce apimachinery's `field.Error` wording (`Invalid value: "x": detail`, `Required value`,
// `Unsupported value: "x": supported values: "a", "b"` …) so that messages match kube-apiserver's.

import { goBadValue, goQuote } from './goFormat.js';

/** `StatusCause.reason` values used by kube-apiserver for field errors. */
export type CauseReason =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueTypeInvalid'
  | 'InternalError';

/** One entry of `Status.details.causes`: `message` is the error body without the field path. */
export interface Cause {
  reason: CauseReason;
  message: string;
  field: string;
}

function withDetail(body: string, detail: string): string {
  return detail.length > 0 ? `${body}: ${detail}` : body;
}

/**
 * `field.Invalid`: `Invalid value: <value>: <detail>`.
 *
 * @example
 * causeInvalid('metadata.name', 'A', 'must be lowercase');
 */
export function causeInvalid(field: string, value: unknown, detail: string): Cause {
  return { reason: 'FieldValueInvalid', field, message: withDetail(`Invalid value: ${goBadValue(value)}`, detail) };
}

/**
 * `field.TypeInvalid`: like Invalid but with reason `FieldValueTypeInvalid`.
 *
 * @example
 * causeTypeInvalid('spec.size', 'string', 'spec.size in body must be of type integer: "string"');
 */
export function causeTypeInvalid(field: string, value: unknown, detail: string): Cause {
  return { reason: 'FieldValueTypeInvalid', field, message: withDetail(`Invalid value: ${goBadValue(value)}`, detail) };
}

/**
 * `field.Required`: `Required value[: detail]`.
 *
 * @example
 * causeRequired('spec.size');
 */
export function causeRequired(field: string, detail = ''): Cause {
  return { reason: 'FieldValueRequired', field, message: withDetail('Required value', detail) };
}

/**
 * `field.NotSupported`: `Unsupported value: "x": supported values: "a", "b"`.
 *
 * @example
 * causeNotSupported('spec.scope', 'Global', ['Cluster', 'Namespaced']);
 */
export function causeNotSupported(field: string, value: unknown, supported: readonly string[]): Cause {
  const detail = supported.length > 0 ? `supported values: ${supported.map((v) => goQuote(v)).join(', ')}` : '';
  return { reason: 'FieldValueNotSupported', field, message: withDetail(`Unsupported value: ${goBadValue(value)}`, detail) };
}

/**
 * `field.Forbidden`: `Forbidden: <detail>`.
 *
 * @example
 * causeForbidden('metadata.namespace', 'not allowed on this type');
 */
export function causeForbidden(field: string, detail: string): Cause {
  return { reason: 'FieldValueForbidden', field, message: withDetail('Forbidden', detail) };
}

/**
 * `field.TooLong`: `Too long: may not be more than N bytes` (the value itself is omitted).
 *
 * @example
 * causeTooLong('metadata.annotations', 262144);
 */
export function causeTooLong(field: string, maxBytes: number): Cause {
  const detail = maxBytes >= 0 ? `may not be more than ${maxBytes} ${maxBytes === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return { reason: 'FieldValueTooLong', field, message: withDetail('Too long', detail) };
}

/**
 * `field.TooMany`: `Too many: <actual>: must have at most N items`.
 *
 * @example
 * causeTooMany('spec.items', 3, 2);
 */
export function causeTooMany(field: string, actual: number, max: number): Cause {
  const detail = max >= 0 ? `must have at most ${max} ${max === 1 ? 'item' : 'items'}` : 'has too many items';
  const head = actual >= 0 ? `Too many: ${actual}` : 'Too many';
  return { reason: 'FieldValueTooMany', field, message: withDetail(head, detail) };
}

/**
 * `field.Duplicate`: `Duplicate value: <value>`.
 *
 * @example
 * causeDuplicate('spec.ports[1]', { name: 'http' });
 */
export function causeDuplicate(field: string, value: unknown): Cause {
  return { reason: 'FieldValueDuplicate', field, message: `Duplicate value: ${goBadValue(value)}` };
}

/**
 * One cause as `field.Error.Error()` prints it: `<field>: <message>`.
 *
 * @example
 * causeToString(causeRequired('spec.size')); // 'spec.size: Required value'
 */
export function causeToString(cause: Cause): string {
  return cause.field.length > 0 ? `${cause.field}: ${cause.message}` : cause.message;
}

/**
 * The message of a 422 Invalid Status: `<Kind>.<group> "<name>" is invalid: <cause>` with one
 * cause, `… is invalid: [<cause>, <cause>]` with several (duplicates dropped like Go's aggregate).
 *
 * @example
 * invalidMessage('Widget.example.com', 'w1', [causeRequired('spec.size')]);
 * // 'Widget.example.com "w1" is invalid: spec.size: Required value'
 */
export function invalidMessage(qualifiedKind: string, name: string, causes: readonly Cause[]): string {
  const texts = [...new Set(causes.map(causeToString))];
  const list = texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(', ')}]`;
  return `${qualifiedKind} ${goQuote(name)} is invalid: ${list}`;
}
