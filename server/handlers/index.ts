// The handler registry: every endpoint of the schema files, by its name. Start-up fails
// when an endpoint has no handler here or a handler names no endpoint (server/http/endpoints.ts).
import type { AppContext } from '../context.ts';
import type { HandlerTable } from '../http/handler.ts';
import { accountHandlers } from './account.ts';
import { addressHandlers } from './address.ts';
import { articleHandlers } from './article.ts';
import { assetHandlers } from './assets.ts';
import { bankHandlers } from './bank.ts';
import { bankWireHandlers } from './bank-wire.ts';
import { coinHandlers } from './coins.ts';
import { depositHandlers } from './deposits.ts';
import { exchangeLoanHandlers } from './exchange-loans.ts';
import { financingHandlers } from './financing.ts';
import { financingCurveHandlers } from './financing-curve.ts';
import { fundsStatusHandlers } from './funds-status.ts';
import { futuresHandlers } from './futures.ts';
import { ieoHandlers } from './ieo.ts';
import { inviteHandlers } from './invite.ts';
import { noticeHandlers } from './notices.ts';
import { siteHandlers } from './site.ts';
import { kycHandlers } from './kyc.ts';
import { marketHandlers } from './market.ts';
import { miningHandlers } from './mining.ts';
import { moneyLogHandlers } from './records-money.ts';
import { passwordLinkHandlers } from './password-links.ts';
import { sessionHandlers } from './sessions.ts';
import { spotHandlers } from './spot.ts';
import { userHandlers } from './user.ts';
import { withdrawalHandlers } from './withdrawals.ts';

const MODULES = [
  accountHandlers,
  userHandlers,
  sessionHandlers,
  bankHandlers,
  addressHandlers,
  articleHandlers,
  marketHandlers,
  spotHandlers,
  futuresHandlers,
  assetHandlers,
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
