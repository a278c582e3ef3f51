// Customers for load runs (the benchmarks and the cluster fail-over test): created straight in
// the database with one password, credited through the administrator-deposit path (ledger
// rows), each with a session token. Server modules are imported when called, so a caller may set
// DATABASE_URL first.
import type { Db } from '../../server/core/db/index.ts';

/** `count` customers `<prefix><i>@example.com`, each credited `deposits` (coin: amount); their session tokens in order. */
export async function fundedCustomers(db: Db, count: number, prefix: string, deposits: Record<string, string>): Promise<string[]> {
  const { hashPassword } = await import('../../server/platform/security/password.ts');
  const { adminDeposit } = await import('../../server/composition/money.ts');
  const { createUser } = await import('../../server/platform/sessions/users.ts');
  const { startSession } = await import('../../server/platform/sessions/sessions.ts');
  const passwordHash = await hashPassword(`${prefix}-pass-123`);
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(db, { email: `${prefix}${i}@example.com`, passwordHash }, Date.now());
    for (const [coin, amount] of Object.entries(deposits)) await adminDeposit(db, user.id, coin, amount, Date.now());
    tokens.push(await startSession(db, user.id, Date.now()));
  }
  return tokens;
}
