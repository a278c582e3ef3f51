// The demo install's conveniences: one person, as the host, crediting money or deciding a review in
// one step, and reading what only a customer should see (captcha answers, the codes in the outbox).
// A production install refuses each of them, saying what to do instead; nothing is changed.
import type { InstallMode } from '../composition/install-mode.ts';

/** `act` steps that only read (a deposit's transfer proof): they stay in a production install. */
const READ_ONLY_ACTIONS = new Set(['deposit proof']);

const NAMED = 'as a named operator (--as NAME: its password and authenticator code are asked, or read from OPS_PASSWORD and OPS_TOTP)';

/** What to do instead of each convenience, by command (undefined: these words are not one). */
const INSTEAD: Record<string, (command: string, rest: string[]) => string | undefined> = {
  credit: () =>
    `A manual credit takes two finance operators: npm run ops -- credit <user> <coin> <amount> <reason…> --as NAME, then adjustment approve <id> --as OTHER; or the back office (/admin/, Money).`,
  approve: (command, rest) => decideInstead(command, rest),
  reject: (command, rest) => decideInstead(command, rest),
  kyc: (_command, rest) =>
    rest[0] === 'approve' || rest[0] === 'reject'
      ? `Decide it ${NAMED}: npm run ops -- kyc ${rest[0]} ${rest[1] ?? '<id>'} … --as NAME, or in the back office (/admin/, Reviews).`
      : undefined,
  act: (_command, rest) =>
    READ_ONLY_ACTIONS.has(`${rest[0]} ${rest[1]}`)
      ? undefined
      : `Run it ${NAMED}: npm run ops -- act ${rest.slice(0, 2).join(' ') || '<kind> <action>'} <id> … --as NAME, or in the back office (/admin/).`,
  captcha: () => `Only the customer sees a captcha. Operators work in the back office (/admin/); money and reviews ${NAMED}.`,
  outbox: () => `Only the customer sees the codes and links sent to them. Operators work in the back office (/admin/); money and reviews ${NAMED}.`,
};

/** The CLI commands a production install refuses without --as (each is a command of the CLI's table: tests/scripts/check-registries.test.ts). */
export const CONVENIENCE_COMMANDS: readonly string[] = Object.keys(INSTEAD);

function decideInstead(command: string, rest: string[]): string {
  return `Decide it ${NAMED}: npm run ops -- ${command} ${rest[0] ?? '<kind>'} ${rest[1] ?? '<id>'} … --as NAME, or in the back office (/admin/, Reviews); a large payout then takes a second operator.`;
}

/** The refusal of a convenience in a production install, or undefined when the command may run. */
export function conveniencesRefusal(mode: InstallMode, command: string, rest: string[]): string | undefined {
  if (mode !== 'production') return undefined;
  const what = Object.hasOwn(INSTEAD, command) ? INSTEAD[command](command, rest) : undefined;
  return what && `"${[command, ...rest.slice(0, 2)].join(' ')}" without --as is a demo install's convenience; this is a production install (NODE_ENV=production). ${what} Nothing changed.`;
}
