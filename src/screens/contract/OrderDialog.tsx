import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf, isPositive, multiply, payoutOf } from '../../../contract/decimal';
import { formatAmount } from '../../../contract/number-format';
import type { FuturesConfig } from '../../api/generated/screens/futures-config';
import { useDialogKeys } from '../../ui/DialogBox';

export interface FuturesTicket {
  direction: 'up' | 'down';
  duration: number;
  stake: string;
}

/** Direction, duration and amount from the server's config, the expected payout and a risk note. */
export function OrderDialog({
  config,
  initialDirection,
  busy,
  onCancel,
  onConfirm,
}: {
  config: FuturesConfig;
  initialDirection: 'up' | 'down';
  busy: boolean;
  onCancel(): void;
  onConfirm(ticket: FuturesTicket): void;
}) {
  const { t, i18n } = useTranslation();
  const [direction, setDirection] = useState(initialDirection);
  const [index, setIndex] = useState(0);
  const [stake, setStake] = useState(config.hy_tzed[0] ?? '');
  const ratio = config.hy_ykbl[index] ?? '0';
  const valid = isPositive(stake);
  const ref = useDialogKeys(onCancel);
  return (
    <div className="dialog-backdrop">
      <form
        ref={ref}
        className="dialog futures-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('futures.confirm')}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onConfirm({ direction, duration: config.hy_time[index], stake });
        }}
      >
        <div className="segmented side-switch">
          {(['up', 'down'] as const).map((d) => (
            <button
              key={d}
              type="button"
              data-autofocus={d === initialDirection || undefined}
              aria-pressed={direction === d}
              className={direction === d ? `active ${d === 'up' ? 'buy' : 'sell'}` : ''}
              onClick={() => setDirection(d)}
            >
              {t(d === 'up' ? 'futures.buyUp' : 'futures.buyDown')}
            </button>
          ))}
        </div>
        <p className="field-label">{t('futures.durationSeconds')}</p>
        <div className="choices">
          {config.hy_time.map((s, i) => (
            <button key={s} type="button" aria-pressed={i === index} className={i === index ? 'active' : ''} onClick={() => setIndex(i)}>
              <strong>{t('futures.seconds', { s })}</strong>
              <span className="small">{t('futures.ratio', { ratio: formatAmount(multiply(config.hy_ykbl[i], 100, 0), 0, i18n.language) })}</span>
            </button>
          ))}
        </div>
        <p className="field-label">{t('futures.stake')}</p>
        <div className="choices">
          {config.hy_tzed.map((a) => (
            <button key={a} type="button" aria-pressed={stake === a} className={stake === a ? 'active' : ''} onClick={() => setStake(a)}>
              {formatAmount(a, decimalsOf(a), i18n.language)}
            </button>
          ))}
        </div>
        <input className="input" name="stake" inputMode="decimal" aria-label={t('futures.stake')} value={stake} onChange={(e) => setStake(e.target.value.trim())} />
        <p className="payout">
          {t('futures.expectedPayout')}: <strong>{valid ? `${formatAmount(payoutOf(stake, ratio), 2, i18n.language)} USDT` : '--'}</strong>
        </p>
        <p className="risk-note">{t('futures.riskNote')}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`btn ${direction === 'up' ? 'btn-up' : 'btn-down'}`} disabled={!valid || busy}>
            {t('futures.confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
