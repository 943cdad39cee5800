// The one reading of a request's `resourceVersion` parameter, shared by get-list and watch, with one
// answer per case as kube-apiserver gives it: unset or "0" means "any"; anything but a decimal unsigned
// 64-bit integer is 400 "invalid resource version: metadata.resourceVersion: Invalid value: …" (the
// storage layer's strconv.ParseUint wording); a version ahead of the server is 504 Timeout with the
// cause ResourceVersionTooLarge — the answer of a list, and the one ERROR event of a watch (client-go's
// reflector and Opkit's watcher relist from scratch on it).
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
 * The 504 kube-apiserver answers for a version ahead of what it has, to a list and (as the one ERROR event)
 * to a watch. Its watch cache waits three seconds for the version first; this server's store is never
 * behind its own counter, so a version ahead of it can only come from a client that outlived an
 * in-memory server, and it answers at once.
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
