// Bank cards follow the country (issue 24, item 9): where the country uses IBANs the card is its
// IBAN; elsewhere it is the account number plus the local routing code the country's banks use
// (ABA routing number in the US, IFSC in IN, BSB in AU, transit and institution
// number in CA), or, where there is none, the bank's BIC/SWIFT. Each is checked (the IBAN by
// contract/iban.ts, the ABA number by its checksum). The form (through GET
// /user_bank/accountRules, the source that shows and requires its fields) and the server
// (createUser_bank) apply these same rules.
import { IBAN_COUNTRIES, ibanLength, ibanProblem, normalizeIban } from './iban';

/** The local routing codes this app knows: its format (after spaces and hyphens are dropped) and its locale key's last part. */
export const ROUTING_KINDS = {
  aba: { pattern: /^[0-9]{9}$/, example: '021000021' },
  ifsc: { pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/, example: 'SBIN0005943' },
  bsb: { pattern: /^[0-9]{6}$/, example: '062-000' },
  transit: { pattern: /^[0-9]{8}$/, example: '00011-003' },
} as const;

export type RoutingKind = keyof typeof ROUTING_KINDS;

/** The countries whose accounts are named by account number + a local routing code. GB (sort codes) uses IBANs for payments from abroad, so its customers give the IBAN, which holds the sort code. */
const ROUTING_BY_COUNTRY: Readonly<Record<string, RoutingKind>> = { US: 'aba', IN: 'ifsc', AU: 'bsb', CA: 'transit' };

/** The SEPA countries (EU, EEA, CH, GB and the microstates): their cards are IBANs, and the form also asks for the bank's BIC, optional. */
export const SEPA_COUNTRIES: readonly string[] =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB MC SM VA AD'.split(' ');

/** What a country's bank card needs. */
export interface AccountRules {
  country: string;
  /** The IBAN (and nothing else) names the account */
  iban: boolean;
  /** Account number needed */
  account: boolean;
  /** The local routing code needed, and which one */
  routing: boolean;
  routingKind: RoutingKind | '';
  /** BIC/SWIFT needed (no IBAN and no local code); otherwise optional */
  swift: boolean;
  /** The form asks for the BIC/SWIFT: where it is needed, and (optional) in a SEPA country */
  bic: boolean;
}

export function accountRules(country: string): AccountRules {
  const iban = IBAN_COUNTRIES.includes(country);
  const kind = iban ? undefined : ROUTING_BY_COUNTRY[country];
  const swift = !iban && kind === undefined;
  return { country, iban, account: !iban, routing: kind !== undefined, routingKind: kind ?? '', swift, bic: swift || SEPA_COUNTRIES.includes(country) };
}

/** Whether nine digits are an ABA routing number: 3·d1 + 7·d2 + d3 + 3·d4 + … ≡ 0 (mod 10). */
export function isAbaNumber(digits: string): boolean {
  if (!ROUTING_KINDS.aba.pattern.test(digits)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * weights[i % 3];
  return sum % 10 === 0;
}

/** A routing code as typed, in its stored form: spaces and hyphens dropped, letters in capitals. */
export function normalizeRouting(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** The BIC/SWIFT shape (ISO 9362): bank (4 letters), country (2 letters), location (2), branch (3, optional). */
export const SWIFT_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export interface BankAccountInput {
  country: string;
  bankcard?: string;
  ibna?: string;
  routing?: string;
  swift?: string;
}

/** A field that is wrong: its name, the locale key and its parameters. */
export interface AccountProblem {
  field: 'bankcard' | 'ibna' | 'routing' | 'swift';
  key: string;
  params?: Record<string, string | number>;
}

/** The card's account fields in their stored form, or the first problem with them (the country's rules). */
export function checkBankAccount(input: BankAccountInput): { ok: Required<Omit<BankAccountInput, 'country'>> } | { problem: AccountProblem } {
  const rules = accountRules(input.country);
  const ibna = normalizeIban(input.ibna ?? '');
  const routing = normalizeRouting(input.routing ?? '');
  const swift = (input.swift ?? '').trim().toUpperCase();
  const bankcard = (input.bankcard ?? '').replace(/[\s-]+/g, '');
  const fail = (field: AccountProblem['field'], key: string, params?: AccountProblem['params']) => ({ problem: { field, key, params } });
  if (rules.iban) {
    if (!ibna) return fail('ibna', 'bank.ibnaRequired');
    const problem = ibanProblem(ibna);
    if (problem === 'shape') return fail('ibna', 'bank.ibnaInvalid');
    if (problem === 'length') return fail('ibna', 'bank.ibanLength', { country: ibna.slice(0, 2), length: ibanLength(ibna.slice(0, 2)) ?? '' });
    if (problem === 'checksum') return fail('ibna', 'bank.ibanChecksum');
    if (ibna.slice(0, 2) !== input.country) return fail('ibna', 'bank.ibanCountry', { country: input.country });
  } else if (ibna) return fail('ibna', 'bank.ibanNotUsed');
  // the account number is needed outside the IBAN countries, and kept where it is given in them
  if (rules.account && !bankcard) return fail('bankcard', 'bank.bankcardRequired');
  if (bankcard && !/^[0-9A-Z]{4,34}$/i.test(bankcard)) return fail('bankcard', 'bank.bankcardInvalid');
  if (rules.routing) {
    const kind = rules.routingKind as RoutingKind;
    const params = { example: ROUTING_KINDS[kind].example };
    if (!routing) return fail('routing', `bank.routingRequired.${kind}`);
    if (!ROUTING_KINDS[kind].pattern.test(routing) || (kind === 'aba' && !isAbaNumber(routing))) return fail('routing', `bank.routingInvalid.${kind}`, params);
  } else if (routing) return fail('routing', 'bank.routingNotUsed');
  if (rules.swift && !swift) return fail('swift', 'bank.swiftRequired');
  if (swift && !SWIFT_SHAPE.test(swift)) return fail('swift', 'bank.swiftInvalid');
  // an IBAN holds the account number: where none is given apart, the IBAN stands for it (the withdrawal form picks a card by it)
  return { ok: { bankcard: bankcard ? bankcard.toUpperCase() : ibna, ibna, routing, swift } };
}
