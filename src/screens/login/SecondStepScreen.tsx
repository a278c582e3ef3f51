// The second step of a sign-in (/login/verify): the password was right and the account has a
// second factor, so the login answer carried a ticket (in the location state) instead of a
// session. A code from the authenticator app, a recovery code or a passkey finishes it; the
// session then starts as after a login, and the guard takes the customer where they were going.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { SecondFactorChallenge, Session } from '../../../contract/generated/types';
import { endpoint as secondFactor } from '../../api/generated/screens/login-second-factor';
import { LOGIN } from '../../routes/routes';
import { sessionStarted } from '../../store/session';
import { toast } from '../../ui/overlays';
import { CodeInput } from './CodeInput';
import { errorText } from './errorText';
import { PasskeySignIn } from './PasskeySignIn';
import './sign-in.css';

type StepState = Partial<SecondFactorChallenge> & { from?: unknown };

export default function SecondStepScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const location = useLocation();
  const state = (location.state ?? {}) as StepState;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [send, { isLoading }] = secondFactor.useMutation();

  if (!state.ticket) return <Navigate to={LOGIN} replace />;
  const ticket = state.ticket;
  const factors = state.secondFactor ?? [];

  // the guard sees the session on this auth page and goes on to the remembered page (src/app/redirect.ts)
  const signedIn = (session: Session) => {
    dispatch(sessionStarted(session));
    toast(t('login.success'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!code) return setError(t(recovery ? 'security.codeOrRecoveryFormat' : 'security.codeRequired'));
    if (!recovery && code.length !== 6) return setError(t('security.codeFormat'));
    setError(undefined);
    const r = await send({ ticket, code });
    if ('data' in r && r.data) signedIn(r.data);
    else setError(errorText(r.error, t('validation.invalid')));
  };

  const switchTo = (useRecovery: boolean) => {
    setRecovery(useRecovery);
    setCode('');
    setError(undefined);
  };

  return (
    <div className="second-step">
      {factors.includes('totp') && (
        <form className="form" onSubmit={submit} noValidate>
          <p className="second-step-intro">{t(recovery ? 'security.stepRecoveryIntro' : 'security.stepIntro')}</p>
          <CodeInput id="second-step-code" value={code} recovery={recovery} error={error} onChange={setCode} />
          <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
            {t('security.verify')}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => switchTo(!recovery)}>
            {t(recovery ? 'security.useApp' : 'security.useRecovery')}
          </button>
        </form>
      )}
      {factors.includes('passkey') && <PasskeySignIn ticket={ticket} onSession={signedIn} />}
      <Link className="second-step-back" to={LOGIN} replace>
        {t('security.backToLogin')}
      </Link>
    </div>
  );
}
