// The audit row of a CLI write: the command, its words, the first line it printed, and the row it
// names as it was before and after (a customer, a review item, a product, an operator, a balance).
// Families whose domain functions audit their own writes (coin, loan) are not audited here.
import type { Db } from '../core/db/index.ts';
import type { Database } from '../core/db/types.ts';
import { cliActor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { findUser } from '../platform/sessions/users.ts';

type Table = keyof Database;
/** The row a command names: by its id, or (a balance) by owner and coin, or (an operator) by name. */
type Target = { table: Table; id: number } | { table: 'balances'; userId: number; coin: string } | { table: 'operators'; name: string };

/** The review kinds' tables, by the CLI's kind names. */
const REVIEW_TABLES: Record<string, Table> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  bank: 'bank_withdrawals',
  wire: 'wire_transfers',
  loan: 'loan_orders',
  kyc: 'user_cards',
  mining: 'mining_orders',
};
const PRODUCT_TABLES: Record<string, Table> = { ieo: 'ieo_projects', financing: 'financing_products', mining: 'mining_machines', kyc: 'user_cards' };

const idOf = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) ? Number(text) : undefined);

async function targetOf(db: Db, command: string, args: string[], namesCustomer: boolean): Promise<Target | undefined> {
  if (namesCustomer) {
    const user = args[0] ? await findUser(db, args[0]) : undefined;
    if (!user) return undefined;
    return command === 'credit' ? { table: 'balances', userId: Number(user.id), coin: (args[1] ?? '').toUpperCase() } : { table: 'users', id: Number(user.id) };
  }
  const kindTable = (command === 'approve' || command === 'reject' ? REVIEW_TABLES : command === 'act' ? REVIEW_TABLES : PRODUCT_TABLES)[args[0] ?? ''];
  if (command === 'operator' && args[1]) return { table: 'operators', name: args[1] };
  const id = idOf(command === 'act' ? args[2] : args[1]);
  return kindTable && id !== undefined ? { table: kindTable, id } : undefined;
}

async function rowOf(db: Db, target: Target | undefined): Promise<unknown> {
  if (!target) return undefined;
  // the table is one of the names above, never text from the command line
  const query = db.selectFrom(target.table as 'users').selectAll();
  if ('userId' in target)
    return (await db.selectFrom('balances').selectAll().where('user_id', '=', target.userId).where('coin', '=', target.coin).executeTakeFirst()) ?? null;
  if ('name' in target) return (await db.selectFrom('operators').selectAll().where('name', '=', target.name).executeTakeFirst()) ?? null;
  return (await query.where('id', '=', target.id).executeTakeFirst()) ?? null;
}

export interface CliAudit {
  /** Reads the named row before the command runs */
  before(): Promise<void>;
  /** Appends the audit row with the row as it is now */
  append(action: string, targetId: string, args: string[], out: string): Promise<void>;
}

/** `namesCustomer`: the command's first word is a customer (its audit kind in the CLI's command table is `customer`). */
export async function cliAudit(db: Db, command: string, args: string[], namesCustomer: boolean): Promise<CliAudit> {
  const target = await targetOf(db, command, args, namesCustomer);
  let before: unknown;
  return {
    before: async () => void (before = await rowOf(db, target)),
    append: async (action, targetId, words, out) => {
      const after = await rowOf(db, target);
      const targetKind = target?.table ?? 'cli';
      await appendAudit(
        db,
        { ...cliActor(), action: `cli.${action}`, targetKind, targetId, before, after: { args: words, result: out.split('\n')[0], row: after } },
        Date.now(),
      );
    },
  };
}
