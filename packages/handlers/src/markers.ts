// The two markers of label, annotation and value filters: "present with any value" and "absent".
// Symbols, so that no real value can be mistaken for them.

/**
 * Matches a label, annotation or field that is present, whatever its value (an empty string counts).
 *
 * @example
 * ```ts
 * on.create('widgets', fn, { labels: { app: PRESENT } });
 * ```
 */
export const PRESENT: unique symbol = Symbol.for('opkit.PRESENT');

/**
 * Matches a label, annotation or field that is absent.
 *
 * @example
 * ```ts
 * on.create('widgets', fn, { annotations: { 'example.com/skip': ABSENT } });
 * ```
 */
export const ABSENT: unique symbol = Symbol.for('opkit.ABSENT');
