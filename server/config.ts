// Business constants the server reads from schemas/config (the same files the app reads).
import { loadConfig } from '../contract/loader.ts';

export interface AppConfig {
  version: string;
  apiPrefix: string;
}

export interface LanguagesConfig {
  default: string;
  languages: { code: string; prefix: string; name: string }[];
}

export const SITE_NAME = 'CoinApp';

/** Sliding-window limits: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** POST /base/login, per IP */
  login: Limit;
  /** POST /base/captcha, per IP */
  captcha: Limit;
  /** POST /base/emailCode and /base/phoneCode, per target (email or phone) */
  codePerTarget: Limit;
  /** POST /base/emailCode and /base/phoneCode, per IP */
  codePerIp: Limit;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, windowMs: MINUTE },
  captcha: { max: 120, windowMs: MINUTE },
  codePerTarget: { max: 1, windowMs: MINUTE },
  codePerIp: { max: 30, windowMs: MINUTE },
};

export const CAPTCHA_TTL_MS = 5 * MINUTE;
export const CAPTCHA_LENGTH = 4;
export const CODE_TTL_MS = 10 * MINUTE;
/** Wrong guesses after which a verification code is dead */
export const CODE_MAX_ATTEMPTS = 5;
export const TOKEN_TTL_MS = 7 * 24 * 60 * MINUTE;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export function appConfig(): AppConfig {
  return loadConfig<AppConfig>('app');
}

export function languagesConfig(): LanguagesConfig {
  return loadConfig<LanguagesConfig>('languages');
}

/** Limits of the market websocket (schemas/config/feed.json; server/feed/hub.ts documents each). */
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
  const { messagesPerSecond, messageBurst, maxExcessMessages, maxSubscriptions, maxConnectionsPerIp, klineCacheEntries, sliceMessages, sliceMs } = loadConfig<FeedLimits>('feed');
  return { messagesPerSecond, messageBurst, maxExcessMessages, maxSubscriptions, maxConnectionsPerIp, klineCacheEntries, sliceMessages, sliceMs };
}
