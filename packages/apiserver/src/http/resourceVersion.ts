// The one reading of a request's `resourceVersion` parameter, shared by get-list and watch, with one
// answer per case as kube-apiserver gives it: unset or "0" means "any"; anything but a decimal unsigned
// 64-bit integer is 400 "invalid resource version: metadata.resourceVersion: Invalid value: …" (the
// storage layer's strconv.ParseUint wording); a version ahead of the server is 504 Timeout with the
// cause ResourceVersionTooLarge on a list, and (a deliberate departure, see docs/architecture.md) the
// ERROR event 410 Expired on a watch, so that every client relists.
import { StatusError, Statuses } from '../errors.js';

/** The largest value Go's strconv.ParseUint(_, 10, 64) accepts. */
const UINT64_MAX = 18446744073709551615n;

/**
 * Parses a `resourceVersion` query value. Returns undefined when it is unset, empty or "0" (any
 * version: the current state), the version otherwise; 400 when it is not an unsigned 64-bit decimal.
 *
 * @example
 * parseResourceVersion('42'); // 42
 * parseResourceVersion('0'); // undefined
 * parseResourceVersion('abc'); // throws 400 invalid resource version: …
 */
export function parseResourceVersion(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined || text === '' || text === '0') return undefined;
  if (!/^\d+$/.test(text)) throw invalid(text, 'invalid syntax');
  if (BigInt(text) > UINT64_MAX) throw invalid(text, 'value out of range');
  // Versions beyond 2^53 cannot be this server's (its counter is far below): they are simply "too large".
  return Number(text);
}

function invalid(text: string, why: string): StatusError {
  return Statuses.badRequest(`invalid resource version: metadata.resourceVersion: Invalid value: ${JSON.stringify(text)}: strconv.ParseUint: parsing ${JSON.stringify(text)}: ${why}`);
}

/**
 * The ERROR Status a watch from a version ahead of the server ends with: 410 Expired, where kube-apiserver
 * sends 504. A real server's versions never go backwards, so only a client that outlived an in-memory
 * server is ever ahead of it; a 410 makes client-go, Kopf and Opkit's watcher relist, where a 504 would
 * make Kopf stop its operator and Opkit's watcher retry the same version for ever.
 *
 * @example
 * aheadOnWatch(99, 12).code; // 410
 */
export function aheadOnWatch(requested: number, current: number): StatusError {
  return new StatusError(410, 'Expired', `too large resource version: ${requested}, current: ${current}`);
}

/**
 * The 504 kube-apiserver answers for a version ahead of what it has (its watch cache waits three seconds
 * for it first; this server's store is never behind, so it answers at once).
 *
 * @example
 * throw tooLargeResourceVersion(99, 12); // 504 Too large resource version: 99, current: 12
 */
export function tooLargeResourceVersion(requested: number, current: number): StatusError {
  return new StatusError(504, 'Timeout', `Too large resource version: ${requested}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    retryAfterSeconds: 1,
  });
}
