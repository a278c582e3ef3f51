// A paid bank withdrawal's bank reference, recorded by finance once the transfer is sent: only for
// a completed withdrawal, once (the customer's record never changes under them), 4 to 36 letters,
// digits, spaces, '/', '.' or '-' (a SWIFT reference or a UETR). One audit row with the withdrawal
// before and after; no money moves.
import type { BankWithdrawal } from '../../../contract/generated/types.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { forUpdate } from '../../core/db/locks.ts';
import { ReviewStatus } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import { appendAudit, type AuditActor } from '../../platform/audit/audit.ts';
import { toBankWithdrawal } from './bank-withdrawals.ts';

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 /.-]{2,34}[A-Za-z0-9]$/;

export async function recordBankReference(db: Db, actor: AuditActor, id: number, text: string, now: number): Promise<BankWithdrawal> {
  const reference = text.trim();
  return transact(db, async (trx) => {
    // held until commit: two references at once take turns, the second finds the first
    const before = await forUpdate(trx, trx.selectFrom('bank_withdrawals').selectAll().where('id', '=', id)).executeTakeFirst();
    if (!before || Number(before.status) !== ReviewStatus.completed) throw validationError('id', 'admin.bankReference.notPaid', { id });
    if (before.bank_reference) throw validationError('reference', 'admin.bankReference.already', { id, input: before.bank_reference });
    if (!REFERENCE.test(reference)) throw validationError('reference', 'admin.bankReference.format');
    const after = await trx
      .updateTable('bank_withdrawals')
      .set({ bank_reference: reference })
      .where('id', '=', id)
      .where('bank_reference', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      { ...actor, action: 'bankWithdrawal.reference', targetKind: 'bank-withdrawal', targetId: id, before: toBankWithdrawal(before), after: toBankWithdrawal(after) },
      now,
    );
    return toBankWithdrawal(after);
  });
}
