// Business constants the server reads from schemas/config (the same files the app reads).
import { isIP } from 'node:net';
import { loadConfig } from '../../contract/loader.ts';

export interface AppConfig {
  version: string;
  apiPrefix: string;
}

export interface LanguagesConfig {
  default: string;
  languages: { code: string; prefix: string; name: string }[];
}

/** Sliding-window limits: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** POST /base/login, per IP (every attempt) */
  login: Limit;
  /** POST /base/login, failed attempts per account name (email or phone), known or not; a success clears them */
  loginPerAccount: Limit;
  /** POST /base/passkeyOptions and /base/loginPasskey, per IP (every attempt) */
  passkeySignIn: Limit;
  /** POST /base/captcha, per IP */
  captcha: Limit;
  /** POST /base/captcha from every address together: with the 5-minute expiry and the clean-up job, the captchas table stays bounded */
  captchaTotal: Limit;
  /** Passkey challenges (sign-in options and passkey setup) from everyone together, for the same reason */
  passkeyChallengeTotal: Limit;
  /** POST /base/emailCode and /base/phoneCode, per target (email or phone) */
  codePerTarget: Limit;
  /** POST /base/emailCode and /base/phoneCode, per IP */
  codePerIp: Limit;
  /** POST /base/registerUser, per IP */
  registerPerIp: Limit;
  /** POST /base/registerUser, per email address or phone number */
  registerPerTarget: Limit;
  /** POST /base/resetPwd and /base/resetPwdByPhone, per IP */
  resetPerIp: Limit;
  /** POST /base/resetPwd and /base/resetPwdByPhone, per email address or phone number */
  resetPerTarget: Limit;
  /** Codes one source address may ask for without a captcha; past it each code needs a solved one (server/platform/codes/code-budget.ts) */
  codeFreePerIp: Limit;
  /** SMS codes to one calling code (+86, +44…), from every source together */
  codeSmsPerCountry: Limit;
  /** SMS codes in total */
  codeSmsTotal: Limit;
  /** Email codes in total */
  codeEmailTotal: Limit;
  /** POST /admin/login, per IP (every attempt) */
  adminLogin: Limit;
  /** POST /admin/login, failed attempts per operator and source address (each reserved before the password is checked); past it that address is locked for that operator */
  adminLoginPerName: Limit;
  /** Every check of an authenticator or recovery code (second step, setup, withdrawals…), per IP */
  codeCheckPerIp: Limit;
  /** The same, per account: inside its sessions every check, at the sign-in's second step the authenticator codes from every ticket (recovery codes are not counted) */
  codeCheckPerAccount: Limit;
  /** POST /user/freeze and the freeze link, per IP */
  freezePerIp: Limit;
  /** Business limits (schemas/config/business-limits.json): spot and futures orders per account, per second */
  ordersPerSecond: Limit;
  /** The same, per 24 hours */
  ordersPerDay: Limit;
  /** Crypto withdrawal requests per account, per 24 hours */
  withdrawalsPerDay: Limit;
  /** What an account's crypto withdrawals of 24 hours may be worth together */
  withdrawalValuePerDay: ValueLimit;
  /** New withdrawal addresses per account, per 24 hours */
  newAddressesPerDay: Limit;
  /** Sign-in second steps per account and source address, per 24 hours */
  signInSecondSteps: Limit;
}

/** At most `maxUsdt` (a decimal string) of value per `windowMs`. */
export interface ValueLimit {
  maxUsdt: string;
  windowMs: number;
}

interface BusinessLimitsFile {
  ordersPerSecond: number;
  ordersPerDay: number;
  withdrawalsPerDay: number;
  withdrawalValuePerDayUsdt: string;
  newAddressesPerDay: number;
  signInSecondStepsPerDay: number;
}

const SECOND = 1000;
const DAY = 24 * 3_600_000;

/** The business limits of schemas/config/business-limits.json, as the limiter takes them. */
export function businessLimits(): Pick<
  RateLimits,
  'ordersPerSecond' | 'ordersPerDay' | 'withdrawalsPerDay' | 'withdrawalValuePerDay' | 'newAddressesPerDay' | 'signInSecondSteps'
