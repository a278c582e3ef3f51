// The shared api layer (src/api/baseQuery.ts) sends a session as X-Token; the back office's is an
// operator session, which the server reads from X-Admin-Token only. This fetch renames the header
// (so the customer app's bundle carries nothing of the back office) and reports the answers that
// end or hold the operator's session.
import { OperatorCode } from '../../contract/result-codes';

export interface OperatorFetchEffects {
  /** 4103: the session ended (idle 30 minutes, signed out elsewhere, disabled) */
  sessionEnded(): void;
  /** 4104: the initial password must be changed first */
  passwordChangeRequired(): void;
}

export function operatorFetch(effects: OperatorFetchEffects, base: typeof fetch = (...a) => fetch(...a)): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const token = headers.get('X-Token');
    if (token) {
      headers.delete('X-Token');
      headers.set('X-Admin-Token', token);
    }
    const res = await base(input, { ...init, headers });
    // images (a deposit's proof) are not envelopes
    if (!res.headers.get('content-type')?.includes('json')) return res;
    const code = await res
      .clone()
      .json()
      .then((body: { code?: unknown }) => body?.code)
      .catch(() => undefined);
    if (code === OperatorCode.sessionEnded) effects.sessionEnded();
    if (code === OperatorCode.passwordChangeRequired) effects.passwordChangeRequired();
    return res;
  };
}
