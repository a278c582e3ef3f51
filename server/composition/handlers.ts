// The handler registry: every endpoint of the schema files, by its name. Start-up fails
// when an endpoint has no handler here or a handler names no endpoint (server/platform/http/endpoints.ts).
import type { AppContext } from '../platform/http/context.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { passwordResetHandlers, registrationHandlers, signInHandlers, verificationCodeHandlers } from '../account/sign-in/sign-in-handlers.ts';
import { addressHandlers } from '../funds/withdrawals/address-handlers.ts';
import { articleHandlers } from '../content/handlers/article.ts';
import { assetHandlers } from '../trading/handlers/assets.ts';
import { loansOwed } from '../funds/loans/loan-owed.ts';
import { bankHandlers } from '../funds/bank/bank-card-handlers.ts';
import { bankWithdrawalHandlers } from '../funds/bank/bank-withdrawal-handlers.ts';
import { wireHandlers } from '../funds/bank/wire-handlers.ts';
import { wireInstructionHandlers } from '../funds/bank/wire-instruction-handlers.ts';
import { withdrawalTxHashHandlers } from '../funds/withdrawals/withdrawal-tx-hash-handlers.ts';
import { bankReferenceHandlers } from '../funds/bank/bank-reference-handlers.ts';
import { coinHandlers } from '../funds/coins/coin-handlers.ts';
import { depositHandlers } from '../funds/deposits/deposit-handlers.ts';
import { exchangeHandlers } from '../funds/exchange/exchange-handlers.ts';
import { loanHandlers } from '../funds/loans/loan-handlers.ts';
import { financingHandlers } from '../earn/financing/financing-handlers.ts';
import { financingCurveHandlers } from '../earn/financing/financing-curve-handlers.ts';
import { fundsStatusHandlers } from '../funds/funds-status.ts';
import { futuresHandlers } from '../trading/handlers/futures.ts';
import { ieoHandlers } from '../earn/ieo/ieo-handlers.ts';
import { inviteHandlers } from '../account/profile/invite-handlers.ts';
import { noticeHandlers } from '../content/handlers/notices.ts';
import { siteHandlers } from '../content/handlers/site.ts';
import { kycHandlers } from '../account/kyc/kyc-handlers.ts';
import { marketHandlers } from '../trading/handlers/market.ts';
import { miningHandlers } from '../earn/mining/mining-handlers.ts';
import { moneyLogHandlers } from '../funds/records-money.ts';
import { passwordLinkHandlers } from '../account/password-links/password-link-handlers.ts';
import { passkeyHandlers } from '../account/passkeys/passkey-handlers.ts';
import { sessionHandlers } from '../account/security/session-handlers.ts';
import { securityHandlers } from '../account/security/security-handlers.ts';
import { spotHandlers } from '../trading/handlers/spot.ts';
import { userHandlers } from '../account/profile/profile-handlers.ts';
import { withdrawalHandlers } from '../funds/withdrawals/withdrawal-handlers.ts';
import { auditHandlers } from '../backoffice/handlers/audit.ts';
import { operatorSessionHandlers } from '../backoffice/handlers/session.ts';
import { reviewDecisionHandlers } from '../backoffice/handlers/reviews.ts';
import { REVIEW_KINDS } from './reviews.ts';
import { adjustmentHandlers } from '../backoffice/handlers/adjustments.ts';
import { userAdminHandlers } from '../backoffice/handlers/users.ts';
import { customer360Handlers } from '../backoffice/handlers/customer-360.ts';
import { manualAdjustments } from '../funds/deposits/admin-deposit.ts';
import { supportChatHandlers } from '../support/handlers/chat.ts';
import { supportInboxHandlers } from '../support/handlers/inbox.ts';
import { contentHandlers } from '../backoffice/handlers/content.ts';
import { contentAdmin } from '../content/content-admin.ts';
import { adminCoinHandlers } from '../funds/coins/coin-admin-handlers.ts';
import { loanCatalogue } from '../funds/loans/loan-admin.ts';
import { dashboardHandlers } from '../backoffice/handlers/dashboard.ts';
import { productAdminHandlers } from '../backoffice/handlers/products.ts';
import { financingCatalogue } from '../earn/financing/financing-catalogue.ts';
import { ieoCatalogue } from '../earn/ieo/ieo-catalogue.ts';
import { miningCatalogue } from '../earn/mining/mining-catalogue.ts';
import { loanRepaymentHandlers } from '../funds/loans/loan-repayment-handlers.ts';
import { configHandlers } from '../backoffice/handlers/config.ts';

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
  bankWithdrawalHandlers,
  wireHandlers,
  exchangeHandlers,
  loanHandlers,
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
  wireInstructionHandlers,
  withdrawalTxHashHandlers,
  bankReferenceHandlers,
  loanRepaymentHandlers,
  configHandlers,
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
