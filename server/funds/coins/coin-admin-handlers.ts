// The back office's coin table (roles product and admin): the same domain functions as
// `npm run ops -- coin …`, each write audited with the operator (loan products are the back
// office's product catalogues: server/backoffice/handlers/products.ts).
// Network changes that wait for a second operator are listed, approved and rejected here too.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { addCoin, adminCoinNetworks, adminCoins, removeNetwork, setCoinEnabled, setNetwork } from './coin-admin.ts';
import { approveNetworkChange, networkProposals, rejectNetworkChange } from './network-proposals.ts';
import { onePage } from '../../platform/http/records.ts';

export function adminCoinHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminCoins: async () => onePage(await adminCoins(db)),
    adminCoinDetail: async (input) => onePage(await adminCoinNetworks(db, input.coin ?? '')),
    adminAddCoin: async (input, { session, req }) => addCoin(db, operatorActor(session, req), input, ctx.now()),
    adminSetCoinEnabled: async (input, { session, req }) => setCoinEnabled(db, operatorActor(session, req), input.coin, input.state === 'enabled', ctx.now()),
    adminSetNetwork: async (input, { session, req }) => setNetwork(db, operatorActor(session, req), input, ctx.now()),
    adminRemoveNetwork: async (input, { session, req }) => removeNetwork(db, operatorActor(session, req), input.coin, input.network, ctx.now()),
    adminNetworkChanges: async (input, { session, req }) => onePage(await networkProposals(db, operatorActor(session, req), input)),
    adminApproveNetworkChange: async (input, { session, req }) => {
      await approveNetworkChange(db, operatorActor(session, req), input.ID, ctx.now());
      return null;
    },
    adminRejectNetworkChange: async (input, { session, req }) => {
      await rejectNetworkChange(db, operatorActor(session, req), input.ID, ctx.now());
      return null;
    },
  };
}
