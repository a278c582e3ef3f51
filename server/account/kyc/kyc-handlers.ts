// Identity verification (server/account/kyc.ts): POST /user_card/createUser_card,
// PUT /user_card/updateUser_card (resubmission of the caller's rejected record) and
// GET /user_card/findMyUser_card (the caller's record as a list of at most one).
import { createCard, findMyCard, updateCard } from './kyc.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';

export function kycHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    createUserCard: async (input, { user }) => createCard(db, user.id, input, ctx.now()),
    updateUserCard: async (input, { user }) => updateCard(db, user.id, input.ID, input, ctx.now()),
    findMyUserCard: async (_input, { user }) => findMyCard(db, user.id),
  };
}
