// Password hashing: scrypt at OWASP's current guidance (N = 2^17, r = 8, p = 1: about 128 MiB
// and a third of a second per hash on one core), a 16-byte random salt per hash, compared in
// constant time. Stored as "scrypt$N$r$p$<salt hex>$<hash hex>", so a hash made with older
// parameters still verifies, and needsRehash() tells the login to replace it.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { assertRequestStillWanted } from '../http/request-scope.ts';
import { FifoSemaphore } from './fifo-semaphore.ts';

/** What every stored password is hashed with. */
export const PRODUCTION_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * Under vitest (it sets VITEST) hashes cost N = 2^12: the server suites register hundreds of
 * accounts, minutes of CI at production cost. Format, salt, comparison and rehashing are the same
 * code; tests/server/account-checks.test.ts checks the production parameters and that a process
 * without VITEST uses them.
 */
export const SCRYPT: { N: number; r: number; p: number } = process.env.VITEST ? { ...PRODUCTION_SCRYPT, N: 2 ** 12 } : PRODUCTION_SCRYPT;
const KEY_LENGTH = 64;
/** Stored parameters above these are refused rather than run (a corrupt row must not eat the memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs 128·N·r bytes; Node refuses more than maxmem (32 MiB by default), so it is set from the parameters. */
function maxmemOf({ N, r }: { N: number; r: number }): number {
  return 128 * N * r + 16 * 1024 * 1024;
}

/**
 * How many scrypt hashes run at once (SCRYPT_CONCURRENCY). Each takes a core and 128 MiB for a
 * third of a second or more, on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE): a
 * burst of sign-ins must not take every core and every pool thread from the rest of the server.
 * By default a core and a pool thread stay free for the rest (at least one hash runs).
 */
export function scryptConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  if (env.SCRYPT_CONCURRENCY !== undefined) {
    const n = Number(env.SCRYPT_CONCURRENCY);
    if (!Number.isInteger(n) || n < 1) throw new Error(`SCRYPT_CONCURRENCY must be a positive integer (got "${env.SCRYPT_CONCURRENCY}")`);
    return n;
  }
  const poolThreads = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism() - 1, poolThreads - 1));
}

/** The hashes beyond the limit wait here and start in the order they came (tests may change the limit). */
export const scryptSlots = new FifoSemaphore(scryptConcurrency());

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { ...options, maxmem: maxmemOf(options) };
  return scryptSlots.run(
    () =>
      new Promise((resolve, reject) => {
        // a hash that waited past its request's deadline, or whose client left, would be work for nobody
        assertRequestStillWanted();
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, saltHex, keyHex] = stored.split('$');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return undefined;
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return undefined;
  if (!Number.isInteger(R) || R < 1 || R > MAX_R || !Number.isInteger(P) || P < 1 || P > MAX_P) return undefined;
  return { N, r: R, p: P, salt: Buffer.from(saltHex, 'hex'), key: Buffer.from(keyHex, 'hex') };
}

export async function hashPassword(password: string, params = SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('hex'), key.toString('hex')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  // an account without a password ('' until its set-password link is used) costs the same scrypt
  // as any other, so the time of a login does not tell that such an account exists
  if (!parsed) {
    await derive(password, randomBytes(16), SCRYPT);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with other parameters than today's (replace it at the next successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== SCRYPT.N || parsed.r !== SCRYPT.r || parsed.p !== SCRYPT.p || parsed.key.length !== KEY_LENGTH;
}

/**
 * What to verify against when the user does not exist, so both paths run one scrypt at today's
 * cost. A random salt and key in the stored format: no password matches it, and making it costs
 * nothing (the first unknown login after a start is not slower than the others).
 */
const dummy = ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, randomBytes(16).toString('hex'), randomBytes(KEY_LENGTH).toString('hex')].join('$');
export function dummyHash(): Promise<string> {
  return Promise.resolve(dummy);
}
