// The customer's passkeys on /user/security: add one under a name (the device makes it for the
// options of GET /user/passkey/options), list them with when each was added and last used, and
// remove one with the login password. A browser without WebAuthn gets an explanation instead.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { Passkey } from '../../../../contract/generated/types';
import { endpoint as passkeyList } from '../../../api/generated/screens/passkey-list';
import { endpoint as registerOptions } from '../../../api/generated/screens/passkey-register-options';
import { endpoint as registerPasskey } from '../../../api/generated/screens/passkey-register';
import { endpoint as removePasskey } from '../../../api/generated/screens/passkey-remove';
import { formatDateTime } from '../../../engine/formats';
import type { AppDispatch } from '../../../store';
import { toast } from '../../../ui/overlays';
import { createCredential, failureMessage, hasWebAuthn } from '../../login/passkey-browser';
import { S } from '../../login/passkey-styles';

const NAME_MAX = 64;

/** After a change: the list is read again (it has no cache tag, which would weigh on every page). */
type Changed = () => void;

function AddPasskey({ onAdded }: { onAdded: Changed }) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const [register] = registerPasskey.useMutation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const label = name.trim();
    if (label === '') return setError(t('passkey.nameRequired'));
    setBusy(true);
    setError(undefined);
    try {
      const options = await dispatch(registerOptions.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
      const response = await createCredential(options);
      await register({ name: label, response }).unwrap();
      setName('');
      onAdded();
      toast(t('passkey.added'));
    } catch (failure) {
      setError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="passkey-add" style={S.column} onSubmit={(e) => void add(e)} noValidate>
      <label className="field-label" htmlFor="passkey-name">
        {t('passkey.nameLabel')}
      </label>
      <input
        id="passkey-name"
        className="input"
        value={name}
        maxLength={NAME_MAX}
        placeholder={t('passkey.namePlaceholder')}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('passkey.adding') : t('passkey.add')}
      </button>
    </form>
  );
}

function RemoveForm({ passkey, onDone, onRemoved }: { passkey: Passkey; onDone: () => void; onRemoved: Changed }) {
  const { t } = useTranslation();
  const [remove, state] = removePasskey.useMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await remove({ ID: passkey.ID, password }).unwrap();
      toast(t('passkey.removed'));
      onRemoved();
    } catch (failure) {
      setError(failureMessage(failure, t));
    }
  };

  return (
    <form style={S.removeForm} onSubmit={(e) => void submit(e)} noValidate>
      <p className="row-field">{t('passkey.removeConfirm', { name: passkey.name })}</p>
      <input
        className="input"
        type="password"
        aria-label={t('passkey.passwordLabel')}
        placeholder={t('passkey.passwordLabel')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div style={S.actions}>
        <button type="button" className="btn btn-ghost" style={S.action} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-danger" style={S.action} disabled={state.isLoading || password === ''}>
          {t('passkey.remove')}
        </button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: Changed }) {
  const { t, i18n } = useTranslation();
  const [removing, setRemoving] = useState(false);
  return (
    <li className="row" style={S.row}>
      <div className="row-main">
        <p className="row-title">{passkey.name}</p>
        <p className="row-field muted">
          {t('passkey.created')}: {formatDateTime(passkey.createdAt, i18n.language)}
        </p>
        <p className="row-field muted">
          {t('passkey.lastUsed')}: {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, i18n.language) : t('passkey.neverUsed')}
        </p>
      </div>
      {removing ? (
        <RemoveForm passkey={passkey} onDone={() => setRemoving(false)} onRemoved={onRemoved} />
      ) : (
        <button type="button" className="btn btn-danger btn-small" onClick={() => setRemoving(true)}>
          {t('passkey.remove')}
        </button>
      )}
    </li>
  );
}

export default function PasskeysPanel() {
  const { t } = useTranslation();
  const list = passkeyList.useQuery();
  const supported = hasWebAuthn();
  const passkeys = list.data?.list ?? [];
  return (
    <section className="passkey-panel" style={S.panel} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" style={S.title}>
        {t('passkey.title')}
      </h2>
      <p style={S.text}>{t('passkey.intro')}</p>
      {list.isLoading ? (
        <p className="state">{t('common.loading')}</p>
      ) : list.isError ? (
        <p className="state state-error">{t('common.loadFailed')}</p>
      ) : passkeys.length === 0 ? (
        <p style={S.text}>{t('passkey.none')}</p>
      ) : (
        <ul className="rows" style={S.rows}>
          {passkeys.map((p) => (
            <PasskeyRow key={p.ID} passkey={p} onRemoved={() => void list.refetch()} />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskey onAdded={() => void list.refetch()} />
      ) : (
        <p className="passkey-note" style={S.note} role="note">
          {t('passkey.unsupported')}
        </p>
      )}
    </section>
  );
}
