// Withdrawal passwords: HMAC-SHA256 under the server secret's "withdrawal-pin" key over a random
// 16-byte salt and the password (server/platform/security/salted-hmac.ts). Fast on purpose: what
// protects a withdrawal password online is the lock after five wrong ones (server/funds/rules.ts),
// and offline the secret, which is not in the database. A slow hash here would put a login-cost
// hash on every withdrawal. Hashes stored before are scrypt (verified by server/platform/security/password.ts):
// they still verify, and pinNeedsUpgrade() tells the caller to replace them with this form.
import { verifyPassword } from './password.ts';
import { isSaltedHmac, saltedHmac, saltedHmacMatches } from './salted-hmac.ts';
import type { ServerSecret } from './secret-key.ts';

// NFKC as the scrypt hashes had it, so an upgraded hash accepts exactly what the old one did
const message = (pin: string) => pin.normalize('NFKC');

export function hashPin(secret: ServerSecret, pin: string): string {
  return saltedHmac(secret.subkey('withdrawal-pin'), message(pin));
}

/** Whether `pin` matches a stored withdrawal password: the HMAC form, or a legacy scrypt hash. */
export async function verifyPin(secret: ServerSecret, pin: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyPassword(pin, stored);
  return saltedHmacMatches(secret.subkey('withdrawal-pin'), message(pin), stored);
}

/** True when a stored withdrawal password is not in the HMAC form (replace it after the next correct one). */
export function pinNeedsUpgrade(stored: string): boolean {
  return !isSaltedHmac(stored);
}
