// Withdrawal addresses ("qianbao") of the logged-in user and the address book's whitelist
// mode. Another user's record is answered exactly like a missing one.
//
// An address is saved for a coin and one of that coin's networks (BTC on TRC20 is refused)
// in the network's format (schemas/config/networks.json). While whitelist mode is on,
// withdrawals go only to saved addresses, and an address saved while it is on becomes usable
// addressActivationH hours after saving (active_at). Turning whitelist mode off needs the
// withdrawal password.
import { limitCodeCheck } from '../../platform/http/rate-limit.ts';
import { spendBusinessLimit } from '../../platform/http/business-limits.ts';
import { requireCodeIfOn } from '../../platform/security/user-totp.ts';
import type { WithdrawalAddress } from '../../../contract/generated/types.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { AddressRow } from '../../core/db/types.ts';
import { toCount } from '../../core/db/index.ts';
import { addressMatches, networkFormats, requireNetwork } from '../coins/coins.ts';
import { checkPayPassword, fundsRules } from '../rules.ts';
import { savedAddress } from './withdrawals.ts';
import { notFound, validationError } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { isoTime, pageOfRows } from '../../platform/http/records.ts';

/** Addresses one user may keep (the withdrawal form's picker shows up to this many). */
export const MAX_ADDRESSES = 100;

const HOUR = 3_600_000;

export function toAddress(row: AddressRow, now: number): WithdrawalAddress {
  const created = Number(row.created_at);
  const activeAt = Number(row.active_at);
  return {
    ID: Number(row.id),
    name: row.name,
    remark: row.remark,
    czline: row.network,
    addr: row.addr,
    coin: row.coin,
    CreatedAt: isoTime(created),
    activeAt: activeAt > created ? isoTime(activeAt) : '',
    active: activeAt <= now,
  };
}

export function addressHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const shown = (row: AddressRow) => toAddress(row, ctx.now());
  const page = async (input: { page?: number; pageSize?: number; coin?: string }, userId: number) => {
    let base = db.selectFrom('withdrawal_addresses').where('user_id', '=', userId);
    if (input.coin) base = base.where('coin', '=', input.coin);
    return pageOfRows(base, input, shown);
  };

  return {
    createWithdrawalAddress: async (input, { user, req }) => {
      const now = ctx.now();
      if (input.totp) await limitCodeCheck(ctx, req.ip, user.id);
      const { coin, network } = await requireNetwork(db, input.coin, input.czline);
      const addr = input.addr.trim();
      if (!addressMatches(network.network, addr)) {
        throw validationError('addr', 'address.formatInvalid', { network: network.network, example: networkFormats().get(network.network)?.example ?? '' });
      }
      if (await savedAddress(db, user.id, coin.coin, network.network, addr)) throw validationError('addr', 'address.duplicate');
      const { n } = await db
        .selectFrom('withdrawal_addresses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (toCount(n) >= MAX_ADDRESSES) throw validationError('addr', 'address.tooMany', { max: MAX_ADDRESSES });
      await requireCodeIfOn(ctx, user.id, input.totp, now);
      await spendBusinessLimit(ctx, 'newAddressesPerDay', String(user.id));
      const whitelist = Number(user.address_whitelist) === 1;
      const row = await db
        .insertInto('withdrawal_addresses')
        .values({
          user_id: user.id,
          coin: coin.coin,
          network: network.network,
          addr,
          name: input.name.trim(),
          remark: (input.remark ?? '').trim(),
          created_at: now,
          active_at: whitelist ? now + fundsRules().addressActivationH * HOUR : now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return shown(row);
    },
    getWithdrawalAddresses: async (input, { user }) => page(input, user.id),
    // the withdrawal form's picker: the newest MAX_ADDRESSES in one call
    getAddressBook: async (_input, { user }) => page({ page: 1, pageSize: MAX_ADDRESSES }, user.id),
    findWithdrawalAddress: async (input, { user }) => {
      const row = await db.selectFrom('withdrawal_addresses').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return shown(row);
    },
    deleteWithdrawalAddress: async (input, { user }) => {
      const result = await db.deleteFrom('withdrawal_addresses').where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      return null;
    },
    /** On: no password (it only narrows where money may go). Off: the withdrawal password (4022 unset, 4023 wrong, the lock after five). */
    setAddressWhitelist: async (input, { user, req }) => {
      if (input.totp && !input.enabled) await limitCodeCheck(ctx, req.ip, user.id);
      if (!input.enabled) {
        if (input.pay_password === undefined) throw validationError('pay_password', 'address.whitelistPasswordRequired');
        await checkPayPassword(ctx, user, input.pay_password, ctx.now());
        await requireCodeIfOn(ctx, user.id, input.totp, ctx.now());
      }
      await db
        .updateTable('users')
        .set({ address_whitelist: input.enabled ? 1 : 0 })
        .where('id', '=', user.id)
        .execute();
      return { enabled: input.enabled };
    },
  };
}
