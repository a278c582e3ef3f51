// The API's result codes (spec §8): the one catalogue the server answers from, the client reads and
// the OpenAPI document lists. Every answer is the envelope {code, msg, data}; code 0 is success, 7 a
// refused input or another error (msg says which), and the 40xx codes are the business outcomes below,
// each with its translated message errors.<code> unless a more precise key is sent. Numbers appear
// only here and in result-codes-app.ts (the few the app's api layer reads on every answer, kept apart
// so that the app's first chunk does not carry this table): everything else names them
// (ResultCode.insufficientBalance).

import { ERROR, FIRST_BUSINESS, LAST_BUSINESS, TOKEN_EXPIRED, TOKEN_INVALID, VERIFICATION_REQUIRED } from './result-codes-app.ts';

export const ResultCode = {
  ok: 0,
  error: ERROR,
  wrongPassword: FIRST_BUSINESS,
  badEmail: 4003,
  badInvitation: 4004,
  badCaptcha: 4005,
  belowMinimum: 4006,
  barred: 4007,
  frozen: 4008,
  badCode: 4009,
  noUser: 4010,
  wrongLoginPassword: 4011,
  wrongOldPayPassword: 4012,
  amountRequired: 4013,
  priceRequired: 4014,
  noToken: 4015,
  tokenInvalid: TOKEN_INVALID,
  tokenExpired: TOKEN_EXPIRED,
  aboveMaximum: 4018,
  unsupportedCoin: 4019,
  insufficientBalance: 4020,
  exchangeFailed: 4021,
  noPayPassword: 4022,
  wrongPayPassword: 4023,
  rateLimited: 4024,
  verificationRequired: VERIFICATION_REQUIRED,
  marketClosed: LAST_BUSINESS,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

/** The business codes (40xx), in order; each one's message (and its meaning, in English) is errors.<code> in locales/. */
export const BUSINESS_CODES: readonly ResultCodeValue[] = Object.values(ResultCode).filter((c) => c !== ResultCode.ok && c !== ResultCode.error);

export { isBusinessCode, SESSION_ENDED } from './result-codes-app.ts';

/** The catalogue code a schema names with "x-code" (e.g. "badEmail"), or undefined for an unknown name. */
export function resultCodeNamed(name: unknown): ResultCodeValue | undefined {
  return typeof name === 'string' && Object.hasOwn(ResultCode, name) ? ResultCode[name as ResultCodeName] : undefined;
}

/**
 * The back office's own codes (/api/admin/*), apart from the customer catalogue: the customer app
 * never receives them. Each one's message is errors.<code> in locales/.
 */
export const OperatorCode = {
  /** Wrong name, password or authenticator code: one answer for all three */
  signInFailed: 4101,
  /** Five failed sign-ins in a row: locked for 15 minutes (data.until) */
  locked: 4102,
  /** No X-Admin-Token, an unknown one, or a session idle for 30 minutes */
  sessionEnded: 4103,
  /** The initial password must be changed before anything else */
  passwordChangeRequired: 4104,
  /** The endpoint is outside the operator's roles */
  notPermitted: 4105,
} as const;

export const OPERATOR_CODES: readonly number[] = Object.values(OperatorCode);
