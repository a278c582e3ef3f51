// One refusal, two doors: a review kind says no once (an ApiError with a locale key), the
// console answers it in the operator's language and the operator CLI prints its en-US text
// (server/ops/cli.ts catches it once), so both say the same words in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/result-codes.ts';
import { runCli } from '../../server/ops/cli.ts';
import { call, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';
import { operator, type SignedInOperator } from './backoffice/operators.ts';

let s: TestServer;
let token: string;
let finance: SignedInOperator;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const a = await registerByEmail(s.app, 'refusals@example.com');
  token = a.token;
  await verifyIdentity(s.app.db, a.user.ID);
  finance = await operator(s, 'refusal-finance', ['finance']);
});
afterAll(() => s.app.close());

const decide = (body: Record<string, unknown>, lang: string) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: finance.token, body, lang });
const statusOf = async (id: number) =>
  Number((await s.app.db.selectFrom('loan_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);

describe('a refusal from the CLI and from the console', () => {
  it('says the same in English, and in German to a German operator; nothing changes', async () => {
    const id = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token, body: { loan_id: 1, min: '500', max: '2000' } })).data.ID as number;
    const english = `Loan ${id}: 2000.500000 USDT is more than the customer asked for (500.000000 USDT to 2000.000000 USDT); nothing changed.`;

    expect(await runCli(['approve', 'loan', String(id), '2000.5'], s.dataDir)).toEqual({ code: 1, out: english });
    expect(await decide({ kind: 'loan', id, decision: 'approve', amount: '2000.5' }, 'en')).toMatchObject({ code: ResultCode.error, msg: english });
    expect(await decide({ kind: 'loan', id, decision: 'approve', amount: '2000.5' }, 'de')).toMatchObject({
      code: ResultCode.error,
      msg: `Kredit ${id}: 2000.500000 USDT ist mehr, als der Kunde beantragt hat (500.000000 USDT bis 2000.000000 USDT); nichts wurde geändert.`,
    });
    expect(await statusOf(id)).toBe(1);
  });
});
