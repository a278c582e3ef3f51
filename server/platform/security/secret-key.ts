// The server secret: at least 32 random bytes kept outside the database, from which each use
// derives its own key (HKDF-SHA256, the purpose as info), so one purpose's key tells nothing
// about another's. It comes from SECRET_KEY (hex or base64), else from DATA_DIR/secret.key,
// created the first time a server of that data dir needs it (32 random bytes as hex, mode 0600)
// and read ever after. It is never printed. A database dump without it cannot test withdrawal passwords offline; losing it
// makes every withdrawal password stored under it fail (its owner sets a new one).
import { hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** What a derived key is for; each purpose gets a key of its own. */
export type SecretPurpose = 'withdrawal-pin' | 'verification-code' | 'totp-secret' | 'recovery-code' | 'audit-chain';

export const SECRET_FILE = 'secret.key';
const MIN_BYTES = 32;
const NEW_KEY_BYTES = 32;

export interface ServerSecret {
  /** 32 bytes for one purpose, the same for the same secret and purpose. */
  subkey(purpose: SecretPurpose): Buffer;
}

/** The bytes of a key written as hex or base64 (standard or URL-safe); undefined if it is neither or shorter than 32 bytes. */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  let bytes: Buffer | undefined;
  if (/^(?:[0-9a-f]{2})+$/i.test(t)) bytes = Buffer.from(t, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes && bytes.length >= MIN_BYTES ? bytes : undefined;
}

/** Creates the key file unless it exists; a start racing another on the same dir ends with the one file both read. */
function createKeyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  // written whole under a temporary name, then linked into place (fails if the file appeared meanwhile)
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(NEW_KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx', flush: true });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readKeyFile(file: string): Buffer | undefined {
  try {
    return parseSecretKey(readFileSync(file, 'utf8')) ?? failOn(`${file} does not hold a key of at least ${MIN_BYTES} bytes (hex or base64)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function failOn(problem: string): never {
  // a new key would silently invalidate every withdrawal password stored under the old one
  throw new Error(`${problem}: restore it from a backup, or remove it to start with a new key (withdrawal passwords must then be set again)`);
}

/** The secret's bytes, read (or the first time created) now: SECRET_KEY if set, else DATA_DIR/secret.key. */
export function loadSecretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SECRET_KEY) {
    return parseSecretKey(env.SECRET_KEY) ?? failOn(`SECRET_KEY is not a key of at least ${MIN_BYTES} bytes (hex or base64)`);
  }
  const file = join(resolve(dataDir), SECRET_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  createKeyFile(file);
  return readKeyFile(file)!;
}

function secretOf(key: Buffer): ServerSecret {
  // derived once per purpose: hkdfSync costs a quarter of a millisecond of the event loop, on every withdrawal otherwise
  const subkeys = new Map<SecretPurpose, Buffer>();
  return {
    subkey(purpose) {
      let subkey = subkeys.get(purpose);
      if (!subkey) subkeys.set(purpose, (subkey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32))));
      return Buffer.from(subkey);
    },
  };
}

const loaded = new Map<string, ServerSecret>();

/** The server secret of a data dir, loaded once per process (per SECRET_KEY value, else per data dir). */
export function serverSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): ServerSecret {
  const source = env.SECRET_KEY ? `env:${env.SECRET_KEY}` : `file:${resolve(dataDir)}`;
  let secret = loaded.get(source);
  if (!secret) {
    secret = secretOf(loadSecretKey(dataDir, env));
    loaded.set(source, secret);
  }
  return secret;
}
