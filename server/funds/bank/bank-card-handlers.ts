// Bank cards of the logged-in user (fiat withdrawals go to one of them). The IBAN is kept in
// its electronic form (capital letters, no spaces) and must pass the ISO 13616 check
// (contract/iban.ts, the same check the form runs). Another user's card is answered exactly
// like a missing one.
import type { BankCard } from '../../../contract/generated/types.ts';
import { ibanLength, ibanProblem, normalizeIban } from '../../../contract/iban.ts';
import { accountRules, checkBankAccount } from '../../../contract/bank-account.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { BankCardRow } from '../../core/db/types.ts';
import { notFound, validationError } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { isoTime, pageOfRows } from '../../platform/http/records.ts';
import { BANK_COUNTRIES, bankCountryCode } from './bank-country.ts';

export function toBankCard(row: BankCardRow): BankCard {
  return {
    ID: Number(row.id),
    bankname: row.bankname,
    accountname: row.accountname,
    bankcard: row.bankcard,
    ibna: row.iban,
    payeeaddress: row.payeeaddress,
    country: row.country,
    swift: row.swift,
    routing: row.routing,
    CreatedAt: isoTime(row.created_at),
  };
}

/** The IBAN in electronic form, or code 7 on `field` saying what is wrong with it (its length for the country, or its check digits). */
export function checkedIban(text: string, field = 'ibna'): string {
  const iban = normalizeIban(text);
  const problem = ibanProblem(iban);
  if (problem === 'length') throw validationError(field, 'bank.ibanLength', { country: iban.slice(0, 2), length: ibanLength(iban.slice(0, 2)) ?? '' });
  if (problem === 'checksum') throw validationError(field, 'bank.ibanChecksum');
  if (problem === 'shape') throw validationError(field, 'bank.ibnaInvalid');
  return iban;
}

/**
 * A customer's card is kept once: the same IBAN, or (without one) the same account number with the same
 * routing code and BIC in the same country, is refused at the field that names it.
 */
async function refuseDuplicate(
  db: AppContext['db'],
  userId: number,
  country: string,
  card: { bankcard: string; ibna: string; routing: string; swift: string },
) {
  const mine = db.selectFrom('bank_cards').select('id').where('user_id', '=', userId);
  const same = card.ibna
    ? await mine.where('iban', '=', card.ibna).executeTakeFirst()
    : await mine
        .where('iban', '=', '')
        .where('country', '=', country)
        .where('bankcard', '=', card.bankcard)
        .where('routing', '=', card.routing)
        .where('swift', '=', card.swift)
        .executeTakeFirst();
  if (same) throw validationError(card.ibna ? 'ibna' : 'bankcard', card.ibna ? 'bank.duplicateIban' : 'bank.duplicateAccount');
}

export function bankHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const ownCards = (userId: number, input: { page?: number; pageSize?: number }) =>
    pageOfRows(db.selectFrom('bank_cards').where('user_id', '=', userId), input, toBankCard);
  return {
    createBankCard: async (input, { user }) => {
      const country = bankCountryCode(input.country);
      // the country's rules (contract/bank-account.ts), the same the form shows and requires its fields by
      const checked = checkBankAccount({ ...input, country });
      if ('problem' in checked) throw validationError(checked.problem.field, checked.problem.key, checked.problem.params);
      const { bankcard, ibna, routing, swift } = checked.ok;
      await refuseDuplicate(db, user.id, country, checked.ok);
      const row = await db
        .insertInto('bank_cards')
        .values({
          user_id: user.id,
          bankname: input.bankname.trim(),
          accountname: input.accountname.trim(),
          bankcard,
          iban: ibna,
          routing,
          swift,
          payeeaddress: input.payeeaddress.trim(),
          country,
          created_at: ctx.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBankCard(row);
    },
    getBankAccountRules: async () => ({ list: BANK_COUNTRIES.map(accountRules) }),
    getBankCards: async (input, { user }) => ownCards(user.id, input),
    // the same list read as one page by the bank withdrawal form's card picker
    deleteBankCard: async (input, { user }) => {
      // withdrawals keep their own copy of the card, so deleting it changes no record
      const result = await db.deleteFrom('bank_cards').where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      return null;
    },
  };
}
