// Email addresses: the HTML standard's (WHATWG) "valid e-mail address", defined once in
// schemas/entities/email-address.json. Every payload's email field $refs that file; the
// login username (an email or a mobile number) embeds the same pattern, checked by a test.
import emailAddress from '../schemas/entities/email-address.json';

export const EMAIL_PATTERN: string = emailAddress.pattern;
export const EMAIL_MAX_LENGTH: number = emailAddress.maxLength;

const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

/** A mobile number as a login name: national digits, or +country code and digits. */
export const PHONE_USERNAME = '\\+?[0-9]{4,17}';

/** The login username's pattern (schemas/screens/login.json): a mobile number or a valid email. */
export function loginUsernamePattern(): string {
  return `^(?:${PHONE_USERNAME}|${EMAIL_PATTERN.slice(1, -1)})$`;
}
