// Errors thrown by the pure validation modules (selectors, schema, validation, table). Most of these
// modules *return* causes for a 422; they throw only when the input cannot be understood at all (a
// selector or JSON path that does not parse), and the server turns that into a 400 BadRequest.

/** What could not be understood, as a stable string. */
export type InputErrorCode = 'InvalidLabelSelector' | 'InvalidFieldSelector' | 'UnsupportedFieldLabel' | 'InvalidJsonPath';

/**
 * Base class of the errors thrown by the pure validation modules. `message` is worded like
 * kube-apiserver's so that the server can put it straight into a `Status` body.
 *
 * @example
 * try { parseLabelSelector('a in'); } catch (e) { if (e instanceof InputError) e.code; }
 */
export class InputError extends Error {
  /** The failure, as a stable string. */
  readonly code: InputErrorCode;

  constructor(code: InputErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InputError';
    this.code = code;
  }
}

/**
 * A label or field selector that does not parse, or names a field the resource does not support.
 * The server answers it with 400 BadRequest and this message.
 *
 * @example
 * new SelectorError('UnsupportedFieldLabel', 'field label not supported: spec.foo');
 */
export class SelectorError extends InputError {
  constructor(code: 'InvalidLabelSelector' | 'InvalidFieldSelector' | 'UnsupportedFieldLabel', message: string) {
    super(code, message);
    this.name = 'SelectorError';
  }
}

/**
 * A JSONPath expression (printer column, selectable field) that does not parse.
 *
 * @example
 * new JsonPathError('unclosed array expect ]', '.spec[0');
 */
export class JsonPathError extends InputError {
  /** The expression that failed. */
  readonly path: string;

  constructor(message: string, path: string) {
    super('InvalidJsonPath', `invalid JSONPath ${JSON.stringify(path)}: ${message}`);
    this.name = 'JsonPathError';
    this.path = path;
  }
}
