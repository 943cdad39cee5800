// Decodes the body of an apply patch (`application/apply-patch+yaml`). kubectl sends JSON, which is
// YAML too; other clients send YAML. It is read the way kube-apiserver's YAML decoder reads it
// (sigs.k8s.io/yaml: YAML 1.1 scalars, so `yes`/`on`/`n` are booleans, and a boolean key becomes
// "true"/"false"), except that timestamps stay the strings they were. Integers are read as bigints and
// kept exactly in the int64 range (a number when safe), larger ones become float64, as the server's
// decoder does (see codec.ts).

import { parse } from 'yaml';
import type { Tags } from 'yaml';
import { canonicalYamlIntegers } from '../codec.js';
import { PatchError } from './patchError.js';
import { goJsonTypeName, isJsonObject } from './json.js';

const TIMESTAMP_TAG = 'tag:yaml.org,2002:timestamp';

/** Drops YAML 1.1's timestamp resolution, so `2026-01-02T03:04:05Z` stays a string. */
function withoutTimestamps(tags: Tags): Tags {
  return tags.filter((tag) => typeof tag === 'string' || tag.tag !== TIMESTAMP_TAG);
}

/**
 * Parses an apply-patch body (YAML or JSON) into the applied configuration. Throws PatchError 400
 * BadRequest, worded as kube-apiserver's decoder, when the text is not valid YAML (duplicate keys,
 * several documents and alias bombs included) or is not a single object.
 *
 * @example
 * ```ts
 * parseApplyBody('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {x: "1"}\n');
 * ```
 */
export function parseApplyBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = canonicalYamlIntegers(parse(text, { version: '1.1', customTags: withoutTimestamps, prettyErrors: false, logLevel: 'error', intAsBigInt: true }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PatchError(400, 'BadRequest', `error converting YAML to JSON: yaml: ${message}`);
  }
  if (!isJsonObject(value)) {
    const type = value === null ? 'object' : goJsonTypeName(value);
    const why = value === null ? 'the apply configuration is empty; expected an object with apiVersion, kind and metadata' : `json: cannot unmarshal ${type} into Go value of type map[string]interface {}`;
    throw new PatchError(400, 'BadRequest', `error unmarshaling JSON: while decoding JSON: ${why}`);
  }
  const problem = nonJsonValue(value, '');
  if (problem !== undefined) {
    throw new PatchError(400, 'BadRequest', `error converting YAML to JSON: ${problem}`);
  }
  return value;
}

/** Where a parsed document holds something JSON cannot carry (Infinity, NaN, binary, sets, dates). */
function nonJsonValue(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : `json: unsupported value: ${String(value)} at ${path || '.'}`;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = nonJsonValue(item, `${path}[${index}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (isJsonObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const problem = nonJsonValue(item, `${path}.${key}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  return `unsupported YAML value at ${path || '.'} (only maps, lists, strings, numbers, booleans and null)`;
}
