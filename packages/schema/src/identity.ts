// Recognising a typed resource without loading what defines one: the schema builders load TypeBox (hundreds
// of modules), and every operator's handler registry asks "is this selector a typed resource?" at start-up.
// @opkit/handlers imports this module alone (`@opkit/schema/identity`).
import { isPlainObject } from './internal/json.js';
import type { ResourceObject, TypedResource } from './defineResource.js';

/**
 * The symbol under which a typed resource carries its identity `{ group, version, plural }`. It is
 * `Symbol.for('opkit.dev/resource-identity')`, so @opkit/kube recognises typed resources (and matches
 * only these three fields) without depending on this package.
 */
export const RESOURCE_IDENTITY: unique symbol = Symbol.for('opkit.dev/resource-identity') as never;

/**
 * Whether a value is a typed resource made by `defineResource` (of any copy of this package).
 *
 * @example
 * ```ts
 * isTypedResource(Greeting);     // true
 * isTypedResource('greetings');  // false
 * ```
 */
export function isTypedResource<B extends ResourceObject = ResourceObject>(value: unknown): value is TypedResource<B> {
  if (typeof value !== 'object' || value === null) return false;
  const identity = (value as Record<symbol, unknown>)[RESOURCE_IDENTITY];
  const candidate = value as Partial<TypedResource>;
  return isPlainObject(identity) && typeof candidate.toCRD === 'function' && typeof candidate.validate === 'function'
    && typeof candidate.group === 'string' && typeof candidate.plural === 'string' && typeof candidate.version === 'string';
}
