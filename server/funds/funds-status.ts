// What blocks or slows withdrawals for the logged-in user (GET /withdraw/status).
import type { AppContext } from '../platform/http/context.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { hasTotp } from '../platform/security/user-totp.ts';
import { manualReviewNeeded, withdrawalBlock } from './rules.ts';

export function fundsStatusHandlers(ctx: AppContext): HandlerTable {
  return {
    getWithdrawStatus: async (_input, { user }) => {
      const now = ctx.now();
      return {
        block: withdrawalBlock(user, now),
        manualReview: manualReviewNeeded(user, now),
        whitelist: Number(user.address_whitelist) === 1,
        hasPayPassword: user.pay_password_hash !== null,
        totp: await hasTotp(ctx.db, user.id),
      };
    },
  };
}
