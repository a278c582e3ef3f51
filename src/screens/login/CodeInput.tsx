// One input for a second-factor code: six digits from an authenticator app, or (when `recovery`)
// a recovery code of ten letters and digits. Typing keeps only what such a code can hold.
import { useTranslation } from 'react-i18next';
import './sign-in.css';

export function codeInputValue(text: string, recovery: boolean): string {
  return recovery ? text.replace(/[^A-Za-z0-9-]/g, '').slice(0, 11) : text.replace(/\D/g, '').slice(0, 6);
}

interface Props {
  id: string;
  value: string;
  recovery?: boolean;
  error?: string;
  onChange: (value: string) => void;
}

export function CodeInput({ id, value, recovery = false, error, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {t(recovery ? 'security.recoveryCode' : 'security.codeField')}
      </label>
      <input
        id={id}
        className="input code-input"
        value={value}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={recovery ? 'xxxxx-xxxxx' : t('security.codeHint')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}__error` : undefined}
        onChange={(e) => onChange(codeInputValue(e.target.value, recovery))}
      />
      {error && (
        <p id={`${id}__error`} className="field-message" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
