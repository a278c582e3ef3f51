// "Use a passkey" on the sign-in second step: the ticket of the password step asks for options
// naming that account's passkeys, the device answers, and POST /base/loginPasskey gives the
// session (the same answer as login), handed to onSession.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { Session } from '../../../contract/generated/types';
import type { AppDispatch } from '../../store';
import { failureMessage, hasWebAuthn, signInWithPasskey } from './passkey-browser';
import { S } from './passkey-styles';

export interface PasskeySignInProps {
  /** The ticket of the password step */
  ticket: string;
  onSession: (session: Session) => void;
}

export function PasskeySignIn({ ticket, onSession }: PasskeySignInProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!hasWebAuthn()) return null;

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onSession(await signInWithPasskey(dispatch, ticket));
    } catch (e) {
      setError(failureMessage(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="passkey-sign-in" style={S.signIn}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => void start()}>
        {busy ? t('passkey.adding') : t('passkey.use')}
      </button>
    </div>
  );
}
