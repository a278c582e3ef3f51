// A paid crypto withdrawal's transaction hash, recorded by finance once the coins are sent: only
// for a completed withdrawal, once (a second hash is refused, so the customer's record never
// changes under them), in the format of its network (schemas/config/networks.json `txPattern`).
// One audit row with the withdrawal before and after; no money moves.
import type { Withdrawal } from '../../../contract/generated/types.ts';
import { transact } from '../../core/db/index.ts';
import type { Db } from '../../core/db/index.ts';
import { forUpdate } from '../../core/db/locks.ts';
import { ReviewStatus } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import type { AuditActor } from '../../platform/audit/audit.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { txHashExample, txHashMatches } from '../coins/coins.ts';
import { toWithdrawal } from './withdrawals.ts';

export async function recordWithdrawalTxHash(db: Db, actor: AuditActor, id: number, text: string, now: number): Promise<Withdrawal> {
  const hash = text.trim();
  return transact(db, async (trx) => {
    // held until commit: two hashes at once take turns, the second finds the first
    const before = await forUpdate(trx, trx.selectFrom('withdrawals').selectAll().where('id', '=', id)).executeTakeFirst();
    if (!before || Number(before.status) !== ReviewStatus.completed) throw validationError('id', 'records.txHash.notPaid', { id });
    if (before.tx_hash) throw validationError('txHash', 'records.txHash.already', { id, input: before.tx_hash });
    if (!txHashMatches(before.network, hash))
      throw validationError('txHash', 'records.txHash.format', { network: before.network, example: txHashExample(before.network) || '—' });
    const after = await trx
      .updateTable('withdrawals')
      .set({ tx_hash: hash })
      .where('id', '=', id)
      .where('tx_hash', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      { ...actor, action: 'withdrawal.txHash', targetKind: 'withdrawal', targetId: id, before: toWithdrawal(before), after: toWithdrawal(after) },
      now,
    );
    return toWithdrawal(after);
  });
}
