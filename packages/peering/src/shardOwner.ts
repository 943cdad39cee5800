// Which member of a shard group handles an object: rendezvous (highest-random-weight) hashing of the
// object's uid over the members. Every replica computes the same answer from the same member list, and
// when a member joins or leaves only the objects of that member move — the rest keep their owner.

/** A 32-bit FNV-1a hash of a string's UTF-16 code units, finished with murmur3's mixer. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The member that owns `uid` among `members` (undefined when there are none). Stable: the same
 * inputs give the same owner in every process, whatever the order of `members`.
 *
 * @example
 * ```ts
 * shardOwner(body.metadata.uid, ['op-a', 'op-b', 'op-c']); // 'op-b'
 * ```
 */
export function shardOwner(uid: string, members: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const member of members) {
    const score = hash32(`${member}\u0000${uid}`);
    if (score > bestScore || (score === bestScore && best !== undefined && member < best)) {
      best = member;
      bestScore = score;
    }
  }
  return best;
}

/** A short stable hex digest of a string (names Leases after identities that are not valid names). */
export function shortHash(text: string): string {
  return `${hash32(text).toString(16).padStart(8, '0')}${hash32(`${text}\u0001`).toString(16).padStart(8, '0')}`.slice(0, 10);
}
