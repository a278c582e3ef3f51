// Uploads and crypto deposits: POST /user/uploadBase64 (server/platform/uploads/uploads.ts), the coins
// open for deposit (GET /coin/getCoinList under the deposit list's name), POST
// /recharge/createRecharge, GET /recharge/myRechargeList and GET /recharge/findRecharge
// (server/funds/deposits/deposits.ts). Amounts arrive as a decimal string or a JSON number (x-decimal).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { coinListAnswer } from '../coins/coins.ts';
import { createDeposit, depositsToShow, findDeposit } from './deposits.ts';
import { storeUpload, UPLOAD_RATE } from '../../platform/uploads/uploads.ts';
import type { DepositRow } from '../../core/db/types.ts';
import { pageOfRows } from '../../platform/http/records.ts';

export function depositHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    uploadBase64: async (input, { user }) => {
      await ctx.limiter.hit('uploads', String(user.id), UPLOAD_RATE);
      const { url, mime, size } = await storeUpload(db, ctx.bucket, user.id, input.base64Str, ctx.now());
      return { url, mime, size };
    },

    // The deposit coin list shares GET /coin/getCoinList with getCoinList (coin-list.json) and
    // is tried first for the requests its schema accepts (czstatus 1 or none): it answers exactly
    // what getCoinList would, plus the page fields a list screen reads.
    getDepositCoins: async (input) => coinListAnswer(db, Number(input.czstatus)),

    createRecharge: async (input, { user }) => createDeposit(db, user.id, input, ctx.now()),

    getDeposits: async (input, { user }) => {
      let base = db.selectFrom('deposits').where('user_id', '=', user.id);
      if (input.status !== undefined && input.status !== '') base = base.where('status', '=', Number(input.status));
      if (input.cate !== undefined && input.cate !== '') base = base.where('origin', '=', Number(input.cate));
      const page = await pageOfRows(base, input, (row: DepositRow) => row);
      return { ...page, list: await depositsToShow(db, page.list) };
    },

    getDeposit: async (input, { user }) => findDeposit(db, user.id, input.ID),
  };
}
