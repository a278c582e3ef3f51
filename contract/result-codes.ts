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

/** What each code means, as the spec's catalogue words it (the OpenAPI document's description). */
export const MEANING: Record<ResultCodeName, string> = {
  ok: 'success',
  error: 'refused input or another error; msg says which, data.field names the field',
  wrongPassword: 'wrong username or password',
  badEmail: 'email format error',
  badInvitation: 'invitation code error',
  badCaptcha: 'image captcha error',
  belowMinimum: 'below the minimum amount',
  barred: 'user barred from login',
  frozen: 'account frozen',
  badCode: 'verification code error',
  noUser: 'user does not exist or wrong password',
  wrongLoginPassword: 'old login password does not match',
  wrongOldPayPassword: 'old withdrawal password does not match (not answered: changing the withdrawal password asks for the login password)',
  amountRequired: 'enter the amount',
  priceRequired: 'enter the limit price',
  noToken: 'not logged in',
  tokenInvalid: 'logged in elsewhere or token invalid (the app logs out)',
  tokenExpired: 'session expired (the app logs out)',
  aboveMaximum: 'above the largest amount',
  unsupportedCoin: 'currency not supported',
  insufficientBalance: 'insufficient balance',
  exchangeFailed: 'currency exchange failed',
  noPayPassword: 'withdrawal password not set',
  wrongPayPassword: 'wrong withdrawal password',
  rateLimited: 'too many requests; data.retryAfter says when to try again',
  verificationRequired: 'identity verification not completed (the app opens the verification page)',
  marketClosed: 'outside trading hours',
};

/** The business codes (40xx), in order. */
export const BUSINESS_CODES: readonly ResultCodeValue[] = /* @__PURE__ */ Object.values(ResultCode).filter((c) => c !== ResultCode.ok && c !== ResultCode.error);

export { isBusinessCode, NEEDS_VERIFICATION, REFUSED, SESSION_ENDED } from './result-codes-app.ts';

/** The catalogue code a schema names with "x-code" (e.g. "badEmail"), or undefined for an unknown name. */
export function resultCodeNamed(name: unknown): ResultCodeValue | undefined {
  return typeof name === 'string' && Object.hasOwn(ResultCode, name) ? ResultCode[name as ResultCodeName] : undefined;
}
