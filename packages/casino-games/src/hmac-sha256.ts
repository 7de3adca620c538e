/**
 * HMAC-SHA256 (RFC 2104 over FIPS 180-4) for the outcome stream's hot path (SPEC.md PF-3).
 *
 * Why not node:crypto's createHmac: each call builds a native HMAC object, about 2.3 µs, which was
 * half of a slot spin and 5–7× slower than this under load. HMAC with one key is two SHA-256 runs
 * that start from states fixed by the key (key ⊕ ipad, key ⊕ opad); those two states are computed
 * once per server seed and reused for every block, so a block costs 2–3 compressions in plain
 * integer JavaScript. The output is checked against node:crypto on random inputs and against the
 * published vectors (provably-fair.test.ts), so the verify page may use either.
 *
 * Scratch buffers are module-level: JavaScript runs one call at a time, and no call yields midway.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const BLOCK_BYTES = 64;

const schedule = new Int32Array(64);

/** One SHA-256 compression of the 64 bytes at `offset` into `state`. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i += 1) {
    const j = offset + 4 * i;
    w[i] =
      ((bytes[j] as number) << 24) |
      ((bytes[j + 1] as number) << 16) |
      ((bytes[j + 2] as number) << 8) |
      (bytes[j + 3] as number);
  }
  for (let i = 16; i < 64; i += 1) {
    const w15 = w[i - 15] as number;
    const w2 = w[i - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + (K[i] as number) + (w[i] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/** The SHA-256 states after absorbing key ⊕ ipad and key ⊕ opad. */
export interface HmacKey {
  inner: Int32Array;
  outer: Int32Array;
}

const encoder = new TextEncoder();

/** Keys of at most 64 UTF-8 bytes (a server seed is 64 hex characters: exactly 64). */
export function hmacKey(key: string): HmacKey {
  const bytes = encoder.encode(key);
  if (bytes.length > BLOCK_BYTES) throw new Error('hmacKey: keys longer than 64 bytes are not used here');
  const inner = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const outer = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  bytes.forEach((b, i) => {
    inner[i] = b ^ 0x36;
    outer[i] = b ^ 0x5c;
  });
  const innerState = Int32Array.from(IV);
  compress(innerState, inner, 0);
  const outerState = Int32Array.from(IV);
  compress(outerState, outer, 0);
  return { inner: innerState, outer: outerState };
}

// A message is at most 64 UTF-16 units of client seed (≤ 192 UTF-8 bytes), two colons and two
// decimal integers; 384 bytes hold that with its padding.
const messageBuffer = new Uint8Array(384);
const MAX_MESSAGE_BYTES = messageBuffer.length - 72;

/**
 * HMAC-SHA256(key, message) written into `out` as 8 big-endian 32-bit words, the digest's bytes
 * 4i … 4i + 3 in word i. `out` is returned.
 */
export function hmacSha256Words(key: HmacKey, message: string, out: Int32Array): Int32Array {
  const buffer = messageBuffer;
  const { read, written } = encoder.encodeInto(message, buffer.subarray(0, MAX_MESSAGE_BYTES));
  if (read !== message.length) throw new Error('hmacSha256Words: message too long');
  // Inner hash: the ipad block (already absorbed) then the message, padded (FIPS 180-4 §5.1.1).
  let n = written;
  const innerBits = (BLOCK_BYTES + written) * 8;
  buffer[n++] = 0x80;
  while (n % BLOCK_BYTES !== 56) buffer[n++] = 0;
  buffer[n++] = 0;
  buffer[n++] = 0;
  buffer[n++] = 0;
  buffer[n++] = 0;
  buffer[n++] = (innerBits >>> 24) & 0xff;
  buffer[n++] = (innerBits >>> 16) & 0xff;
  buffer[n++] = (innerBits >>> 8) & 0xff;
  buffer[n++] = innerBits & 0xff;
  out.set(key.inner);
  for (let offset = 0; offset < n; offset += BLOCK_BYTES) compress(out, buffer, offset);
  // Outer hash: the opad block (absorbed) then the 32-byte inner digest, padded; 96 bytes in all.
  for (let i = 0; i < 8; i += 1) {
    const v = out[i] as number;
    buffer[4 * i] = v >>> 24;
    buffer[4 * i + 1] = (v >>> 16) & 0xff;
    buffer[4 * i + 2] = (v >>> 8) & 0xff;
    buffer[4 * i + 3] = v & 0xff;
  }
  buffer[32] = 0x80;
  buffer.fill(0, 33, 62);
  buffer[62] = (768 >>> 8) & 0xff;
  buffer[63] = 768 & 0xff;
  out.set(key.outer);
  compress(out, buffer, 0);
  return out;
}
