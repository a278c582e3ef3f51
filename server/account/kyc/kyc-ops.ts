// `npm run ops -- kyc list [pending|verified|rejected|all] | approve <id> | reject <id> <reason…>`:
// identity verification records (server/account/kyc-review.ts; the same decisions as
// `ops approve kyc <id>` / `ops reject kyc <id> <reason>`).
import { approveCard, listCards, rejectCard } from './kyc-review.ts';
import type { Db } from '../../core/db/index.ts';
import { KycStatus } from '../../core/db/tables/kyc.ts';
import { reviewId } from '../../core/review-kind.ts';
import { table } from '../../platform/ops/format.ts';
import { refusal } from '../../core/errors.ts';

export const KYC_HELP = `  kyc list [pending|verified|rejected|all]
                      identity records (default: pending): id, user, document and name, status, since
  kyc approve <id>    verify the user (withdrawals, bank withdrawals and loans open)
  kyc reject <id> <reason…>
                      reject; the customer sees the reason and can submit again`;

const FILTERS: Record<string, number[]> = {
  pending: [KycStatus.pending],
  verified: [KycStatus.verified],
  rejected: [KycStatus.rejected],
  all: [KycStatus.pending, KycStatus.verified, KycStatus.rejected],
};

export async function kycCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, id, ...rest] = args;
  switch (sub ?? 'list') {
    case 'list': {
      const statuses = FILTERS[id ?? 'pending'];
      if (!statuses) throw refusal('refusals.usageNot', { usage: `kyc list [${Object.keys(FILTERS).join('|')}]`, input: id });
      const rows = await listCards(db, statuses);
      return table(rows.map((r) => ({ id: r.id, user: r.user, document: r.summary, status: r.status, since: r.created })));
    }
    case 'approve':
      if (rest.length) throw refusal('refusals.usage', { usage: 'kyc approve <id>' });
      return approveCard(db, reviewId(id), now);
    case 'reject': {
      const reason = rest.join(' ').trim();
      if (!reason) throw refusal('refusals.review.kycRejectUsage');
      return rejectCard(db, reviewId(id), reason, now);
    }
    default:
      throw refusal('refusals.unknownCommand', { family: 'kyc', input: sub, help: KYC_HELP });
  }
}
