// An S3-compatible bucket for uploaded images, when S3_URL is set (AWS S3, MinIO, Ceph, R2…):
// every instance reads and writes the same bucket, and the database keeps only the rows. Without
// S3_URL images live in the database (`upload_blobs`), which is what the tests use by default.
//
//   S3_URL=https://<access key>:<secret key>@<host>[:port]/<bucket>[/<prefix>][?region=<region>]
//
// Path-style addressing (the bucket is the URL's first path segment), which every
// S3-compatible store accepts. Access and secret keys containing `/` or `+` are written
// percent-encoded (%2F, %2B).
// Without credentials in the URL, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are used; without
// `region`, AWS_REGION, else us-east-1. Requests are signed with Signature Version 4 (aws4fetch).
import { AwsClient } from 'aws4fetch';

/** How long one request to the bucket may take before the upload or the image answers 503. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface StoredObject {
  /** The object's key after the URL's prefix */
  name: string;
  size: number;
  /** When it was stored, ms since the epoch */
  storedAt: number;
}

export interface Bucket {
  /** Stores `bytes` under `name`; throws when the store refuses or does not answer. */
  put(name: string, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes stored under `name`; undefined when there are none; throws when the store fails. */
  get(name: string): Promise<Buffer | undefined>;
  /** Every object under the URL's prefix, read a listing page (of up to `pageSize`, at most 1,000) at a time; throws when the store fails. */
  list(pageSize?: number): AsyncGenerator<StoredObject>;
  /** Removes the object `name` (S3 answers a missing one as removed too); throws when the store fails. */
  remove(name: string): Promise<void>;
  /** Throws, with what is wrong, unless the bucket takes a write with its keys. */
  check(): Promise<void>;
}

interface BucketAddress {
  /** scheme://host[:port]/bucket[/prefix] without a trailing slash */
  base: string;
  /** scheme://host[:port]/bucket */
  bucket: string;
  /** The keys' common start: the URL's path after the bucket with a slash, or '' */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const FORMAT = 'S3_URL must look like https://<access key>:<secret key>@<host>[:port]/<bucket>[/<prefix>][?region=<region>]';

/** S3_URL, parsed; throws with the expected format when it is not one. */
export function parseBucketUrl(text: string, env: NodeJS.ProcessEnv = process.env): BucketAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${FORMAT} (it is not a URL).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${FORMAT} (the scheme is ${url.protocol}).`);
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  if (path === '') throw new Error(`${FORMAT} (it names no bucket).`);
  const accessKeyId = url.username ? decodeURIComponent(url.username) : (env.AWS_ACCESS_KEY_ID ?? '');
  const secretAccessKey = url.password ? decodeURIComponent(url.password) : (env.AWS_SECRET_ACCESS_KEY ?? '');
  if (!accessKeyId || !secretAccessKey) throw new Error(`${FORMAT} (it has no keys, and AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set).`);
  const region = url.searchParams.get('region') || env.AWS_REGION || 'us-east-1';
  const [bucket, ...prefix] = path.split('/');
  const origin = `${url.protocol}//${url.host}`;
  return {
    base: `${origin}/${path}`,
    bucket: `${origin}/${bucket}`,
    prefix: prefix.length ? `${prefix.join('/')}/` : '',
    accessKeyId,
    secretAccessKey,
    region,
  };
}

/** The store's answer: its status and the Code of its XML error, if any (the body read either way). */
async function answerOf(res: Response): Promise<{ status: number; code?: string; bytes: Buffer }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const code = res.ok ? undefined : /<Code>([^<]*)<\/Code>/.exec(bytes.toString('utf8'))?.[1];
  return { status: res.status, code, bytes };
}

/** A request that went wrong: what it was, the HTTP status and the store's error code. */
function failure(what: string, answer: { status: number; code?: string }): Error {
  return new Error(`${what}: HTTP ${answer.status}${answer.code ? ` ${answer.code}` : ''}`);
}