> {
  const file = loadConfig<BusinessLimitsFile>('business-limits');
  return {
    ordersPerSecond: { max: file.ordersPerSecond, windowMs: SECOND },
    ordersPerDay: { max: file.ordersPerDay, windowMs: DAY },
    withdrawalsPerDay: { max: file.withdrawalsPerDay, windowMs: DAY },
    withdrawalValuePerDay: { maxUsdt: file.withdrawalValuePerDayUsdt, windowMs: DAY },
    newAddressesPerDay: { max: file.newAddressesPerDay, windowMs: DAY },
    signInSecondSteps: { max: file.signInSecondStepsPerDay, windowMs: DAY },
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, windowMs: MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  passkeySignIn: { max: 30, windowMs: MINUTE },
  captcha: { max: 120, windowMs: MINUTE },
  captchaTotal: { max: 3000, windowMs: MINUTE },
  passkeyChallengeTotal: { max: 1000, windowMs: MINUTE },
  codePerTarget: { max: 1, windowMs: MINUTE },
  codePerIp: { max: 30, windowMs: MINUTE },
  registerPerIp: { max: 30, windowMs: HOUR },
  registerPerTarget: { max: 10, windowMs: HOUR },
  resetPerIp: { max: 30, windowMs: HOUR },
  resetPerTarget: { max: 10, windowMs: HOUR },
  // A customer asks for one or two codes per sign-up or reset, so three an hour from one address
  // never meet the captcha. The totals are sized for thousands of sign-ups a day and cap what an
  // attack can cost in an hour; one calling code may use a third of the SMS budget, so pumping
  // towards one country's premium numbers leaves codes to the rest of the world.
  codeFreePerIp: { max: 3, windowMs: HOUR },
  codeSmsPerCountry: { max: 100, windowMs: HOUR },
  codeSmsTotal: { max: 300, windowMs: HOUR },
  codeEmailTotal: { max: 1000, windowMs: HOUR },
  adminLogin: { max: 10, windowMs: MINUTE },
  adminLoginPerName: { max: 5, windowMs: 15 * MINUTE },
  codeCheckPerIp: { max: 30, windowMs: MINUTE },
  codeCheckPerAccount: { max: 30, windowMs: 15 * MINUTE },
  freezePerIp: { max: 10, windowMs: MINUTE },
  ...businessLimits(),
};

export const CAPTCHA_TTL_MS = 5 * MINUTE;
export const CAPTCHA_LENGTH = 4;
export const CODE_TTL_MS = 10 * MINUTE;
/** Wrong guesses after which a verification code is dead */
export const CODE_MAX_ATTEMPTS = 5;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export function appConfig(): AppConfig {
  return loadConfig<AppConfig>('app');
}

export function languagesConfig(): LanguagesConfig {
  return loadConfig<LanguagesConfig>('languages');
}

/**
 * The languages something the operator names has a text of its own in, besides English (the
 * name itself): a product's names, an article's translations. One list for every domain.
 */
export const NAME_LANGUAGES: readonly string[] = languagesConfig()
  .languages.map((l) => l.prefix)
  .filter((l) => l !== 'en');

/** Limits of the market websocket (schemas/config/feed.json, which documents each; FeedOptions in server/platform/feed/options.ts adds the heartbeat and buffer limits). */
export interface FeedLimits {
  messagesPerSecond: number;
  messageBurst: number;
  maxExcessMessages: number;
  maxSubscriptions: number;
  maxConnectionsPerIp: number;
  klineCacheEntries: number;
  sliceMessages: number;
  sliceMs: number;
}

export function feedConfig(): FeedLimits {
  const { messagesPerSecond, messageBurst, maxExcessMessages, maxSubscriptions, maxConnectionsPerIp, klineCacheEntries, sliceMessages, sliceMs } =
    loadConfig<FeedLimits>('feed');
  return { messagesPerSecond, messageBurst, maxExcessMessages, maxSubscriptions, maxConnectionsPerIp, klineCacheEntries, sliceMessages, sliceMs };
}

/** Where the server's prices come from (MARKET_SOURCE, MARKET_UPSTREAM_URL, MARKET_STALE_MS). */
export interface MarketSourceConfig {
  source: 'simulator' | 'upstream';
  /** The upstream HTX-protocol feed (ws:// or wss://), required for 'upstream' */
  upstreamUrl?: string;
  /** Silence after which upstream prices are stale (default: server/platform/market/upstream.ts DEFAULT_STALE_MS) */
  staleMs?: number;
}

export function marketSourceConfig(env: NodeJS.ProcessEnv = process.env): MarketSourceConfig {
  const source = env.MARKET_SOURCE?.trim() || 'simulator';
  if (source !== 'simulator' && source !== 'upstream') throw new Error(`MARKET_SOURCE must be simulator or upstream, not ${source}`);
  const upstreamUrl = env.MARKET_UPSTREAM_URL?.trim() || undefined;
  const staleText = env.MARKET_STALE_MS?.trim();
  const staleMs = staleText ? Number(staleText) : undefined;
  if (staleMs !== undefined && !(Number.isSafeInteger(staleMs) && staleMs > 0))
    throw new Error(`MARKET_STALE_MS must be a positive whole number of milliseconds, not ${staleText}`);
  return { source, upstreamUrl, staleMs };
}

/** Response headers and CORS (CSP_CONNECT_SRC, CORS_ORIGINS, HSTS; VITE_API_ROOT and VITE_FEED_URL when set). */
export interface SecurityConfig {
  /** Origins the app may connect to besides its own (the API root and feed of a build that points elsewhere) */
  connectSrc: string[];
  /** Origins that get Access-Control-Allow-Origin (the native wrapper's); none by default */
  corsOrigins: string[];
  /** Send Strict-Transport-Security on plain HTTP too (behind a TLS-terminating proxy); always sent over TLS */
  hsts: boolean;
  /** CSP sources ('sha256-…') of the built index.html's inline scripts: its boot script (src/app/boot.ts), nothing else inline runs */
  scriptHashes?: string[];
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For and X-Forwarded-Proto are believed; none by default */
  trustedProxies: string[];
}

/** The origin of a URL; `anyScheme` for CORS, where a native wrapper's origin may be capacitor://localhost. */
function originOf(value: string, name: string, anyScheme = false): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must hold absolute URLs or origins (https://host), not ${value}`);
  }
  if (!anyScheme && !/^(https?|wss?):$/.test(url.protocol)) throw new Error(`${name}: ${value} is not http(s) or ws(s)`);
  return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
}

