// The one-tap freeze of a new-device alert (/user/freezeAccount?token=…): no password, since whoever
// reads the owner's mail can at worst lock the account, which only an identity check lifts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/base';
import { endpoint as freezeByLink } from '../../api/generated/screens/account-freeze-link';
import { loggedOut } from '../../store/session';
import { errorText } from '../login/errorText';
import './security/security.css';

export default function FreezeLinkScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const [freeze, { isLoading }] = freezeByLink.useMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    if (isLoading) return;
    const r = await freeze({ token: params.get('token') ?? '' });
    if ('error' in r && r.error) return setError(errorText(r.error, t('validation.invalid')));
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    setDone(true);
  };

  return (
    <div className="security">
      <section className="security-card">
        <h2 className="security-heading">{t('security.freezeTitle')}</h2>
        {done ? (
          <p className="security-text" role="status">
            {t('security.frozenDone')}
          </p>
        ) : (
          <>
            <p className="security-text">{t('security.freezeLinkIntro')}</p>
            <p className="security-text">{t('security.freezeIntro')}</p>
            {error && (
              <p className="field-message" role="alert">
                {error}
              </p>
            )}
            <button type="button" className="btn btn-danger btn-block" disabled={isLoading} onClick={submit}>
              {t('security.freezeButton')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
