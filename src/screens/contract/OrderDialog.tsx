import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compare, decimalsOf, isPositive, multiply, payoutOf } from '../../../contract/decimal';
import { formatAmount } from '../../../contract/number-format';
import { maxStake, minStake } from '../../../schemas/config/futures.json';
import type { FuturesConfig } from '../../api/generated/screens/futures-config';
import { useDialogKeys } from '../../ui/DialogBox';
import { AmountInput } from '../../ui/AmountInput';

export interface FuturesTicket {
  direction: 'up' | 'down';
  duration: number;
  stake: string;
}

type Direction = FuturesTicket['direction'];

function DirectionSwitch({
  direction,
  initialDirection,
  setDirection,
}: {
  direction: Direction;
  initialDirection: Direction;
  setDirection(d: Direction): void;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The durations the server offers, each with its payout ratio. */
function DurationChoices({ config, index, setIndex }: { config: FuturesConfig; index: number; setIndex(i: number): void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="choices">
      {config.hy_time.map((s, i) => (
        <button key={s} type="button" aria-pressed={i === index} className={i === index ? 'active' : ''} onClick={() => setIndex(i)}>
          <strong>{t('futures.seconds', { s })}</strong>
          <span className="small">{t('futures.ratio', { ratio: formatAmount(multiply(config.hy_ykbl[i], 100, 0), 0, i18n.language) })}</span>
        </button>
      ))}
    </div>
  );
}

function StakeChoices({ stakes, stake, setStake }: { stakes: string[]; stake: string; setStake(a: string): void }) {
  const { i18n } = useTranslation();
  return (
    <div className="choices">
      {stakes.map((a) => (
        <button key={a} type="button" aria-pressed={stake === a} className={stake === a ? 'active' : ''} onClick={() => setStake(a)}>
          {formatAmount(a, decimalsOf(a), i18n.language)}
        </button>
      ))}
    </div>
  );
}

function ExpectedPayout({ stake, ratio, valid }: { stake: string; ratio: string; valid: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="payout">
      {t('futures.expectedPayout')}: <strong>{valid ? `${formatAmount(payoutOf(stake, ratio), 2, i18n.language)} USDT` : '--'}</strong>
    </p>
  );
}

/** The allowed stakes as the server's message states them, when the typed stake is outside them. */
function StakeRange({ stake }: { stake: string }) {
  const { t, i18n } = useTranslation();
  if (!isPositive(stake) || (compare(stake, minStake) >= 0 && compare(stake, maxStake) <= 0)) return null;
  const shown = (v: string) => formatAmount(v, decimalsOf(v), i18n.language);
  return (
    <p className="field-message" role="alert">
      {t('futures.stakeOutOfRange', { min: shown(minStake), max: shown(maxStake) })}
    </p>
  );
}

function DialogActions({ direction, disabled, onCancel }: { direction: Direction; disabled: boolean; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className={`btn ${direction === 'up' ? 'btn-up' : 'btn-down'}`} disabled={disabled}>
        {t('futures.confirm')}
      </button>
    </div>
  );
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
  const { t } = useTranslation();
  const [direction, setDirection] = useState(initialDirection);
  const [index, setIndex] = useState(0);
  const [stake, setStake] = useState(config.hy_tzed[0] ?? '');
  const ratio = config.hy_ykbl[index] ?? '0';
  const valid = isPositive(stake) && compare(stake, minStake) >= 0 && compare(stake, maxStake) <= 0;
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
        <DirectionSwitch direction={direction} initialDirection={initialDirection} setDirection={setDirection} />
        <p className="field-label">{t('futures.durationSeconds')}</p>
        <DurationChoices config={config} index={index} setIndex={setIndex} />
        <p className="field-label">{t('futures.stake')}</p>
        <StakeChoices stakes={config.hy_tzed} stake={stake} setStake={setStake} />
        <AmountInput className="input" name="stake" aria-label={t('futures.stake')} value={stake} onValue={setStake} />
        <StakeRange stake={stake} />
        <ExpectedPayout stake={stake} ratio={ratio} valid={valid} />
        <p className="risk-note">{t('futures.riskNote')}</p>
        <DialogActions direction={direction} disabled={!valid || busy} onCancel={onCancel} />
      </form>
    </div>
  );
}
