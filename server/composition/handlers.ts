// The handler registry: every endpoint of the schema files, by its name. Start-up fails
// when an endpoint has no handler here or a handler names no endpoint (server/platform/http/endpoints.ts).
import type { AppContext } from '../platform/http/context.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { passwordResetHandlers, registrationHandlers, signInHandlers, verificationCodeHandlers } from '../account/handlers/account.ts';
import { addressHandlers } from '../funds/handlers/address.ts';
import { articleHandlers } from '../content/handlers/article.ts';
import { assetHandlers } from '../trading/handlers/assets.ts';
import { loansOwed } from '../funds/loan-owed.ts';
import { bankHandlers } from '../funds/handlers/bank.ts';
import { bankWireHandlers } from '../funds/handlers/bank-wire.ts';
import { coinHandlers } from '../funds/handlers/coins.ts';
import { depositHandlers } from '../funds/handlers/deposits.ts';
import { exchangeLoanHandlers } from '../funds/handlers/exchange-loans.ts';
import { financingHandlers } from '../earn/handlers/financing.ts';
import { financingCurveHandlers } from '../earn/handlers/financing-curve.ts';
import { fundsStatusHandlers } from '../funds/handlers/funds-status.ts';
import { futuresHandlers } from '../trading/handlers/futures.ts';
import { ieoHandlers } from '../earn/handlers/ieo.ts';
import { inviteHandlers } from '../account/handlers/invite.ts';
import { noticeHandlers } from '../content/handlers/notices.ts';
import { siteHandlers } from '../content/handlers/site.ts';
import { kycHandlers } from '../account/handlers/kyc.ts';
import { marketHandlers } from '../trading/handlers/market.ts';
import { miningHandlers } from '../earn/handlers/mining.ts';
import { moneyLogHandlers } from '../funds/handlers/records-money.ts';
import { passwordLinkHandlers } from '../account/handlers/password-links.ts';
import { passkeyHandlers } from '../account/handlers/passkeys.ts';
import { sessionHandlers } from '../account/handlers/sessions.ts';
import { securityHandlers } from '../account/handlers/security.ts';
import { spotHandlers } from '../trading/handlers/spot.ts';
import { userHandlers } from '../account/handlers/user.ts';
import { withdrawalHandlers } from '../funds/handlers/withdrawals.ts';
import { auditHandlers } from '../backoffice/handlers/audit.ts';
import { operatorSessionHandlers } from '../backoffice/handlers/session.ts';
import { reviewDecisionHandlers } from '../backoffice/handlers/reviews.ts';
import { REVIEW_KINDS } from './reviews.ts';
import { adjustmentHandlers } from '../backoffice/handlers/adjustments.ts';
import { userAdminHandlers } from '../backoffice/handlers/users.ts';
import { customer360Handlers } from '../backoffice/handlers/customer-360.ts';
import { manualAdjustments } from '../funds/admin-deposit.ts';
import { supportChatHandlers } from '../support/handlers/chat.ts';
import { supportInboxHandlers } from '../support/handlers/inbox.ts';
import { contentHandlers } from '../backoffice/handlers/content.ts';
import { contentAdmin } from '../content/content-admin.ts';
import { adminCoinHandlers } from '../funds/handlers/admin-products.ts';
import { loanCatalogue } from '../funds/loan-admin.ts';
import { dashboardHandlers } from '../backoffice/handlers/dashboard.ts';
import { productAdminHandlers } from '../backoffice/handlers/products.ts';
import { financingCatalogue } from '../earn/financing-catalogue.ts';
import { ieoCatalogue } from '../earn/ieo-catalogue.ts';
import { miningCatalogue } from '../earn/mining-catalogue.ts';
import { adminReviewActionHandlers } from '../funds/handlers/admin-review-actions.ts';

const MODULES = [
  verificationCodeHandlers,
  registrationHandlers,
  signInHandlers,
  passwordResetHandlers,
  userHandlers,
  sessionHandlers,
  passkeyHandlers,
  securityHandlers,
  bankHandlers,
  addressHandlers,
  articleHandlers,
  marketHandlers,
  spotHandlers,
  futuresHandlers,
  assetHandlers(loansOwed),
  moneyLogHandlers,
  coinHandlers,
  fundsStatusHandlers,
  depositHandlers,
  withdrawalHandlers,
  bankWireHandlers,
  exchangeLoanHandlers,
  financingHandlers,
  financingCurveHandlers,
  inviteHandlers,
  siteHandlers,
  noticeHandlers,
  kycHandlers,
  passwordLinkHandlers,
  ieoHandlers,
  miningHandlers,
  operatorSessionHandlers,
  reviewDecisionHandlers(REVIEW_KINDS),
  auditHandlers,
  adjustmentHandlers(manualAdjustments),
  userAdminHandlers,
  customer360Handlers,
  supportChatHandlers,
  supportInboxHandlers,
  contentHandlers(contentAdmin),
  adminCoinHandlers,
  dashboardHandlers(REVIEW_KINDS),
  productAdminHandlers({ ieo: ieoCatalogue, financing: financingCatalogue, mining: miningCatalogue, loan: loanCatalogue }),
  adminReviewActionHandlers,
];

export function handlers(ctx: AppContext): HandlerTable {
  const table: Record<string, unknown> = {};
  for (const module of MODULES) {
    for (const [name, entry] of Object.entries(module(ctx))) {
      if (name in table) throw new Error(`two handler modules define "${name}"`);
      table[name] = entry;
    }
  }
  return table as HandlerTable;
}
