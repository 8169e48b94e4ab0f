import crypto from 'node:crypto';

/** A stable UUID for a seed key, so re-running the seed updates the same rows instead of adding more. */
export function seedId(key: string): string {
  const h = crypto.createHash('sha256').update(`aps-seed:${key}`).digest('hex');
  // Shape it as a version-5-like UUID (variant bits set) so it is a valid uuid value.
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Deterministic pseudo-random numbers (mulberry32), so demo data is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
