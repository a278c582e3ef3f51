// RFC 6238 codes with an injected clock: the RFC's own test vectors, and the ±1 step window.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode } from '../../../../server/platform/security/totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII of "12345678901234567890"; its 8-digit codes end in these 6 digits
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000), String(seconds)).toBe(code);
  });

  it('gives RFC 4226 HOTP values', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts the previous, current and next step and refuses older ones', () => {
    const now = 1_700_000_000_000;
    const at = (offsetSteps: number) => totpCode(RFC_SECRET, now + offsetSteps * 30_000);
    const step = Math.floor(now / 30_000);
    expect(matchTotp(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, at(-1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, at(1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, at(-2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri('CoinApp', 'alice', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/CoinApp:alice');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'CoinApp', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
