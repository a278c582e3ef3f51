// Operator sign-in, sign-out, who am I, the password change an operator made on the host makes
// first, and the enrolment link of an operator made or reset in the console (which signs them in).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { changeOperatorPassword, checkSignIn, rolesOf } from '../../platform/operators/operators.ts';
import { endOperatorSession, endOperatorSessions, startOperatorSession } from '../../platform/operators/operator-sessions.ts';
import type { OperatorRow } from '../../core/db/types.ts';
import { operatorActor, operatorAt } from '../../platform/audit/actor.ts';
import { completeEnrolment, enrolmentStart } from '../../platform/operators/enrolment.ts';
import { consoleFailureCounter, failedSignInsSinceLast } from '../sign-in-lock.ts';

const view = (operator: OperatorRow) => ({ name: operator.name, roles: rolesOf(operator), mustChangePassword: Number(operator.must_change_password) === 1 });

export function operatorSessionHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  /** A session for an operator who proved who they are (sign-in, enrolment), with its audit row. */
  const signedIn = async (operator: OperatorRow, ip: string, action: string, after?: object) => {
    const token = await startOperatorSession(db, operator.id, ip, ctx.now());
    await appendAudit(db, { ...operatorAt(operator, ip), action, targetKind: 'operator', targetId: operator.name, after }, ctx.now());
    return { token, ...view(operator) };
  };
  return {
    adminLogin: {
      limits: [{ bucket: 'adminLogin', limit: (c) => c.limits.adminLogin }],
      run: async (input, { req }) => {
        const counter = consoleFailureCounter(ctx, req.ip, { captcha: input.captcha, captchaId: input.captchaId });
        const operator = await checkSignIn(db, input.name, input.password, input.totp, ctx.now(), counter);
        // what was tried since the last sign-in, read before this one is written
        const failures = await failedSignInsSinceLast(ctx, operator);
        return { ...(await signedIn(operator, req.ip, 'operator.signIn')), ...failures };
      },
    },
    adminEnrolStart: {
      limits: [{ bucket: 'adminEnrol', limit: (c) => c.limits.adminLogin }],
      run: async (input) => enrolmentStart(db, input.token, ctx.now()),
    },
    adminEnrol: {
      limits: [{ bucket: 'adminEnrol', limit: (c) => c.limits.adminLogin }],
      run: async (input, { req }) => {
        const operator = await completeEnrolment(db, input.token, input.password, input.totp, ctx.now());
        return signedIn(operator, req.ip, 'operator.enrol', { enrolled: true });
      },
    },
    adminMe: async (_input, { session }) => view(session.operator),
    adminLogout: async (_input, { session, req }) => {
      await endOperatorSession(db, session.id);
      await appendAudit(db, { ...operatorActor(session, req), action: 'operator.signOut', targetKind: 'operator', targetId: session.operator.name }, ctx.now());
      return null;
    },
    adminChangePassword: async (input, { session, req }) => {
      await changeOperatorPassword(db, session.operator, input.oldPassword, input.newPassword);
      await endOperatorSessions(db, session.operator.id, session.id);
      await appendAudit(
        db,
        {
          ...operatorActor(session, req),
          action: 'operator.changePassword',
          targetKind: 'operator',
          targetId: session.operator.name,
          before: { mustChangePassword: view(session.operator).mustChangePassword, password: 'old' },
          after: { mustChangePassword: false, password: 'new' },
        },
        ctx.now(),
      );
      return null;
    },
  };
}
