// Operators for back-office tests: made as `ops operator add` makes them, signed in with a
// current authenticator code of the test clock, the initial password already changed.
import { expect } from 'vitest';
import type { OperatorRole } from '../../../server/core/db/types.ts';
import { createOperator } from '../../../server/platform/operators/operators.ts';
import { totpCode } from '../../../server/platform/security/totp.ts';
import { call, type TestServer } from '../helpers.ts';

export const NEW_PASSWORD = 'operator-passphrase-42';

export interface SignedInOperator {
  name: string;
  token: string;
  secret: string;
  password: string;
}

export const secretOf = (totpUri: string) => new URL(totpUri).searchParams.get('secret')!;

/** The next code: a step after the last one used, so that a sign-in right after another is not a replay. */
export function freshCode(s: TestServer, secret: string): string {
  s.clock.advance(30_000);
  return totpCode(secret, s.clock.now());
}

export async function signIn(s: TestServer, name: string, password: string, secret: string): Promise<string> {
  const r = await call(s.app, 'POST', '/admin/login', { body: { name, password, totp: freshCode(s, secret) } });
  expect(r.code, r.msg).toBe(0);
  return r.data.token as string;
}

export async function operator(s: TestServer, name: string, roles: OperatorRole[], changePassword = true): Promise<SignedInOperator> {
  const made = await createOperator(s.app.db, name, roles, s.clock.now());
  const secret = secretOf(made.totp);
  const token = await signIn(s, name, made.password, secret);
  if (!changePassword) return { name, token, secret, password: made.password };
  const r = await call(s.app, 'POST', '/admin/changePassword', { adminToken: token, body: { oldPassword: made.password, newPassword: NEW_PASSWORD } });
  expect(r.code, r.msg).toBe(0);
  return { name, token, secret, password: NEW_PASSWORD };
}
