// Withdrawal passwords: HMAC-SHA256 under the server secret's "withdrawal-pin" key over a random
// 16-byte salt and the password, stored as "hmac$<salt hex>$<mac hex>". Fast on purpose: what
// protects a withdrawal password online is the lock after five wrong ones (server/funds/rules.ts),
// and offline the secret, which is not in the database. A slow hash here would put a login-cost
// scrypt on every withdrawal. Hashes stored before are scrypt (server/security/password.ts):
// they still verify, and pinNeedsUpgrade() tells the caller to replace them with this form.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from './password.ts';
import type { ServerSecret } from './secret-key.ts';

const SCHEME = 'hmac';
const SALT_BYTES = 16;
const MAC_BYTES = 32;

function mac(secret: ServerSecret, salt: Buffer, pin: string): Buffer {
  // NFKC as the scrypt hashes had it, so an upgraded hash accepts exactly what the old one did
  return createHmac('sha256', secret.subkey('withdrawal-pin')).update(salt).update(pin.normalize('NFKC'), 'utf8').digest();
}

export function hashPin(secret: ServerSecret, pin: string): string {
  const salt = randomBytes(SALT_BYTES);
  return [SCHEME, salt.toString('hex'), mac(secret, salt, pin).toString('hex')].join('$');
}

function parse(stored: string): { salt: Buffer; mac: Buffer } | undefined {
  const [scheme, saltHex, macHex, ...rest] = stored.split('$');
  if (scheme !== SCHEME || rest.length > 0 || !/^[0-9a-f]+$/.test(saltHex ?? '') || !/^[0-9a-f]+$/.test(macHex ?? '')) return undefined;
  const parsed = { salt: Buffer.from(saltHex, 'hex'), mac: Buffer.from(macHex, 'hex') };
  return parsed.salt.length === SALT_BYTES && parsed.mac.length === MAC_BYTES ? parsed : undefined;
}

/** Whether `pin` matches a stored withdrawal password: the HMAC form, or a legacy scrypt hash. */
export async function verifyPin(secret: ServerSecret, pin: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyPassword(pin, stored);
  const parsed = parse(stored);
  return parsed !== undefined && timingSafeEqual(mac(secret, parsed.salt, pin), parsed.mac);
}

/** True when a stored withdrawal password is not in the HMAC form (replace it after the next correct one). */
export function pinNeedsUpgrade(stored: string): boolean {
  return parse(stored) === undefined;
}
