// A coin from the coin table (a getCoinList source named by ui:options.source). Choosing a
// coin also sets the sibling fields the options name: its id (idField) and its first
// network (networkField), so coin and network always match.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext';
import { coinsOf } from '../sources';

export function CoinWidget({ id, value, options, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(registry);
  const coins = coinsOf(ctx, options.source);
  const idField = typeof options.idField === 'string' ? options.idField : undefined;
  const networkField = typeof options.networkField === 'string' ? options.networkField : undefined;
  const current = coins.find((c) => c.coin === value);

  // keep the id and the network in step with the coin, also for a coin from the route or a default
  useEffect(() => {
    if (!current) return;
    if (idField && ctx.formData[idField] !== current.ID) ctx.setField(idField, current.ID);
    if (networkField && !current.networks.some((n) => n.network === ctx.formData[networkField])) ctx.setField(networkField, current.networks[0]?.network);
  }, [current, idField, networkField, ctx]);

  return (
    <select id={id} className="input" value={current ? String(value) : ''} disabled={disabled || readonly || coins.length === 0} onChange={(e) => onChange(e.target.value || undefined)}>
      {!current && <option value="">{coins.length ? t('funds.chooseCoin') : t('common.loading')}</option>}
      {coins.map((c) => (
        <option key={c.coin} value={c.coin}>
          {c.name === c.coin ? c.coin : `${c.coin} · ${c.name}`}
        </option>
      ))}
    </select>
  );
}
