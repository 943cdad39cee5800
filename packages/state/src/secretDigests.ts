// Secret values never go into a stored diff-base in clear: `kubectl describe secret` masks `data`
// but prints annotations whole, and the status of a Secret-like object is as readable as its body.
// In the `opkit` profile each value of a Secret's `data`/`stringData` becomes `sha256:<hex>` in the
// essence, both when it is built from a body and when an older clear-text base is read back, so a
// diff still names exactly the keys whose value changed, and never shows a value.
import { createHash } from 'node:crypto';
import type { Essence } from './essence.js';
import { isObject } from './internal/fields.js';

/** The prefix of a digested Secret value in a diff-base. */
export const SECRET_DIGEST_PREFIX = 'sha256:';

/** Whether a body is a core/v1 Secret. */
export function isSecret(body: unknown): boolean {
  return isObject(body) && body['kind'] === 'Secret' && body['apiVersion'] === 'v1';
}

/**
 * The digest marker of one Secret value: `sha256:` and the hex SHA-256 of the value's text (the
 * base64 text for `data`). A value already digested is returned as is (base64 never holds `:`).
 *
 * @example
 * ```ts
 * digestSecretValue('c2VjcmV0'); // 'sha256:…' (64 hex digits)
 * ```
 */
export function digestSecretValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.startsWith(SECRET_DIGEST_PREFIX)) return value;
  return SECRET_DIGEST_PREFIX + createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Replace, in place, every value of the essence's `data` and `stringData` with its digest marker
 * when `body` is a Secret; keys stay. Other kinds are returned untouched.
 *
 * @example
 * ```ts
 * digestSecretEssence({ data: { password: 'cGFzcw==' } }, secretBody); // { data: { password: 'sha256:…' } }
 * ```
 */
export function digestSecretEssence(essence: Essence, body: unknown): Essence {
  if (!isSecret(body)) return essence;
  for (const field of ['data', 'stringData']) {
    const values = essence[field];
    if (!isObject(values)) continue;
    for (const key of Object.keys(values)) values[key] = digestSecretValue(values[key]);
  }
  return essence;
}
