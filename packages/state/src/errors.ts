// The errors of @opkit/state: one base class with a string-union `code`, so that callers (core) can
// tell bad input, corrupted stored state and an oversized diff-base apart without parsing messages.

/** What went wrong, as a stable machine-readable code. */
export type StateErrorCode =
  | 'invalid-argument'
  | 'unsupported-value'
  | 'corrupted-state'
  | 'diff-base-too-large';

/**
 * The base error of @opkit/state.
 *
 * @example
 * ```ts
 * try { storage.store({ body, patch, essence: essence(body) }); }
 * catch (error) { if (error instanceof StateError && error.code === 'diff-base-too-large') { … } }
 * ```
 */
export class StateError extends Error {
  /** A stable code for the kind of failure. */
  readonly code: StateErrorCode;

  constructor(code: StateErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StateError';
    this.code = code;
  }
}

/**
 * An argument had the wrong shape (a field path, a profile name, a timestamp…). The message shows
 * what was received and what was expected.
 *
 * @example
 * ```ts
 * resolveProfile('kopff'); // throws InvalidStateArgumentError: unknown persistence profile 'kopff' …
 * ```
 */
export class InvalidStateArgumentError extends StateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid-argument', message, options);
    this.name = 'InvalidStateArgumentError';
  }
}

/**
 * A value cannot be written in the persisted formats (a NaN, an Infinity, a function, a cycle).
 *
 * @example
 * ```ts
 * encodeJson({ x: Number.NaN }); // throws UnsupportedValueError
 * ```
 */
export class UnsupportedValueError extends StateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unsupported-value', message, options);
    this.name = 'UnsupportedValueError';
  }
}

/**
 * A stored value on the object (a progress record, a diff-base) is not what Opkit or Kopf writes:
 * usually a hand edit. The message names the annotation or field.
 *
 * @example
 * ```ts
 * storage.fetch({ key: 'create_fn', body }); // throws CorruptedStateError if the annotation is not JSON
 * ```
 */
export class CorruptedStateError extends StateError {
  /** Where the bad value was found: an annotation key or a dotted field path. */
  readonly location: string;

  constructor(location: string, message: string, options?: { cause?: unknown }) {
    super('corrupted-state', message, options);
    this.name = 'CorruptedStateError';
    this.location = location;
  }
}

/** One field of an essence and how many bytes it takes in the encoded diff-base. */
export interface EssenceFieldSize {
  /** The dotted path of the field, e.g. `spec.data`. */
  readonly path: string;
  /** The size of the field's encoded JSON value in bytes. */
  readonly bytes: number;
}

/**
 * Storing the diff-base would push the object's annotations over Kubernetes' 256 KiB limit.
 * The message names the biggest fields and suggests `ignoredFields`.
 *
 * @example
 * ```ts
 * new AnnotationsDiffBaseStorage({ ignoredFields: ['spec.bigBlob'] }); // the fix the error suggests
 * ```
 */
export class DiffBaseTooLargeError extends StateError {
  /** The total size the annotations would have, in bytes. */
  readonly totalBytes: number;
  /** The limit, 262144 bytes. */
  readonly limitBytes: number;
  /** The biggest fields of the essence, biggest first. */
  readonly biggestFields: readonly EssenceFieldSize[];

  constructor(totalBytes: number, limitBytes: number, biggestFields: readonly EssenceFieldSize[], message: string) {
    super('diff-base-too-large', message);
    this.name = 'DiffBaseTooLargeError';
    this.totalBytes = totalBytes;
    this.limitBytes = limitBytes;
    this.biggestFields = biggestFields;
  }
}
