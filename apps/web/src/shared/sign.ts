/**
 * Request signing for the signed helpers (§7): X-Sign is the uppercase MD5 of the call's parameters, sorted by
 * name, serialised as JSON and followed by a fixed secret; X-TIMESTAMP is the local time in the §9 date-time
 * format. MD5 is written out here because Web Crypto has none (and is missing on plain-http intranet hosts).
 */

/** The fixed secret both ends of a signed call know (the platform's historical default). */
export const SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** MD5 of a string's UTF-8 bytes, as 32 lowercase hex digits. */
export function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array((((bytes.length + 8) >>> 6) + 1) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, bitLength >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bitLength / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Uint32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) m[i] = view.getUint32(offset + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const next = d;
      d = c;
      c = b;
      const sum = (a + f + (K[i] as number) + (m[g] as number)) >>> 0;
      const shift = S[i] as number;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
      a = next;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0]) {
    for (let i = 0; i < 4; i++) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

/** `YYYY-MM-DD HH:mm:ss` in local time (§9). */
export function formatTimestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ` +
    `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`
  );
}

/**
 * X-Sign of a call: its query and (object) body parameters merged, `_t` left out, keys sorted ascending, values
 * as strings; MD5 of that JSON plus the secret, uppercase.
 */
export function signParams(params: Record<string, unknown>, secret = SIGNATURE_SECRET): string {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (key === '_t' || value === undefined || value === null) continue;
    sorted[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return md5(JSON.stringify(sorted) + secret).toUpperCase();
}
