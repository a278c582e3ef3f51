// A path inside this app that a page may be sent to after a step elsewhere (?back=, the page
// asked for before login): "/x/y" with an optional query, never a URL, a protocol-relative
// "//host" or a backslash path a browser could read as one. Whether it names a route is the
// caller's check (src/routes/routes.ts findRoute).
export function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 512 && /^\/[A-Za-z]/.test(value) && !/[\\\s]|\/\//.test(value);
}

/** The path part, without query or fragment. */
export const pathPart = (value: string): string => value.split(/[?#]/)[0];

/** Identity verification: where the verification gate (code 4025) and the forms that need it send the customer. */
export const REAL_NAME = '/user/realName';
