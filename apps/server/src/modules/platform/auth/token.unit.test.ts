import { describe, expect, it } from 'vitest';
import { createTokenSigner, VERIFIED_TOKENS_KEPT } from './token.ts';

describe('token signer', () => {
  const signer = createTokenSigner('s'.repeat(48));

  it('verifies what it issued and gives back the session id', () => {
    const { token, sessionId } = signer.issue();
    expect(signer.verify(token)).toBe(sessionId);
  });

  it('issues a different session every time', () => {
    expect(signer.issue().sessionId).not.toBe(signer.issue().sessionId);
  });

  it.each([
    ['no dot', 'abcdef'],
    ['empty id', '.abc'],
    ['empty', ''],
    ['too long', `${'a'.repeat(150)}.${'b'.repeat(60)}`],
  ])('rejects a malformed token (%s)', (_, token) => {
    expect(signer.verify(token)).toBeNull();
  });

  it('rejects a token with a changed id or signature, or from another secret', () => {
    const { token } = signer.issue();
    const [id, sig] = token.split('.');
    expect(signer.verify(`${id}x.${sig}`)).toBeNull();
    // Replace the last signature character with one that surely differs from it.
    const last = sig?.at(-1) === 'A' ? 'B' : 'A';
    expect(signer.verify(`${id}.${sig?.slice(0, -1)}${last}`)).toBeNull();
    expect(createTokenSigner('t'.repeat(48)).verify(token)).toBeNull();
  });

  it('still refuses a changed token after the genuine one was verified and remembered', () => {
    const { token, sessionId } = signer.issue();
    expect(signer.verify(token)).toBe(sessionId);
    expect(signer.verify(token)).toBe(sessionId);
    const [id, sig] = token.split('.');
    expect(signer.verify(`${id}.${sig?.slice(0, -1)}${sig?.at(-1) === 'A' ? 'B' : 'A'}`)).toBeNull();
    expect(signer.verify(`${id}x.${sig}`)).toBeNull();
  });

  it('verifies a token again after more than the remembered number of others pushed it out', () => {
    const own = createTokenSigner('u'.repeat(48));
    const first = own.issue();
    expect(own.verify(first.token)).toBe(first.sessionId);
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i++) own.verify(own.issue().token);
    expect(own.verify(first.token)).toBe(first.sessionId);
    expect(createTokenSigner('t'.repeat(48)).verify(first.token)).toBeNull();
  });
});