const list = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);

export function securityConfig(env: NodeJS.ProcessEnv = process.env): SecurityConfig {
  const connectSrc = [
    ...list(env.CSP_CONNECT_SRC).map((v) => originOf(v, 'CSP_CONNECT_SRC')),
    ...[env.VITE_API_ROOT, env.VITE_FEED_URL].filter((v): v is string => !!v?.trim()).map((v) => originOf(v.trim(), 'VITE_API_ROOT/VITE_FEED_URL')),
  ];
  const corsOrigins = list(env.CORS_ORIGINS).map((v) => originOf(v, 'CORS_ORIGINS', true));
  const hsts = /^(1|true|yes|on)$/i.test(env.HSTS?.trim() ?? '');
  const trustedProxies = list(env.TRUSTED_PROXIES).map(checkCidr);
  return { connectSrc: [...new Set(connectSrc)], corsOrigins: [...new Set(corsOrigins)], hsts, trustedProxies };
}

/** An IPv4 or IPv6 address, optionally with a /prefix; start-up stops on anything else. */
function checkCidr(value: string): string {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
  if (!family || !prefixOk || rest.length > 0) throw new Error(`TRUSTED_PROXIES must hold IP addresses or CIDRs (10.0.0.0/8, ::1), not ${value}`);
  return value;
}

/** The WebAuthn relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS): passkeys are bound to the RP ID, their answers to the origins. */
export interface WebauthnConfig {
  /** A domain name; unset: the host each request came to */
  rpId?: string;
  /** The origins (https://app.example.com) a passkey answer may come from; empty: the request's own origin */
  origins: string[];
}

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS; start-up stops on an RP ID that is no domain, an origin that is not http(s), or an origin outside the RP ID. */
export function webauthnConfig(env: NodeJS.ProcessEnv = process.env): WebauthnConfig {
  const rpId = env.WEBAUTHN_RP_ID?.trim().toLowerCase() || undefined;
  if (rpId !== undefined && !DOMAIN.test(rpId)) throw new Error(`WEBAUTHN_RP_ID must be a domain name (example.com), not ${rpId}`);
  const origins = [...new Set(list(env.WEBAUTHN_ORIGINS).map((v) => originOf(v, 'WEBAUTHN_ORIGINS')))];
  for (const origin of origins) {
    const url = new URL(origin);
    if (!/^https?:$/.test(url.protocol)) throw new Error(`WEBAUTHN_ORIGINS: ${origin} is not http(s)`);
    if (rpId !== undefined && url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`))
      throw new Error(`WEBAUTHN_ORIGINS: ${origin} is not on ${rpId} (WEBAUTHN_RP_ID)`);
  }
  return { rpId, origins };
}
