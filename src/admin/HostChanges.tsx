// What `npm run ops -- operator …` did on the server host (the break-glass path, which prints an
// initial password and authenticator), shown to every admin on every back-office page until they
// acknowledge it: who was added, reset, re-roled, disabled or enabled there, by whom and when.
import { useTranslation } from 'react-i18next';
import { endpoint as hostChanges } from '../api/generated/screens/admin-host-changes';
import { endpoint as acknowledge } from '../api/generated/screens/admin-host-changes-ack';

export function HostChanges() {
  const { t, i18n } = useTranslation();
  const { data } = hostChanges.useQuery(undefined, { pollingInterval: 60_000 });
  const [ack, acking] = acknowledge.useMutation();
  const list = data?.list ?? [];
  if (!list.length) return null;
  const roles = (names: string[]) => names.map((r) => t(`admin.role.${r}`)).join(', ');
  return (
    <section className="admin-host-changes" role="alert" aria-label={t('admin.hostChangesTitle')}>
      <h2>{t('admin.hostChangesTitle')}</h2>
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            {t(`admin.hostChange.${c.what}`, { name: c.name, roles: roles(c.roles) })}{' '}
            <span className="field-help">{t('admin.hostChangeBy', { actor: c.actor, at: new Date(c.at).toLocaleString(i18n.language) })}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-small" disabled={acking.isLoading} onClick={() => void ack({ upTo: list[list.length - 1].id })}>
        {t('admin.hostChangesAcknowledge')}
      </button>
    </section>
  );
}
