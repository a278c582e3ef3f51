// An amount, typed in the reader's number format (src/ui/AmountInput.tsx), the live limits as a hint under the
// field ("Min 10 · Max 50,000 · Available 1,234.56"), and an All button that fills the
// available amount less the fee the screen declares (ui:options.allLabel names another label: a
// buy form's "Max"). Where the balance is in another coin than the field (x-limits availableCoin:
// an IEO or a machine paid in USDT) the hint says "Available: 1,234.56 USDT" and All fills what it pays for.
//
// ui:options.feeMode "onTop" (a withdrawal: the amount typed is what arrives, the fee is
// charged on top) adds a line that follows the typing: "Fee 1 · Total deducted 101 ·
// Arrives 100" (ui:options.feeText names another locale key with the same {{fee}},
// {{total}} and {{arrives}}). Without feeMode the widget behaves as before.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { toPlain, toScaled } from '../../../contract/decimal';
import { allAmount, shownDecimals, type FieldLimits } from '../../../contract/limits';
import { DEFAULT_DECIMALS } from '../../../contract/decimal';
import { displayDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { formContextOf } from '../formContext';
import { feeOnTop } from './fee';
import { AmountInput } from '../../ui/AmountInput';
import './amount.css';

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The limits as the display rule shows them (USDT's "Min 10.00"; a coin its decimals), rounded down, the locale's separators. */
function hint(limits: FieldLimits, locale: string, t: Translate): string {
  const parts: string[] = [];
  const show = (v: string) => formatAmount(v, shownDecimals(limits), locale);
  if (limits.minimum !== undefined) parts.push(t('limits.min', { value: show(limits.minimum) }));
  if (limits.maximum !== undefined) parts.push(t('limits.max', { value: show(limits.maximum) }));
  if (limits.available !== undefined && limits.availableCoin !== undefined) {
    const decimals = displayDecimals(limits.availableCoin, limits.availableDecimals === undefined ? DEFAULT_DECIMALS : Number(limits.availableDecimals));
    parts.push(t('limits.availableCoin', { value: formatAmount(limits.available, decimals, locale), coin: limits.availableCoin }));
  } else if (limits.available !== undefined) parts.push(t('limits.available', { value: show(limits.available) }));
  if (limits.fee !== undefined) parts.push(t('limits.fee', { value: show(limits.fee) }));
  return parts.join(' · ');
}

export function AmountWidget(props: WidgetProps) {
  const { id, name, value, disabled, readonly, onChange, onBlur, onFocus, registry, placeholder, options } = props;
  const { t, i18n } = useTranslation();
  const limits = formContextOf(registry).limits[name] ?? {};
  const decimals = limits.decimals === undefined ? undefined : Number(limits.decimals);
  const all = allAmount(limits);
  const text = hint(limits, i18n.language, t);
  const onTop = options.feeMode === 'onTop' ? feeOnTop(value, limits) : undefined;
  const show = (v: string) => formatAmount(v, shownDecimals(limits), i18n.language);
  const feeText = typeof options.feeText === 'string' ? options.feeText : 'withdraw.feeOnTop';
  const allLabel = typeof options.allLabel === 'string' ? options.allLabel : 'limits.all';
  const described = [text && `${id}__hint`, onTop && `${id}__fee`].filter(Boolean).join(' ');
  return (
    <>
      <div className="input-row">
        <AmountInput
          id={id}
          name={id}
          className="input"
          value={value ?? ''}
          decimals={decimals}
          disabled={disabled || readonly}
          placeholder={placeholder ? t(placeholder) : ''}
          aria-describedby={described || undefined}
          onValue={(v) => onChange(v === '' ? undefined : v)}
          onBlur={(e) => onBlur(id, e.target.value)}
          onFocus={(e) => onFocus(id, e.target.value)}
        />
        {all !== undefined && (
          <button
            type="button"
            className="input-addon input-all"
            disabled={disabled || readonly}
            onClick={() => onChange(toPlain(toScaled(all, decimals ?? 8), decimals ?? 8))}
          >
            {t(allLabel)}
          </button>
        )}
      </div>
      {text && (
        <p id={`${id}__hint`} className="field-hint">
          {text}
        </p>
      )}
      {onTop && (
        <p id={`${id}__fee`} className="field-hint amount-fee" aria-live="polite" data-testid="amount-fee">
          {t(feeText, { fee: show(onTop.fee), total: show(onTop.total), arrives: show(onTop.arrives) })}
        </p>
      )}
    </>
  );
}
