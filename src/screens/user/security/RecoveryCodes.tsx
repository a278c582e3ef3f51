// The ten recovery codes, shown once right after the authenticator is turned on, with a download
// as a text file and a copy button.
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui/CopyButton';

export function recoveryFileText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = recoveryFileText(codes, t('security.recoveryFileTitle'));
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <>
      <h3 className="security-heading">{t('security.recoveryTitle')}</h3>
      <p className="security-text">{t('security.recoveryIntro')}</p>
      <ul className="security-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="security-secret">
        <a className="btn btn-ghost" href={href} download="coinapp-recovery-codes.txt">
          {t('security.recoveryDownload')}
        </a>
        <CopyButton value={codes.join('\n')} label={t('security.recoveryTitle')} />
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
        {t('security.recoverySaved')}
      </button>
    </>
  );
}
