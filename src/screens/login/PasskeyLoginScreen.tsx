// Sign-in with a passkey alone (/login/passkey): the device offers the passkeys it keeps for this
// site (discoverable credentials), the one chosen signs in, and the app goes on as after the
// login form: the session starts, "Welcome back", home.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { HOME, LOGIN } from '../../routes/routes';
import type { AppDispatch } from '../../store';
import { sessionStarted } from '../../store/session';
import { toast } from '../../ui/overlays';
import { failureMessage, hasWebAuthn, signInWithPasskey } from './passkey-browser';
import { S } from './passkey-styles';

export default function PasskeyLoginScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const supported = hasWebAuthn();

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const session = await signInWithPasskey(dispatch);
      dispatch(sessionStarted(session));
      toast(t('login.success'));
      navigate(HOME, { replace: true });
    } catch (e) {
      setError(failureMessage(e, t));
      setBusy(false);
    }
  };

  return (
    <div className="passkey-login" style={S.login}>
      <div style={S.mark} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="9" cy="7" r="4" />
          <path d="M2 21v-1a6 6 0 0 1 10-4.5" />
          <circle cx="17.5" cy="13.5" r="2.5" />
          <path d="M17.5 16v5l1.5-1.2M17.5 19l1.2 1" />
        </svg>
      </div>
      <p className="passkey-intro" style={S.intro}>
        {t(supported ? 'passkey.signInIntro' : 'passkey.unsupported')}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {supported && (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void start()}>
          {busy ? t('passkey.adding') : t('passkey.signInButton')}
        </button>
      )}
      <nav className="form-links">
        <Link to={LOGIN} replace>
          {t('passkey.toPassword')}
        </Link>
      </nav>
    </div>
  );
}
