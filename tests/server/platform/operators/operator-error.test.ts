// The operators module says no as everything else does: an ApiError with a refusals.* key (not an
// English sentence of its own), which the operator CLI prints in English and which reads in the
// operator's language anywhere else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { ApiError } from '../../../../server/core/errors.ts';
import { I18n } from '../../../../server/platform/i18n/i18n.ts';
import { parseRoles } from '../../../../server/platform/operators/operators.ts';
import { startServer, type TestServer } from '../../helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ scheduler: false });
});
afterAll(() => s.app.close());

describe('an operator refusal', () => {
  it('is an ApiError with a locale key and the value typed, translated in every language', () => {
    const refusal = (() => {
      try {
        parseRoles('admin,janitor');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ msgKey: 'refusals.operator.roleUnknown', params: { input: 'janitor' } });
    const i18n = new I18n();
    const { msgKey, params } = refusal as ApiError;
    const english = i18n.t('en-US', msgKey, params);
    const german = i18n.t('de-DE', msgKey, params);
    expect(english).toContain('No role "janitor"');
    expect(german).toContain('janitor');
    expect(german).not.toBe(english);
  });

  it('is printed by the CLI in English, exit code 1, and creates nobody', async () => {
    const r = await runCli(['operator', 'add', 'err-admin', '--role', 'janitor'], s.dataDir);
    expect(r).toEqual({ code: 1, out: expect.stringMatching(/^No role "janitor": the roles are admin, /) });
    expect(await s.app.db.selectFrom('operators').select('id').where('name', '=', 'err-admin').executeTakeFirst()).toBeUndefined();
  });
});
