// Passkeys (WebAuthn, issue 25): a customer registers credentials of their devices and signs in
// with one alone, or uses one as the second step after the password. @simplewebauthn/server makes
// the options and checks attestations and assertions; here are the rules around it. Every ceremony
// has its own challenge (32 random bytes), issued once, stored with its purpose and user, good for
// 5 minutes and spent by the one answer that passes (a job deletes it after). The RP ID and origins come from
// WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, else from the request's own host and origin. A refusal
// writes nothing but, for an account the answer names, a failed line of its sign-in history.
import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Passkey, WebauthnOptions } from '../../../contract/generated/types.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import type { WebauthnConfig } from '../../core/config.ts';
import { type Db, isoTime } from '../../core/db/index.ts';
import type { PasskeyRow, UserRow, WebauthnPurpose } from '../../core/db/types.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isUniqueViolation } from '../../platform/sessions/users.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys one account may have */
export const MAX_PASSKEYS = 10;
export const RP_NAME = 'CoinApp';
/** ES256, EdDSA, RS256: what platform authenticators and security keys use */
const ALGORITHMS = [-7, -8, -257];

/** The relying party of one request: the configured one, else the host and origin the request came to. */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

export function relyingPartyOf(config: WebauthnConfig, req: FastifyRequest): RelyingParty {
  return { rpId: config.rpId ?? req.hostname, origins: config.origins.length ? config.origins : [`${req.protocol}://${req.host}`] };
}

const refused = (key: string, params?: Record<string, string | number>) => new ApiError(ResultCode.error, key, null, params);

// ---- the shape of the browser's answer: anything else is "not valid", before any check reads it ----

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBase64url = (v: unknown, max: number, optional = false) =>
  (v === undefined && optional) || (typeof v === 'string' && v.length <= max && BASE64URL.test(v));

function malformed(): ApiError {
  return validationError('response', 'passkey.malformed');
}

/** id and rawId the same base64url credential ID, type public-key, and a response object whose named parts are base64url within their sizes. */
function credentialShape(value: unknown, parts: Record<string, { max: number; optional?: boolean }>): Json & { id: string; response: Json } {
  if (!isObject(value) || !isBase64url(value.id, 512) || value.rawId !== value.id || value.type !== 'public-key' || !isObject(value.response))
    throw malformed();
  const inner = value.response;
  for (const [name, { max, optional }] of Object.entries(parts)) if (!isBase64url(inner[name], max, optional)) throw malformed();
  const transports = inner.transports;
  if (
    transports !== undefined &&
    !(Array.isArray(transports) && transports.length <= 8 && transports.every((t) => typeof t === 'string' && /^[a-z-]{1,32}$/.test(t)))
  )
    throw malformed();
  return value as Json & { id: string; response: Json };
}

function registrationShape(value: unknown): RegistrationResponseJSON {
  return credentialShape(value, { clientDataJSON: { max: 4096 }, attestationObject: { max: 16_384 } }) as unknown as RegistrationResponseJSON;
}

function assertionShape(value: unknown): AuthenticationResponseJSON {
  const parts = { clientDataJSON: { max: 4096 }, authenticatorData: { max: 4096 }, signature: { max: 2048 }, userHandle: { max: 512, optional: true } };
  return credentialShape(value, parts) as unknown as AuthenticationResponseJSON;
}

/** The part of clientDataJSON the rules read before the library checks the rest. */
interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

function clientDataOf(response: { response: { clientDataJSON: string } }, type: 'webauthn.create' | 'webauthn.get'): ClientData {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  const d = data as Partial<ClientData> | null;
  if (!d || d.type !== type || typeof d.challenge !== 'string' || typeof d.origin !== 'string' || d.challenge.length > 128) throw malformed();
  return d as ClientData;
}

function checkOrigin(data: ClientData, rp: RelyingParty): void {
  if (!rp.origins.includes(data.origin)) throw refused('passkey.wrongOrigin');
}

