// GET/POST /admin/ieo/…, /admin/financing/…, /admin/mining/…, /admin/loanProducts/…: the products
// customers buy or apply for, over the catalogues the composition passes in (the earn and funds
// domains', which the CLI runs too). The loan endpoints keep their own payload names (state, name).
import type { AdminFinancingProduct, AdminIeoProject, AdminLoanProduct, AdminMiningMachine } from '../../../contract/generated/types.ts';
import type { ProductCatalogue } from '../../core/product-catalogue.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { productAdmin } from '../products.ts';

export interface ProductCatalogues {
  ieo: ProductCatalogue<AdminIeoProject>;
  financing: ProductCatalogue<AdminFinancingProduct>;
  mining: ProductCatalogue<AdminMiningMachine>;
  loan: ProductCatalogue<AdminLoanProduct>;
}

export function productAdminHandlers(catalogues: ProductCatalogues): (ctx: AppContext) => HandlerTable {
  return (ctx) => {
    const ieo = productAdmin(ctx.db, catalogues.ieo);
    const financing = productAdmin(ctx.db, catalogues.financing);
    const mining = productAdmin(ctx.db, catalogues.mining);
    const loan = productAdmin(ctx.db, catalogues.loan);
    return {
      adminIeoProjects: async () => ieo.list(ctx.now()),
      adminIeoProject: async (input) => ieo.row(input.id, ctx.now()),
      adminCreateIeo: async (input, { session, req }) => ieo.create(operatorActor(session, req), input, ctx.now()),
      adminUpdateIeo: async (input, { session, req }) => ieo.update(operatorActor(session, req), input, ctx.now()),
      adminSetIeoOpen: async (input, { session, req }) => ieo.setOpen(operatorActor(session, req), input, ctx.now()),
      adminSetIeoName: async (input, { session, req }) => ieo.setName(operatorActor(session, req), input, ctx.now()),
      adminFinancingProducts: async () => financing.list(ctx.now()),
      adminFinancingProduct: async (input) => financing.row(input.id, ctx.now()),
      adminCreateFinancing: async (input, { session, req }) => financing.create(operatorActor(session, req), input, ctx.now()),
      adminUpdateFinancing: async (input, { session, req }) => financing.update(operatorActor(session, req), input, ctx.now()),
      adminSetFinancingOpen: async (input, { session, req }) => financing.setOpen(operatorActor(session, req), input, ctx.now()),
      adminSetFinancingName: async (input, { session, req }) => financing.setName(operatorActor(session, req), input, ctx.now()),
      adminMiningMachines: async () => mining.list(ctx.now()),
      adminMiningMachine: async (input) => mining.row(input.id, ctx.now()),
      adminCreateMining: async (input, { session, req }) => mining.create(operatorActor(session, req), input, ctx.now()),
      adminUpdateMining: async (input, { session, req }) => mining.update(operatorActor(session, req), input, ctx.now()),
      adminSetMiningOpen: async (input, { session, req }) => mining.setOpen(operatorActor(session, req), input, ctx.now()),
      adminSetMiningName: async (input, { session, req }) => mining.setName(operatorActor(session, req), input, ctx.now()),
      adminLoanProducts: async () => loan.list(ctx.now()),
      adminLoanProduct: async (input) => loan.row(input.id, ctx.now()),
      adminCreateLoanProduct: async (input, { session, req }) => loan.create(operatorActor(session, req), input, ctx.now()),
      adminUpdateLoanProduct: async (input, { session, req }) => loan.update(operatorActor(session, req), input, ctx.now()),
      adminSetLoanProductOpen: async ({ id, state }, { session, req }) =>
        loan.setOpen(operatorActor(session, req), { id, status: state === 'open' ? 'open' : 'closed' }, ctx.now()),
      adminNameLoanProduct: async ({ id, lang, name }, { session, req }) =>
        loan.setName(operatorActor(session, req), { id, lang, localName: name ?? '' }, ctx.now()),
    };
  };
}
