// `ops loan …`: the loan products customers can apply for (server/funds/loans/loan-products.ts). The
// words are read here; the changes and their checks are the loan catalogue's
// (server/funds/loans/loan-admin.ts), run with their audit rows by the back office's productAdmin,
// which the CLI hands in as for the console. A change applies to new applications only: an order keeps the
// terms it was made under.
import type { AdminLoanProduct } from '../../../contract/generated/types.ts';
import type { AuditActor } from '../../platform/audit/audit.ts';
import { keyValues, table } from '../../platform/ops/format.ts';
import type { ProductAdmin } from '../../core/product-catalogue.ts';
import { DRAFT_KEYS } from './loan-admin.ts';
import { ratePercent } from './loan-products.ts';
import { NAME_LANGUAGES } from '../../core/config.ts';
import { refusal } from '../../core/errors.ts';

export const LOAN_HELP = `  loan list           every loan product: range, interest-free days, daily rate, term, open/closed
  loan create name=<name> coin=<COIN> min=<amount> max=<amount> freeDays=<n> dailyRate=<ratio> termDays=<n>
                      a new product (open); dailyRate is a ratio per day: 0.0005 = 0.05 % a day
  loan update <id> key=value …
                      change a product (keys as for create); orders keep the terms they were made under
  loan open|close <id>
                      offer a product, or stop offering it (existing loans are not affected)
  loan name <id> <lang> <name…>
                      the product's name in one language (lang: de, es, fr, it, jp, kr, pt, ru, tr,
                      vn, zh, tw; "-" removes it); without one a language shows the English name`;

function productId(idText: string | undefined): number {
  if (!idText || !/^\d{1,10}$/.test(idText)) throw refusal('refusals.product.idFormat', { family: 'loan', input: idText ?? '' });
  return Number(idText);
}

function describe(p: AdminLoanProduct): string {
  return `${p.id} "${p.name}": ${p.min}–${p.max} ${p.coin}, ${p.freeDays} days free, ${ratePercent(p.dailyRate)} % a day, due ${p.termDays} days after approval, ${p.open ? 'open' : 'closed'}`;
}

/** The loan catalogue as the back office runs it: each write audited with the product before and after. */
export type LoanProductAdmin = ProductAdmin<AdminLoanProduct, AuditActor>;

export async function listLoanProducts(admin: LoanProductAdmin, now: number): Promise<Record<string, string | number>[]> {
  return (await admin.list(now)).list.map((p) => ({
    id: p.id,
    name: p.name,
    coin: p.coin,
    min: p.min,
    max: p.max,
    freeDays: p.freeDays,
    dailyRate: `${p.dailyRate} (${ratePercent(p.dailyRate)} %)`,
    termDays: p.termDays,
    state: p.open ? 'open' : 'closed',
  }));
}

async function createCommand(admin: LoanProductAdmin, actor: AuditActor, args: string[], now: number): Promise<string> {
  const given = keyValues(args, DRAFT_KEYS);
  const missing = DRAFT_KEYS.filter((k) => given[k] === undefined);
  if (missing.length) throw refusal('refusals.product.keysMissing', { keys: missing.join(', '), help: LOAN_HELP });
  return `Created loan product ${describe(await admin.create(actor, given, now))}.`;
}

async function updateCommand(admin: LoanProductAdmin, actor: AuditActor, [idText, ...changes]: string[], now: number): Promise<string> {
  const id = productId(idText);
  const given = keyValues(changes, DRAFT_KEYS);
  if (Object.keys(given).length === 0) throw refusal('refusals.product.nothingToChange', { command: `loan update ${id}`, keys: DRAFT_KEYS.join(', ') });
  const p = await admin.update(actor, { id, ...given }, now);
  return `Changed loan product ${describe(p)}.\nNew applications get these terms; existing orders keep theirs.`;
}

async function openCloseCommand(admin: LoanProductAdmin, actor: AuditActor, sub: 'open' | 'close', rest: string[], now: number): Promise<string> {
  if (rest.length !== 1) throw refusal('refusals.usage', { usage: `loan ${sub} <id>` });
  const id = productId(rest[0]);
  const open = sub === 'open';
  if ((await admin.row(id, now)).open === open) return `Loan product ${id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
  const product = await admin.setOpen(actor, { id, status: open ? 'open' : 'closed' }, now);
  return open
    ? `Loan product ${product.id} is open: customers can apply for it.`
    : `Loan product ${product.id} is closed: no new applications; existing loans are not affected.`;
}

async function nameCommand(admin: LoanProductAdmin, actor: AuditActor, [idText, lang, ...words]: string[], now: number): Promise<string> {
  const id = productId(idText);
  if (!lang || !NAME_LANGUAGES.includes(lang))
    throw refusal('refusals.product.nameLanguage', { languages: NAME_LANGUAGES.join(', '), command: 'loan update' });
  const text = words.join(' ').trim();
  if (!text) throw refusal('refusals.product.nameUsage', { usage: 'loan name <id> <lang> <name…>', lang });
  await admin.setName(actor, { id, lang, localName: text }, now);
  return text === '-' ? `Loan product ${id} shows its English name in ${lang}.` : `Loan product ${id} is "${text}" in ${lang}.`;
}

/** Runs `loan <sub> …`; returns what it shows or what changed. */
export async function loanCommand(admin: LoanProductAdmin, actor: AuditActor, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listLoanProducts(admin, now), '(no loan products)');
    case 'create':
      return createCommand(admin, actor, rest, now);
    case 'update':
      return updateCommand(admin, actor, rest, now);
    case 'open':
    case 'close':
      return openCloseCommand(admin, actor, sub, rest, now);
    case 'name':
      return nameCommand(admin, actor, rest, now);
    default:
      throw refusal('refusals.unknownCommand', { family: 'loan', input: sub, help: LOAN_HELP });
  }
}