/** The library's refusal as the customer's message (its own text names values the caller sent, so it is not answered). */
function verificationRefusal(error: unknown): ApiError {
  const text = error instanceof Error ? error.message : '';
  if (/origin/i.test(text)) return refused('passkey.wrongOrigin');
  if (/RP ID/i.test(text)) return refused('passkey.wrongRp');
  if (/user verification|user could not be verified/i.test(text)) return refused('passkey.userVerification');
  return refused('passkey.verifyFailed');
}

const newChallenge = () => new Uint8Array(randomBytes(32));

async function storeChallenge(ctx: AppContext, challenge: string, purpose: WebauthnPurpose, userId: number | null): Promise<void> {
  const now = ctx.now();
  await ctx.limiter.hit('passkey-challenge-total', 'all', ctx.limits.passkeyChallengeTotal);
  await ctx.db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_TTL_MS, used_at: null })
    .execute();
}

/** Deletes the challenges no answer can use any more (spent or expired); returns how many. */
export async function deleteSpentChallenges(db: Db, now: number): Promise<number> {
  // two deletes, each through its index (one with an OR of the two scans the table)
  const expired = await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).executeTakeFirst();
  const used = await db.deleteFrom('webauthn_challenges').where('used_at', 'is not', null).executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(used.numDeletedRows);
}

/** The unused, unexpired challenge of this purpose and user that the answer signed, or "start again". */
async function issuedChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: WebauthnPurpose,
  userId: number | null,
): Promise<{ id: number; challenge: string }> {
  const row = await ctx.db
    .selectFrom('webauthn_challenges')
    .select(['id', 'challenge', 'user_id', 'expires_at', 'used_at'])
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= ctx.now() || row.user_id !== userId) throw refused('passkey.challengeInvalid');
  return { id: row.id, challenge: row.challenge };
}

