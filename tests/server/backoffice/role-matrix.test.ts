// Every back-office endpoint, called by an operator of every role: outside the endpoint's roles
// (its schema file's "roles") the answer is 4105 before the input is read, with one audit row
// of the refusal and nothing else written; inside them the gate lets the request through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreens } from '../../../contract/loader.ts';
import type { OperatorRole } from '../../../server/core/db/types.ts';
import { OPERATOR_ROLES } from '../../../server/platform/operators/operators.ts';
import { call, startServer, type TestServer } from '../helpers.ts';
import { operator, signIn, type SignedInOperator } from './operators.ts';

let s: TestServer;
const byRole = new Map<OperatorRole, SignedInOperator>();
const endpoints = loadScreens()
  .filter(({ screen }) => screen.audience === 'operator' && screen.auth !== false)
  .map(({ screen }) => ({
    name: screen.endpoint.name,
    method: screen.endpoint.method,
    path: screen.endpoint.path,
    roles: (screen.roles ?? []) as readonly string[],
  }));

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  for (const role of OPERATOR_ROLES) byRole.set(role, await operator(s, `only-${role}`, [role]));
});
afterAll(() => s.app.close());

const counts = async () => {
  const n = async (table: 'audit_log' | 'approvals' | 'operator_sessions' | 'operators') =>
    Number(
      (
        await s.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { audit: await n('audit_log'), approvals: await n('approvals'), sessions: await n('operator_sessions'), operators: await n('operators') };
};

describe('the role matrix', () => {
  it('covers every operator endpoint', () => {
    // every schema file under schemas/admin/ but the sign-in
    expect(endpoints.map((e) => e.name).sort()).toEqual([
      'adminAcknowledgeHostChanges',
      'adminActiveLoan',
      'adminActiveLoans',
      'adminAddArticle',
      'adminAddCoin',
      'adminAddOperator',
      'adminAdjust',
      'adminAdjustment',
      'adminAdjustments',
      'adminArticle',
      'adminArticles',
      'adminAudit',
      'adminAuditExport',
      'adminBankReference',
      'adminBroadcastAudience',
      'adminBroadcastNotice',
      'adminBroadcasts',
      'adminChangePassword',
      'adminCoinDetail',
      'adminCoins',
      'adminConfig',
      'adminConfigChanges',
      'adminConfigDecide',
      'adminConfigPropose',
      'adminConfigRollback',
      'adminConfigTexts',
      'adminConfigVersions',
      'adminCreateFinancing',
      'adminCreateIeo',
      'adminCreateLoanProduct',
      'adminCreateMining',
      'adminCustomerBalances',
      'adminCustomerEarnOrders',
      'adminCustomerFuturesOrders',
      'adminCustomerLedger',
      'adminCustomerNoteAdd',
      'adminCustomerNotes',
      'adminCustomerReferrals',
      'adminCustomerRequests',
      'adminCustomerSpotOrders',
      'adminDashboard',
      'adminDecideAdjustment',
      'adminDecideReview',
      'adminDecideRoleGrant',
      'adminEndSessions',
      'adminExport',
      'adminFinancingProduct',
      'adminFinancingProducts',
      'adminFreeze',
      'adminHistory',
      'adminHistoryExport',
      'adminHostChanges',
      'adminIeoProject',
      'adminIeoProjects',
      'adminLoanProduct',
      'adminLoanProducts',
      'adminLogout',
      'adminMe',
      'adminMiningMachine',
      'adminMiningMachines',
      'adminNameLoanProduct',
      'adminNetworkChanges',
      'adminOperator',
      'adminOperators',
      'adminPublishArticle',
      'adminRemoveNetwork',
      'adminRepayLoan',
      'adminResetOperatorTotp',
      'adminResetTotp',
      'adminReviewDetail',
      'adminReviewRecord',
      'adminReviews',
      'adminSetCoinEnabled',
      'adminSetFinancingName',
      'adminSetFinancingOpen',
      'adminSetIeoName',
      'adminSetIeoOpen',
      'adminSetLoanProductOpen',
      'adminSetMiningName',
      'adminSetMiningOpen',
      'adminSetNetwork',
      'adminSupportClose',
      'adminSupportConversation',
      'adminSupportInbox',
      'adminSupportReply',
      'adminTakeReview',
      'adminTranslateArticle',
      'adminUnfreeze',
      'adminUntranslateArticle',
      'adminUpdateFinancing',
      'adminUpdateIeo',
      'adminUpdateLoanProduct',
      'adminUpdateMining',
      'adminUpdateOperator',
      'adminUserDetail',
      'adminUserSignins',
      'adminUsers',
      'adminWireInstructions',
      'adminWithdrawalTxHash',
    ]);
    for (const e of endpoints) expect(e.roles.length, e.name).toBeGreaterThan(0);
  });

  for (const role of OPERATOR_ROLES) {
    it(`${role}: refused outside the endpoint's roles with one audit row and nothing else; admitted inside them`, async () => {
      for (const e of endpoints) {
        const op = byRole.get(role)!;
        const before = await counts();
        const r = await call(s.app, e.method, e.path, { adminToken: op.token, body: e.method === 'GET' ? undefined : {} });
        if (e.roles.includes(role)) {
          expect([4103, 4104, 4105], `${role} ${e.name}: ${r.msg}`).not.toContain(r.code);
          if (e.name === 'adminLogout') byRole.set(role, { ...op, token: await signIn(s, op.name, op.password, op.secret) });
          continue;
        }
        expect(r.code, `${role} ${e.name}`).toBe(4105);
        const after = await counts();
        expect(after, `${role} ${e.name}`).toEqual({ ...before, audit: before.audit + 1 });
        const last = await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
        expect(last).toMatchObject({ actor: `operator only-${role}`, action: 'refused.notPermitted', target_kind: 'endpoint', target_id: e.name });
      }
    });
  }
});
