// A ratio the server keeps ("0.0005") typed and shown as the percent people think in ("0.05 %"):
// the reader's number format (src/ui/AmountInput.tsx), the point moved exactly (contract/decimal's
// movePoint), never a float. The field's value stays the ratio, so the schema's pattern and the
// server check the same thing. ui:options.decimals: percent decimals a keystroke may add (default 6:
// a ratio's 8).
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { compare, movePoint } from '../../../contract/decimal';
import { AmountInput } from '../../ui/AmountInput';

/** Whether the typed percent means this ratio (so the typing, "0.0" on the way to "0.05", stays as typed). */
function means(percent: string, ratio: string): boolean {
  const asRatio = movePoint(percent, -2);
  return asRatio !== '' && ratio !== '' && compare(asRatio, ratio) === 0;
}

export function PercentWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options } = props;
  const ratio = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const [typed, setTyped] = useState('');
  const percent = means(typed, ratio) ? typed : movePoint(ratio, 2);
  const decimals = typeof options.decimals === 'number' ? options.decimals : 6;
  return (
    <div className="input-row">
      <AmountInput
        id={id}
        name={id}
        className="input"
        value={percent}
        decimals={decimals}
        disabled={disabled || readonly}
        onValue={(v) => {
          setTyped(v);
          onChange(v === '' ? undefined : movePoint(v, -2));
        }}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <span className="input-addon" aria-hidden="true">
        %
      </span>
    </div>
  );
}
