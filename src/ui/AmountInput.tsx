// An amount input: shows what the person typed, in their language's format, and hands on the plain
// decimal it means (contract/amount-input.ts), or nothing while the text has no single reading, with
// a message under the field that shows the language's form. A value set from outside (All, a
// percent shortcut, a price picked in the order book) replaces the text.
import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInputText, fractionDigits, readAmountInput } from '../../contract/amount-input';
import { formatAmount } from '../../contract/number-format';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  /** The plain decimal ("1000.5"), '' when empty */
  value: string;
  /** The plain decimal the text means; '' when empty or when it has no single reading */
  onValue: (value: string) => void;
  /** At most this many digits after the decimal separator: a keystroke past it is not taken */
  decimals?: number;
};

export function AmountInput({ value, onValue, decimals, id, ...input }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [text, setText] = useState(() => amountInputText(value, locale));
  const reading = readAmountInput(text, locale);
  // the value was set from outside: show it
  const shown = (reading.ok ? reading.value : '') === value || (!reading.ok && value === '') ? text : amountInputText(value, locale);
  const invalid = !readAmountInput(shown, locale).ok;
  return (
    <>
      <input
        {...input}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={shown}
        aria-invalid={invalid || input['aria-invalid'] || undefined}
        onChange={(e) => {
          let typed = e.target.value.replace(/[^\d.,\s\u00a0\u202f'’]/g, '');
          let next = readAmountInput(typed, locale);
          // digits past the decimals allowed are not taken (a paste keeps what fits)
          while (next.ok && decimals !== undefined && fractionDigits(next.value) > decimals) {
            typed = typed.slice(0, -1);
            next = readAmountInput(typed, locale);
          }
          setText(typed);
          onValue(next.ok ? next.value : '');
        }}
      />
      {invalid && (
        <p className="field-message" role="alert" id={id ? `${id}__format` : undefined}>
          {t('common.amountFormat', { example: formatAmount('1234.56', 2, locale) })}
        </p>
      )}
    </>
  );
}
