// `?fieldValidation=Strict|Warn|Ignore` decides what happens to the unknown fields pruning found:
// Strict rejects the write with 400 (`strict decoding error: unknown field "spec.foo"`), Warn (the
// default) lets it through with one `Warning` header per field, Ignore drops them silently. A value
// outside those is a 422 on the request options, as kube-apiserver answers it.

import type { Cause } from '../validation/cause.js';
import { causeNotSupported } from '../validation/cause.js';
import { goQuote } from '../validation/goFormat.js';

/** The server-side field validation directive. */
export type FieldValidationMode = 'Strict' | 'Warn' | 'Ignore';

/** What to do with a write whose body had unknown fields. */
export interface FieldValidationOutcome {
  /** When set, answer 400 BadRequest with this message instead of writing. */
  reject?: string;
  /** Texts for `Warning: 299 - "<text>"` response headers. */
  warnings: string[];
}

/**
 * Checks the `fieldValidation` query parameter; causes are for a 422 on `CreateOptions.meta.k8s.io`
 * (or Update/PatchOptions) with field `fieldValidation`.
 *
 * @example
 * validateFieldValidationParam('Loose');
 * // [{ field: 'fieldValidation', message: 'Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"', … }]
 */
export function validateFieldValidationParam(value: string | undefined): Cause[] {
  if (value === undefined || value === '' || value === 'Ignore' || value === 'Strict' || value === 'Warn') return [];
  return [causeNotSupported('fieldValidation', value, ['', 'Ignore', 'Strict', 'Warn'])];
}

/**
 * The effective mode: the parameter when valid, else `Warn` (kube's default).
 *
 * @example
 * fieldValidationMode(undefined); // 'Warn'
 */
export function fieldValidationMode(value: string | undefined): FieldValidationMode {
  return value === 'Strict' || value === 'Ignore' ? value : 'Warn';
}

/**
 * Turns the unknown-field paths of `pruneObject` into the server's reaction for `mode`.
 *
 * @example
 * fieldValidationOutcome('Strict', ['spec.foo']); // { reject: 'strict decoding error: unknown field "spec.foo"', warnings: [] }
 */
export function fieldValidationOutcome(mode: FieldValidationMode | string | undefined, unknownFields: readonly string[]): FieldValidationOutcome {
  const effective = fieldValidationMode(mode);
  if (unknownFields.length === 0 || effective === 'Ignore') return { warnings: [] };
  const texts = unknownFields.map((f) => `unknown field ${goQuote(f)}`);
  if (effective === 'Strict') return { reject: `strict decoding error: ${texts.join(', ')}`, warnings: [] };
  return { warnings: texts };
}

/**
 * A `Warning` header value for a warning text (RFC 7234 code 299, quoted).
 *
 * @example
 * warningHeader('unknown field "spec.foo"'); // '299 - "unknown field \\"spec.foo\\""'
 */
export function warningHeader(text: string): string {
  return `299 - ${goQuote(text)}`;
}
