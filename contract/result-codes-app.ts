// The result codes the app's api layer reads on every answer (src/api/baseQuery.ts), apart from the
// catalogue (contract/result-codes.ts, which builds its table from these) so that the app's first
// chunk does not carry the whole table: home's JS budget is 146 KB.

/** A refused input or another error (msg says which). */
export const ERROR = 7;
export const FIRST_BUSINESS = 4002;
export const TOKEN_INVALID = 4016;
export const TOKEN_EXPIRED = 4017;
/** The code after which the app opens identity verification. */
export const VERIFICATION_REQUIRED = 4025;
export const LAST_BUSINESS = 4026;

/** Codes after which the app drops its session. */
export const SESSION_ENDED: readonly number[] = [TOKEN_INVALID, TOKEN_EXPIRED];

/** One of the catalogue's 40xx codes (errors.<code> is its message). */
export function isBusinessCode(code: number): boolean {
  return Number.isInteger(code) && code >= FIRST_BUSINESS && code <= LAST_BUSINESS;
}
