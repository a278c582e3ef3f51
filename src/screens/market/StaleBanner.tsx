import { useTranslation } from 'react-i18next';

/** Shown while the live feed is down: prices are the last known, not live. */
export function StaleBanner({ status }: { status: string }) {
  const { t } = useTranslation();
  if (status !== 'stale') return null;
  return (
    <p className="stale-banner" role="status">
      {t('market.stale')}
    </p>
  );
}
