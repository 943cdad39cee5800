// The public entry of @opkit/json: the one JSON codec of Opkit. Integers beyond 2^53 are kept exactly
// (as bigint), objects are written in the key order a Kubernetes API server uses, and Kopf's exact
// bytes can be produced. Every export is listed by name, grouped by concept.

// Parsing and writing
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export type { JsonParseOptions } from './parse.js';
export { parseJson } from './parse.js';
export { stringifyJson } from './stringify.js';
export { encodePythonJson, encodePythonObject, encodePythonString, encodePythonNumber } from './python.js';

// Key order
export { isIntegerKey, compareKeys, orderedKeys, sortKeysDeep, isPlainObject, isRawJson } from './keys.js';

// Integers and equality
export { INT64_MIN, INT64_MAX, isJsonInteger, isInt64, canonicalInteger, compareNumbers } from './integers.js';
export { jsonEqual } from './equal.js';

// Secrets in logs and feeds
export { REDACTED, LAST_APPLIED_ANNOTATION, isSecret, redactSecret, redactSecretValue, redactSecretPatch, redactSecretDiff, redactSecrets } from './redact.js';

// Errors
export type { JsonErrorCode } from './errors.js';
export { JsonError } from './errors.js';
