// A CRD's `default:` values must themselves satisfy the schema node they sit on; otherwise every
// object created without the field would be defaulted into an invalid state. kube-apiserver rejects
// such CRDs with 422 causes on `….default`; this walk reproduces that check.

import type { Cause } from '../validation/cause.js';
import type { JsonSchema } from './types.js';
import { isSchema } from './types.js';
import { validateValue } from './validateObject.js';

function walk(node: JsonSchema, path: string, causes: Cause[], underMetadata: boolean): void {
  if (node.default !== undefined && !underMetadata) {
    for (const c of validateValue(node.default, node, '')) {
      causes.push({ ...c, field: c.field === '' ? `${path}.default` : `${path}.default.${c.field}` });
    }
  }
  for (const [key, prop] of Object.entries(node.properties ?? {})) {
    if (isSchema(prop)) walk(prop, `${path}.properties[${key}]`, causes, underMetadata);
  }
  if (isSchema(node.additionalProperties)) walk(node.additionalProperties, `${path}.additionalProperties`, causes, underMetadata);
  if (isSchema(node.items)) walk(node.items, `${path}.items`, causes, underMetadata);
}

/**
 * Checks every `default` in a CRD version's schema against its own node; `path` prefixes the field
 * paths (e.g. `spec.versions[0].schema.openAPIV3Schema`).
 *
 * @example
 * validateSchemaDefaults({ type: 'object', properties: { n: { type: 'integer', default: 'x' } } }, 's');
 * // [{ field: 's.properties[n].default', message: 'Invalid value: "string": in body must be of type integer: "string"', … }]
 */
export function validateSchemaDefaults(schema: JsonSchema, path: string): Cause[] {
  const causes: Cause[] = [];
  walk(schema, path, causes, false);
  return causes;
}
