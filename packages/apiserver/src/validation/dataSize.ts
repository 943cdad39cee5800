// kube-apiserver refuses a ConfigMap or Secret whose data adds up to more than 1 MiB (etcd keeps each
// object in one value, and kubelets mount them whole). The rule counts bytes as the typed struct holds
// them: a ConfigMap's `data` strings as UTF-8 plus its `binaryData` decoded from base64; a Secret's `data`
// decoded from base64 after `stringData` was merged into it (stringData wins for a key in both). The
// answer is a 422 with one FieldValueTooLong cause — field `[]` (the whole object) for a ConfigMap,
// `data` for a Secret. Pure functions, so a kind's strategy can call them wherever it validates.
import { causeTooLong } from './cause.js';
import type { Cause } from './cause.js';

/** The most bytes a ConfigMap's or Secret's data may hold in total (kube's `MaxSecretSize`, 1 MiB). */
export const MAX_DATA_SIZE_BYTES = 1024 * 1024;

function entries(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}

function utf8Length(value: unknown): number {
  return typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : 0;
}

function decodedLength(value: unknown): number {
  return typeof value === 'string' ? Buffer.from(value, 'base64').length : 0;
}

/**
 * The bytes a ConfigMap's data holds: every `data` value as UTF-8 plus every `binaryData` value decoded.
 *
 * @example
 * configMapDataSize({ data: { a: 'xy' }, binaryData: { b: 'AAE=' } }); // 4
 */
export function configMapDataSize(configMap: Record<string, unknown>): number {
  let total = 0;
  for (const [, value] of entries(configMap['data'])) total += utf8Length(value);
  for (const [, value] of entries(configMap['binaryData'])) total += decodedLength(value);
  return total;
}

/**
 * The bytes a Secret's data holds once `stringData` is merged into `data` (base64-decoded `data` values,
 * UTF-8 `stringData` values; a key in both counts once, with the `stringData` value).
 *
 * @example
 * secretDataSize({ data: { a: 'eHl6' }, stringData: { a: 'x', b: 'yz' } }); // 3
 */
export function secretDataSize(secret: Record<string, unknown>): number {
  const sizes = new Map<string, number>();
  for (const [key, value] of entries(secret['data'])) sizes.set(key, decodedLength(value));
  for (const [key, value] of entries(secret['stringData'])) sizes.set(key, utf8Length(value));
  let total = 0;
  for (const size of sizes.values()) total += size;
  return total;
}

/**
 * The cause kube-apiserver gives a ConfigMap over the limit (`[]: Too long: may not be more than 1048576
 * bytes`), or none.
 *
 * @example
 * configMapSizeCauses({ data: { big: 'x'.repeat(1048577) } }); // [{ reason: 'FieldValueTooLong', field: '[]', … }]
 */
export function configMapSizeCauses(configMap: Record<string, unknown>): Cause[] {
  return configMapDataSize(configMap) > MAX_DATA_SIZE_BYTES ? [causeTooLong('[]', MAX_DATA_SIZE_BYTES)] : [];
}

/**
 * The cause kube-apiserver gives a Secret over the limit (`data: Too long: may not be more than 1048576
 * bytes`), or none.
 *
 * @example
 * secretSizeCauses({ stringData: { big: 'x'.repeat(1048577) } }); // [{ reason: 'FieldValueTooLong', field: 'data', … }]
 */
export function secretSizeCauses(secret: Record<string, unknown>): Cause[] {
  return secretDataSize(secret) > MAX_DATA_SIZE_BYTES ? [causeTooLong('data', MAX_DATA_SIZE_BYTES)] : [];
}
