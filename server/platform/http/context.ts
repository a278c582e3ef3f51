// What route modules get: the database, the clock, messages, validation and rate limits.
import type { RateLimits } from '../../core/config.ts';
import type { Db } from '../../core/db/index.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Validator } from './validation.ts';
import type { I18n } from '../i18n/i18n.ts';
import type { MarketData } from '../market/types.ts';
import type { SessionConfig } from '../sessions/sessions.ts';
import type { Bucket } from '../storage/bucket.ts';

export interface AppContext {
  db: Db;
  /** DATA_DIR: the database file and the uploads folder */
  dataDir: string;
  now: () => number;
  i18n: I18n;
  validator: Validator;
  limiter: RateLimiter;
  limits: RateLimits;
  version: string;
  market: MarketData;
  sessions: SessionConfig;
  /** The S3-compatible bucket of uploaded images (S3_URL); undefined: they live in the database */
  bucket: Bucket | undefined;
}
