// BLAKE2b (RFC 7693) with a configurable digest size. Kopf shortens long annotation names with
// `blake2b(name, digest_size=4)`, and a 4-byte BLAKE2b is not a truncated BLAKE2b-512 (the digest
// size is part of the parameter block), while Node's crypto only offers the 512-bit variant.
// Names are short, so plain BigInt arithmetic is fast enough and keeps the code easy to check.

const MASK = (1n << 64n) - 1n;

const IV: readonly bigint[] = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];

const SIGMA: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const BLOCK = 128;

function rotr(x: bigint, n: bigint): bigint {
  return ((x >> n) | (x << (64n - n))) & MASK;
}

function word(block: Uint8Array, index: number): bigint {
  let result = 0n;
  for (let byte = 7; byte >= 0; byte--) result = (result << 8n) | BigInt(block[index * 8 + byte] ?? 0);
  return result;
}

function compress(h: bigint[], block: Uint8Array, counter: bigint, last: boolean): void {
  const m = Array.from({ length: 16 }, (_, index) => word(block, index));
  const v = [...h, ...IV];
  v[12] = (v[12] as bigint) ^ (counter & MASK);
  v[13] = (v[13] as bigint) ^ (counter >> 64n);
  if (last) v[14] = (v[14] as bigint) ^ MASK;
  const mix = (a: number, b: number, c: number, d: number, x: bigint, y: bigint): void => {
    let va = v[a] as bigint, vb = v[b] as bigint, vc = v[c] as bigint, vd = v[d] as bigint;
    va = (va + vb + x) & MASK; vd = rotr(vd ^ va, 32n);
    vc = (vc + vd) & MASK; vb = rotr(vb ^ vc, 24n);
    va = (va + vb + y) & MASK; vd = rotr(vd ^ va, 16n);
    vc = (vc + vd) & MASK; vb = rotr(vb ^ vc, 63n);
    v[a] = va; v[b] = vb; v[c] = vc; v[d] = vd;
  };
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10] as readonly number[];
    const at = (i: number): bigint => m[s[i] as number] as bigint;
    mix(0, 4, 8, 12, at(0), at(1));
    mix(1, 5, 9, 13, at(2), at(3));
    mix(2, 6, 10, 14, at(4), at(5));
    mix(3, 7, 11, 15, at(6), at(7));
    mix(0, 5, 10, 15, at(8), at(9));
    mix(1, 6, 11, 12, at(10), at(11));
    mix(2, 7, 8, 13, at(12), at(13));
    mix(3, 4, 9, 14, at(14), at(15));
  }
  for (let i = 0; i < 8; i++) h[i] = (h[i] as bigint) ^ (v[i] as bigint) ^ (v[i + 8] as bigint);
}

/**
 * Hash bytes with unkeyed BLAKE2b and return a digest of `digestSize` bytes (1..64).
 *
 * @example
 * ```ts
 * blake2b(new TextEncoder().encode('abc'), 4); // 4 bytes, same as Python's hashlib.blake2b(b'abc', digest_size=4)
 * ```
 */
export function blake2b(input: Uint8Array, digestSize: number): Uint8Array {
  if (!Number.isInteger(digestSize) || digestSize < 1 || digestSize > 64) {
    throw new RangeError(`BLAKE2b digest size must be an integer in 1..64, got ${digestSize}`);
  }
  const h = [...IV];
  h[0] = (h[0] as bigint) ^ BigInt(0x01010000 ^ digestSize);
  const blocks = Math.max(1, Math.ceil(input.length / BLOCK));
  for (let index = 0; index < blocks; index++) {
    const block = new Uint8Array(BLOCK);
    const chunk = input.subarray(index * BLOCK, (index + 1) * BLOCK);
    block.set(chunk);
    const last = index === blocks - 1;
    compress(h, block, BigInt(index * BLOCK + chunk.length), last);
  }
  const out = new Uint8Array(digestSize);
  for (let i = 0; i < digestSize; i++) {
    out[i] = Number(((h[Math.floor(i / 8)] as bigint) >> BigInt(8 * (i % 8))) & 0xffn);
  }
  return out;
}