/** Spends a challenge inside the transaction that writes what it allowed; of two answers racing with one challenge, one passes. */
async function spendChallenge(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db
    .updateTable('webauthn_challenges')
    .set({ used_at: ctx.now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw refused('passkey.challengeInvalid');
}

const transportsOf = (row: Pick<PasskeyRow, 'transports'>) => (row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined);

export function toPasskey(row: PasskeyRow): Passkey {
  return { ID: Number(row.id), name: row.name, createdAt: isoTime(row.created_at), lastUsedAt: row.last_used_at === null ? null : isoTime(row.last_used_at) };
}

export function userPasskeys(ctx: AppContext, userId: number): Promise<PasskeyRow[]> {
  return ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** The user handle the authenticator keeps: opaque, the same for every passkey of one account. */
function userHandleOf(user: UserRow): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(16);
  bytes.set(createHash('sha256').update(`coinapp-passkey-user:${user.id}:${user.created_at}`).digest().subarray(0, 16));
  return bytes;
}

// ---- registration ---------------------------------------------------------------------------

export async function registrationOptions(ctx: AppContext, user: UserRow, rp: RelyingParty): Promise<WebauthnOptions> {
  const existing = await userPasskeys(ctx, user.id);
  if (existing.length >= MAX_PASSKEYS) throw refused('passkey.tooMany', { max: MAX_PASSKEYS });
  const label = user.email ?? (user.phone ? `${user.country_code} ${user.phone}` : `#${user.id}`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: label,
    userDisplayName: label,
    userID: userHandleOf(user),
    challenge: newChallenge(),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(ctx, options.challenge, 'register', user.id);
  return options as unknown as WebauthnOptions;
}

/** The name as stored: trimmed (the request's text cleaning refused control and bidi characters), 1 to 64 characters. */
function passkeyName(name: string): string {
  const text = name.trim();
  if (text === '') throw validationError('name', 'passkey.nameRequired');
  if ([...text].length > 64) throw validationError('name', 'passkey.nameTooLong');
  return text;
}

export async function registerPasskey(ctx: AppContext, user: UserRow, rp: RelyingParty, name: string, answer: unknown): Promise<Passkey> {
  const label = passkeyName(name);
  const response = registrationShape(answer);
  const data = clientDataOf(response, 'webauthn.create');
  checkOrigin(data, rp);
  const challenge = await issuedChallenge(ctx, data.challenge, 'register', user.id);
  if ((await userPasskeys(ctx, user.id)).length >= MAX_PASSKEYS) throw refused('passkey.tooMany', { max: MAX_PASSKEYS });
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch((error: unknown) => {
    throw verificationRefusal(error);
  });
  if (!verified.verified) throw refused('passkey.verifyFailed');
  const { credential } = verified.registrationInfo;
  const taken = await ctx.db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
  if (taken) throw refused('passkey.alreadyRegistered');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const inTrx = { ...ctx, db: trx };
      await spendChallenge(inTrx, challenge.id);
      const row = await trx
        .insertInto('passkeys')
        .values({
          user_id: user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(',').slice(0, 128),
          name: label,
          created_at: ctx.now(),
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refused('passkey.alreadyRegistered');
    throw error;
  }
}

// ---- sign-in --------------------------------------------------------------------------------

/** Sign-in options: for the ticket's user their passkeys (none: refused); without a user, any discoverable passkey, verified on the device. */
export async function signInOptions(ctx: AppContext, user: UserRow | undefined, rp: RelyingParty): Promise<WebauthnOptions> {
  const allowed = user ? await userPasskeys(ctx, user.id) : [];
  if (user && allowed.length === 0) throw refused('passkey.noPasskeys');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: newChallenge(),
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    // alone it is the whole sign-in, so the device must verify its owner; after a password it is the second factor
    userVerification: user ? 'preferred' : 'required',
  });
  await storeChallenge(ctx, options.challenge, 'signin', user?.id ?? null);
  return options as unknown as WebauthnOptions;
}

/** What a failed assertion of a known account records (its sign-in history). */
export type RecordFailure = (userId: number) => Promise<void>;

/**
 * Checks an assertion: the challenge this server issued for sign-in (for `user`, the ticket's,
 * when it is the second step), the origin and RP ID, a stored credential (the user's own), its
 * signature and counter. Then spends the challenge and stores the counter in one transaction, with
 * `alsoInTransaction` (the ticket's spending). Answers the account it signs in.
 */
export async function verifySignIn(
  ctx: AppContext,
  rp: RelyingParty,
  answer: unknown,
  user: UserRow | undefined,
  recordFailure: RecordFailure,
  alsoInTransaction: (trxCtx: AppContext) => Promise<void>,
): Promise<number> {
  const response = assertionShape(answer);
  const data = clientDataOf(response, 'webauthn.get');
  checkOrigin(data, rp);
  const challenge = await issuedChallenge(ctx, data.challenge, 'signin', user?.id ?? null);
  const passkey = await ctx.db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!passkey) throw refused('passkey.unknown');
  if (user && passkey.user_id !== user.id) {
    await recordFailure(user.id);
    throw refused('passkey.notYours');
  }
  const rpIdHash = Buffer.from(response.response.authenticatorData, 'base64url').subarray(0, 32);
  if (!rpIdHash.equals(createHash('sha256').update(rp.rpId).digest())) throw refused('passkey.wrongRp');
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey),
    },
    requireUserVerification: !user,
  }).catch(async (error: unknown) => {
    await recordFailure(passkey.user_id);
    throw verificationRefusal(error);
  });
  if (!result.verified) {
    await recordFailure(passkey.user_id);
    throw refused('passkey.verifyFailed');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const inTrx = { ...ctx, db: trx };
    await spendChallenge(inTrx, challenge.id);
    const updated = await trx
      .updateTable('passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: ctx.now() })
      .where('id', '=', passkey.id)
      .where('counter', '=', passkey.counter)
      .executeTakeFirst();
    // another sign-in with this passkey moved its counter meanwhile: this answer is a replay
    if (Number(updated.numUpdatedRows) !== 1) throw refused('passkey.challengeInvalid');
    await alsoInTransaction(inTrx);
  });
  return passkey.user_id;
}
