// "Freeze my account" on /user/security: the login password, a confirmation, then every session
// ends (this one too) and the customer is told how the freeze is lifted.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/base';
import { endpoint as freezeAccount } from '../../../api/generated/screens/account-freeze';
import { LOGIN } from '../../../routes/routes';
import { loggedOut } from '../../../store/session';
import { alertDialog, confirmDialog } from '../../../ui/overlays';
import { errorText } from '../../login/errorText';

export function FreezeSection({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [freeze, { isLoading }] = freezeAccount.useMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!password) return setError(t('validation.passwordRequired'));
    if (!(await confirmDialog(t('security.freezeConfirm')))) return;
    const r = await freeze({ password });
    if ('error' in r && r.error) return setError(errorText(r.error, t('validation.invalid')));
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    navigate(LOGIN, { replace: true });
    await alertDialog(t('security.frozenDone'));
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="security-heading">
        {t('security.freezeTitle')}
      </h2>
      <p className="security-text">{t('security.freezeIntro')}</p>
      <div className={`field${error ? ' field-error' : ''}`}>
        <label htmlFor="freeze-password" className="field-label">
          {t('security.freezePassword')}
        </label>
        <input
          id="freeze-password"
          className="input"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p className="field-message" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-danger btn-block" disabled={isLoading}>
        {t('security.freezeButton')}
      </button>
    </form>
  );
}
