// Secrets checked by the server only (withdrawal passwords, one-time codes), stored as
// "hmac$<salt hex>$<mac hex>": HMAC-SHA256 under a key the database does not hold, over a random
// 16-byte salt and the message. Without the key a copy of the database gives nothing to guess against.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SCHEME = 'hmac';
const SALT_BYTES = 16;
const MAC_BYTES = 32;

function mac(key: Buffer, salt: Buffer, message: string): Buffer {
  return createHmac('sha256', key).update(salt).update(message, 'utf8').digest();
}

/** The stored form of `message` under `key`, with a new salt. */
export function saltedHmac(key: Buffer, message: string): string {
  const salt = randomBytes(SALT_BYTES);
  return [SCHEME, salt.toString('hex'), mac(key, salt, message).toString('hex')].join('$');
}

function parse(stored: string): { salt: Buffer; mac: Buffer } | undefined {
  const [scheme, saltHex, macHex, ...rest] = stored.split('$');
  if (scheme !== SCHEME || rest.length > 0 || !/^[0-9a-f]+$/.test(saltHex ?? '') || !/^[0-9a-f]+$/.test(macHex ?? '')) return undefined;
  const parsed = { salt: Buffer.from(saltHex, 'hex'), mac: Buffer.from(macHex, 'hex') };
  return parsed.salt.length === SALT_BYTES && parsed.mac.length === MAC_BYTES ? parsed : undefined;
}

/** Whether a stored value is in this form. */
export function isSaltedHmac(stored: string): boolean {
  return parse(stored) !== undefined;
}

/** Whether `stored` is `message` under `key`, compared in constant time; a value in another form never is. */
export function saltedHmacMatches(key: Buffer, message: string, stored: string): boolean {
  const parsed = parse(stored);
  return parsed !== undefined && timingSafeEqual(mac(key, parsed.salt, message), parsed.mac);
}
