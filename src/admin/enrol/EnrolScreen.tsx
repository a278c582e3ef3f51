// The page an enrolment link opens (/admin/enrol#<token>): an operator made or reset in the console
// chooses a password, adds the link's authenticator (QR code or key) to their app, confirms a
// current code and is signed in. The token stays in the fragment, which the browser never sends
// to a server; an expired, used or unknown link says so and offers nothing else.
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { endpoint as enrolStart } from '../../api/generated/screens/admin-enrol-start';
import { endpoint as enrol } from '../../api/generated/screens/admin-enrol';
import { sessionStarted } from '../../store/session';
import { CopyButton } from '../../ui/CopyButton';

const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const messageOf = (error: unknown, fallback: string) => (error as { message?: string } | undefined)?.message ?? fallback;

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'numeric';
  autoComplete: string;
}

function Field({ id, label, value, onChange, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="input" maxLength={64} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </div>
  );
}

function AuthenticatorSetup({ otpauthUrl, secret }: { otpauthUrl: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="field-help">{t('admin.enrolScan')}</p>
      <div className="admin-enrol-qr">
        <Suspense fallback={<div style={{ width: 176, height: 176 }} />}>
          <QRCodeSVG value={otpauthUrl} size={176} marginSize={1} bgColor="#ffffff" fgColor="#000000" aria-label={t('admin.enrolScan')} />
        </Suspense>
      </div>
      <div className="admin-enrol-secret">
        <span className="field-label">{t('admin.enrolSecretLabel')}</span>
        <code data-testid="enrol-secret">{secret}</code>
        <CopyButton value={secret} label={t('admin.enrolSecretLabel')} />
      </div>
    </>
  );
}

export default function EnrolScreen({ home }: { home: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const [start, started] = enrolStart.useMutation();
  const [finish, finishing] = enrol.useMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    // the token out of the address bar and the history, now that it is read
    window.history.replaceState(null, '', window.location.pathname);
    void start({ token });
  }, [start, token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (finishing.isLoading) return;
    if (password.length < 8 || password.length > 64) return setError(t('validation.passwordLength'));
    if (!/^\d{6}$/.test(code)) return setError(t('admin.totpFormat'));
    const r = await finish({ token, password, totp: code });
    if ('data' in r && r.data) {
      dispatch(sessionStarted(r.data as never));
      navigate(home, { replace: true });
    } else setError(messageOf(r.error, t('validation.invalid')));
  };

  const link = started.data;
  return (
    <div className="admin-signin admin-enrol">
      <h1>{t('admin.enrolTitle')}</h1>
      {started.isError && (
        <p className="form-error" role="alert">
          {messageOf(started.error, t('admin.enrolLinkUnknown'))}
        </p>
      )}
      {!link && !started.isError && <p className="state">{t('common.loading')}</p>}
      {link && (
        <form className="form" onSubmit={submit} noValidate>
          <p>{t('admin.enrolIntro', { name: link.name })}</p>
          <p className="field-help">{t('admin.enrolValidUntil', { time: new Date(link.validUntil).toLocaleString(i18n.language) })}</p>
          <div className="fields">
            <Field
              id="enrol-password"
              label={t('admin.enrolPasswordLabel')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
            />
            <AuthenticatorSetup otpauthUrl={link.otpauthUrl} secret={link.secret} />
            <Field
              id="enrol-code"
              label={t('admin.totpLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
            />
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={finishing.isLoading}>
            {t('admin.enrolSubmit')}
          </button>
        </form>
      )}
    </div>
  );
}
