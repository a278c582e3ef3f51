// The authenticator app on /user/security: set up (QR code and secret key with a copy button,
// then a current code turns it on and the ten recovery codes are shown once, downloadable as
// text), or, when on, how many recovery codes are left and turning it off with a code.
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoint as securityStatus } from '../../../api/generated/screens/security-status';
import { endpoint as setupTotp } from '../../../api/generated/screens/totp-setup';
import { endpoint as enableTotp } from '../../../api/generated/screens/totp-enable';
import { endpoint as disableTotp } from '../../../api/generated/screens/totp-disable';
import type { TotpSetup } from '../../../../contract/generated/types';
import { CopyButton } from '../../../ui/CopyButton';
import { toast } from '../../../ui/overlays';
import { CodeInput } from '../../login/CodeInput';
import { errorText } from '../../login/errorText';
import { RecoveryCodes } from './RecoveryCodes';

const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

function SetupForm({ setup, onEnabled }: { setup: TotpSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [enable, { isLoading }] = enableTotp.useMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (code.length !== 6) return setError(t('security.codeFormat'));
    const r = await enable({ code });
    if ('data' in r && r.data) onEnabled(r.data.recoveryCodes);
    else setError(errorText(r.error, t('validation.invalid')));
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="security-text">{t('security.scanQr')}</p>
      <div className="security-qr">
        <Suspense fallback={<div style={{ width: 176, height: 176 }} />}>
          <QRCodeSVG value={setup.otpauthUrl} size={176} marginSize={1} bgColor="#ffffff" fgColor="#000000" aria-label={t('security.scanQr')} />
        </Suspense>
      </div>
      <div className="security-secret">
        <span className="security-small">{t('security.secretKey')}</span>
        <code data-testid="totp-secret">{setup.secret}</code>
        <CopyButton value={setup.secret} label={t('security.secretKey')} />
      </div>
      <CodeInput id="totp-enable-code" value={code} error={error} onChange={setCode} />
      <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
        {t('security.turnOn')}
      </button>
    </form>
  );
}

function TurnOffForm() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [recovery, setRecovery] = useState(false);
  const [disable, { isLoading }] = disableTotp.useMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!code) return setError(t('security.codeRequired'));
    const r = await disable({ totp: code });
    if ('error' in r && r.error) return setError(errorText(r.error, t('validation.invalid')));
    toast(t('security.turnedOff'));
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="security-text">{t('security.turnOffIntro')}</p>
      <CodeInput id="totp-disable-code" value={code} recovery={recovery} error={error} onChange={setCode} />
      <button type="submit" className="btn btn-danger btn-block" disabled={isLoading}>
        {t('security.turnOff')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={() => (setRecovery(!recovery), setCode(''), setError(undefined))}>
        {t(recovery ? 'security.useApp' : 'security.useRecovery')}
      </button>
    </form>
  );
}

export function TotpSection({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const status = securityStatus.useQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setup, setSetup] = useState<TotpSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [turningOff, setTurningOff] = useState(false);
  const [begin, beginState] = setupTotp.useMutation();
  const on = status.data?.totp === true;

  const start = async () => {
    const r = await begin();
    if ('data' in r && r.data) setSetup(r.data);
    else toast(errorText(r.error, t('validation.invalid')));
  };

  return (
    <>
      <h2 id={headingId} className="security-heading">
        {t('security.totpTitle')}
        {status.data && <span className={`security-chip${on ? ' on' : ''}`}>{t(on ? 'security.on' : 'security.off')}</span>}
      </h2>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : on ? (
        <>
          <p className="security-text">{t('security.recoveryLeft', { count: status.data!.recoveryCodesLeft })}</p>
          {turningOff ? (
            <TurnOffForm />
          ) : (
            <button type="button" className="btn btn-ghost btn-block" onClick={() => setTurningOff(true)}>
              {t('security.turnOff')}
            </button>
          )}
        </>
      ) : setup ? (
        <SetupForm
          setup={setup}
          onEnabled={(recoveryCodes) => {
            setSetup(undefined);
            setCodes(recoveryCodes);
            setTurningOff(false);
            toast(t('security.turnedOn'));
          }}
        />
      ) : (
        <>
          <p className="security-text">{t('security.totpIntro')}</p>
          <button type="button" className="btn btn-primary btn-block" disabled={!status.data || beginState.isLoading} onClick={start}>
            {t('security.setUp')}
          </button>
        </>
      )}
    </>
  );
}
