// The share amount of a shared mining machine: what the typed share costs (price × share ÷ 100,
// rounded up to the price coin's decimals, contract/mining.ts, the server's own rule), shown and
// sent as the field's value. The user never types it, so it cannot disagree with the share.
// ui:options: percentField (the share field), source (the form source with the machine's row).
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { shareCost } from '../../../contract/mining';
import { displayDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { formContextOf } from '../formContext';
import './share-cost.css';

interface MachineRow {
  price: string;
  priceCoin: string;
  priceDecimals: number;
}

function machineOf(row: unknown): MachineRow | undefined {
  const m = row as Partial<MachineRow> | undefined;
  return m && typeof m.price === 'string' && typeof m.priceCoin === 'string' && typeof m.priceDecimals === 'number' ? (m as MachineRow) : undefined;
}

export function ShareCostWidget({ id, value, onChange, options, registry }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const ctx = formContextOf(registry);
  const percentField = typeof options.percentField === 'string' ? options.percentField : 'sharbltxt';
  const machine = machineOf(ctx.picked[typeof options.source === 'string' ? options.source : 'machine']);
  const percent = ctx.formData[percentField];
  const cost = machine && typeof percent === 'string' ? shareCost(machine.price, percent, machine.priceDecimals) : null;

  useEffect(() => {
    if ((cost ?? undefined) !== (value ?? undefined)) onChange(cost ?? undefined);
  }, [cost, value, onChange]);

  return (
    <div className="share-cost">
      <output id={id} className="share-cost-amount" aria-live="polite" data-testid="share-cost">
        {cost && machine ? `${formatAmount(cost, displayDecimals(machine.priceCoin, machine.priceDecimals), i18n.language)} ${machine.priceCoin}` : '—'}
      </output>
      <p className="field-hint">{t('mining.shareCostHint')}</p>
    </div>
  );
}
