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

/** The import query of a locale file's screen-text part (see vite.config.ts splitLocales). */
export const SCREEN_TEXT_QUERY = '?part=screens';
