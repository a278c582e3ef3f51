// Uploaded images (transfer proofs, identity photos, chat images): POST /user/uploadBase64 stores
// the decoded bytes under a random name with a row in `uploads`: in the database (`upload_blobs`,
// in the row's transaction) or, with S3_URL, in the bucket first and then the row
// (server/platform/storage/bucket.ts), so every instance serves every image; and
// GET /uploads/<name> (outside /api: it answers bytes, not the JSON envelope) serves them
// back to their owner only, with their stored content type and `nosniff`.
//
// An image is judged by its bytes: JPEG, PNG or WebP by their magic numbers, whatever the
// data-URL prefix or the file name claims; at most app.json maxUploadBytes decoded.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadConfig, loadScreens } from '../../../contract/loader.ts';
import { roleRefusal } from '../operators/role-refusal.ts';
import type { AppContext } from '../http/context.ts';
import { type Db, transact } from '../../core/db/index.ts';
import type { UploadRow, UserRow } from '../../core/db/types.ts';
import { authenticate } from '../http/auth.ts';
import { ApiError, serviceUnavailable, validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { UPLOAD_NAME_SOURCE, type UploadImageType } from '../../../contract/upload-images.ts';
import { ADMIN_TOKEN_HEADER, authenticateOperator } from '../operators/operator-sessions.ts';
import { rolesOf } from '../operators/operators.ts';
import type { Bucket } from '../storage/bucket.ts';

/** Largest decoded upload in bytes (spec §9: 10 MB). */
export const MAX_UPLOAD_BYTES: number = loadConfig<{ maxUploadBytes: number }>('app').maxUploadBytes;
/** The limit as customers read it: whole megabytes (10). */
export const MAX_UPLOAD_MB = Math.floor(MAX_UPLOAD_BYTES / (1024 * 1024));

/** Uploads one user may make per window; more answer 4024. */
export const UPLOAD_RATE = { max: 30, windowMs: 10 * 60_000 };

/** Where GET /uploads/<name> is served (no API prefix). */
export const UPLOAD_ROUTE_PREFIX = '/uploads/';

export type ImageKind = UploadImageType;

/** The image type the bytes are, by their magic numbers; undefined for anything else. */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', ext: 'png' };
  // RIFF <size> WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}

/** A stored upload's name: 32 hex digits and the extension of its type. */
const NAME = new RegExp(`^${UPLOAD_NAME_SOURCE}$`);

export function isUploadName(name: string): boolean {
  return NAME.test(name);
}

/** The URL an upload is served at, relative to the API root ("/uploads/<name>"). */
export function uploadUrl(name: string): string {
  return `${UPLOAD_ROUTE_PREFIX}${name}`;
}

/** The upload name in a URL this server returned ("/uploads/<name>", also with an origin in front); undefined otherwise. */
export function uploadNameOf(url: string): string | undefined {
  const m = /^(?:https?:\/\/[^/]+)?\/uploads\/([^/?#]+)$/.exec(url.trim());
  return m && isUploadName(m[1]) ? m[1] : undefined;
}

const DATA_URL = /^data:([^,;]*)(;[^,;=]+=[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes a base64 text (optionally a data URL) decodes to, without decoding it. */
function decodedLength(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

/**
 * The image a request carries: a data URL or bare base64. Empty: upload.required; not base64:
 * upload.invalid; more than MAX_UPLOAD_BYTES decoded: upload.tooLarge (states the limit); not
 * JPEG, PNG or WebP by its bytes: upload.notImage. All code 7 on base64Str.
 */
export function decodeImage(base64Str: string): { bytes: Buffer; kind: ImageKind } {
  const field = 'base64Str';
  const body = base64Str.replace(DATA_URL, '').replace(/\s+/g, '');
  if (body === '') throw validationError(field, 'upload.required');
  if (!BASE64.test(body) || body.length % 4 === 1) throw validationError(field, 'upload.invalid');
  if (decodedLength(body) > MAX_UPLOAD_BYTES) throw validationError(field, 'upload.tooLarge', { max: MAX_UPLOAD_MB });
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw validationError(field, 'upload.tooLarge', { max: MAX_UPLOAD_MB });
  const kind = imageKindOf(bytes);
  if (!kind) throw validationError(field, 'upload.notImage');
  return { bytes, kind };
}

export interface StoredUpload {
  url: string;
  name: string;
  mime: ImageKind['mime'];
  size: number;
}

/**
 * Checks the image and records it for `userId` under a random name. With a bucket the bytes go
 * there first and the row follows, so a row always has its bytes (a bucket that fails answers
 * 503 and writes no row; a row that fails leaves an object nobody can name); else bytes and row
 * in one transaction.
 */
export async function storeUpload(db: Db, bucket: Bucket | undefined, userId: number, base64Str: string, now: number): Promise<StoredUpload> {
  const { bytes, kind } = decodeImage(base64Str);
  // the unique name column refuses a repeat (a random 128-bit name does not repeat, but never is cheap)
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  const row = { user_id: userId, name, mime: kind.mime, size: bytes.length, created_at: now };
  if (bucket) {
    await bucket.put(name, bytes, kind.mime).catch((error: unknown) => {
      console.error(`Upload not stored: ${String(error)}`);
      throw serviceUnavailable();
    });
    await db
      .insertInto('uploads')
      .values({ ...row, store: 's3' })
      .execute();
  } else {
    await transact(db, async (trx) => {
      await trx.insertInto('uploads').values(row).execute();
      await trx.insertInto('upload_blobs').values({ name, bytes }).execute();
    });
  }
  return { url: uploadUrl(name), name, mime: kind.mime, size: bytes.length };
}

/**
 * A stored upload's bytes, from where its row says they are; undefined when there are none (a
 * file an older version lost before the upgrade). Throws when the bucket fails, or when the
 * image is in a bucket and this process has no S3_URL.
 */
export async function uploadBytes(db: Tx, bucket: Bucket | undefined, upload: Pick<UploadRow, 'name' | 'store'>): Promise<Buffer | undefined> {
  if (upload.store === 's3') {
    if (!bucket) throw new Error(`${upload.name} is in the S3 bucket, and S3_URL is not set here.`);
    return bucket.get(upload.name);
  }
  const row = await db.selectFrom('upload_blobs').select('bytes').where('name', '=', upload.name).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** An upload's bytes for GET /uploads/<name>: a store that fails answers 503 (and is logged). */
async function bytesToServe(ctx: AppContext, upload: UploadRow): Promise<Buffer | undefined> {
  try {
    return await uploadBytes(ctx.db, ctx.bucket, upload);
  } catch (error) {
    console.error(`Upload not served: ${String(error)}`);
    throw serviceUnavailable();
  }
}

/** The user's own upload by name; undefined for another user's or an unknown one. */
export async function ownUpload(db: Tx, userId: number, name: string): Promise<UploadRow | undefined> {
  if (!isUploadName(name)) return undefined;
  return db.selectFrom('uploads').selectAll().where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
}

/** Not found, as bytes routes answer it: HTTP 404 with the envelope (another user's upload reads the same). */
function missing(): ApiError {
  return new ApiError(ResultCode.error, 'errors.notFound', null, undefined, 404);
}

/** A session check as a bytes route answers it: a refusal is HTTP 401 (the envelope names the code). */
async function asUnauthorized<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.code, error.msgKey, error.data, error.params, 401);
    throw error;
  }
}

/** The owner from X-Token. */
const owner = (ctx: AppContext, req: FastifyRequest): Promise<UserRow> => asUnauthorized(authenticate(ctx, req));

/**
 * Who opens customers' images, by the roles the console's screens declare (the same declaration
 * the server's gate enforces): reviewers (the review detail's roles) any image beside a review; the
 * support desk (the support conversation's roles, admins among them) the images sent in a chat.
 */
let imageRoles: { reviewers: readonly string[]; support: readonly string[] } | undefined;

function rolesOfScreen(screens: ReturnType<typeof loadScreens>, id: string): readonly string[] {
  const roles = screens.find((s) => s.screen.id === id)?.screen.roles;
  if (!roles) throw new Error(`schemas/admin: no screen ${id} naming roles`);
  return roles;
}

function uploadRoles(): { reviewers: readonly string[]; support: readonly string[] } {
  if (!imageRoles) {
    const screens = loadScreens();
    imageRoles = { reviewers: rolesOfScreen(screens, 'admin-review-detail'), support: rolesOfScreen(screens, 'admin-support-conversation') };
  }
  return imageRoles;
}

/**
 * A customer's upload to a signed-in operator (X-Admin-Token): reviewers see any; the support desk
 * only the images customers sent in a support chat. 401 without a session, 403 without a role.
 */
async function reviewedUpload(ctx: AppContext, req: FastifyRequest, name: string): Promise<UploadRow | undefined> {
  const session = await asUnauthorized(authenticateOperator(ctx.db, req, ctx.now()));
  const roles: readonly string[] = rolesOf(session.operator);
  const { reviewers, support } = uploadRoles();
  const reviewer = roles.some((r) => reviewers.includes(r));
  if (!reviewer && !roles.some((r) => support.includes(r))) throw roleRefusal(ctx.i18n.translator(req.headers.lang), [...new Set([...reviewers, ...support])]);
  if (!isUploadName(name)) return undefined;
  if (!reviewer && !(await ctx.db.selectFrom('support_messages').select('id').where('image', '=', name).executeTakeFirst())) return undefined;
  return ctx.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

/**
 * GET /uploads/<name>: the image to its owner (X-Token, as the app sends on every call), with
 * the content type recorded at upload, `nosniff` (set on every response by server/platform/http/security.ts)
 * and no shared caching. Anyone else's upload, or an unknown name, is 404. With X-Admin-Token
 * instead, a reviewing operator's (reviewedUpload).
 */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = `${UPLOAD_ROUTE_PREFIX}:name`;
  app.get<{ Params: { name: string } }>(url, async (req, reply) => {
    const row =
      req.headers[ADMIN_TOKEN_HEADER] && !req.headers['x-token']
        ? await reviewedUpload(ctx, req, req.params.name)
        : await ownUpload(ctx.db, (await owner(ctx, req)).id, req.params.name);
    const bytes = row && (await bytesToServe(ctx, row));
    if (!bytes) throw missing();
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${row.name}"`)
      .header('cross-origin-resource-policy', 'same-site')
      .send(bytes);
  });
}
