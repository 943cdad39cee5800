// The peering record, field by field, as Kopf writes and reads it. A peering object's `status` maps
// each operator's identity to `{"priority": int, "lifetime": int (seconds), "lastseen": isoformat}`;
// a peer is dead once `lastseen + lifetime` has passed. Kopf reads records forward-compatibly (unknown
// fields are ignored), which is where Opkit keeps its own extension: `"opkit": {"group": …}` marks
// replicas of one operator (a Lease group or a shard group), which are never conflicts for each other.
import { PeeringError } from './errors.js';
import { formatKopfTime, parseKopfTime } from './kopfTime.js';
import type { KopfTime } from './kopfTime.js';

/** A record as stored under `status.<identity>` (Kopf's three fields, then Opkit's optional extension). */
export interface PeerRecord {
  readonly priority: number;
  readonly lifetime: number;
  readonly lastseen: string;
  /** Opkit's extension, ignored by Kopf. */
  readonly opkit?: PeerExtension | undefined;
}

/** What Opkit adds to a record. */
export interface PeerExtension {
  /** Replicas of one operator share a group (`<namespace>/<lease name>`); peers of one group never conflict. */
  readonly group?: string | undefined;
  /** Why a manual record (`op freeze --message`) exists. */
  readonly message?: string | undefined;
}

/** A peer as read from a peering object. */
export interface Peer {
  readonly identity: string;
  readonly priority: number;
  /** Seconds the record stays valid after `lastseen`. */
  readonly lifetime: number;
  readonly lastseen: KopfTime;
  /** `lastseen + lifetime`, in microseconds since the epoch. */
  readonly deadline: number;
  readonly group?: string | undefined;
  readonly message?: string | undefined;
}

/** Kopf's lifetime for records that do not say (a hard-coded 60 s). */
export const DEFAULT_LIFETIME = 60;

function integer(value: unknown, fallback: number, what: string): number {
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new PeeringError('invalid-record', `A peering record's ${what} must be a number; got ${JSON.stringify(value)}.`);
  }
  return Math.trunc(number);
}

/**
 * Read one record. A record without `lastseen` counts as seen now, one without `lifetime` lives 60 s,
 * one without `priority` has priority 0 — as Kopf reads them.
 *
 * @throws PeeringError (`invalid-record`) for a record that is not an object or has unreadable fields.
 * @example
 * ```ts
 * readPeer('op-1', { priority: 0, lifetime: 60, lastseen: '2020-12-31T23:59:59.123456+00:00' }, nowMicros);
 * ```
 */
export function readPeer(identity: string, record: unknown, nowMicros: number): Peer {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new PeeringError('invalid-record', `The peering record of ${JSON.stringify(identity)} must be an object; got ${JSON.stringify(record)}.`);
  }
  const fields = record as Record<string, unknown>;
  const lifetime = integer(fields.lifetime, DEFAULT_LIFETIME, 'lifetime');
  const lastseen = typeof fields.lastseen === 'string' ? parseKopfTime(fields.lastseen) : { micros: nowMicros, offsetMinutes: 0 };
  const opkit = typeof fields.opkit === 'object' && fields.opkit !== null ? fields.opkit as Record<string, unknown> : {};
  return {
    identity,
    priority: integer(fields.priority, 0, 'priority'),
    lifetime,
    lastseen,
    deadline: lastseen.micros + lifetime * 1_000_000,
    group: typeof opkit.group === 'string' ? opkit.group : undefined,
    message: typeof opkit.message === 'string' ? opkit.message : undefined,
  };
}

/**
 * Read every record of a peering object's status; entries that are null (a peer that left) or
 * unreadable are skipped.
 *
 * @example
 * ```ts
 * const peers = readPeers(body.status, Date.now() * 1000);
 * ```
 */
export function readPeers(status: unknown, nowMicros: number): Peer[] {
  if (typeof status !== 'object' || status === null || Array.isArray(status)) return [];
  const peers: Peer[] = [];
  for (const [identity, record] of Object.entries(status as Record<string, unknown>)) {
    if (record === null || record === undefined) continue;
    try {
      peers.push(readPeer(identity, record, nowMicros));
    } catch {
      // A record nobody can read is nobody's: it neither pauses us nor is it ours to clean.
    }
  }
  return peers;
}

/** Whether a peer's record has expired (`deadline <= now`, as Kopf decides). */
export function isDead(peer: Peer, nowMicros: number): boolean {
  return peer.deadline <= nowMicros;
}

/**
 * The record to write for ourselves: Kopf's three fields in Kopf's order, then Opkit's extension
 * when there is one.
 *
 * @example
 * ```ts
 * peerRecord({ priority: 0, lifetime: 60, nowMicros: 0 }); // { priority: 0, lifetime: 60, lastseen: '1970-01-01T00:00:00+00:00' }
 * ```
 */
export function peerRecord(options: { readonly priority: number; readonly lifetime: number; readonly nowMicros: number; readonly group?: string | undefined; readonly message?: string | undefined }): PeerRecord {
  const extension: PeerExtension = {
    ...(options.group !== undefined ? { group: options.group } : {}),
    ...(options.message !== undefined ? { message: options.message } : {}),
  };
  return {
    priority: Math.trunc(options.priority),
    lifetime: Math.trunc(options.lifetime),
    lastseen: formatKopfTime(options.nowMicros),
    ...(Object.keys(extension).length > 0 ? { opkit: extension } : {}),
  };
}

/** Python's `repr()` of a string (Kopf's log lines show records' timestamps this way). */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/**
 * A peer as Kopf's log lines show it: `<Peer id: priority=0, lifetime=60, lastseen='2020-12-31T23:59:59.123456+00:00'>`.
 *
 * @example
 * ```ts
 * logger.info(`Pausing operations in favour of ${formatPeers(higher)}.`);
 * ```
 */
export function formatPeer(peer: Peer): string {
  return `<Peer ${peer.identity}: priority=${peer.priority}, lifetime=${peer.lifetime}, lastseen=${pythonRepr(formatKopfTime(peer.lastseen.micros, peer.lastseen.offsetMinutes))}>`;
}

/** A list of peers as Python prints a list of them: `[<Peer a: …>, <Peer b: …>]`. */
export function formatPeers(peers: readonly Peer[]): string {
  return `[${peers.map(formatPeer).join(', ')}]`;
}
