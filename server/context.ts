// What route modules get: the database, the clock, messages, validation and rate limits.
import type { RateLimits } from './config.ts';
import type { Db } from './db/index.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Validator } from './http/validation.ts';
import type { I18n } from './i18n.ts';
import type { MarketData } from './market/types.ts';
import type { SessionConfig } from './sessions.ts';

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
}
