// Small secrets kept in the database sealed (AES-256-GCM under a key derived from the server
// secret): a database dump alone does not give a customer's authenticator secret away.
// The box is "v1." and base64url of a 12-byte nonce, the 16-byte tag and the ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1.';

export function sealSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed text; throws when the box was sealed under another key or was altered. */
export function openSecret(key: Buffer, box: string): string {
  if (!box.startsWith(VERSION)) throw new Error('not a sealed secret');
  const bytes = Buffer.from(box.slice(VERSION.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
