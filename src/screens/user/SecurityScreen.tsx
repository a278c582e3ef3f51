// Account security (/user/security): the authenticator app, passkeys, the sign-in history and
// "Freeze my account" (issue 25).
import { useTranslation } from 'react-i18next';
import PasskeysPanel from './passkeys/PasskeysPanel';
import { FreezeSection } from './security/FreezeSection';
import { SignInHistory } from './security/SignInHistory';
import { TotpSection } from './security/TotpSection';
import './security/security.css';

export default function SecurityScreen() {
  const { t } = useTranslation();
  return (
    <div className="security">
      <section className="security-card" aria-labelledby="security-totp">
        <TotpSection headingId="security-totp" />
      </section>
      <section className="security-card">
        <PasskeysPanel />
      </section>
      <section className="security-card" aria-labelledby="security-history">
        <h2 id="security-history" className="security-heading">
          {t('security.historyTitle')}
        </h2>
        <SignInHistory />
      </section>
      <section className="security-card" aria-labelledby="security-freeze">
        <FreezeSection headingId="security-freeze" />
      </section>
    </div>
  );
}
