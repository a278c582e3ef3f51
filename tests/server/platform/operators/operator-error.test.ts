// The operators module refuses with its own error type (not the CLI's OpsError: the platform
// does not know its callers), and the operator CLI still prints that refusal as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { OpsError } from '../../../../server/platform/ops/format.ts';
import { OperatorError, parseRoles } from '../../../../server/platform/operators/operators.ts';
import { startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

describe('an operator refusal', () => {
  it('is an OperatorError, not the CLI error type', () => {
    const refusal = (() => {
      try {
        parseRoles('admin,janitor');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(OperatorError);
    expect(refusal).not.toBeInstanceOf(OpsError);
    expect((refusal as Error).message).toContain('janitor');
  });

  it('is printed by the CLI as it is, exit code 1, and creates nobody', async () => {
    const r = await runCli(['operator', 'add', 'err-admin', '--role', 'janitor'], s.dataDir);
    expect(r).toMatchObject({ code: 1, out: expect.stringContaining('janitor') });
    expect(await s.app.db.selectFrom('operators').select('id').where('name', '=', 'err-admin').executeTakeFirst()).toBeUndefined();
  });
});