/**
 * The bucket answered and has no such object (not: no such bucket, or a 404 from something else).
 * To a key not allowed to list the bucket S3 answers 403 instead, which reads as a failure: rows
 * name only objects that were stored.
 */
const noSuchKey = (answer: { status: number; code?: string }) => answer.status === 404 && answer.code === 'NoSuchKey';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => XML_ENTITIES[entity]);
const xmlField = (xml: string, tag: string) => {
  const text = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return text === undefined ? undefined : xmlText(text);
};

/** The objects of one ListObjectsV2 answer (keys with the prefix taken off), and the token of the next page. */
export function listingPage(xml: string, prefix: string): { objects: StoredObject[]; next?: string } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, entry]) => ({
    name: (xmlField(entry, 'Key') ?? '').slice(prefix.length),
    size: Number(xmlField(entry, 'Size')),
    storedAt: Date.parse(xmlField(entry, 'LastModified') ?? ''),
  }));
  return { objects, next: xmlField(xml, 'IsTruncated') === 'true' ? xmlField(xml, 'NextContinuationToken') : undefined };
}

/** The bucket S3_URL names. */
export function openBucket(text: string, env: NodeJS.ProcessEnv = process.env): Bucket {
  const { base, bucket, prefix, accessKeyId, secretAccessKey, region } = parseBucketUrl(text, env);
  // no retries: a customer waits for the answer; the app retries on its own terms
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: 's3', retries: 0 });
  const send = async (url: string, init: RequestInit) => {
    try {
      return await answerOf(await client.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }));
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(`The bucket of S3_URL (${base}) does not answer: ${cause}`, { cause: error });
    }
  };
  const request = (name: string, init: RequestInit) => send(`${base}/${encodeURIComponent(name)}`, init);
  return {
    async put(name, bytes, mime) {
      // a Buffer decoded from base64 is backed by an ArrayBuffer, never a SharedArrayBuffer
      const answer = await request(name, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': mime } });
      if (answer.status !== 200) throw failure(`storing ${name} in ${base}`, answer);
    },
    async get(name) {
      const answer = await request(name, { method: 'GET' });
      if (noSuchKey(answer)) return undefined;
      if (answer.status !== 200) throw failure(`reading ${name} from ${base}`, answer);
      return answer.bytes;
    },
    async *list(pageSize = 1000) {
      let next: string | undefined;
      do {
        const page = { 'list-type': '2', prefix, 'max-keys': String(pageSize) };
        const query = new URLSearchParams(next === undefined ? page : { ...page, 'continuation-token': next });
        const answer = await send(`${bucket}?${query}`, { method: 'GET' });
        if (answer.status !== 200) throw failure(`listing ${base}`, answer);
        const listed = listingPage(answer.bytes.toString('utf8'), prefix);
        yield* listed.objects;
        next = listed.next;
      } while (next !== undefined);
    },
    async remove(name) {
      const answer = await request(name, { method: 'DELETE' });
      if (answer.status !== 204 && answer.status !== 200) throw failure(`removing ${name} from ${base}`, answer);
    },
    async check() {
      // written, not read: a key that allows only reading and writing objects (no listing) answers
      // a read of a missing object with 403, and writing is what an upload needs. Upload names are
      // 32 hex digits, so this one is never an image.
      const answer = await request('.coinapp-check', { method: 'PUT', body: 'ok', headers: { 'content-type': 'text/plain' } });
      if (answer.status !== 200) throw new Error(`${failure(`The bucket of S3_URL (${base})`, answer).message}; check the bucket's name and the keys.`);
    },
  };
}

/** The bucket S3_URL names, or undefined without S3_URL. */
export function bucketFromEnv(env: NodeJS.ProcessEnv = process.env): Bucket | undefined {
  return env.S3_URL ? openBucket(env.S3_URL, env) : undefined;
}
