// Login passwords: Argon2id, OWASP's first choice (m = 19 MiB, t = 2, p = 1: about 45 ms on one core
// here, where scrypt at N = 2^17 took 470–650 ms and made sign-in p99 under load miss 1 s). Stored as
// the PHC string the argon2 package writes ("$argon2id$v=19$m=…,p=…,t=…$<salt>$<hash>"), so a hash
// made with other parameters still verifies and needsRehash() tells the login to replace it. Hashes
// from before, "scrypt$N$r$p$<salt hex>$<hash hex>", still verify and are replaced the same way.
// Passwords are NFKC-normalised before hashing, as they always were.
import argon2 from 'argon2';
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { assertRequestStillWanted } from '../../core/request-scope.ts';
import { FifoSemaphore } from './fifo-semaphore.ts';

export interface HashCost {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** What every stored password is hashed with. */
export const PRODUCTION_HASH_COST: HashCost = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
/**
 * Under vitest (it sets VITEST) hashes cost 1 MiB and one pass: the server suites register hundreds
 * of accounts. Format, salt, comparison and rehashing are the same code; tests/server/account-checks.test.ts
 * checks the production cost and that a process without VITEST uses it.
 */
export const HASH_COST: HashCost = process.env.VITEST ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : PRODUCTION_HASH_COST;
/** Stored costs above these are refused rather than run (a corrupt row must not eat the memory or the time). */
const MAX_COST: HashCost = { memoryCost: 256 * 1024, timeCost: 16, parallelism: 16 };

/**
 * How many password hashes run at once (PASSWORD_HASH_CONCURRENCY). Each takes a core for tens of
 * milliseconds on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE): a burst of sign-ins must
 * not take every core and every pool thread from the rest of the server. By default a core and a pool
 * thread stay free for the rest (at least one hash runs).
 */
export function hashConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  if (env.PASSWORD_HASH_CONCURRENCY !== undefined) {
    const n = Number(env.PASSWORD_HASH_CONCURRENCY);
    if (!Number.isInteger(n) || n < 1) throw new Error(`PASSWORD_HASH_CONCURRENCY must be a positive integer (got "${env.PASSWORD_HASH_CONCURRENCY}")`);
    return n;
  }
  const poolThreads = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism() - 1, poolThreads - 1));
}

/** The hashes beyond the limit wait here and start in the order they came (tests may change the limit). */
export const hashSlots = new FifoSemaphore(hashConcurrency());

function inSlot<T>(work: () => Promise<T>): Promise<T> {
  return hashSlots.run(() => {
    // a hash that waited past its request's deadline, or whose client left, would be work for nobody
    assertRequestStillWanted();
    return work();
  });
}

const ARGON2ID_PREFIX = '$argon2id$v=19$';

/** The cost written in a stored Argon2id string, or undefined when it is not one or asks for more than MAX_COST. */
function argon2Cost(stored: string): HashCost | undefined {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return undefined;
  const fields = stored.slice(ARGON2ID_PREFIX.length).split('$');
  if (fields.length !== 3 || !fields[1] || !fields[2]) return undefined;
  const params = new Map(fields[0].split(',').map((kv) => kv.split('=') as [string, string]));
  const cost = { memoryCost: Number(params.get('m')), timeCost: Number(params.get('t')), parallelism: Number(params.get('p')) };
  const valid = (Object.keys(cost) as (keyof HashCost)[]).every((k) => Number.isInteger(cost[k]) && cost[k] >= 1 && cost[k] <= MAX_COST[k]);
  return valid ? cost : undefined;
}

interface LegacyScrypt {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function legacyScrypt(stored: string): LegacyScrypt | undefined {
  const [scheme, n, r, p, saltHex, keyHex] = stored.split('$');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return undefined;
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return undefined;
  if (!Number.isInteger(R) || R < 1 || R > 32 || !Number.isInteger(P) || P < 1 || P > 16) return undefined;
  return { N, r: R, p: P, salt: Buffer.from(saltHex, 'hex'), key: Buffer.from(keyHex, 'hex') };
}

function verifyScrypt(password: string, h: LegacyScrypt): Promise<boolean> {
  // scrypt needs 128·N·r bytes; Node refuses more than maxmem (32 MiB by default)
  const opts: ScryptOptions = { N: h.N, r: h.r, p: h.p, maxmem: 128 * h.N * h.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password, h.salt, h.key.length, opts, (err, key) => (err ? reject(err) : resolve(key.length === h.key.length && timingSafeEqual(key, h.key)))),
  );
}

export function hashPassword(password: string, cost: HashCost = HASH_COST): Promise<string> {
  return inSlot(() => argon2.hash(password.normalize('NFKC'), { type: argon2.argon2id, ...cost }));
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize('NFKC');
  return inSlot(async () => {
    if (argon2Cost(stored)) return argon2.verify(stored, normalized);
    const legacy = legacyScrypt(stored);
    if (legacy) return verifyScrypt(normalized, legacy);
    // an account without a password ('' until its set-password link is used) costs the same hash
    // as any other, so the time of a login does not tell that such an account exists
    await argon2.verify(dummy, normalized);
    return false;
  });
}

/** True when a stored hash is not Argon2id at today's cost (replace it at the next successful login). */
export function needsRehash(stored: string): boolean {
  const cost = argon2Cost(stored);
  return !cost || cost.memoryCost !== HASH_COST.memoryCost || cost.timeCost !== HASH_COST.timeCost || cost.parallelism !== HASH_COST.parallelism;
}

/**
 * What to verify against when the user does not exist, so both paths run one hash at today's cost.
 * A random salt and hash in the stored format: no password matches it, and making it costs nothing
 * (the first unknown login after a start is not slower than the others).
 */
const b64 = (bytes: number) => randomBytes(bytes).toString('base64').replace(/=+$/, '');
const dummy = `${ARGON2ID_PREFIX}m=${HASH_COST.memoryCost},p=${HASH_COST.parallelism},t=${HASH_COST.timeCost}$${b64(16)}$${b64(32)}`;
export function dummyHash(): Promise<string> {
  return Promise.resolve(dummy);
}
