// JSON Merge Patch (RFC 7386), the patch type Kopf, kubectl (for custom resources) and most
// operators send. Objects merge recursively, `null` deletes, everything else — arrays included —
// replaces wholesale. Where RFC 7386 leaves nulls inside copied values alone, kube-apiserver's
// library (evanphx/json-patch) prunes them, and so does this (checked against kubectl's own merge).

import { isJsonObject, jsonClone, setKey } from './json.js';
import type { JsonObject } from './json.js';

/**
 * Applies an RFC 7386 merge patch and returns the result. A patch that is not an object replaces
 * the target; in an object patch, `null` deletes a member and every other value is merged
 * recursively into the target's member. Arrays are never merged. Like kube-apiserver, a value that
 * lands where the target had nothing (or a non-object) is stored without its null members, also
 * inside arrays. Every RFC 7386 appendix example holds. Pure: neither argument is mutated and the
 * result shares no structure with them.
 *
 * @example
 * ```ts
 * applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } });
 * // → { a: 'z', c: { d: 'e' } }
 * ```
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return jsonClone(patch);
  if (!isJsonObject(target)) return withoutNulls(patch);
  const result = jsonClone(target);
  mergeInto(result, patch);
  return result;
}

/** Merges `patch` into `result`, which the caller owns (a fresh copy). */
function mergeInto(result: JsonObject, patch: JsonObject): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    if (value === null) {
      delete result[key];
    } else if (current === undefined || current === null || !isJsonObject(current)) {
      setKey(result, key, withoutNulls(value));
    } else if (isJsonObject(value)) {
      mergeInto(current, value);
    } else {
      setKey(result, key, jsonClone(value));
    }
  }
}

/** A deep copy without null object members (null array elements stay), as evanphx's pruneNulls. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === null ? null : withoutNulls(item)));
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) setKey(copy, key, withoutNulls(item));
  return copy;
}
