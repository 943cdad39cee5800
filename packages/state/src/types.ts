// The plain data types shared by the whole package and its users: JSON objects and field specs.

/**
 * A JSON object: string keys, JSON values (bodies, essences, patches).
 *
 * @example
 * ```ts
 * const body: JsonObject = { spec: { replicas: 3 } };
 * ```
 */
export type JsonObject = { [key: string]: unknown };

/**
 * A field given as a dotted string or as a list of keys (for keys that contain dots).
 *
 * @example
 * ```ts
 * const a: FieldSpec = 'spec.field';
 * const b: FieldSpec = ['metadata', 'annotations', 'example.com/x'];
 * ```
 */
export type FieldSpec = string | readonly string[];
