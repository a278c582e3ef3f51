// Locale groups only the schema screens (forms, lists, details and their widgets) use. The
// build leaves them out of the locale chunk every page loads and puts them in a second chunk
// per language, loaded with the first schema screen (src/app/SchemaView.tsx). Keeps home small.
// A group a hand-written screen or the shell uses must not be here (tests/unit/i18n/parts.test.ts).
export const SCREEN_TEXT_GROUPS = [
  'address',
  'bank',
  'bankWithdraw',
  'captcha',
  'changePassword',
  'deposit',
  'exchange',
  'field',
  'forgot',
  'funds',
  'idempotency',
  'limits',
  'loan',
  'login',
  'payPassword',
  'records',
  'register',
  'sendCode',
  'upload',
  'validation',
  'wire',
  'withdraw',
] as const;

/** The import query of a locale file's screen-text part (see vite.config.ts splitLocales). */
export const SCREEN_TEXT_QUERY = '?part=screens';
