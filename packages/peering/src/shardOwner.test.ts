import { describe, expect, it } from 'vitest';
import { shardOwner, shortHash } from './shardOwner.js';

const uids = Array.from({ length: 3000 }, (_, i) => `0d6a${i.toString(16).padStart(4, '0')}-6c1e-4f0a-9d5b-${(i * 7919).toString(16).padStart(12, '0')}`);

describe('shardOwner', () => {
  it('gives every uid the same owner whatever the order of members', () => {
    for (const uid of uids.slice(0, 100)) expect(shardOwner(uid, ['a', 'b', 'c'])).toBe(shardOwner(uid, ['c', 'a', 'b']));
    expect(shardOwner('x', [])).toBeUndefined();
  });

  it('shares 3,000 objects roughly in thirds', () => {
    const counts = new Map<string, number>();
    for (const uid of uids) {
      const owner = shardOwner(uid, ['op-a', 'op-b', 'op-c'])!;
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    for (const member of ['op-a', 'op-b', 'op-c']) {
      expect(counts.get(member)).toBeGreaterThan(850);
      expect(counts.get(member)).toBeLessThan(1150);
    }
  });

  it('moves only the objects of a member that leaves, and only objects to a member that joins', () => {
    for (const uid of uids) {
      const before = shardOwner(uid, ['op-a', 'op-b', 'op-c'])!;
      const after = shardOwner(uid, ['op-a', 'op-b'])!;
      if (before !== 'op-c') expect(after).toBe(before);
      const joined = shardOwner(uid, ['op-a', 'op-b', 'op-c', 'op-d'])!;
      if (joined !== 'op-d') expect(joined).toBe(before);
    }
  });
});

describe('shortHash', () => {
  it('is a stable 10-character hex name part', () => {
    expect(shortHash('alice@laptop/20261125030405/aaa')).toMatch(/^[0-9a-f]{10}$/);
    expect(shortHash('a')).toBe(shortHash('a'));
    expect(shortHash('a')).not.toBe(shortHash('b'));
  });
});
