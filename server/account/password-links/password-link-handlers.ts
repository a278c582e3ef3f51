// POST /user/setPassword (public): a one-time link's token sets the login password of an account
// created without one, or after an operator's reset link (server/account/ops/password-links.ts).
import type { AppContext } from '../../platform/http/context.ts';
import { ApiError } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { checkPasswordLink, consumePasswordLink, type LinkProblem } from '../../platform/security/password-links.ts';
import { assertNewPassword } from '../../platform/security/password-policy.ts';
import { setPassword } from '../../platform/sessions/users.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

function linkError(problem: LinkProblem): ApiError {
  return new ApiError(ResultCode.error, `setPassword.link.${problem}`);
}

export function passwordLinkHandlers(ctx: AppContext): HandlerTable {
  return {
    setPassword: {
      // tokens are 256-bit random, so this only keeps a flood of hashing work away
      limits: [{ bucket: 'set-password', limit: (c) => c.limits.login }],
      run: async (input) => {
        const token = input.token?.trim() ?? '';
        if (!/^[0-9a-f]{64}$/.test(token)) throw linkError('unknown');
        const link = await checkPasswordLink(ctx.db, token, ctx.now());
        if ('problem' in link) throw linkError(link.problem);
        assertNewPassword(input.password, 'password');
        // single use before anything changes: of two requests with one link only one sets a password
        if (!(await consumePasswordLink(ctx.db, link.id, ctx.now()))) throw linkError('used');
        // ends every session of the user; password_changed_at starts the 24-hour withdrawal block (server/funds/rules.ts)
        await setPassword(ctx.db, link.userId, input.password, ctx.now());
        return null;
      },
    },
  };
}
