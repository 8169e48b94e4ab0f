import { describe, expect, it } from 'vitest';
import { registerOwner } from './register.ts';

describe('registerOwner', () => {
  it('derives a stable UUID-shaped owner per token, different for another token', () => {
    const a = registerOwner('a'.repeat(32));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(registerOwner('a'.repeat(32))).toBe(a);
    expect(registerOwner('b'.repeat(32))).not.toBe(a);
  });
});
