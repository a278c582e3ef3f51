// Locale groups only the schema screens (forms, lists, details and their widgets) and the
// hand-written screens that src/screens/index.ts opens `withScreenTexts` use. The build leaves
// them out of the locale chunk every page loads and puts them in a second chunk per language,
// loaded with the first such screen (src/app/SchemaView.tsx, src/screens/index.ts). Keeps home
// small. A group another hand-written screen or the shell uses must not be here
// (tests/unit/i18n/parts.test.ts).
export const SCREEN_TEXT_GROUPS = [
  'about',
  'address',
  'antiPhishing',
  'bank',
  'bankWithdraw',
  'captcha',
  'changePassword',
  'chart',
  'checks',
  'deposit',
  'devices',
  'earnings',
  'exchange',
  'field',
  'finance',
  'forgot',
  'futures',
  'funds',
  'idempotency',
  'ieo',
  'inform',
  'invite',
  'limits',
  'loan',
  'location',
  'login',
  'mining',
  'msb',
  'passkey',
  'payPassword',
  'preview',
  'realName',
  'records',
  'register',
  'security',
  'sendCode',
  'service',
  'setPassword',
  'upload',
  'user',
  'validation',
  'wire',
  'withdraw',
] as const;

/**
 * The screen-text groups the signed-out forms (sign-in, sign-up, password reset) draw with: a part of
 * their own, so that the login page does not fetch every screen's texts (tests/unit/i18n/parts.test.ts
 * checks that those screens name no other group's key).
 */
export const SIGN_IN_TEXT_GROUPS = [
  'captcha',
  'checks',
  'field',
  'forgot',
  'login',
  'passkey',
  'register',
  'sendCode',
  'validation',
  'limits',
  'idempotency',
] as const;

/** The schema screens drawn with the sign-in texts alone. */
export const SIGN_IN_SCREENS: readonly string[] = ['captcha', 'login', 'register-email', 'register-phone', 'forgot-password-email', 'forgot-password-phone'];

/** The import query of a locale file's sign-in part (see vite.config.ts splitLocales). */
export const SIGN_IN_TEXT_QUERY = '?part=signin';

/** The import query of a locale file's screen-text part, the screen-text groups but the sign-in ones (see vite.config.ts splitLocales). */
export const SCREEN_TEXT_QUERY = '?part=screens';
